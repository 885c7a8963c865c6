package icnn

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/backend/backendtest"
	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"github.com/csvgd/csvgd-go/csvgd/stein"
	"github.com/gomlx/compute"
	. "github.com/gomlx/gomlx/core/graph" //nolint:revive // GoMLX graph DSL.
	"github.com/gomlx/gomlx/core/tensors"
)

func testBackend(t testing.TB) compute.Backend { return backendtest.Backend(t) }

// hostNN is the network written with loops: NN(x) for one particle.
func hostNN(a Arch, w []float64, x []float64) float64 {
	h := x
	ls := a.Layers()
	for k, l := range ls {
		z := make([]float64, l.Rows)
		for r := 0; r < l.Rows; r++ {
			for c := 0; c < l.Cols; c++ {
				z[r] += w[l.Offset+r*l.Cols+c] * h[c]
			}
			if k+1 < len(ls) {
				z[r] = math.Log1p(math.Exp(z[r]))
			}
		}
		h = z
	}
	return h[0]
}

// hostPotential is the normalised potential of eq. potential_normalization
// as a function of C (Voigt), for one particle, with n from finite
// differences of hostNN at the reference. The inputs are written out here
// as the paper states them: the raw invariants, or for [Shifted] the
// invariants minus their values (3, 3, 1) at the reference.
func hostPotential(a Arch, w []float64, c [6]float64) float64 {
	i1 := c[0] + c[1] + c[2]
	trC2 := c[0]*c[0] + c[1]*c[1] + c[2]*c[2] + 2*(c[3]*c[3]+c[4]*c[4]+c[5]*c[5])
	i2 := (i1*i1 - trC2) / 2
	i3 := c[0]*(c[1]*c[2]-c[3]*c[3]) - c[5]*(c[5]*c[2]-c[3]*c[4]) + c[4]*(c[5]*c[3]-c[1]*c[4])
	x, x0 := []float64{i1, i2, i3}, []float64{3, 3, 1}
	if a.Inputs == Shifted {
		x, x0 = []float64{i1 - 3, i2 - 3, i3 - 1}, []float64{0, 0, 0}
	}
	const h = 1e-6
	var d0 [3]float64
	for i := range d0 {
		xp, xm := slices.Clone(x0), slices.Clone(x0)
		xp[i], xm[i] = xp[i]+h, xm[i]-h
		d0[i] = (hostNN(a, w, xp) - hostNN(a, w, xm)) / (2 * h)
	}
	n := 2 * (d0[0] + 2*d0[1] + d0[2])
	return hostNN(a, w, x) - hostNN(a, w, x0) - n*(math.Sqrt(i3)-1)
}

// bothInputs are the paper's network on the raw and on the shifted
// invariants.
func bothInputs() []Arch {
	return []Arch{Paper(), {Widths: Paper().Widths, Inputs: Shifted}}
}

func testSamples(t testing.TB, n int, seed uint64) []hyperelastic.Sample {
	rng := rand.New(rand.NewPCG(seed, 3))
	var out []hyperelastic.Sample
	for len(out) < n {
		k, err := hyperelastic.NewKinematics(hyperelastic.RandomDeformation(0.2, rng))
		if err != nil {
			t.Fatal(err)
		}
		s := hyperelastic.Sample{Kinematics: k}
		for i := range s.S {
			s.S[i] = rng.NormFloat64()
		}
		out = append(out, s)
	}
	return out
}

func particles(a Arch, n int, seed uint64) *stein.Ensemble {
	return a.Init(n, rand.New(rand.NewPCG(seed, 9)))
}

func TestPaperParameterCount(t *testing.T) {
	if got := Paper().NumParams(); got != 1020 {
		t.Fatalf("parameters = %d, want 1020", got)
	}
	c := Paper().Constrained()
	free := 0
	for _, v := range c {
		if !v {
			free++
		}
	}
	if free != 90 {
		t.Fatalf("unconstrained parameters = %d, want the 90 of W0", free)
	}
}

func TestForwardMatchesHost(t *testing.T) {
	b := testBackend(t)
	a := Paper()
	x := particles(a, 3, 1)
	pts := [][]float64{{0, 0, 0}, {0.3, -0.2, 0.1}, {-0.5, 0.4, -0.3}}
	out := MustExecOnceN(b, func(theta, xs *Node) []*Node {
		nn, g := a.Forward(theta, xs)
		return []*Node{nn, g}
	}, x.Tensor(), pts)
	nn, _ := tensors.CopyFlatData[float64](out[0])
	grad, _ := tensors.CopyFlatData[float64](out[1])
	const h = 1e-6
	for p := 0; p < x.N; p++ {
		for m, pt := range pts {
			want := hostNN(a, x.Particle(p), pt)
			if got := nn[p*len(pts)+m]; math.Abs(got-want) > 1e-12*(1+math.Abs(want)) {
				t.Errorf("particle %d point %d: NN %v, loops %v", p, m, got, want)
			}
			for i := 0; i < 3; i++ {
				xp, xm := append([]float64(nil), pt...), append([]float64(nil), pt...)
				xp[i] += h
				xm[i] -= h
				fd := (hostNN(a, x.Particle(p), xp) - hostNN(a, x.Particle(p), xm)) / (2 * h)
				if got := grad[(p*len(pts)+m)*3+i]; math.Abs(got-fd) > 1e-7*(1+math.Abs(fd)) {
					t.Errorf("particle %d point %d: dNN/dx%d %v, finite difference %v", p, m, i, got, fd)
				}
			}
		}
	}
}

// TestStressIsTwiceThePotentialGradientInC: the graph's stress against
// central finite differences of the loop-written normalised potential in C
// (an off-diagonal C_ij appears twice in the symmetric C, hence S_ij =
// dPsi/dC_ij of the Voigt vector, and 2 dPsi/dC_ii on the diagonal).
func TestStressIsTwiceThePotentialGradientInC(t *testing.T) {
	b := testBackend(t)
	for _, a := range bothInputs() {
		x := particles(a, 2, 2)
		samples := testSamples(t, 4, 1)
		out := MustExecOnce(b, func(theta *Node) *Node { return a.Stress(theta, NewBatch(samples)) }, x.Tensor())
		s, _ := tensors.CopyFlatData[float64](out)
		const h = 1e-6
		for p := 0; p < x.N; p++ {
			for m, smp := range samples {
				for k := 0; k < 6; k++ {
					cp, cm := smp.C, smp.C
					cp[k] += h
					cm[k] -= h
					fd := (hostPotential(a, x.Particle(p), cp) - hostPotential(a, x.Particle(p), cm)) / (2 * h)
					if k < 3 {
						fd *= 2
					}
					if got := s[(p*len(samples)+m)*6+k]; math.Abs(got-fd) > 1e-6*(1+math.Abs(fd)) {
						t.Errorf("%v inputs: particle %d point %d S[%d] = %v, finite difference %v", a.Inputs, p, m, k, got, fd)
					}
				}
			}
		}
	}
}

func TestStressVanishesAtTheReference(t *testing.T) {
	b := testBackend(t)
	k, _ := hyperelastic.NewKinematics([9]float64{1, 0, 0, 0, 1, 0, 0, 0, 1})
	for _, a := range bothInputs() {
		out := MustExecOnce(b, func(theta *Node) *Node {
			return a.Stress(theta, NewBatch([]hyperelastic.Sample{{Kinematics: k}}))
		}, particles(a, 5, 3).Tensor())
		s, _ := tensors.CopyFlatData[float64](out)
		for i, v := range s {
			if math.Abs(v) > 1e-12 {
				t.Fatalf("%v inputs: S(I)[%d] = %g, want 0", a.Inputs, i, v)
			}
		}
	}
}

// TestInputsDifferOnlyByTheMap: the raw and the shifted network with the
// same weights are different functions of the invariants (the shift moves
// every first-layer kink), unless W_0 maps the shift (3, 3, 1) to zero.
func TestInputsDifferOnlyByTheMap(t *testing.T) {
	raw, shifted := bothInputs()[0], bothInputs()[1]
	w := particles(raw, 1, 5).Particle(0)
	k, _ := hyperelastic.NewKinematics([9]float64{1.1, 0.05, 0, 0, 0.95, 0, 0, 0.02, 1})
	if sr, ss := raw.HostStress(w, k), shifted.HostStress(w, k); sr == ss {
		t.Fatalf("raw and shifted inputs give the same stress %v", sr)
	}
	if got, want := shifted.Inputs.At(k), raw.Inputs.At(k); got[0] != want[0]-3 || got[1] != want[1]-3 || got[2] != want[2]-1 {
		t.Fatalf("shifted inputs %v, raw %v: want raw - (3, 3, 1)", got, want)
	}
}

// TestParameterGradientAgainstFiniteDifferences checks the autodiff
// gradient of the stress log-likelihood (a second derivative of the
// network) against central differences of the log-likelihood, float64.
func TestParameterGradientAgainstFiniteDifferences(t *testing.T) {
	b := testBackend(t)
	a := Paper()
	x := particles(a, 2, 4)
	batch := NewBatch(testSamples(t, 5, 2))
	like := a.LogLikelihood(batch, 0.3)
	grad := MustExecOnce(b, func(theta *Node) *Node { return Gradient(ReduceAllSum(like(theta)), theta)[0] }, x.Tensor())
	g, _ := tensors.CopyFlatData[float64](grad)
	eval := MustNewExec(b, func(theta *Node) *Node { return like(theta) })
	rng := rand.New(rand.NewPCG(5, 5))
	const h = 1e-6
	for trial := 0; trial < 24; trial++ {
		p, i := rng.IntN(x.N), rng.IntN(x.D)
		at := func(delta float64) float64 {
			y := x.Clone()
			y.Particle(p)[i] += delta
			v, _ := tensors.CopyFlatData[float64](eval.MustExec(y.Tensor())[0])
			return v[p]
		}
		fd := (at(h) - at(-h)) / (2 * h)
		if got := g[p*x.D+i]; math.Abs(got-fd) > 1e-5*(1+math.Abs(fd)) {
			t.Errorf("particle %d parameter %d: gradient %v, finite difference %v", p, i, got, fd)
		}
	}
}

// TestConvexAlongRandomLines: with W1, W2 >= 0 the network is convex in its
// inputs: second differences along random lines are non-negative.
func TestConvexAlongRandomLines(t *testing.T) {
	a := Paper()
	x := particles(a, 4, 6)
	rng := rand.New(rand.NewPCG(6, 6))
	for trial := 0; trial < 200; trial++ {
		w := x.Particle(rng.IntN(x.N))
		p0 := []float64{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}
		v := []float64{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}
		at := func(s float64) float64 {
			return hostNN(a, w, []float64{p0[0] + s*v[0], p0[1] + s*v[1], p0[2] + s*v[2]})
		}
		const h = 0.05
		if d2 := at(h) - 2*at(0) + at(-h); d2 < -1e-12 {
			t.Fatalf("trial %d: second difference %g < 0", trial, d2)
		}
	}
}

func TestProjectClipsOnlyConstrainedWeights(t *testing.T) {
	b := testBackend(t)
	a := Arch{Widths: []int{3, 4, 2, 1}}
	x := stein.NewEnsemble(2, a.NumParams())
	for i := range x.Data {
		x.Data[i] = float64(i%5) - 2
	}
	out := MustExecOnce(b, a.Project, x.Tensor())
	y, _ := tensors.CopyFlatData[float64](out)
	c := a.Constrained()
	for i, v := range y {
		want := x.Data[i]
		if c[i%a.NumParams()] && want < 0 {
			want = 0
		}
		if v != want {
			t.Fatalf("parameter %d: %v, want %v", i, v, want)
		}
	}
}

// TestMeanLogLikelihood: the per-point log-likelihood is the printed one
// divided by the number of data points, particle by particle.
func TestMeanLogLikelihood(t *testing.T) {
	b := testBackend(t)
	a := Paper()
	x := particles(a, 3, 7)
	batch := NewBatch(testSamples(t, 6, 3))
	sum := MustExecOnce(b, func(theta *Node) *Node { return a.LogLikelihood(batch, 0.2)(theta) }, x.Tensor())
	mean := MustExecOnce(b, func(theta *Node) *Node { return a.MeanLogLikelihood(batch, 0.2)(theta) }, x.Tensor())
	s, _ := tensors.CopyFlatData[float64](sum)
	m, _ := tensors.CopyFlatData[float64](mean)
	for p := range s {
		if want := s[p] / float64(batch.Len()); math.Abs(m[p]-want) > 1e-12*math.Abs(want) || s[p] >= 0 {
			t.Errorf("particle %d: mean log-likelihood %v, want %v (sum %v < 0)", p, m[p], want, s[p])
		}
	}
}

package stein

import (
	"math"
	"testing"

	. "github.com/gomlx/gomlx/core/graph" //nolint:revive // GoMLX graph DSL.
)

// gaussian is a log-likelihood -1/2 (theta - mu)^T P (theta - mu) with its
// host-side score, for tests.
type gaussian struct {
	mu   []float64
	prec [][]float64
}

func (g gaussian) graph(theta *Node) *Node {
	d := Sub(theta, ExpandAxes(Const(theta.Graph(), g.mu), 0))
	pd := Einsum("nd,ed->ne", d, Const(theta.Graph(), g.prec))
	return MulScalar(ReduceSum(Mul(d, pd), -1), -0.5)
}

func (g gaussian) score(theta []float64) []float64 {
	s := make([]float64, len(theta))
	for i := range s {
		for j := range theta {
			s[i] -= g.prec[i][j] * (theta[j] - g.mu[j])
		}
	}
	return s
}

var testTarget = gaussian{
	mu:   []float64{1, 2, 3},
	prec: [][]float64{{2, 1, 0}, {1, 2, 0}, {0, 0, 0.0025}},
}

// phiDoubleLoop is eq. (stein_grad) written as the paper writes it: a loop
// over a, a loop over b, in float64 on the host.
func phiDoubleLoop(x *Ensemble, tg gaussian, p Prior, k Kernel, gamma float64) *Ensemble {
	phi := NewEnsemble(x.N, x.D)
	grad := make([]float64, x.D)
	for a := 0; a < x.N; a++ {
		out := phi.Particle(a)
		for b := 0; b < x.N; b++ {
			xb := x.Particle(b)
			kv := k.Eval(xb, x.Particle(a), gamma)
			k.GradFirst(xb, x.Particle(a), gamma, grad)
			score := tg.score(xb)
			for i := range out {
				out[i] += (kv*(score[i]+p.Score1D(xb[i])) + grad[i]) / float64(x.N)
			}
		}
	}
	return phi
}

func TestPhiMatchesDoubleLoop(t *testing.T) {
	b := testBackend(t)
	cases := []struct {
		name  string
		prior Prior
		k     Kernel
		gamma float64
	}{
		{"rbf, alpha=1", Prior{Alpha: 1, Lambda: 1}, Kernel{Beta: 2}, 0.5},
		{"beta=1, alpha=0.25", Prior{Alpha: 0.25, Lambda: 0.3}, Kernel{Beta: 1}, 2},
		{"rbf, alpha=2, masked", Prior{Alpha: 2, Lambda: 0.1}, Kernel{Beta: 2, Mask: 0.2}, 1},
		{"lambda=0", Prior{Alpha: 0.5, Lambda: 0}, Kernel{Beta: 2}, 3},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			x := randomEnsemble(7, 9, 3, 1.5)
			f, err := NewFlow(b, Config{Prior: c.prior, Kernel: c.k, Bandwidth: Bandwidth{Gamma: c.gamma}, Optimizer: SGD{LR: 1}}, testTarget.graph)
			if err != nil {
				t.Fatal(err)
			}
			ff, err := f.Forces(x, c.gamma)
			if err != nil {
				t.Fatal(err)
			}
			want := phiDoubleLoop(x, testTarget, c.prior, c.k, c.gamma)
			got := NewEnsemble(x.N, x.D)
			for i := range got.Data {
				got.Data[i] = ff.Likelihood.Data[i] + ff.Prior.Data[i] + ff.Repulsion.Data[i]
			}
			if d := maxAbsDiff(got.Data, want.Data); d > 1e-12 {
				t.Fatalf("graph phi differs from the double loop by %g", d)
			}
			// One SGD step with step size 1 moves every particle by phi.
			y := x.Clone()
			if err := f.Step(y); err != nil {
				t.Fatal(err)
			}
			for i := range y.Data {
				y.Data[i] -= x.Data[i]
			}
			if d := maxAbsDiff(y.Data, want.Data); d > 1e-12 {
				t.Fatalf("SGD step differs from phi by %g", d)
			}
		})
	}
}

// TestWideKernelWithoutPriorIsGradientAscent: with lambda = 0 and a flat
// kernel (gamma -> inf) the repulsion vanishes and every particle moves by
// the ensemble-averaged likelihood gradient. A single particle therefore
// follows plain gradient ascent, and an ensemble translates rigidly to the
// maximum of the log-likelihood (the paper's remark after eq. stein_grad).
func TestWideKernelWithoutPriorIsGradientAscent(t *testing.T) {
	b := testBackend(t)
	cfg := Config{Prior: Prior{Alpha: 1}, Kernel: Kernel{Beta: 2}, Bandwidth: Bandwidth{Gamma: 1e16}, Optimizer: SGD{LR: 0.2}}
	tg := gaussian{mu: []float64{1, 2, 3}, prec: [][]float64{{2, 1, 0}, {1, 2, 0}, {0, 0, 0.5}}}
	f, err := NewFlow(b, cfg, tg.graph)
	if err != nil {
		t.Fatal(err)
	}
	one := randomEnsemble(11, 1, 3, 2)
	ref := append([]float64(nil), one.Data...)
	for k := 0; k < 25; k++ {
		if err := f.Step(one); err != nil {
			t.Fatal(err)
		}
		s := tg.score(ref)
		for i := range ref {
			ref[i] += 0.2 * s[i]
		}
		if d := maxAbsDiff(one.Data, ref); d > 1e-10 {
			t.Fatalf("step %d: particle %v, gradient ascent %v", k, one.Data, ref)
		}
	}

	x := randomEnsemble(12, 6, 3, 1)
	x0 := x.Clone()
	if err := f.Run(x, 1000, nil, nil); err != nil {
		t.Fatal(err)
	}
	mean := func(e *Ensemble, i int) float64 {
		var s float64
		for _, v := range e.Component(i) {
			s += v
		}
		return s / float64(e.N)
	}
	for i := 0; i < 3; i++ {
		shift := mean(x, i) - mean(x0, i)
		if m := mean(x, i); math.Abs(m-tg.mu[i]) > 1e-6 {
			t.Errorf("component %d: ensemble mean %v, want the maximum %v", i, m, tg.mu[i])
		}
		for a := 0; a < x.N; a++ {
			if d := x.Particle(a)[i] - x0.Particle(a)[i] - shift; math.Abs(d) > 1e-9 {
				t.Fatalf("particle %d component %d: not a rigid translation (off by %g)", a, i, d)
			}
		}
	}
}

func TestNonFiniteUpdateIsReportedAndParticlesKept(t *testing.T) {
	b := testBackend(t)
	cfg := Config{Prior: Prior{Alpha: 1}, Kernel: Kernel{Beta: 2}, Bandwidth: Bandwidth{Gamma: 1}, Optimizer: SGD{LR: 1}}
	blowUp := func(theta *Node) *Node { return ReduceSum(Exp(MulScalar(Square(theta), 1e3)), -1) }
	f, err := NewFlow(b, cfg, blowUp)
	if err != nil {
		t.Fatal(err)
	}
	x := randomEnsemble(1, 4, 2, 3)
	before := x.Clone()
	err = f.Step(x)
	if err == nil {
		t.Fatal("want an error for an update that overflows")
	}
	if maxAbsDiff(x.Data, before.Data) != 0 {
		t.Fatal("particles changed by a failed step")
	}
	t.Log(err)
}

// TestProjectIsAppliedAfterTheUpdate: a projection onto the non-negative
// orthant keeps every particle there, whatever the update.
func TestProjectIsAppliedAfterTheUpdate(t *testing.T) {
	cfg := Config{Prior: Prior{Alpha: 1}, Kernel: Kernel{Beta: 2}, Bandwidth: Bandwidth{Gamma: 1},
		Optimizer: SGD{LR: 0.5}, Project: func(x *Node) *Node { return Max(x, ZerosLike(x)) }}
	f, err := NewFlow(testBackend(t), cfg, func(theta *Node) *Node { return Neg(ReduceSum(Square(AddScalar(theta, 2)), -1)) })
	if err != nil {
		t.Fatal(err)
	}
	x := randomEnsemble(3, 5, 2, 1)
	if err := f.Run(x, 10, nil, nil); err != nil {
		t.Fatal(err)
	}
	for i, v := range x.Data {
		if v < 0 {
			t.Fatalf("value %d = %v < 0 after projection", i, v)
		}
	}
}

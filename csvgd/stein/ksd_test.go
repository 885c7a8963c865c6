package stein

import (
	"math"
	"math/rand/v2"
	"testing"

	. "github.com/gomlx/gomlx/core/graph" //nolint:revive // GoMLX graph DSL.
)

// steinByDifferences is k_p of [IMQ.Stein] with every derivative of k
// taken by central differences of [IMQ.Eval] (step h).
func steinByDifferences(k IMQ, x, y, sx, sy []float64, h float64) float64 {
	d := len(x)
	shift := func(v []float64, i int, by float64) []float64 {
		w := append([]float64(nil), v...)
		w[i] += by
		return w
	}
	v := k.Eval(x, y)
	out := 0.0
	for i := range d {
		out += sx[i] * sy[i] * v
		gy := (k.Eval(x, shift(y, i, h)) - k.Eval(x, shift(y, i, -h))) / (2 * h)
		gx := (k.Eval(shift(x, i, h), y) - k.Eval(shift(x, i, -h), y)) / (2 * h)
		out += sx[i]*gy + sy[i]*gx
		xp, xm := shift(x, i, h), shift(x, i, -h)
		out += (k.Eval(xp, shift(y, i, h)) - k.Eval(xp, shift(y, i, -h)) - k.Eval(xm, shift(y, i, h)) + k.Eval(xm, shift(y, i, -h))) / (4 * h * h)
	}
	return out
}

// TestIMQSteinAgainstDifferences: the closed-form Stein kernel matches the
// one built from finite differences of the kernel (1e-6 relative), for
// several c, beta and dimensions, and is symmetric.
func TestIMQSteinAgainstDifferences(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 7))
	for _, k := range []IMQ{DefaultIMQ(), {C: 0.5, Beta: -0.5}, {C: 2, Beta: -0.25}, {C: 1, Beta: -0.9}} {
		for _, d := range []int{1, 3, 7} {
			x, y, sx, sy := make([]float64, d), make([]float64, d), make([]float64, d), make([]float64, d)
			for i := range d {
				x[i], y[i], sx[i], sy[i] = rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()
			}
			got := k.Stein(x, y, sx, sy)
			want := steinByDifferences(k, x, y, sx, sy, 1e-4)
			if math.Abs(got-want) > 1e-6*(1+math.Abs(want)) {
				t.Errorf("%+v, d = %d: k_p = %v, by differences %v", k, d, got, want)
			}
			if sym := k.Stein(y, x, sy, sx); math.Abs(sym-got) > 1e-14*(1+math.Abs(got)) {
				t.Errorf("%+v, d = %d: k_p(x, y) = %v, k_p(y, x) = %v", k, d, got, sym)
			}
		}
	}
}

// gaussianSample draws n points of N(mu + shift, diag(std^2)) and their
// scores under N(mu, diag(std^2)): -(x - mu) / std^2.
func gaussianSample(rng *rand.Rand, n int, mu, std []float64, shift float64) (xs, scores [][]float64) {
	for range n {
		x, s := make([]float64, len(mu)), make([]float64, len(mu))
		for i := range mu {
			x[i] = mu[i] + shift + std[i]*rng.NormFloat64()
			s[i] = -(x[i] - mu[i]) / (std[i] * std[i])
		}
		xs, scores = append(xs, x), append(scores, s)
	}
	return xs, scores
}

// TestKSDAgainstLoop: KSD equals the square root of the mean of k_p over
// all ordered pairs, taken by a plain double loop (1e-12 relative).
func TestKSDAgainstLoop(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 8))
	xs, ss := gaussianSample(rng, 40, []float64{1, -2, 0.5}, []float64{1, 2, 0.5}, 0.3)
	k := DefaultIMQ()
	got, err := KSD(xs, ss, k)
	if err != nil {
		t.Fatal(err)
	}
	var sum float64
	for a := range xs {
		for b := range xs {
			sum += k.Stein(xs[a], xs[b], ss[a], ss[b])
		}
	}
	if want := math.Sqrt(sum / float64(len(xs)*len(xs))); math.Abs(got-want) > 1e-12*want {
		t.Errorf("KSD %v, double loop %v", got, want)
	}
}

// TestKSDGaussian: for an exact sample of a 3-D Gaussian the KSD is near
// zero: the off-diagonal terms of the V-statistic have mean zero (Stein's
// identity), so KSD^2 is about its diagonal's mean over N, E k_p(x, x) / N =
// (d + E|s|^2) / N = (d + sum_i 1/std_i^2) / N for the IMQ kernel with
// c = 1, beta = -1/2; checked within 30% at N = 250 and 2000. With the
// sample's mean shifted by delta the KSD grows monotonically with delta,
// and a shift of 1 (one standard deviation of the first component) gives
// at least 5 times the exact sample's KSD.
func TestKSDGaussian(t *testing.T) {
	mu, std := []float64{1, 2, 3}, []float64{1, 0.5, 2}
	k := DefaultIMQ()
	ksd := func(n int, shift float64, seed uint64) float64 {
		xs, ss := gaussianSample(rand.New(rand.NewPCG(seed, 9)), n, mu, std, shift)
		v, err := KSD(xs, ss, k)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	diag := float64(len(mu))
	for _, s := range std {
		diag += 1 / (s * s)
	}
	var exact float64
	for _, n := range []int{250, 2000} {
		exact = ksd(n, 0, 1)
		want := math.Sqrt(diag / float64(n))
		t.Logf("exact sample, N = %d: KSD %.4f, sqrt(E k_p(x, x) / N) = %.4f", n, exact, want)
		if r := exact * exact / (want * want); r < 0.7 || r > 1.3 {
			t.Errorf("exact sample, N = %d: KSD^2 = %v, %v times E k_p(x, x) / N", n, exact*exact, r)
		}
	}
	prev := exact
	for _, delta := range []float64{0.1, 0.25, 0.5, 1, 2, 4} {
		v := ksd(2000, delta, 1) // the same draws, shifted
		t.Logf("shift %.2f: KSD %.4f", delta, v)
		if !(v > prev) {
			t.Errorf("shift %v: KSD %v, not above %v at the smaller shift", delta, v, prev)
		}
		if delta == 1 && v < 5*exact {
			t.Errorf("shift 1: KSD %v, less than 5 times the exact sample's %v", v, exact)
		}
		prev = v
	}
}

func TestKSDErrors(t *testing.T) {
	ok := [][]float64{{0, 1}, {1, 0}}
	for _, tc := range []struct {
		name      string
		xs, ss    [][]float64
		k         IMQ
		wantError bool
	}{
		{"fine", ok, ok, DefaultIMQ(), false},
		{"no particles", nil, nil, DefaultIMQ(), true},
		{"fewer scores", ok, ok[:1], DefaultIMQ(), true},
		{"ragged", [][]float64{{0, 1}, {1}}, ok, DefaultIMQ(), true},
		{"NaN score", ok, [][]float64{{0, math.NaN()}, {1, 0}}, DefaultIMQ(), true},
		{"Inf particle", [][]float64{{0, math.Inf(1)}, {1, 0}}, ok, DefaultIMQ(), true},
		{"c = 0", ok, ok, IMQ{C: 0, Beta: -0.5}, true},
		{"beta = 0", ok, ok, IMQ{C: 1, Beta: 0}, true},
		{"beta = -1", ok, ok, IMQ{C: 1, Beta: -1}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := KSD(tc.xs, tc.ss, tc.k); (err != nil) != tc.wantError {
				t.Errorf("error %v, want an error: %v", err, tc.wantError)
			}
		})
	}
}

// TestFlowPosteriorScore: the flow's posterior score is the data score
// plus the prior score at the flow's current lambda (checked on the host
// for a Gaussian likelihood N(mu, I) and the alpha = 1 prior), and
// Flow.KSD is KSD of those scores.
func TestFlowPosteriorScore(t *testing.T) {
	mu := []float64{1, -1, 0.5}
	like := LogLikelihood(func(theta *Node) *Node {
		d := Sub(theta, ExpandAxes(ConstAs(theta, mu), 0))
		return MulScalar(ReduceSum(Square(d), -1), -0.5)
	})
	cfg := Config{Prior: Prior{Alpha: 1, Lambda: 0.3}, Kernel: Kernel{Beta: 2}, Bandwidth: Bandwidth{Rule: Fixed, Gamma: 1}, Optimizer: SGD{LR: 0.1}}
	f, err := NewFlow(testBackend(t), cfg, like)
	if err != nil {
		t.Fatal(err)
	}
	f.Lambda = 0.7 // the current lambda, not the configured one
	x := randomEnsemble(3, 6, 3, 1)
	s, err := f.PosteriorScore(x)
	if err != nil {
		t.Fatal(err)
	}
	p := Prior{Alpha: 1, Lambda: 0.7}
	want := NewEnsemble(x.N, x.D)
	for a := range x.N {
		for i := range x.D {
			v := x.Particle(a)[i]
			want.Particle(a)[i] = -(v - mu[i]) + p.Score1D(v)
		}
	}
	if d := maxAbsDiff(s.Data, want.Data); d > 1e-12 {
		t.Errorf("posterior score differs from the host's by %g", d)
	}
	got, err := f.KSD(x)
	if err != nil {
		t.Fatal(err)
	}
	ref, err := KSD(x.Rows(), want.Rows(), DefaultIMQ())
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(got-ref) > 1e-12*ref {
		t.Errorf("Flow.KSD %v, KSD of the host scores %v", got, ref)
	}
}

// TestKSDDimensionFloor: particles far apart on the kernel's length scale
// with zero scores have KSD = sqrt(d/N) (the trace term of the diagonal);
// non-zero scores lift it above the floor by mean|s|^2 / N; and an exact
// sample of a standard normal, whose off-diagonal terms have mean zero
// (Stein's identity), sits at sqrt((d + E|s|^2) / N) = sqrt(2) x floor.
func TestKSDDimensionFloor(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, c := range []struct {
		d, n  int
		score float64 // each component of every particle's score
		far   bool    // particles 1e6 apart, else an exact N(0, I) sample
		want  float64 // KSD / floor
		tol   float64
	}{
		{1020, 10, 0, true, 1, 1e-6},
		{74, 10, 0, true, 1, 1e-6},
		{5, 3, 0, true, 1, 1e-6},
		{20, 10, 0.5, true, math.Sqrt(1 + 0.25), 1e-6}, // (d + d s^2) / N over d / N
		{50, 200, 0, false, math.Sqrt2, 0.1},           // an exact sample: (d + d) / N
	} {
		x, s := make([][]float64, c.n), make([][]float64, c.n)
		for a := range x {
			x[a], s[a] = make([]float64, c.d), make([]float64, c.d)
			for i := range x[a] {
				if c.far {
					x[a][i] = 1e6 * float64(a) * float64(i%3+1)
					s[a][i] = c.score
				} else {
					x[a][i] = rng.NormFloat64()
					s[a][i] = -x[a][i] // the standard normal's score
				}
			}
		}
		ksd, err := KSD(x, s, DefaultIMQ())
		if err != nil {
			t.Fatal(err)
		}
		floor := KSDDimensionFloor(c.d, c.n, DefaultIMQ())
		if math.Abs(floor-math.Sqrt(float64(c.d)/float64(c.n))) > 1e-12 {
			t.Errorf("d = %d, N = %d: floor %v, want sqrt(d/N) = %v", c.d, c.n, floor, math.Sqrt(float64(c.d)/float64(c.n)))
		}
		if r := ksd / floor; math.Abs(r-c.want) > c.tol {
			t.Errorf("d = %d, N = %d, score %v, far %v: KSD %v = %v x floor, want %v +- %v", c.d, c.n, c.score, c.far, ksd, r, c.want, c.tol)
		}
	}
}

// TestKSDPartsAgainstDirect: on a tiny ensemble the parts of N KSD^2 equal
// a direct computation that takes every Stein-kernel value by finite
// differences of the kernel (the trace part with the scores set to zero,
// the score part as the rest), split by a = b and a != b (1e-6 relative);
// they add to N KSD^2 of [KSD] (1e-12), the off-diagonal trace from the
// pair distances alone equals OffTrace (1e-12), and the diagonal trace is
// d for DefaultIMQ. Moving the particles apart shrinks OffTrace, which is
// positive for d >= 3 at every distance.
func TestKSDPartsAgainstDirect(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 9))
	for _, k := range []IMQ{DefaultIMQ(), {C: 2, Beta: -0.25}} {
		for _, spread := range []float64{0.3, 1, 4} {
			const n, d = 4, 5
			xs, ss := make([][]float64, n), make([][]float64, n)
			for a := range n {
				xs[a], ss[a] = make([]float64, d), make([]float64, d)
				for i := range d {
					xs[a][i], ss[a][i] = spread*rng.NormFloat64(), rng.NormFloat64()
				}
			}
			got, err := KSDPartsOf(xs, ss, k)
			if err != nil {
				t.Fatal(err)
			}
			zero := make([]float64, d)
			var want KSDParts
			dist := make([][]float64, n)
			for a := range n {
				dist[a] = make([]float64, n)
				for b := range n {
					full := steinByDifferences(k, xs[a], xs[b], ss[a], ss[b], 1e-4)
					tr := steinByDifferences(k, xs[a], xs[b], zero, zero, 1e-4)
					if a == b {
						want.DiagTrace += tr / n
						want.DiagScore += (full - tr) / n
						continue
					}
					want.OffTrace += tr / n
					want.OffScore += (full - tr) / n
					var r2 float64
					for i := range d {
						r2 += (xs[a][i] - xs[b][i]) * (xs[a][i] - xs[b][i])
					}
					dist[a][b] = math.Sqrt(r2)
				}
			}
			for _, c := range []struct {
				name      string
				got, want float64
			}{{"diagonal trace", got.DiagTrace, want.DiagTrace}, {"diagonal score", got.DiagScore, want.DiagScore},
				{"off-diagonal trace", got.OffTrace, want.OffTrace}, {"off-diagonal score", got.OffScore, want.OffScore}} {
				if math.Abs(c.got-c.want) > 1e-6*(1+math.Abs(c.want)) {
					t.Errorf("%+v, spread %v: %s %v, direct %v", k, spread, c.name, c.got, c.want)
				}
			}
			ksd, err := KSD(xs, ss, k)
			if err != nil {
				t.Fatal(err)
			}
			if nk := n * ksd * ksd; math.Abs(got.NKSD2()-nk) > 1e-12*(1+nk) {
				t.Errorf("%+v, spread %v: parts add to %v, N KSD^2 = %v", k, spread, got.NKSD2(), nk)
			}
			off, err := OffDiagonalTrace(dist, d, k)
			if err != nil {
				t.Fatal(err)
			}
			if math.Abs(off-got.OffTrace) > 1e-12*(1+math.Abs(off)) {
				t.Errorf("%+v, spread %v: off-diagonal trace from distances %v, from the particles %v", k, spread, off, got.OffTrace)
			}
		}
	}
	k := DefaultIMQ()
	if p, _ := KSDPartsOf([][]float64{{0, 0, 0}, {1, 1, 1}}, [][]float64{{1, 0, 0}, {0, 2, 0}}, k); p.DiagTrace != 3 || p.DiagScore != 2.5 {
		t.Errorf("diagonal parts %v and %v, want d = 3 and mean |s|^2 = 2.5", p.DiagTrace, p.DiagScore)
	}
	prev := math.Inf(1)
	for _, r := range []float64{0, 0.5, 1, 2, 5, 20} {
		off, err := OffDiagonalTrace([][]float64{{0, r}, {r, 0}}, 3, k)
		if err != nil {
			t.Fatal(err)
		}
		if !(off > 0 && off < prev) {
			t.Errorf("two particles %v apart in 3 dimensions: off-diagonal trace %v, want positive and below %v", r, off, prev)
		}
		prev = off
	}
	if _, err := OffDiagonalTrace([][]float64{{0, 1}, {1}}, 3, k); err == nil {
		t.Error("a ragged distance matrix: want an error")
	}
}

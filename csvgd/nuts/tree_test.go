package nuts

import (
	"math"
	"testing"
)

func TestNoUTurnCriterion(t *testing.T) {
	for _, c := range []struct {
		vMinus, vPlus, rho []float64
		want               bool
	}{
		{[]float64{1, 0}, []float64{1, 0}, []float64{3, 0}, true},     // straight line
		{[]float64{1, 0}, []float64{-1, 0}, []float64{0.5, 0}, false}, // the front end turned back
		{[]float64{-1, 0}, []float64{1, 0}, []float64{0.5, 0}, false}, // the back end turned back
		{[]float64{1, 1}, []float64{1, -1}, []float64{2, 0}, true},    // ends at right angles, both ahead
		{[]float64{0, 1}, []float64{1, 0}, []float64{1, 0}, false},    // orthogonal: not > 0
	} {
		if got := noUTurn(c.vMinus, c.vPlus, c.rho); got != c.want {
			t.Errorf("noUTurn(%v, %v, %v) = %v, want %v", c.vMinus, c.vPlus, c.rho, got, c.want)
		}
	}
}

// kernelAt returns a kernel on f of dimension d with step size eps and
// the state z at x.
func kernelAt(t *testing.T, f LogDensity, x []float64, eps float64, maxDepth int) (*kernel, point) {
	t.Helper()
	k := &kernel{dyn: newDynamics(f, len(x), nil), rng: newRNG(7), eps: eps, maxDepth: maxDepth, maxDeltaH: 1000}
	z := newPoint(len(x))
	copy(z.q, x)
	if k.dyn.evaluate(&z); math.IsInf(z.logp, -1) {
		t.Fatalf("log density at %v is not finite", x)
	}
	return k, z
}

// TestFlatDensityNeverTurns: on a flat density the trajectory is a straight
// line, so the tree always grows to the maximum depth, 2^6 - 1 = 63 steps,
// and every state has acceptance 1.
func TestFlatDensityNeverTurns(t *testing.T) {
	flat := func(x, g []float64) float64 { clear(g); return 0 }
	k, z := kernelAt(t, flat, []float64{0, 0, 0}, 0.3, 6)
	for range 20 {
		tr := k.transition(&z)
		if tr.TreeDepth != 6 || tr.Leapfrogs != 63 || tr.AcceptStat != 1 || tr.Divergent {
			t.Fatalf("transition %+v, want depth 6, 63 leapfrogs, acceptance 1", tr)
		}
	}
}

// TestGaussianTurns: on a standard normal with a small step the criterion
// stops every trajectory before the maximum depth 10: a half period (pi)
// is 32 steps of 0.1, depth 5, so no tree needs more than depth 8.
func TestGaussianTurns(t *testing.T) {
	k, z := kernelAt(t, standardNormal(3), []float64{0.5, -0.5, 1}, 0.1, 10)
	for range 200 {
		if tr := k.transition(&z); tr.TreeDepth > 8 || tr.TreeDepth < 1 {
			t.Fatalf("transition %+v: depth outside [1, 8]", tr)
		}
	}
}

// TestDivergenceNeverLeavesSupport: a density that is NaN beyond |x| = 1
// with a step size of 0.5 diverges often; every draw stays inside, finite,
// and every divergence records where it happened: outside the support.
func TestDivergenceNeverLeavesSupport(t *testing.T) {
	box := func(x, g []float64) float64 {
		if math.Abs(x[0]) > 1 {
			g[0] = math.NaN()
			return math.NaN()
		}
		g[0] = -x[0]
		return -x[0] * x[0] / 2
	}
	k, z := kernelAt(t, box, []float64{0}, 0.5, 10)
	divergent := 0
	for range 500 {
		tr := k.transition(&z)
		if tr.Divergent {
			divergent++
			if len(tr.DivergedAt) != 1 || math.Abs(tr.DivergedAt[0]) <= 1 {
				t.Fatalf("divergent transition %+v: diverged at %v, want a point beyond |x| = 1", tr, tr.DivergedAt)
			}
		} else if tr.DivergedAt != nil {
			t.Fatalf("transition %+v records a divergence", tr)
		}
		if !(math.Abs(z.q[0]) <= 1) || math.IsInf(tr.Energy, 0) || math.IsNaN(tr.Energy) {
			t.Fatalf("state %v with energy %v after %+v", z.q, tr.Energy, tr)
		}
	}
	if divergent == 0 {
		t.Fatal("no divergence reported at the edge of the support")
	}
}

// TestWarmupRecordsWhereItDiverged: a warm-up on a density that is NaN
// beyond |x| = 1 diverges, and records where each of its divergent
// transitions diverged, all beyond the wall.
func TestWarmupRecordsWhereItDiverged(t *testing.T) {
	box := func(x, g []float64) float64 {
		if math.Abs(x[0]) > 1 {
			g[0] = math.NaN()
			return math.NaN()
		}
		g[0] = -x[0] / 0.25
		return -x[0] * x[0] / 0.5
	}
	c := DefaultConfig()
	c.Chains, c.Warmup, c.Draws, c.Seed = 2, 200, 10, 3
	r, err := Sample(box, 1, c)
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for k, ch := range r.Chains {
		if len(ch.WarmupDivergedAt) != ch.WarmupDivergences {
			t.Errorf("chain %d: %d warm-up divergences, %d positions", k, ch.WarmupDivergences, len(ch.WarmupDivergedAt))
		}
		for _, x := range ch.WarmupDivergedAt {
			if math.Abs(x[0]) <= 1 {
				t.Errorf("chain %d diverged at %v, inside the support", k, x)
			}
		}
		total += ch.WarmupDivergences
	}
	if total == 0 {
		t.Error("no divergence during the warm-up at the edge of the support")
	}
}

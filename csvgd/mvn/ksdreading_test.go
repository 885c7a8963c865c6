package mvn

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/stein"
)

// TestReadKSD reads hand-made histories: the first iteration at the level,
// the minimum, the settling of the Bhattacharyya distance and the late
// median, and a history that never reaches the level.
func TestReadKSD(t *testing.T) {
	v := func(x float64) []float64 { return []float64{1, 1, x} }
	h := []HistoryPoint{
		{Iter: 0, KSD: 5, Bhattacharyya: 2, Variances: v(1)},
		{Iter: 20, KSD: 0.3, Bhattacharyya: 1, Variances: v(2)},
		{Iter: 40, KSD: 0.2, Bhattacharyya: 0.6, Variances: v(3)},
		{Iter: 60, KSD: 0.1, Bhattacharyya: 0.5, Variances: v(4)},
		{Iter: 80, KSD: 0.15, Bhattacharyya: 0.0105, Variances: v(300)},
		{Iter: 100, KSD: 0.18, Bhattacharyya: 0.0095, Variances: v(390)},
		{Iter: 120, KSD: 0.19, Bhattacharyya: 0.01, Variances: v(400)},
	}
	cases := []struct {
		name                   string
		level                  float64
		reach                  int
		reachB                 float64
		minIter, settle        int
		minVar3, lateMedianKSD float64
	}{
		{"reached", 0.25, 40, 0.6, 60, 80, 4, 0.165},
		{"never", 0.05, -1, 0, 60, 80, 4, 0.165},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r, err := ReadKSD(h, c.level)
			if err != nil {
				t.Fatal(err)
			}
			if r.ReachIter != c.reach || r.ReachBhattacharyya != c.reachB {
				t.Errorf("reach: iteration %d, distance %g; want %d, %g", r.ReachIter, r.ReachBhattacharyya, c.reach, c.reachB)
			}
			if r.MinIter != c.minIter || r.MinVariances[2] != c.minVar3 {
				t.Errorf("minimum: iteration %d, variance %g; want %d, %g", r.MinIter, r.MinVariances[2], c.minIter, c.minVar3)
			}
			if r.SettleIter != c.settle {
				t.Errorf("settled from iteration %d, want %d", r.SettleIter, c.settle)
			}
			if math.Abs(r.LateMedianKSD-c.lateMedianKSD) > 1e-12 || r.FinalKSD != 0.19 || r.FinalBhattacharyya != 0.01 {
				t.Errorf("late median %g, final KSD %g, final distance %g; want %g, 0.19, 0.01", r.LateMedianKSD, r.FinalKSD, r.FinalBhattacharyya, c.lateMedianKSD)
			}
			if r.LateMinKSD != 0.1 || r.LateMaxKSD != 0.19 { // the second half: 0.1, 0.15, 0.18, 0.19
				t.Errorf("late range %g to %g, want 0.1 to 0.19", r.LateMinKSD, r.LateMaxKSD)
			}
		})
	}
	if _, err := ReadKSD(nil, 1); err == nil {
		t.Error("empty history: no error")
	}
}

// TestReadKSDOnTheFlow runs the lambda = 0 flow of the Sec. 4 target (the
// run of Fig. mvn_ksd, shortened) and checks what the notebook teaches:
// the KSD reaches the median of exact samples while the Bhattacharyya
// distance is still far above its final value, and at the KSD's minimum the
// ensemble's variance of theta_3 is a small part of the target's 400.
func TestReadKSDOnTheFlow(t *testing.T) {
	if testing.Short() {
		t.Skip("a 1200-iteration flow")
	}
	b := testBackend(t)
	c := DefaultConfig()
	c.Iters, c.Every = 1200, 20
	r, err := Run(b, PaperTarget(), c)
	if err != nil {
		t.Fatal(err)
	}
	ks, err := ExactSampleKSDs(PaperTarget(), c.Particles, 50, 1)
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(ks)
	level := (ks[len(ks)/2-1] + ks[len(ks)/2]) / 2
	k, err := ReadKSD(r.History, level)
	if err != nil {
		t.Fatal(err)
	}
	if k.ReachIter < 0 || k.ReachBhattacharyya < 100*k.FinalBhattacharyya {
		t.Errorf("KSD at %.3f from iteration %d, distance %.4g there against %.4g at the end: want the level reached with the distance over 100 times the final", level, k.ReachIter, k.ReachBhattacharyya, k.FinalBhattacharyya)
	}
	if v := k.MinVariances[2]; v > 0.1*400 {
		t.Errorf("variance of theta_3 %.4g at the KSD's minimum (iteration %d), want under a tenth of 400", v, k.MinIter)
	}
	if k.SettleIter <= k.ReachIter {
		t.Errorf("distance settled at %d, before the KSD reached the level at %d", k.SettleIter, k.ReachIter)
	}
}

// TestKSDParts: the parts add up to KSD^2; over exact samples of the
// likelihood the off-diagonal part averages near zero (within a tenth of
// the diagonal); for an ensemble bunched away from the mean it is positive
// and larger than the diagonal.
func TestKSDParts(t *testing.T) {
	tg := PaperTarget()
	prior := stein.Prior{Alpha: 1}
	rng := rand.New(rand.NewPCG(3, 3))
	var sumDiag, sumOff float64
	for range 40 {
		x, err := tg.Sample(64, rng)
		if err != nil {
			t.Fatal(err)
		}
		d, o, err := KSDParts(tg, prior, x)
		if err != nil {
			t.Fatal(err)
		}
		k, err := KSD(tg, prior, x)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(d+o-k*k) > 1e-9*k*k {
			t.Fatalf("parts %g + %g, KSD^2 %g", d, o, k*k)
		}
		sumDiag, sumOff = sumDiag+d, sumOff+o
	}
	if math.Abs(sumOff) > 0.1*sumDiag {
		t.Errorf("exact samples: mean off-diagonal part %g against diagonal %g, want within a tenth", sumOff/40, sumDiag/40)
	}
	x := stein.GaussianEnsemble(64, []float64{3, 4, 3}, 0.1, rng)
	d, o, err := KSDParts(tg, prior, x)
	if err != nil {
		t.Fatal(err)
	}
	if !(o > d) {
		t.Errorf("bunched ensemble: off-diagonal %g, diagonal %g; want the off-diagonal larger", o, d)
	}
}

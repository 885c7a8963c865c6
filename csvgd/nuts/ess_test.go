package nuts

import (
	"math"
	"testing"
)

// meanRatio is the mean over reps replicates of ess(chains) / (M N (1-rho)
// / (1+rho)), the closed form for M chains of N AR(1) draws.
func meanRatio(seed uint64, reps, m, n int, rho float64, ess func([][]float64) float64) float64 {
	rng := newRNG(seed)
	want := float64(m*n) * (1 - rho) / (1 + rho)
	var s float64
	for range reps {
		s += ess(ar1(rng, m, n, rho)) / want
	}
	return s / float64(reps)
}

// TestESSOfAR1: averaged over 20 replicates of 4 chains of 2000 draws, the
// ESS of iid N(0, 1) draws is N, and of an AR(1) chain N (1-rho)/(1+rho),
// within the tolerances below (a few standard errors of the mean ratio;
// Geyer's truncation biases the iid ESS about 3% low).
func TestESSOfAR1(t *testing.T) {
	for _, c := range []struct {
		name string
		rho  float64
		ess  func([][]float64) float64
		tol  float64
	}{
		{"mean iid", 0, ESSMean, 0.05},
		{"bulk iid", 0, ESSBulk, 0.05},
		{"tail iid", 0, ESSTail, 0.06},
		{"unsplit iid", 0, ESS, 0.05},
		{"mean AR(0.5)", 0.5, ESSMean, 0.05},
		{"bulk AR(0.5)", 0.5, ESSBulk, 0.05},
		{"mean AR(0.9)", 0.9, ESSMean, 0.08},
	} {
		r := meanRatio(3, 20, 4, 2000, c.rho, c.ess)
		t.Logf("%s: ESS / closed form = %.3f", c.name, r)
		if math.Abs(r-1) > c.tol {
			t.Errorf("%s: ESS / closed form = %.3f, want 1 +- %.2f", c.name, r, c.tol)
		}
	}
}

func TestESSEdgeCases(t *testing.T) {
	if got := ESS([][]float64{{1, 1, 1, 1}, {1, 1, 1, 1}}); got != 8 {
		t.Errorf("constant draws: ESS %v, want 8", got)
	}
	if got := ESS([][]float64{{1, 2, math.Inf(1), 4}}); !math.IsNaN(got) {
		t.Errorf("infinite draw: ESS %v, want NaN", got)
	}
	if got := ESSBulk([][]float64{{1, 2, 3, 4}}); !math.IsNaN(got) {
		t.Errorf("4 draws: bulk ESS %v, want NaN (split halves of 2)", got)
	}
}

// TestMCSEMeanOfIID: for 4 x 2000 iid N(0, 1) draws the Monte Carlo
// standard error of the mean is 1/sqrt(8000) within 5%.
func TestMCSEMeanOfIID(t *testing.T) {
	got := MCSEMean(ar1(newRNG(9), 4, 2000, 0))
	if want := 1 / math.Sqrt(8000); math.Abs(got/want-1) > 0.05 {
		t.Fatalf("MCSE %.5f, want %.5f", got, want)
	}
}

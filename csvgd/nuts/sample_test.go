package nuts

import (
	"math"
	"testing"
	"time"
)

// checkMoments fails unless every mean and covariance of the draws is
// within z Monte Carlo standard errors of mean and cov (row-major). The
// error of a covariance is that of the mean of (x_i - mu_i)(x_j - mu_j)
// over the draws, with its own ESS ([MCSEMean]).
func checkMoments(t *testing.T, r *Result, mean, cov []float64, z float64) {
	t.Helper()
	d := r.Dim
	for i := range d {
		x := r.Coordinate(i)
		got := Summarize(x).Mean
		if se := MCSEMean(x); math.Abs(got-mean[i]) > z*se {
			t.Errorf("mean[%d] = %.4g, want %.4g +- %.1f x %.3g", i, got, mean[i], z, se)
		}
		for j := i; j < d; j++ {
			y := r.Coordinate(j)
			prod := make([][]float64, len(x))
			for k := range x {
				prod[k] = make([]float64, len(x[k]))
				for n := range x[k] {
					prod[k][n] = (x[k][n] - mean[i]) * (y[k][n] - mean[j])
				}
			}
			got := Summarize(prod).Mean
			if se := MCSEMean(prod); math.Abs(got-cov[i*d+j]) > z*se {
				t.Errorf("cov[%d][%d] = %.4g, want %.4g +- %.1f x %.3g", i, j, got, cov[i*d+j], z, se)
			}
		}
	}
}

// checkHealthy fails on a divergence or an R-hat of 1.01 or more.
func checkHealthy(t *testing.T, r *Result) {
	t.Helper()
	s := r.Stats()
	rhat, bulk, tail := Worst(r.Summary())
	t.Logf("R-hat max %.4f, ESS bulk min %.0f, tail min %.0f, divergences %d, acceptance %.3f, depth mean %.2f max %d, step sizes %.3g",
		rhat, bulk, tail, s.Divergences, s.AcceptRate, s.TreeDepthMean, s.TreeDepthMax, s.StepSizes)
	if s.Divergences > 0 || !(rhat < 1.01) {
		t.Errorf("%d divergences, R-hat %.4f", s.Divergences, rhat)
	}
}

// correlated2D is N(mu, Sigma) with standard deviations 1 and 100 and
// correlation 0.99: its precision and covariance, row-major.
func correlated2D() (mu, prec, cov []float64) {
	const rho, s1, s2 = 0.99, 1.0, 100.0
	det := 1 - rho*rho
	return []float64{1, -50},
		[]float64{1 / (s1 * s1 * det), -rho / (s1 * s2 * det), -rho / (s1 * s2 * det), 1 / (s2 * s2 * det)},
		[]float64{s1 * s1, rho * s1 * s2, rho * s1 * s2, s2 * s2}
}

// TestGaussianMoments: Stan's default run (4 chains, 1000 + 1000
// iterations) on N(0, I_5) and on a 2-D Gaussian with correlation 0.99 and
// scales 1 and 100: means and covariances within 5 Monte Carlo standard
// errors, R-hat < 1.01, no divergences.
func TestGaussianMoments(t *testing.T) {
	mu, prec, cov := correlated2D()
	for _, c := range []struct {
		name    string
		f       LogDensity
		mu, cov []float64
		dim     int
		seed    uint64
	}{
		{"standard 5-D", standardNormal(5), make([]float64, 5), identity(5), 5, 11},
		{"correlated 2-D", gaussian(mu, prec), mu, cov, 2, 12},
	} {
		t.Run(c.name, func(t *testing.T) {
			cfg := DefaultConfig()
			cfg.Seed = c.seed
			start := time.Now()
			r, err := Sample(c.f, c.dim, cfg)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%v", time.Since(start).Round(time.Millisecond))
			checkHealthy(t, r)
			checkMoments(t, r, c.mu, c.cov, 5)
		})
	}
}

package stein

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestDriveOnlyBandwidth runs the drive term of eq. (stein_grad) alone on
// the correlated Gaussian N(mu, P^-1), mu = (1, 2), P = [[2, 1], [1, 2]],
// from one seeded draw of 50 particles of N(0, I), for 2000 steps of 0.1,
// with fixed bandwidths and with Liu & Wang's median rule. All reach the
// mean. The widest fixed kernel keeps the draw's covariance (an almost
// rigid translation); a fixed kernel of the ensemble's size contracts it,
// but the kernel between the particles flattens towards 1 as they close
// in; the median rule collapses it, the kernel at the median pair held at
// 1/(N+1) and the bandwidth shrinking with the ensemble. Each case bounds
// the final variances over the initial ones and the final median kernel
// value from both sides.
func TestDriveOnlyBandwidth(t *testing.T) {
	mu := []float64{1, 2}
	score := func(th []float64) []float64 {
		d0, d1 := th[0]-mu[0], th[1]-mu[1]
		return []float64{-(2*d0 + d1), -(d0 + 2*d1)}
	}
	cases := []struct {
		name               string
		bw                 Bandwidth
		minRatio, maxRatio float64 // bounds on the final variance over the initial one, per coordinate
		minKern, maxKern   float64 // bounds on the final median kernel value
		maxGamma           float64 // bound on the last step's bandwidth
	}{
		{"fixed gamma = 10000", Bandwidth{Rule: Fixed, Gamma: 1e4}, 0.85, 1, 0.999, 1, 1e4},
		{"fixed gamma = 1", Bandwidth{Rule: Fixed, Gamma: 1}, 1e-3, 1e-2, 0.99, 1, 1},
		{"median rule", Bandwidth{Rule: MedianLiuWang}, 0, 1e-3, 1.0/51 - 1e-3, 1.0/51 + 1e-3, 1e-5},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(7, 1))
			x := make([][]float64, 50)
			for a := range x {
				x[a] = []float64{rng.NormFloat64(), rng.NormFloat64()}
			}
			r, err := DriveOnly(x, score, c.bw, Kernel{Beta: 2}, 2000, 0.1)
			if err != nil {
				t.Fatal(err)
			}
			for i := range mu {
				if math.Abs(r.EndMean[i]-mu[i]) > 0.02 {
					t.Errorf("mean %d: %.4f, want %.4f within 0.02", i, r.EndMean[i], mu[i])
				}
				ratio := r.End[i][i] / r.Start[i][i]
				if ratio < c.minRatio || ratio > c.maxRatio {
					t.Errorf("variance %d: %.4g of the start's, want within [%g, %g]", i, ratio, c.minRatio, c.maxRatio)
				}
			}
			if r.KernelEnd < c.minKern || r.KernelEnd > c.maxKern {
				t.Errorf("final median kernel value %.4g, want within [%g, %g]", r.KernelEnd, c.minKern, c.maxKern)
			}
			if r.Gamma > c.maxGamma {
				t.Errorf("last bandwidth %.4g, want at most %g", r.Gamma, c.maxGamma)
			}
		})
	}
	if _, err := DriveOnly(nil, score, Bandwidth{Rule: MedianLiuWang}, Kernel{Beta: 2}, 1, 0.1); err == nil {
		t.Error("no particles: no error")
	}
}

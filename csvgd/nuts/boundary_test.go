package nuts

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/stat/distuv"
)

// truncated2D is N(mu, Sigma) in 2-D truncated to x_0 >= 0, with standard
// deviations s0, s1 and correlation rho: its log density and its moments in
// closed form. With a = -mu0/s0 and l = phi(a) / (1 - Phi(a)), x_0 has
// mean mu0 + s0 l and variance s0^2 (1 + a l - l^2); x_1 given x_0 is
// N(mu1 + b (x_0 - mu0), s1^2 (1 - rho^2)), b = rho s1/s0.
func truncated2D(mu0, mu1, s0, s1, rho float64) (f LogDensity, mean, cov []float64) {
	det := 1 - rho*rho
	prec := []float64{1 / (s0 * s0 * det), -rho / (s0 * s1 * det), -rho / (s0 * s1 * det), 1 / (s1 * s1 * det)}
	a := -mu0 / s0
	l := distuv.UnitNormal.Prob(a) / (1 - distuv.UnitNormal.CDF(a))
	m0, v0 := mu0+s0*l, s0*s0*(1+a*l-l*l)
	b := rho * s1 / s0
	mean = []float64{m0, mu1 + b*(m0-mu0)}
	cov = []float64{v0, b * v0, b * v0, s1*s1*det + b*b*v0}
	return gaussian([]float64{mu0, mu1}, prec), mean, cov
}

// TestBoundary: reflection at x_i = 0 samples truncated Gaussians whose
// moments are known in closed form: the half-normal (mean sqrt(2/pi),
// variance 1 - 2/pi) and a correlated 2-D Gaussian truncated to x_0 >= 0,
// to 5 Monte Carlo standard errors, with R-hat < 1.01, no divergence and no
// draw below 0.
func TestBoundary(t *testing.T) {
	f2, mean2, cov2 := truncated2D(0.5, -1, 1, 2, 0.6)
	for _, c := range []struct {
		name      string
		f         LogDensity
		mean, cov []float64
	}{
		{"half-normal", standardNormal(1), []float64{math.Sqrt(2 / math.Pi)}, []float64{1 - 2/math.Pi}},
		{"truncated correlated 2-D", f2, mean2, cov2},
	} {
		t.Run(c.name, func(t *testing.T) {
			cfg := DefaultConfig()
			cfg.Seed, cfg.NonNegative = 21, []int{0}
			r, err := Sample(c.f, len(c.mean), cfg)
			if err != nil {
				t.Fatal(err)
			}
			checkHealthy(t, r)
			checkMoments(t, r, c.mean, c.cov, 5)
			for _, ch := range r.Chains {
				for _, x := range ch.Draws {
					if x[0] < 0 {
						t.Fatalf("draw %v below the wall", x)
					}
				}
			}
		})
	}
}

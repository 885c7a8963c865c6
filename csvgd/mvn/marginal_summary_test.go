package mvn

import (
	"math"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/stein"
)

func TestMarginalSummary(t *testing.T) {
	tg := PaperTarget()
	// theta_3 without a prior is N(3, 20^2): closed forms for the folded normal.
	mu, sd, h := 3.0, 20.0, 1e-3
	phi := func(z float64) float64 { return 0.5 * math.Erfc(-z/math.Sqrt2) }
	closedAbs := sd*math.Sqrt(2/math.Pi)*math.Exp(-mu*mu/(2*sd*sd)) + mu*(1-2*phi(-mu/sd))
	closedNear := phi((h-mu)/sd) - phi((-h-mu)/sd)
	cases := []struct {
		name             string
		prior            stein.Prior
		meanAbs, relTol  float64
		near, nearRelTol float64
	}{
		{"no prior, closed form", stein.Prior{Alpha: 1, Lambda: 0}, closedAbs, 1e-6, closedNear, 1e-6},
		// An independent quadrature of the same marginal (a fine trapezoid
		// rule on a graded grid) gives these mean |theta_3|.
		{"alpha 1/4, lambda 1", stein.Prior{Alpha: 0.25, Lambda: 1}, 11.31, 5e-3, math.NaN(), 0},
		{"alpha 1/4, lambda 10", stein.Prior{Alpha: 0.25, Lambda: 10}, 0.088, 2e-2, math.NaN(), 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m, near, err := MarginalSummary(tg, c.prior, 2, h)
			if err != nil {
				t.Fatal(err)
			}
			if math.Abs(m-c.meanAbs) > c.relTol*c.meanAbs {
				t.Errorf("mean |theta_3| = %.6g, want %.6g (relative tolerance %g)", m, c.meanAbs, c.relTol)
			}
			if !math.IsNaN(c.near) && math.Abs(near-c.near) > c.nearRelTol*c.near {
				t.Errorf("P(|theta_3| < %g) = %.6g, want %.6g", h, near, c.near)
			}
			if !(near > 0 && near < 1) {
				t.Errorf("P(|theta_3| < %g) = %g, not a probability in (0, 1)", h, near)
			}
		})
	}
	// A sparsifying prior puts more mass near zero than none does.
	_, n0, _ := MarginalSummary(tg, stein.Prior{Alpha: 1, Lambda: 0}, 2, h)
	_, n1, _ := MarginalSummary(tg, stein.Prior{Alpha: 1, Lambda: 1}, 2, h)
	if !(n1 > 10*n0) {
		t.Errorf("P(|theta_3| < %g): %g with lambda = 1, not well above %g without a prior", h, n1, n0)
	}
	if _, _, err := MarginalSummary(tg, stein.Prior{Alpha: 1, Lambda: 1}, 0, h); err == nil {
		t.Error("theta_1 is coupled to theta_2: want an error")
	}
	if _, _, err := MarginalSummary(tg, stein.Prior{Alpha: 1, Lambda: 1}, 2, 0); err == nil {
		t.Error("h = 0: want an error")
	}
}

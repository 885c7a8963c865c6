package mvn

import (
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/csvgd/csvgd-go/csvgd/nuts"
	"github.com/csvgd/csvgd-go/csvgd/stein"
)

// TestLogPosteriorGradient: the gradient of LogPosterior matches central
// differences of its value to 1e-6 (alpha = 0.5 and 1 away from the kink,
// alpha = 2), and lambda = 0 is the likelihood alone.
func TestLogPosteriorGradient(t *testing.T) {
	target := PaperTarget()
	theta := []float64{0.7, -1.3, 2.1}
	for _, prior := range []stein.Prior{{Alpha: 0.5, Lambda: 1}, {Alpha: 1, Lambda: 2}, {Alpha: 2, Lambda: 0.5}, {Alpha: 1, Lambda: 0}} {
		f := target.LogPosterior(prior)
		grad := make([]float64, 3)
		lp := f(theta, grad)
		if prior.Lambda == 0 && lp != target.LogLikelihood1(theta) {
			t.Errorf("lambda 0: log posterior %v, log likelihood %v", lp, target.LogLikelihood1(theta))
		}
		for i := range theta {
			const h = 1e-6
			x := append([]float64(nil), theta...)
			x[i] += h
			up := f(x, make([]float64, 3))
			x[i] -= 2 * h
			down := f(x, make([]float64, 3))
			if fd := (up - down) / (2 * h); math.Abs(fd-grad[i]) > 1e-6*(1+math.Abs(fd)) {
				t.Errorf("prior %+v: d/dtheta_%d = %v, central difference %v", prior, i, grad[i], fd)
			}
		}
	}
}

// TestNUTSMatchesExact: NUTS (4 chains, 1000 warm-up and 2000 kept draws
// each) on LogPosterior agrees with ExactMoments at alpha = 1, lambda = 1:
// every mean and covariance within 5 Monte Carlo standard errors (from the
// ESS of the quantity itself), R-hat < 1.01, no divergence. Without -short
// it also checks the cusped prior alpha = 0.5 (a few seconds: the cusp at 0
// calls for small steps) and a weak Gaussian prior, alpha = 2, lambda = 0.1.
func TestNUTSMatchesExact(t *testing.T) {
	forSamplerPriors(t, func(t *testing.T, prior stein.Prior) { checkNUTSAgainstExact(t, PaperTarget(), prior) })
}

// forSamplerPriors runs check for the priors the samplers are checked
// against quadrature at: alpha = 1, lambda = 1, and without -short also
// alpha = 0.5, lambda = 1 and alpha = 2, lambda = 0.1.
func forSamplerPriors(t *testing.T, check func(*testing.T, stein.Prior)) {
	priors := []stein.Prior{{Alpha: 1, Lambda: 1}}
	if !testing.Short() {
		priors = append(priors, stein.Prior{Alpha: 0.5, Lambda: 1}, stein.Prior{Alpha: 2, Lambda: 0.1})
	}
	for _, prior := range priors {
		t.Run(fmt.Sprintf("alpha=%g,lambda=%g", prior.Alpha, prior.Lambda), func(t *testing.T) { check(t, prior) })
	}
}

func checkNUTSAgainstExact(t *testing.T, target Target, prior stein.Prior) {
	mean, cov, err := ExactMoments(target, prior)
	if err != nil {
		t.Fatal(err)
	}
	c := nuts.DefaultConfig()
	c.Draws, c.Seed = 2000, 1
	start := time.Now()
	r, err := nuts.Sample(target.LogPosterior(prior), 3, c)
	if err != nil {
		t.Fatal(err)
	}
	seconds := time.Since(start).Seconds()
	s := r.Stats()
	rhat, bulk, tail := nuts.Worst(r.Summary())
	t.Logf("%.2f s: R-hat max %.4f, ESS bulk min %.0f, tail min %.0f, %d divergences, acceptance %.3f, step sizes %.3g",
		seconds, rhat, bulk, tail, s.Divergences, s.AcceptRate, s.StepSizes)
	if s.Divergences > 0 || !(rhat < 1.01) {
		t.Errorf("%d divergences, R-hat %.4f", s.Divergences, rhat)
	}
	for i := range 3 {
		x := r.Coordinate(i)
		checkWithin(t, fmt.Sprintf("mean[%d]", i), x, mean[i], 5)
		for j := i; j < 3; j++ {
			checkWithin(t, fmt.Sprintf("cov[%d][%d]", i, j), centredProduct(x, r.Coordinate(j), mean[i], mean[j]), cov.At(i, j), 5)
		}
	}
}

// checkWithin fails unless the mean of the draws is within z Monte Carlo
// standard errors of want.
func checkWithin(t *testing.T, name string, draws [][]float64, want, z float64) {
	t.Helper()
	got, se := nuts.Summarize(draws).Mean, nuts.MCSEMean(draws)
	t.Logf("%s: NUTS %.4f +- %.4f, exact %.4f", name, got, se, want)
	if math.Abs(got-want) > z*se {
		t.Errorf("%s = %.4f, exact %.4f: more than %g x %.4f apart", name, got, want, z, se)
	}
}

// centredProduct is (x - mx)(y - my) draw by draw: its mean is the
// covariance when mx, my are the exact means.
func centredProduct(x, y [][]float64, mx, my float64) [][]float64 {
	out := make([][]float64, len(x))
	for k := range x {
		out[k] = make([]float64, len(x[k]))
		for n := range x[k] {
			out[k][n] = (x[k][n] - mx) * (y[k][n] - my)
		}
	}
	return out
}

package svn

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// biasTarget is a correlated 2-D Gaussian: variances 1 and 4,
// correlation 1/2.
func biasTarget() ([]float64, *mat.SymDense) {
	return []float64{1, -2}, mat.NewSymDense(2, []float64{1, 1, 1, 4})
}

// TestStepBiasOneParticle: with one particle the kernel is 1 and the
// update is the Euler-Maruyama chain x' = x + eps Sigma grad log p +
// sqrt(2 eps) Sigma^(1/2) z, whose stationary covariance is
// Sigma / (1 - eps/2) exactly, so the bias is known as the step shrinks.
// The measurement must find that factor on every coordinate (within 4%,
// its Monte-Carlo error over the kept time), neither the target's
// variance nor anything wider; the covariance error must fall with the
// step, each halving taking at least a third off it; and the mean must
// stay unbiased (the drift is linear), within a tenth of a standard
// deviation.
func TestStepBiasOneParticle(t *testing.T) {
	mu, cov := biasTarget()
	pts, err := StepBias(mu, cov, 1, []float64{0.8, 0.4, 0.2}, 20, 20000, 1)
	if err != nil {
		t.Fatal(err)
	}
	for k, p := range pts {
		want := EulerMaruyamaFactor(p.Step)
		t.Logf("step %g: variance ratios %.4f (1/(1 - eps/2) = %.4f), covariance error %.4f, mean error %.4f", p.Step, p.VarianceRatio, want, p.CovError, p.MeanError)
		for i, r := range p.VarianceRatio {
			if math.Abs(r/want-1) > 0.04 {
				t.Errorf("step %g, coordinate %d: variance ratio %.4f, want %.4f (Euler-Maruyama's 1/(1 - eps/2)) within 4%%", p.Step, i, r, want)
			}
		}
		if p.MeanError > 0.1 {
			t.Errorf("step %g: mean error %.3f standard deviations, want at most 0.1", p.Step, p.MeanError)
		}
		if k > 0 && !(p.CovError < pts[k-1].CovError*2/3) {
			t.Errorf("step %g: covariance error %.4f, not a third below step %g's %.4f", p.Step, p.CovError, pts[k-1].Step, pts[k-1].CovError)
		}
	}
}

// TestStepBiasRefuses: sizes that do not fit and steps that are not
// positive are errors, not runs.
func TestStepBiasRefuses(t *testing.T) {
	mu, cov := biasTarget()
	for name, run := range map[string]func() error{
		"mean of another size": func() error { _, err := StepBias([]float64{0}, cov, 5, []float64{0.1}, 1, 1, 1); return err },
		"no particles":         func() error { _, err := StepBias(mu, cov, 0, []float64{0.1}, 1, 1, 1); return err },
		"zero step":            func() error { _, err := StepBias(mu, cov, 5, []float64{0}, 1, 1, 1); return err },
		"no kept time":         func() error { _, err := StepBias(mu, cov, 5, []float64{0.1}, 1, 0, 1); return err },
		"not positive definite": func() error {
			_, err := StepBias(mu, mat.NewSymDense(2, []float64{1, 2, 2, 1}), 5, []float64{0.1}, 1, 1, 1)
			return err
		},
	} {
		if run() == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

// TestStepBiasSummaries: the average ratio and the falling covariance
// error, on hand-made points, both ways.
func TestStepBiasSummaries(t *testing.T) {
	p := StepBiasPoint{VarianceRatio: []float64{1, 1.5, 2}}
	if got := p.AverageRatio(); math.Abs(got-1.5) > 1e-15 {
		t.Errorf("AverageRatio = %v, want 1.5", got)
	}
	if got := EulerMaruyamaFactor(0.4); math.Abs(got-1.25) > 1e-15 {
		t.Errorf("EulerMaruyamaFactor(0.4) = %v, want 1.25", got)
	}
	falling := []StepBiasPoint{{CovError: 0.3}, {CovError: 0.2}, {CovError: 0.1}}
	if !CovErrorFalls(falling) {
		t.Error("0.3, 0.2, 0.1: CovErrorFalls false, want true")
	}
	rising := []StepBiasPoint{{CovError: 0.3}, {CovError: 0.1}, {CovError: 0.2}}
	if CovErrorFalls(rising) {
		t.Error("0.3, 0.1, 0.2: CovErrorFalls true, want false")
	}
}

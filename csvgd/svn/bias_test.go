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
// Over eight seeds the measurement must find that factor within three
// standard errors of the seeds' scatter (each seed's error is about 1%),
// and be told from no bias at all (the target's variance) by more than
// ten; on seed 1 the covariance error must fall with the step, each
// halving taking at least a third off it, and the mean stay unbiased
// (the drift is linear), within a tenth of a standard deviation.
func TestStepBiasOneParticle(t *testing.T) {
	mu, cov := biasTarget()
	steps := []float64{0.8, 0.4, 0.2}
	var runs [][]StepBiasPoint
	for seed := uint64(1); seed <= 8; seed++ {
		pts, err := StepBias(mu, cov, 1, steps, 20, 2000, seed)
		if err != nil {
			t.Fatal(err)
		}
		runs = append(runs, pts)
	}
	means, err := ClosedFormOverSeeds(runs)
	if err != nil {
		t.Fatal(err)
	}
	for k, m := range means {
		want := EulerMaruyamaFactor(m.Step)
		t.Logf("step %g: measured / (1/(1 - eps/2)) = %.4f ± %.4f over 8 seeds", m.Step, m.Mean, m.SE)
		if !m.Within(3) {
			t.Errorf("step %g: measured over closed form %.4f ± %.4f, want 1 within 3 SE", m.Step, m.Mean, m.SE)
		}
		if noBias := (SeedMean{Mean: m.Mean * want, SE: m.SE * want}); noBias.Within(10) {
			t.Errorf("step %g: ratio %.4f is within 10 SE of the target's variance: the measurement cannot see the bias", m.Step, noBias.Mean)
		}
		p := runs[0][k]
		if p.MeanError > 0.1 {
			t.Errorf("step %g: mean error %.3f standard deviations, want at most 0.1", p.Step, p.MeanError)
		}
		if k > 0 && !(p.CovError < runs[0][k-1].CovError*2/3) {
			t.Errorf("step %g: covariance error %.4f, not a third below step %g's %.4f", p.Step, p.CovError, runs[0][k-1].Step, runs[0][k-1].CovError)
		}
	}
}

// TestClosedFormOverSeeds: the mean and standard error of hand-made
// ratios, the Within rule both ways, and runs that do not fit.
func TestClosedFormOverSeeds(t *testing.T) {
	f := EulerMaruyamaFactor(0.4)
	run := func(r float64) []StepBiasPoint {
		return []StepBiasPoint{{Step: 0.4, VarianceRatio: []float64{r * f, r * f}}}
	}
	got, err := ClosedFormOverSeeds([][]StepBiasPoint{run(1.01), run(1.03)})
	if err != nil {
		t.Fatal(err)
	}
	// mean 1.02, sd sqrt(2 * 0.01^2 / 1) = 0.01414, SE 0.01
	if m := got[0]; math.Abs(m.Mean-1.02) > 1e-12 || math.Abs(m.SE-0.01) > 1e-12 {
		t.Errorf("mean %v, SE %v; want 1.02 and 0.01", m.Mean, m.SE)
	}
	if !got[0].Within(2.01) || got[0].Within(1.99) {
		t.Errorf("1.02 ± 0.01: Within(2.01) %v, Within(1.99) %v; want true, false", got[0].Within(2.01), got[0].Within(1.99))
	}
	if _, err := ClosedFormOverSeeds([][]StepBiasPoint{run(1)}); err == nil {
		t.Error("one run: no error")
	}
	other := []StepBiasPoint{{Step: 0.2, VarianceRatio: []float64{1}}}
	if _, err := ClosedFormOverSeeds([][]StepBiasPoint{run(1), other}); err == nil {
		t.Error("runs of other steps: no error")
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

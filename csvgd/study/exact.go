package study

import (
	"fmt"
	"math"

	"github.com/csvgd/csvgd-go/csvgd/calibration"
	"github.com/csvgd/csvgd-go/csvgd/compare"
	"github.com/csvgd/csvgd-go/csvgd/condense"
	"github.com/csvgd/csvgd-go/csvgd/exact"
	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/runcache"
	"github.com/csvgd/csvgd-go/csvgd/train"
)

// Studies beyond the paper: the Stein ensembles of Fig.
// convergence_ensemble, and runs like them with other seeds, against the
// posterior of the template their last stage ran on, sampled by NUTS (a
// reference, called the exact posterior only where the run meets Stan's
// criteria), and the calibration of both.

// ExactSeeds are the seeds of the Stein runs of every ensemble size that
// are compared with the posterior of their template: 1 (the runs of Fig.
// convergence_ensemble), 2 and 3; in quick mode only 1.
func (p Plan) ExactSeeds() []uint64 {
	if p.Quick {
		return []uint64{1}
	}
	return []uint64{1, 2, 3}
}

// ExactRuns are the NUTS runs of the comparison, by ensemble size and then
// seed: for every run of ConvergenceEnsembleRuns (cSVGD, alpha = 0.5,
// lambda = 0.05, 10% noise, EnsembleSizes particles) and every seed of
// ExactSeeds, the posterior of the template the run's last stage ran on
// (before its condensation), sampled with exact.DefaultConfig from that
// stage's particles.
func (p Plan) ExactRuns() []runcache.NUTSSpec {
	var out []runcache.NUTSSpec
	for _, r := range p.ConvergenceEnsembleRuns() {
		for _, seed := range p.ExactSeeds() {
			spec := r
			spec.Label = fmt.Sprintf("cSVGD, %d particles, seed %d", r.Config.Particles, seed)
			if seed != r.Config.Seed {
				spec.Config.Seed, spec.Config.Keep = seed, false
			} else {
				spec.Label = r.Label
			}
			out = append(out, runcache.NUTSSpec{Run: spec, Config: exact.DefaultConfig(p.Quick)})
		}
	}
	return out
}

// ExactAgreementRun is a second NUTS run on the template of the first run
// of ExactRuns (the smallest ensemble, seed 1), with another seed and
// twice the kept iterations: its push-forward bands must agree with the
// default run's within Monte Carlo error.
func (p Plan) ExactAgreementRun() runcache.NUTSSpec {
	n := p.ExactRuns()[0]
	n.Config.Seed, n.Config.Draws = n.Config.Seed+1, 2*n.Config.Draws
	return n
}

// CompareOptions are the resampling settings of the comparisons.
var CompareOptions = compare.DefaultOptions()

// FreshSeed is the seed of the fresh observations of the calibration
// (calibration.Fresh); the committed data sets were made with seed 1.
const FreshSeed = 2

// CoverageLevels are the nominal levels of the reliability diagram.
var CoverageLevels = []float64{0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9}

// ExactComparison is the Stein ensemble of a run's last stage beside NUTS
// draws of the posterior of that stage's template.
type ExactComparison struct {
	Label     string
	Particles int
	Seed      uint64
	Arch      icnn.Arch    // the template the last stage ran on
	Config    exact.Config // the NUTS run's
	Report    exact.Report
	Test      []hyperelastic.Sample
	// SteinWeights and NUTSWeights are the last stage's particles and the
	// kept NUTS draws; Stein and NUTS their predictions at the test
	// points.
	SteinWeights, NUTSWeights [][]float64
	Stein, NUTS               hyperelastic.Predictions
	// SteinW1Truth and NUTSW1Truth are the push-forward W1 sums to the
	// noisy truth inside the training range, on the run's reference sample.
	SteinW1Truth, NUTSW1Truth float64
	// SteinCoverage and NUTSCoverage are the coverage at CoverageLevels.
	SteinCoverage, NUTSCoverage calibration.Report
	// Compare holds the band ratios and distances with their intervals,
	// and the constrained weights at and near 0.
	Compare *compare.Result
	// Trace and Diverged are the NUTS run's rank-plot trace and where its
	// kept transitions diverged.
	Trace    exact.Trace
	Diverged [][]float64
}

// ExactComparisons compares every run of ExactRuns with its NUTS run.
func ExactComparisons(s *Store) ([]ExactComparison, error) {
	var out []ExactComparison
	for _, n := range s.ExactRuns() {
		c, err := compareExact(s, n)
		if err != nil {
			return nil, fmt.Errorf("study: %s against NUTS: %w", n.Run.Label, err)
		}
		out = append(out, c)
	}
	return out, nil
}

// compareExact compares the last stage of the training run of n with its
// NUTS run.
func compareExact(s *Store, n runcache.NUTSSpec) (ExactComparison, error) {
	res, err := s.Result(n.Run)
	if err != nil {
		return ExactComparison{}, err
	}
	nr, err := s.NUTS(n)
	if err != nil {
		return ExactComparison{}, err
	}
	data, err := train.LoadPaperData(n.Run.Noise)
	if err != nil {
		return ExactComparison{}, err
	}
	arch, particles, err := res.LastStageEnsemble()
	if err != nil {
		return ExactComparison{}, err
	}
	c := ExactComparison{Label: n.Run.Label, Particles: n.Run.Config.Particles, Seed: n.Run.Config.Seed, Arch: arch, Config: nr.Config,
		Report: nr.Report, Test: data.Test, SteinWeights: particles, NUTSWeights: nr.Draws,
		Stein: exact.HostPredict(arch, data.Test, particles), NUTS: exact.HostPredict(arch, data.Test, nr.Draws),
		Trace: nr.Trace, Diverged: nr.Diverged}
	c.Compare, err = s.Comparison(n, CompareOptions, func() (*compare.Result, error) {
		r, err := compare.Predictions(c.Stein, c.NUTS, data.Test, CompareOptions)
		if err == nil {
			r.Weights = compare.ZeroWeightsOf(arch, particles, nr.Draws)
		}
		return r, err
	})
	if err != nil {
		return ExactComparison{}, err
	}
	ref := train.ReferenceSample(data.Test, data.Noise, n.Run.Config.RefDraws, n.Run.Config.Seed)
	if c.SteinW1Truth, err = train.PushForwardW1InRange(c.Stein, ref, data.Test); err != nil {
		return ExactComparison{}, err
	}
	if c.NUTSW1Truth, err = train.PushForwardW1InRange(c.NUTS, ref, data.Test); err != nil {
		return ExactComparison{}, err
	}
	obs := calibration.Fresh(data.Test, data.Noise, FreshSeed)
	if c.SteinCoverage, err = calibration.Calibrate(c.Stein, data.Test, obs, res.Sigma, CoverageLevels); err != nil {
		return ExactComparison{}, err
	}
	c.NUTSCoverage, err = calibration.Calibrate(c.NUTS, data.Test, obs, res.Sigma, CoverageLevels)
	return c, err
}

// Aligned are the Stein particles and the NUTS draws with their hidden
// nodes matched to one reference, the medoid of both together
// (condense.AlignParticles).
func (c ExactComparison) Aligned() (stein, nuts [][]float64, err error) {
	both, _, err := condense.AlignParticles(c.Arch, append(append([][]float64(nil), c.SteinWeights...), c.NUTSWeights...), condense.AlignOptions{})
	if err != nil {
		return nil, nil, err
	}
	return both[:len(c.SteinWeights)], both[len(c.SteinWeights):], nil
}

// ExtremeDraws counts the NUTS draws that somewhere inside the training
// range predict a stress that is off the truth by more than the largest
// true stress component there: networks that the data allow because they
// differ from the others only between the training points.
func (c ExactComparison) ExtremeDraws() int {
	in := hyperelastic.WithinRange(c.Test, hyperelastic.TrainingDelta)
	largest := 0.0
	for _, m := range in {
		for _, s := range c.Test[m].STrue {
			largest = math.Max(largest, math.Abs(s))
		}
	}
	n := 0
	for _, p := range c.NUTS {
		if maxError(p, c.Test, in) > largest {
			n++
		}
	}
	return n
}

// maxError is the largest |S - S_true| of the prediction p at the points.
func maxError(p []hyperelastic.Stress, test []hyperelastic.Sample, points []int) float64 {
	e := 0.0
	for _, m := range points {
		for k, s := range test[m].STrue {
			e = math.Max(e, math.Abs(p[m][k]-s))
		}
	}
	return e
}

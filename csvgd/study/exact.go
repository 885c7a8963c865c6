package study

import (
	"fmt"
	"math"

	"github.com/csvgd/csvgd-go/csvgd/calibration"
	"github.com/csvgd/csvgd-go/csvgd/condense"
	"github.com/csvgd/csvgd-go/csvgd/exact"
	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/metrics"
	"github.com/csvgd/csvgd-go/csvgd/train"
)

// Studies beyond the paper: the Stein ensembles of Fig.
// convergence_ensemble against the exact posterior of their final
// templates, sampled by NUTS, and the calibration of both.

// ExactRuns are the NUTS runs of the comparison: the final template of
// every run of ConvergenceEnsembleRuns (cSVGD, alpha = 0.5, lambda =
// 0.05, 10% noise, EnsembleSizes particles), sampled with
// exact.DefaultConfig from its particles.
func (p Plan) ExactRuns() []NUTSSpec {
	var out []NUTSSpec
	for _, r := range p.ConvergenceEnsembleRuns() {
		out = append(out, NUTSSpec{Run: r, Config: exact.DefaultConfig(p.Quick)})
	}
	return out
}

// FreshSeed is the seed of the fresh observations of the calibration
// (calibration.Fresh); the committed data sets were made with seed 1.
const FreshSeed = 2

// CoverageLevels are the nominal levels of the reliability diagram.
var CoverageLevels = []float64{0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9}

// ExactComparison is a Stein ensemble beside NUTS draws of the posterior
// of its final template.
type ExactComparison struct {
	Particles int
	Arch      icnn.Arch
	Config    exact.Config // the NUTS run's
	Report    exact.Report
	Test      []hyperelastic.Sample
	// Stein and NUTS are the predictions [member][test point][6] of the
	// Stein particles and of the kept NUTS draws.
	Stein, NUTS [][][6]float64
	// SteinAligned and NUTSAligned are the particles and the draws with
	// their hidden nodes matched to one reference, the medoid of both
	// together (condense.AlignParticles).
	SteinAligned, NUTSAligned [][]float64
	// SteinW1Truth and NUTSW1Truth are the push-forward W1 sums to the
	// noisy truth inside the training range, on the run's reference sample.
	SteinW1Truth, NUTSW1Truth float64
	// SteinCoverage and NUTSCoverage are the coverage at CoverageLevels.
	SteinCoverage, NUTSCoverage calibration.Report
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

// compareExact compares the training run of n with its NUTS run.
func compareExact(s *Store, n NUTSSpec) (ExactComparison, error) {
	res, err := s.Result(n.Run)
	if err != nil {
		return ExactComparison{}, err
	}
	nr, err := s.NUTS(n)
	if err != nil {
		return ExactComparison{}, err
	}
	data, err := LoadPaperData(n.Run.Noise)
	if err != nil {
		return ExactComparison{}, err
	}
	c := ExactComparison{Particles: n.Run.Config.Particles, Arch: res.Arch, Config: nr.Config, Report: nr.Report, Test: data.Test,
		Stein: exact.HostPredict(res.Arch, data.Test, res.Particles.Rows()), NUTS: exact.HostPredict(nr.Arch, data.Test, nr.Draws),
		SteinW1Truth: res.W1InRange}
	if c.NUTSW1Truth, err = inRangeW1(c.NUTS, train.ReferenceSample(data.Test, data.Noise, n.Run.Config.RefDraws, n.Run.Config.Seed), data.Test); err != nil {
		return ExactComparison{}, err
	}
	both, _, err := condense.AlignParticles(res.Arch, append(res.Particles.Rows(), nr.Draws...), condense.AlignOptions{})
	if err != nil {
		return ExactComparison{}, err
	}
	c.SteinAligned, c.NUTSAligned = both[:c.Particles], both[c.Particles:]
	obs := calibration.Fresh(data.Test, data.Noise, FreshSeed)
	if c.SteinCoverage, err = calibration.Calibrate(c.Stein, data.Test, obs, res.Sigma, CoverageLevels); err != nil {
		return ExactComparison{}, err
	}
	c.NUTSCoverage, err = calibration.Calibrate(c.NUTS, data.Test, obs, res.Sigma, CoverageLevels)
	return c, err
}

// inRangeW1 is the push-forward W1 of pred to the reference sample ref
// ([point][draw][6]), summed over the test points inside the training
// range.
func inRangeW1(pred, ref [][][6]float64, test []hyperelastic.Sample) (float64, error) {
	pf, err := metrics.PushForwardW1(pred, ref)
	if err != nil {
		return 0, err
	}
	return train.InRangeW1(pf, test), nil
}

// W1Between is the push-forward W1 between the Stein ensemble's
// predictions and the NUTS draws', summed over the test points inside the
// training range and the six components.
func (c ExactComparison) W1Between() (float64, error) {
	return inRangeW1(c.Stein, transpose(c.NUTS), c.Test)
}

// transpose turns predictions [member][point][6] into a reference sample
// [point][member][6].
func transpose(pred [][][6]float64) [][][6]float64 {
	out := make([][][6]float64, len(pred[0]))
	for m := range out {
		out[m] = make([][6]float64, len(pred))
		for j, p := range pred {
			out[m][j] = p[m]
		}
	}
	return out
}

// BandWidth is the mean width of the central push-forward band at level
// over the entries of calibration.Entries: the stress components that are
// not zero at the test points inside the training range.
func BandWidth(pred [][][6]float64, test []hyperelastic.Sample, level float64) (float64, error) {
	band, err := calibration.PushForwardBand(pred, level)
	if err != nil {
		return 0, err
	}
	entries := calibration.Entries(test)
	var sum float64
	for _, e := range entries {
		sum += band.Hi[e.Point][e.Component] - band.Lo[e.Point][e.Component]
	}
	return sum / float64(len(entries)), nil
}

// TrimmedW1Between is [ExactComparison.W1Between] on the central parts of
// the two push-forwards (metrics.TrimmedWasserstein1 with trim t at each
// end): the distance between the bulks, which a few extreme draws do not
// dominate.
func (c ExactComparison) TrimmedW1Between(t float64) float64 {
	var sum float64
	a, b := make([]float64, len(c.Stein)), make([]float64, len(c.NUTS))
	for _, m := range hyperelastic.WithinRange(c.Test, hyperelastic.TrainingDelta) {
		for k := range 6 {
			for j, p := range c.Stein {
				a[j] = p[m][k]
			}
			for j, p := range c.NUTS {
				b[j] = p[m][k]
			}
			sum += metrics.TrimmedWasserstein1(a, b, t)
		}
	}
	return sum
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
func maxError(p [][6]float64, test []hyperelastic.Sample, points []int) float64 {
	e := 0.0
	for _, m := range points {
		for k, s := range test[m].STrue {
			e = math.Max(e, math.Abs(p[m][k]-s))
		}
	}
	return e
}

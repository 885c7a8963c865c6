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
// convergence_ensemble, runs like them with other seeds and with the
// alpha = 1 and 2 priors, against the posterior of the template their last
// stage ran on, sampled by two runs from disjoint starts
// ([Plan.ReferenceRuns]): a reference where the two runs agree
// ([exact.Agree]) and so does every other pair on the same posterior
// ([ExactComparison.Overruled]), unresolved elsewhere, and the
// calibration of both.

// ExactSeeds are the seeds of the Stein runs of every ensemble size that
// are compared with the posterior of their template: 1, the runs of Fig.
// convergence_ensemble. One seed, because every template costs two
// sampler runs of many minutes each (docs/studies.md); the agreement
// study (AgreementTable) measures how runs of one template vary.
func (p Plan) ExactSeeds() []uint64 { return []uint64{1} }

// ExactAlphas are the priors, besides alpha = 1/2, whose templates are
// compared with their posterior: alpha = 1 and 2, without the cusp at 0
// of the alpha < 1 prior's log density (a reason to look, not a measured
// one: the agreement table says where runs agree).
var ExactAlphas = []float64{1, 2}

// ExactTemplates are the training runs whose last-stage templates are
// compared with their posterior, by ensemble size and then seed: every
// run of ConvergenceEnsembleRuns (cSVGD, alpha = 0.5, lambda = 0.05, 10%
// noise, EnsembleSizes particles; quick mode: the two smallest) and its
// like for every seed of ExactSeeds; then for each of ExactAlphas the runs
// of the smallest and the largest size but one (10 and 50 particles;
// quick mode: the smallest), seed 1.
func (p Plan) ExactTemplates() []runcache.Spec {
	var out []runcache.Spec
	sizes := p.EnsembleSizes()
	if p.Quick {
		sizes = sizes[:2]
	}
	for _, n := range sizes {
		for _, seed := range p.ExactSeeds() {
			out = append(out, p.EnsembleRun(n, seed))
		}
	}
	sizes = p.EnsembleSizes()
	sizes = []int{sizes[0], sizes[len(sizes)-2]}
	if p.Quick {
		sizes = sizes[:1]
	}
	for _, a := range ExactAlphas {
		for _, n := range sizes {
			s := p.paperRun(fmt.Sprintf("cSVGD alpha = %g, %d particles", a, n), a)
			s.Config.Particles, s.Config.KeepLastStage = n, true
			out = append(out, s)
		}
	}
	return out
}

// EnsembleRun is the run of ConvergenceEnsembleRuns with n particles, or
// one like it with another seed (keeping its last stage, not its history
// of particles).
func (p Plan) EnsembleRun(n int, seed uint64) runcache.Spec {
	for _, r := range p.ConvergenceEnsembleRuns() {
		if r.Config.Particles != n {
			continue
		}
		if seed != r.Config.Seed {
			r.Label = fmt.Sprintf("cSVGD, %d particles, seed %d", n, seed)
			r.Config.Seed, r.Config.Keep = seed, false
		}
		return r
	}
	r := p.paperRun(fmt.Sprintf("cSVGD, %d particles, seed %d", n, seed), 0.5)
	r.Config.Particles, r.Config.Seed, r.Config.KeepLastStage = n, seed, true
	return r
}

// ExactRuns are the reference runs of every template of ExactTemplates,
// two per template ([Plan.ReferenceRuns]).
func (p Plan) ExactRuns() []runcache.NUTSSpec {
	var out []runcache.NUTSSpec
	for _, r := range p.ExactTemplates() {
		out = append(out, p.ReferenceRuns(r)...)
	}
	return out
}

// CompareOptions are the resampling settings of the comparisons:
// compare.DefaultOptions, with a tenth of the replicates in quick mode
// (its draws are not a reference; the code paths are the same).
func (p Plan) CompareOptions() compare.Options {
	o := compare.DefaultOptions()
	if p.Quick {
		o.Bootstrap /= 10
	}
	return o
}

// FreshSeed is the seed of the fresh observations of the calibration
// (calibration.Fresh); the committed data sets were made with seed 1.
const FreshSeed = 2

// CoverageLevels are the nominal levels of the reliability diagram.
var CoverageLevels = []float64{0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9}

// ExactComparison is the Stein ensemble of a run's last stage beside the
// reference runs on the posterior of that stage's template.
type ExactComparison struct {
	Label     string
	Particles int
	Seed      uint64
	Alpha     float64   // the prior's
	Arch      icnn.Arch // the template the last stage ran on
	Test      []hyperelastic.Sample
	// Reference holds the two runs, their reports and their agreement.
	Reference *Reference
	// Overruled: the two runs agree, but another pair of runs on the same
	// posterior (a template another training run ended on too, at the
	// same prior) does not, so the template has no reference.
	Overruled bool
	// SteinWeights and NUTSWeights are the last stage's particles and the
	// reference runs' kept draws pooled (an equal number from each); Stein
	// and NUTS their predictions at the test points.
	SteinWeights, NUTSWeights [][]float64
	Stein, NUTS               hyperelastic.Predictions
	// SteinW1Truth and NUTSW1Truth are the push-forward W1 sums to the
	// noisy truth inside the training range, on the run's reference sample.
	SteinW1Truth, NUTSW1Truth float64
	// SteinCoverage and NUTSCoverage are the coverage at CoverageLevels.
	SteinCoverage, NUTSCoverage calibration.Report
	// Compare holds the band ratios and distances against the pooled
	// draws, with their intervals, where the reference runs agree (nil
	// where they do not); CompareRuns the same against each run alone
	// where they do not (nil where they agree), the numbers given side by
	// side.
	Compare     *compare.Result
	CompareRuns []*compare.Result
	// Zero are the constrained weights at 0 of the Stein particles and
	// near 0 of the pooled draws.
	Zero *compare.ZeroWeights
}

// Agrees reports whether the template has a reference: its two runs
// agree, and so does every other ensemble's pair of runs on the same
// posterior.
func (c ExactComparison) Agrees() bool { return c.Reference.Agrees() && !c.Overruled }

// ExactComparisons compares every template of ExactTemplates with its
// reference runs. Training runs that ended on one template at one prior
// share its posterior: the pairs of runs on it are judged together, and
// where one pair does not agree no pair on that posterior is a reference
// (Overruled), since a third run that disagrees shows that the two that
// agree need not stand for the posterior.
func ExactComparisons(s *Store) ([]ExactComparison, error) {
	return comparePosteriors(s, s.ExactTemplates())
}

// comparePosteriors compares every training run of runs with its
// reference runs, judging the pairs of runs on one posterior together
// (ExactComparisons).
func comparePosteriors(s *Store, runs []runcache.Spec) ([]ExactComparison, error) {
	results := make([]*train.Result, len(runs))
	refs := make([]*Reference, len(runs))
	posterior := make([]string, len(runs))
	agrees := make([]bool, len(runs))
	for i, r := range runs {
		var err error
		if results[i], err = s.Result(r); err != nil {
			return nil, fmt.Errorf("study: %s: %w", r.Label, err)
		}
		if posterior[i], err = posteriorKey(results[i], r); err != nil {
			return nil, fmt.Errorf("study: %s: %w", r.Label, err)
		}
		if refs[i], err = s.Reference(r); err != nil {
			return nil, fmt.Errorf("study: %s against its reference: %w", r.Label, err)
		}
		agrees[i] = refs[i].Agrees()
	}
	over := overruled(posterior, agrees)
	out := make([]ExactComparison, len(runs))
	for i, r := range runs {
		var err error
		if out[i], err = compareExact(s, r, results[i], refs[i], over[i]); err != nil {
			return nil, fmt.Errorf("study: %s against its reference: %w", r.Label, err)
		}
	}
	return out, nil
}

// posteriorKey names the posterior that the reference runs of the
// training run (with result res) sample: its last stage's template and
// the settings of exact.SettingsOf (noise, sigma, likelihood, prior).
// Two training runs with one key share their posterior.
func posteriorKey(res *train.Result, run runcache.Spec) (string, error) {
	arch, _, err := res.LastStageEnsemble()
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%s|%+v", widths(arch.Widths), exact.SettingsOf(res, run.Noise)), nil
}

// overruled says which pairs of runs agree while another pair on the same
// posterior (the same name in posterior) does not.
func overruled(posterior []string, agrees []bool) []bool {
	split := map[string]bool{}
	for i, p := range posterior {
		split[p] = split[p] || !agrees[i]
	}
	out := make([]bool, len(posterior))
	for i, p := range posterior {
		out[i] = agrees[i] && split[p]
	}
	return out
}

// compareExact compares the last stage of the training run (with result
// res) with the reference runs ref on its template; overruled: they
// agree, but another pair of runs on the same posterior does not.
func compareExact(s *Store, run runcache.Spec, res *train.Result, ref *Reference, overruled bool) (ExactComparison, error) {
	data, err := train.LoadPaperData(run.Noise)
	if err != nil {
		return ExactComparison{}, err
	}
	arch, particles, err := res.LastStageEnsemble()
	if err != nil {
		return ExactComparison{}, err
	}
	pooled := ref.Pooled()
	c := ExactComparison{Label: run.Label, Particles: run.Config.Particles, Seed: run.Config.Seed, Alpha: run.Config.Alpha, Arch: arch,
		Reference: ref, Overruled: overruled, Test: data.Test, SteinWeights: particles, NUTSWeights: pooled,
		Stein: exact.HostPredict(arch, data.Test, particles), NUTS: exact.HostPredict(arch, data.Test, pooled)}
	c.Zero = compare.ZeroWeightsOf(arch, particles, pooled)
	o := s.CompareOptions()
	against := func(specs []runcache.NUTSSpec, draws [][]float64, pred hyperelastic.Predictions) (*compare.Result, error) {
		return s.Comparison(specs, o, func() (*compare.Result, error) {
			r, err := compare.Predictions(c.Stein, pred, data.Test, o)
			if err == nil {
				r.Weights = compare.ZeroWeightsOf(arch, particles, draws)
			}
			return r, err
		})
	}
	if c.Agrees() {
		c.Compare, err = against(ref.Specs, pooled, c.NUTS)
	} else {
		for i, r := range ref.Runs {
			var cr *compare.Result
			if cr, err = against(ref.Specs[i:i+1], r.Draws, exact.HostPredict(arch, data.Test, r.Draws)); err != nil {
				break
			}
			c.CompareRuns = append(c.CompareRuns, cr)
		}
	}
	if err != nil {
		return ExactComparison{}, err
	}
	truth := train.ReferenceSample(data.Test, data.Noise, run.Config.RefDraws, run.Config.Seed)
	if c.SteinW1Truth, err = train.PushForwardW1InRange(c.Stein, truth, data.Test); err != nil {
		return ExactComparison{}, err
	}
	if c.NUTSW1Truth, err = train.PushForwardW1InRange(c.NUTS, truth, data.Test); err != nil {
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
// true stress component there.
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

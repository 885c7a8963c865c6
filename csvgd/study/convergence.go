package study

import (
	"fmt"

	"github.com/csvgd/csvgd-go/csvgd/figures"
	"github.com/csvgd/csvgd-go/csvgd/runcache"
	"github.com/csvgd/csvgd-go/csvgd/train"
)

// Studies of the paper's Secs. 5.5 (convergence) and 5.6 (adaptive
// penalty). All are cSVGD with lambda = 0.05 unless said otherwise.

// PaperEnsembleSizes are the ensemble sizes N_r of Fig. convergence_ensemble.
var PaperEnsembleSizes = []int{10, 20, 50, 100}

// EnsembleSizes are PaperEnsembleSizes, without 100 in quick mode (the
// most expensive quick run by far).
func (p Plan) EnsembleSizes() []int {
	if p.Quick {
		return PaperEnsembleSizes[:3]
	}
	return PaperEnsembleSizes
}

// PaperNoiseLevels are the noise levels of Figs. convergence_noise,
// noisy_pushforwards and adaptive_penalty: the committed data sets.
var PaperNoiseLevels = []float64{0, 0.05, 0.1, 0.2}

// PaperPenalties are the fixed lambdas of Fig. adaptive_penalty.
var PaperPenalties = []float64{0.01, 0.05, 0.1}

// ConvergencePriorsRuns are the runs of Fig. convergence_priors: cSVGD for
// each alpha of PaperAlphas, 10 particles, 10% noise (the cSVGD runs of
// Fig. graph_condense_speedup).
func (p Plan) ConvergencePriorsRuns() []runcache.Spec {
	with, _ := p.SpeedupRuns()
	return with
}

// ConvergenceEnsembleRuns are the runs of Fig. convergence_ensemble: cSVGD
// at alpha = 0.5 with each ensemble size of EnsembleSizes (20: the run of
// GraphRun), keeping their last stage's particles for the comparison with
// the exact posterior ([Plan.ExactRuns]).
func (p Plan) ConvergenceEnsembleRuns() []runcache.Spec {
	var out []runcache.Spec
	for _, n := range p.EnsembleSizes() {
		if n == 20 {
			out = append(out, p.GraphRun())
			continue
		}
		s := p.paperRun(fmt.Sprintf("cSVGD, %d particles", n), 0.5)
		s.Config.Particles, s.Config.KeepLastStage = n, true
		out = append(out, s)
	}
	return out
}

// ConvergenceNoiseRuns are the runs of Fig. convergence_noise: cSVGD at
// alpha = 0.5, 10 particles, on the data of each of PaperNoiseLevels.
func (p Plan) ConvergenceNoiseRuns() []runcache.Spec {
	var out []runcache.Spec
	for _, s := range PaperNoiseLevels {
		r := p.paperRun(fmt.Sprintf("cSVGD, %g%% noise", 100*s), 0.5)
		r.Noise = s
		out = append(out, r)
	}
	return out
}

// MethodRuns are the runs of Fig. noisy_pushforwards (b) at 10% noise, 10
// particles: cSVGD and SVGD with the same alpha = 0.5 prior without
// condensation, and the sequential method "L2 + Stein" (a MAP phase of one
// stage with the alpha = 2 prior, pruning at 1e-3, then SVGD with the same
// alpha = 2 prior on the pruned structure).
func (p Plan) MethodRuns() []runcache.Spec {
	with, without := p.SpeedupRuns()
	seq := p.paperRun("sequential (L2 + Stein)", 2)
	seq.Config.Method = train.Sequential
	return []runcache.Spec{with[1], without[1], seq}
}

// AdaptiveRuns are the runs of Fig. adaptive_penalty, alpha = 0.5, 10
// particles, on each noise level, all with the paper's budget of 4000
// iterations (400 in quick mode): fixed[i][j] with lambda
// PaperPenalties[i] on PaperNoiseLevels[j], and adaptive[j], the adaptive
// schedule from lambda = 0.01 (growth 2, tolerance 10%) in stages of 250
// iterations (25), so that lambda can grow over several stages; its last
// stage runs at lambda = 0.01 on the fixed template whether or not the
// error rose (docs/reading.md section 11).
func (p Plan) AdaptiveRuns() (fixed [][]runcache.Spec, adaptive []runcache.Spec) {
	run := func(label string, noise, lambda float64) runcache.Spec {
		s := p.paperRun(label, 0.5)
		s.Noise, s.Config.Lambda = noise, lambda
		s.Config.Iters *= 2
		return s
	}
	for _, l := range PaperPenalties {
		var row []runcache.Spec
		for _, s := range PaperNoiseLevels {
			row = append(row, run(fmt.Sprintf("cSVGD, lambda = %g, %g%% noise", l, 100*s), s, l))
		}
		fixed = append(fixed, row)
	}
	for _, s := range PaperNoiseLevels {
		a := run(fmt.Sprintf("cSVGD, adaptive lambda, %g%% noise", 100*s), s, 0.01)
		a.Config.Adaptive, a.Config.Stage = true, a.Config.Stage/2 // 250 (25) iterations
		adaptive = append(adaptive, a)
	}
	return fixed, adaptive
}

// ConvergencePriors makes Fig. convergence_priors.
func ConvergencePriors(s *Store) (*figures.Figure, error) {
	return convergence(s, figures.ConvergencePriors, s.ConvergencePriorsRuns(), func(i int) string {
		return fmt.Sprintf("α = %g", PaperAlphas[i])
	})
}

// ConvergenceEnsemble makes Fig. convergence_ensemble.
func ConvergenceEnsemble(s *Store) (*figures.Figure, error) {
	return convergence(s, figures.ConvergenceEnsemble, s.ConvergenceEnsembleRuns(), func(i int) string {
		return fmt.Sprintf("N = %d", s.EnsembleSizes()[i])
	})
}

// ConvergenceNoise makes Fig. convergence_noise.
func ConvergenceNoise(s *Store) (*figures.Figure, error) {
	return convergence(s, figures.ConvergenceNoise, s.ConvergenceNoiseRuns(), func(i int) string {
		return fmt.Sprintf("%g%% noise", 100*PaperNoiseLevels[i])
	})
}

func convergence(s *Store, draw func([]string, []train.Result) *figures.Figure, specs []runcache.Spec, label func(int) string) (*figures.Figure, error) {
	res, err := s.All(specs)
	if err != nil {
		return nil, err
	}
	labels := make([]string, len(res))
	for i := range labels {
		labels[i] = label(i)
	}
	return draw(labels, deref(res)), nil
}

// NoisyPushforwards makes Fig. noisy_pushforwards: the W1 curves of
// ConvergenceNoiseRuns (a) and of MethodRuns (b), moving average of 25
// points.
func NoisyPushforwards(s *Store) (*figures.Figure, error) {
	byNoise, err := s.All(s.ConvergenceNoiseRuns())
	if err != nil {
		return nil, err
	}
	byMethod, err := s.All(s.MethodRuns())
	if err != nil {
		return nil, err
	}
	test, err := testPath()
	if err != nil {
		return nil, err
	}
	var a, b []figures.Labeled
	for i, r := range byNoise {
		a = append(a, figures.Labeled{Label: fmt.Sprintf("%g%% noise", 100*PaperNoiseLevels[i]), W1: r.W1})
	}
	for i, name := range []string{"cSVGD", "SVGD, no condensation", "L2 + Stein"} {
		b = append(b, figures.Labeled{Label: fmt.Sprintf("%s, α = %g", name, byMethod[i].Config.Alpha), W1: byMethod[i].W1})
	}
	return figures.NoisyPushforwards(test, a, b, 25), nil
}

// AdaptivePenalty makes Fig. adaptive_penalty from AdaptiveRuns.
func AdaptivePenalty(s *Store) (*figures.Figure, error) {
	fixedSpecs, adaptiveSpecs := s.AdaptiveRuns()
	var fixed []figures.PenaltyRuns
	for i, row := range fixedSpecs {
		res, err := s.All(row)
		if err != nil {
			return nil, err
		}
		fixed = append(fixed, figures.PenaltyRuns{Lambda: PaperPenalties[i], Runs: deref(res)})
	}
	adaptive, err := s.All(adaptiveSpecs)
	if err != nil {
		return nil, err
	}
	floors := make([]train.NoiseFloor, len(adaptiveSpecs))
	for i, spec := range adaptiveSpecs {
		if floors[i], err = NoiseFloorOf(spec); err != nil {
			return nil, err
		}
	}
	return figures.AdaptivePenalty(PaperNoiseLevels, fixed, deref(adaptive), floors...), nil
}

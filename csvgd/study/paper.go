package study

import (
	"github.com/csvgd/csvgd-go/csvgd/figures"
	"github.com/csvgd/csvgd-go/csvgd/mvn"
)

// Figure is one figure of the paper and the study that makes it.
type Figure struct {
	Name    string // the paper's name (docs/reading.md section 14), also the file name
	Section string // the paper's section
	Make    func(s *Store) (*figures.Figure, error)
}

// PaperFigures are the figures this project regenerates, in the paper's
// order.
func PaperFigures() []Figure {
	return []Figure{
		{"prior_family", "3", func(*Store) (*figures.Figure, error) { return figures.PriorFamily(), nil }},
		{"mvn_gradient", "4", func(*Store) (*figures.Figure, error) { return figures.MVNGradient() }},
		{"mvn_survey", "4", MVNSurvey},
		{"mvn_particles", "4", MVNParticles},
		{"graph_condense_sequence", "5.4", GraphCondenseSequence},
		{"graph_distance_evolution", "5.4", GraphDistanceEvolution},
		{"weight_distributions", "5.4", WeightDistributions},
		{"graph_condense_speedup", "5.4", GraphCondenseSpeedup},
		{"convergence_priors", "5.5", ConvergencePriors},
		{"convergence_ensemble", "5.5", ConvergenceEnsemble},
		{"convergence_noise", "5.5", ConvergenceNoise},
		{"noisy_pushforwards", "5.5", NoisyPushforwards},
		{"adaptive_penalty", "5.6", AdaptivePenalty},
	}
}

// MVNSurvey makes Fig. mvn_survey from the survey of Sec. 4 over alpha,
// beta and lambda ([Store.Survey]).
func MVNSurvey(s *Store) (*figures.Figure, error) {
	pts, err := s.Survey()
	if err != nil {
		return nil, err
	}
	return figures.MVNSurvey(pts), nil
}

// MVNParticles makes Fig. mvn_particles: the converged ensembles of Sec. 4.
func MVNParticles(s *Store) (*figures.Figure, error) {
	rs, err := mvn.ParticlesStudy(s.Backend, mvn.PaperTarget(), mvn.PaperParticles(s.Quick))
	if err != nil {
		return nil, err
	}
	return figures.MVNParticles(rs), nil
}

package study

import (
	"github.com/csvgd/csvgd-go/csvgd/figures"
	"github.com/csvgd/csvgd-go/csvgd/mvn"
)

// PriorFamily makes Fig. prior_family; it reads nothing.
func PriorFamily(*Store) (*figures.Figure, error) { return figures.PriorFamily(), nil }

// MVNGradient makes Fig. mvn_gradient; it reads nothing.
func MVNGradient(*Store) (*figures.Figure, error) { return figures.MVNGradient() }

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

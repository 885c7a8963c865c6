package mvn

import (
	"gonum.org/v1/gonum/mat"

	"github.com/csvgd/csvgd-go/csvgd/stein"
)

// exactMoments are the mean and covariance of an exact posterior.
type exactMoments struct {
	mean []float64
	cov  *mat.SymDense
}

// posteriors computes the exact posterior moments of t under each prior
// once ([ExactMoments]: deterministic quadrature, a fraction of a second).
type posteriors struct {
	t       Target
	moments map[stein.Prior]exactMoments
}

// distance is the Bhattacharyya distance of the run's moments to the
// exact posterior's under prior: the distance to the density the Stein
// flow targets, where the paper's measures the distance to the likelihood
// alone.
func (p posteriors) distance(prior stein.Prior, r *Result) (float64, error) {
	m, ok := p.moments[prior]
	if !ok {
		mean, cov, err := ExactMoments(p.t, prior)
		if err != nil {
			return 0, err
		}
		m = exactMoments{mean, cov}
		p.moments[prior] = m
	}
	return Bhattacharyya(r.Mean, r.Cov, m.mean, m.cov)
}

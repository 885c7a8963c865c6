package mvn

import (
	"fmt"

	"github.com/csvgd/csvgd-go/csvgd/stein"
)

// Derivatives gives, for every particle of x, the likelihood's score
// -P (theta - mu) and its curvature, the precision P itself (the Hessian
// of -log p, exact and the same everywhere): the model of a Newton flow
// (package svn) on this target.
func (t Target) Derivatives(x *stein.Ensemble) (*stein.Ensemble, [][]float64, error) {
	if x.D != t.Dim() {
		return nil, nil, fmt.Errorf("mvn: particles of %d components for a target of dimension %d", x.D, t.Dim())
	}
	score := stein.NewEnsemble(x.N, x.D)
	for a, theta := range x.Rows() {
		copy(score.Particle(a), t.Score1(theta))
	}
	d := t.Dim()
	prec := make([]float64, d*d)
	for i := 0; i < d; i++ {
		for j := 0; j < d; j++ {
			prec[i*d+j] = t.Precision.At(i, j)
		}
	}
	curv := make([][]float64, x.N)
	for a := range curv {
		curv[a] = prec
	}
	return score, curv, nil
}

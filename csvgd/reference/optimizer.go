package reference

import (
	"fmt"
	"math"

	"github.com/csvgd/csvgd-go/csvgd/stein"
)

// update writes the particles after the optimizer step along phi and the
// projection into s.next, and the optimizer's new state into s.upd,
// leaving theta and the current state alone; a non-finite new state or
// new particle gives the error of [Step.Do].
//
// [stein.SGD] is theta + LR phi. [stein.Adam] ascends along phi with bias
// correction at t = Iter + 1 (Iter the steps done before this one, as
// [stein.Flow] passes it):
//
//	m = beta1 m + (1 - beta1) phi,  v = beta2 v + (1 - beta2) phi^2,
//	theta += LR (m / (1 - beta1^t)) / (sqrt(v / (1 - beta2^t)) + eps).
//
// The projection (when Config.Project is set) sets the constrained weights
// that came out negative to 0.
func (s *Step) update(theta []float64) error {
	switch o := s.Config.Optimizer.(type) {
	case stein.SGD:
		s.parallel(s.n, func(_, lo, hi int) {
			d := s.net.params
			for i := lo * d; i < hi*d; i++ {
				s.next[i] = theta[i] + s.phi[i]*o.LR
			}
		})
	case stein.Adam:
		t := float64(s.Iter + 1)
		c1, c2 := 1-math.Pow(o.Beta1, t), 1-math.Pow(o.Beta2, t)
		m, v, m1, v1 := s.state[0], s.state[1], s.upd[0], s.upd[1]
		s.parallel(s.n, func(_, lo, hi int) {
			d := s.net.params
			for i := lo * d; i < hi*d; i++ {
				p := s.phi[i]
				m1[i] = m[i]*o.Beta1 + p*(1-o.Beta1)
				v1[i] = v[i]*o.Beta2 + p*p*(1-o.Beta2)
				step := (m1[i] / c1) / (math.Sqrt(v1[i]/c2) + o.Eps)
				s.next[i] = theta[i] + step*o.LR
			}
		})
	default:
		return fmt.Errorf("reference: optimizer %s (%T): only adam and sgd are written out", o.Name(), o)
	}
	for _, st := range s.upd {
		if !finite(st) {
			return s.nonFinite(stein.OptimizerState)
		}
	}
	if s.Config.Project != nil {
		d := s.net.params
		for a := 0; a < s.n; a++ {
			row := s.next[a*d : (a+1)*d]
			for i, c := range s.constrained {
				if c && row[i] < 0 {
					row[i] = 0
				}
			}
		}
	}
	if !finite(s.next) {
		return s.nonFinite(stein.UpdatedParticles)
	}
	return nil
}

package reference

import (
	"math"

	"github.com/csvgd/csvgd-go/csvgd/stein"
)

// penalty is c alpha, the factor of the smoothed score of the step's prior
// at the step's Lambda, where c is the coefficient of |theta|^alpha
// ([stein.Prior.Coefficient]: lambda in the penalty form, lambda^alpha
// c2(alpha) in the normalized form).
func (s *Step) penalty() float64 {
	p := s.Config.Prior
	return p.Coefficient(s.Lambda) * p.Alpha
}

// priorScore writes the smoothed score of the alpha prior for one
// particle, component by component as [stein.Prior.Score1D],
//
//	d/dtheta log p = -pen theta (theta^2 + s^2)^(alpha/2 - 1),  pen = c alpha.
//
// The power is written with square roots for the orders alpha = 2, 1 and
// 0.5 (exponents 0, -1/2 and -3/4), which agree with math.Pow to a few
// units in the last place at a fraction of its cost.
func (s *Step) priorScore(pen float64, theta, out []float64) {
	p := s.Config.Prior
	sm := p.Smoothing
	if sm == 0 {
		sm = stein.DefaultSmoothing
	}
	s2 := sm * sm
	switch p.Alpha {
	case 2:
		for i, t := range theta {
			out[i] = -(pen * t)
		}
	case 1:
		for i, t := range theta {
			out[i] = -(pen * (t / math.Sqrt(t*t+s2)))
		}
	case 0.5:
		for i, t := range theta {
			r := math.Sqrt(t*t + s2)
			out[i] = -(pen * (t / (r * math.Sqrt(r))))
		}
	default:
		e := p.Alpha/2 - 1
		for i, t := range theta {
			out[i] = -(pen * (t * math.Pow(t*t+s2, e)))
		}
	}
}

package mvn

import (
	"fmt"
	"math"

	"github.com/csvgd/csvgd-go/csvgd/stein"
)

// moments are a block's posterior mean and covariance from one rule, the
// log of its normalising constant (the integral of the unnormalised
// density over the window, likelihood factor exp(-d^T P d / 2) times the
// prior), and edge, the largest log integrand on the window's outermost
// nodes minus the largest overall.
type moments struct {
	mean []float64
	cov  [][]float64
	logZ float64
	edge float64
}

// close reports whether m and o agree to tol relative to the scale of
// each coordinate, and their log normalising constants to tol.
func (m moments) close(o moments, tol float64) bool {
	if math.Abs(m.logZ-o.logZ) > tol {
		return false
	}
	for i := range m.mean {
		s := math.Sqrt(m.cov[i][i])
		if math.Abs(m.mean[i]-o.mean[i]) > tol*(s+math.Abs(m.mean[i])) {
			return false
		}
		for j := range m.mean {
			if math.Abs(m.cov[i][j]-o.cov[i][j]) > tol*s*math.Sqrt(m.cov[j][j]) {
				return false
			}
		}
	}
	return true
}

// axis is one coordinate's quadrature nodes x with logW = log(weight) +
// log prior at each.
type axis struct {
	x, logW []float64
}

// newAxis lays the rule of coordinate i on its window of k likelihood
// standard deviations with panels h sd wide, and evaluates the prior.
func (b block) newAxis(prior stein.Prior, i int, k, h float64) (axis, error) {
	lo := math.Min(0, b.mu[i]) - k*b.sd[i]
	hi := math.Max(0, b.mu[i]) + k*b.sd[i]
	s := prior.Smoothing
	if s == 0 {
		s = stein.DefaultSmoothing
	}
	r := gradedRule(lo, hi, h*b.sd[i], s)
	a := axis{x: r.x, logW: make([]float64, len(r.x))}
	for n, x := range r.x {
		a.logW[n] = math.Log(r.w[n])
		if prior.Lambda == 0 { // the flat, improper prior
			continue
		}
		v := prior.SmoothedLogDensity1D(x)
		if math.IsNaN(v) || math.IsInf(v, 1) {
			return a, fmt.Errorf("prior log density at %v is %v", x, v)
		}
		a.logW[n] += v
	}
	return a, nil
}

// integrate computes the block's moments on the tensor product of its
// axes' rules.
func (b block) integrate(prior stein.Prior, k, h float64) (moments, error) {
	axes := make([]axis, len(b.mu))
	for i := range axes {
		var err error
		if axes[i], err = b.newAxis(prior, i, k, h); err != nil {
			return moments{}, err
		}
	}
	acc := newAccumulator(len(b.mu))
	idx := make([]int, len(axes))
	d := make([]float64, len(axes))
	for {
		logW, edge := 0.0, false
		for i, a := range axes {
			d[i] = a.x[idx[i]] - b.mu[i]
			logW += a.logW[idx[i]]
			edge = edge || idx[i] == 0 || idx[i] == len(a.x)-1
		}
		acc.add(d, logW-b.quadraticForm(d)/2, edge)
		if !next(idx, axes) {
			break
		}
	}
	return acc.moments(b.mu)
}

// next advances the multi-index idx over the axes' nodes (an odometer);
// it returns false after the last.
func next(idx []int, axes []axis) bool {
	for i := range idx {
		if idx[i]++; idx[i] < len(axes[i].x) {
			return true
		}
		idx[i] = 0
	}
	return false
}

// quadraticForm is d^T P d.
func (b block) quadraticForm(d []float64) float64 {
	var q float64
	for i := range d {
		for j := range d {
			q += d[i] * b.prec[i*len(d)+j] * d[j]
		}
	}
	return q
}

package mvn

import (
	"fmt"
	"math"
)

// accumulator sums weights exp(logW) and the first and second moments of
// d under them, rescaled by a running maximum so that nothing overflows.
type accumulator struct {
	shift, z float64
	s1       []float64
	s2       [][]float64
	edgeMax  float64 // largest logW on the window's edges
}

func newAccumulator(k int) *accumulator {
	a := &accumulator{shift: math.Inf(-1), edgeMax: math.Inf(-1), s1: make([]float64, k), s2: make([][]float64, k)}
	for i := range a.s2 {
		a.s2[i] = make([]float64, k)
	}
	return a
}

func (a *accumulator) add(d []float64, logW float64, edge bool) {
	if edge {
		a.edgeMax = math.Max(a.edgeMax, logW)
	}
	if math.IsInf(logW, -1) {
		return
	}
	if logW > a.shift {
		a.rescale(math.Exp(a.shift - logW))
		a.shift = logW
	}
	w := math.Exp(logW - a.shift)
	a.z += w
	for i := range d {
		a.s1[i] += w * d[i]
		for j := range d {
			a.s2[i][j] += w * d[i] * d[j]
		}
	}
}

func (a *accumulator) rescale(f float64) {
	a.z *= f
	for i := range a.s1 {
		a.s1[i] *= f
		for j := range a.s2[i] {
			a.s2[i][j] *= f
		}
	}
}

// moments turns the sums into the mean (offset by mu) and covariance.
func (a *accumulator) moments(mu []float64) (moments, error) {
	if !(a.z > 0) || math.IsInf(a.z, 0) {
		return moments{}, fmt.Errorf("posterior mass %v on the quadrature grid", a.z)
	}
	m := moments{mean: make([]float64, len(mu)), cov: make([][]float64, len(mu)), logZ: a.shift + math.Log(a.z), edge: a.edgeMax - a.shift}
	for i := range mu {
		m.mean[i] = mu[i] + a.s1[i]/a.z
		m.cov[i] = make([]float64, len(mu))
	}
	for i := range mu {
		for j := range mu {
			m.cov[i][j] = a.s2[i][j]/a.z - (a.s1[i]/a.z)*(a.s1[j]/a.z)
		}
	}
	return m, nil
}

package nuts

import (
	"fmt"
	"slices"

	"gonum.org/v1/gonum/mat"
)

// VarianceEstimator is Welford's running mean and variance of vectors,
// the estimate of the diagonal metric ([VarianceEstimator.Regularized]).
type VarianceEstimator struct {
	n        int
	mean, m2 []float64
}

// NewVarianceEstimator estimates the variances of vectors of dimension
// dim.
func NewVarianceEstimator(dim int) *VarianceEstimator {
	return &VarianceEstimator{mean: make([]float64, dim), m2: make([]float64, dim)}
}

// Add takes one more vector.
func (v *VarianceEstimator) Add(x []float64) {
	v.n++
	for i, xi := range x {
		d := xi - v.mean[i]
		v.mean[i] += d / float64(v.n)
		v.m2[i] += d * (xi - v.mean[i])
	}
}

// Reset forgets every vector added.
func (v *VarianceEstimator) Reset() {
	v.n = 0
	clear(v.mean)
	clear(v.m2)
}

// Regularized writes Stan's shrunk variance estimate into dst,
//
//	n/(n+5) var + 1e-3 5/(n+5),
//
// with var the unbiased sample variance of the n >= 2 vectors added.
func (v *VarianceEstimator) Regularized(dst []float64) error {
	if v.n < 2 {
		return fmt.Errorf("metric window with %d draws: need at least 2", v.n)
	}
	n := float64(v.n)
	for i, m2 := range v.m2 {
		dst[i] = n/(n+5)*m2/(n-1) + 1e-3*5/(n+5)
		if !(dst[i] > 0) || dst[i] > 1e300 {
			return fmt.Errorf("metric adaptation: variance of coordinate %d is %v", i, dst[i])
		}
	}
	return nil
}

// update makes the regularised variances the diagonal metric of d.
func (v *VarianceEstimator) update(d *dynamics) error { return v.Regularized(d.invMass) }

// covarianceEstimator is Welford's running mean and covariance of
// vectors, for the dense metric.
type covarianceEstimator struct {
	n        int
	mean, m2 []float64 // m2: d x d, row-major
	delta    []float64
}

func newCovarianceEstimator(dim int) *covarianceEstimator {
	return &covarianceEstimator{mean: make([]float64, dim), m2: make([]float64, dim*dim), delta: make([]float64, dim)}
}

func (c *covarianceEstimator) Add(x []float64) {
	c.n++
	d := len(x)
	for i, xi := range x {
		c.delta[i] = xi - c.mean[i]
		c.mean[i] += c.delta[i] / float64(c.n)
	}
	for i := range d {
		after := x[i] - c.mean[i]
		row := c.m2[i*d : (i+1)*d]
		for j := range row {
			row[j] += after * c.delta[j]
		}
	}
}

func (c *covarianceEstimator) Reset() {
	c.n = 0
	clear(c.mean)
	clear(c.m2)
}

// regularized writes Stan's shrunk covariance estimate into dst (d x d),
//
//	n/(n+5) cov + 1e-3 5/(n+5) I,
//
// with cov the unbiased sample covariance of the n >= 2 vectors added,
// symmetrised.
func (c *covarianceEstimator) regularized(dst []float64) error {
	if c.n < 2 {
		return fmt.Errorf("metric window with %d draws: need at least 2", c.n)
	}
	n, d := float64(c.n), len(c.mean)
	for i := range d {
		for j := range d {
			s := (c.m2[i*d+j] + c.m2[j*d+i]) / 2
			dst[i*d+j] = n / (n + 5) * s / (n - 1)
		}
		dst[i*d+i] += 1e-3 * 5 / (n + 5)
		if v := dst[i*d+i]; !(v > 0) || v > 1e300 {
			return fmt.Errorf("metric adaptation: variance of coordinate %d is %v", i, v)
		}
	}
	return nil
}

// update makes the regularised covariance the dense metric of d, with its
// Cholesky factor and diagonal.
func (c *covarianceEstimator) update(dyn *dynamics) error {
	d := len(c.mean)
	cov := make([]float64, d*d)
	if err := c.regularized(cov); err != nil {
		return err
	}
	var ch mat.Cholesky
	if !ch.Factorize(mat.NewSymDense(d, cov)) {
		return fmt.Errorf("metric adaptation: the covariance of %d draws is not positive definite", c.n)
	}
	var l mat.TriDense
	ch.LTo(&l)
	chol := make([]float64, d*d)
	for i := range d {
		for j := 0; j <= i; j++ {
			chol[i*d+j] = l.At(i, j)
		}
		dyn.invMass[i] = cov[i*d+i]
	}
	dyn.cov, dyn.chol = cov, chol
	return nil
}

// metricEstimator estimates the metric from a window's draws:
// [VarianceEstimator] for the diagonal metric, [covarianceEstimator] for
// the dense one. Its state (the window's accumulators) can be saved and
// restored, so that a warm-up saved mid-window ([ChainState]) ends the
// window with the metric of an uninterrupted one.
type metricEstimator interface {
	Add(x []float64)
	Reset()
	update(d *dynamics) error
	state() WindowState
	restore(s WindowState) error
}

// WindowState is what a metric window has accumulated so far: the count
// n of the draws added, their running mean and Welford's sum of squared
// deviations m2 (d values for the diagonal metric, d x d row-major for
// the dense one). The copies are the estimator's own.
type WindowState struct {
	N    int
	Mean []float64
	M2   []float64
}

func (v *VarianceEstimator) state() WindowState {
	return WindowState{N: v.n, Mean: slices.Clone(v.mean), M2: slices.Clone(v.m2)}
}

func (v *VarianceEstimator) restore(s WindowState) error {
	return restoreWindow(s, &v.n, v.mean, v.m2)
}

func (c *covarianceEstimator) state() WindowState {
	return WindowState{N: c.n, Mean: slices.Clone(c.mean), M2: slices.Clone(c.m2)}
}

func (c *covarianceEstimator) restore(s WindowState) error {
	return restoreWindow(s, &c.n, c.mean, c.m2)
}

// restoreWindow copies s into an estimator's count n, mean and m2,
// refusing a state of other sizes.
func restoreWindow(s WindowState, n *int, mean, m2 []float64) error {
	if s.N < 0 || len(s.Mean) != len(mean) || len(s.M2) != len(m2) {
		return fmt.Errorf("metric window of %d draws with %d means and %d sums of squares, want %d and %d",
			s.N, len(s.Mean), len(s.M2), len(mean), len(m2))
	}
	*n = s.N
	copy(mean, s.Mean)
	copy(m2, s.M2)
	return nil
}

// newMetricEstimator is the estimator of metric m in dimension dim.
func newMetricEstimator(m Metric, dim int) metricEstimator {
	if m == Dense {
		return newCovarianceEstimator(dim)
	}
	return NewVarianceEstimator(dim)
}

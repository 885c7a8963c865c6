package svn

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
)

// metric is the average of the particles' curvatures,
//
//	M = 1/N sum_a H_a,
//
// the metric of the Hessian-scaled kernel and, inverted, the
// preconditioner of the stochastic update. It is symmetric positive
// definite when any prior curvature is present; otherwise (lambda = 0 and
// a rank-deficient Gauss-Newton Hessian) the smallest ridge that lets the
// Cholesky factorisation succeed is added ([factorize]).
func metric(h []*mat.SymDense) *mat.SymDense {
	d := h[0].SymmetricDim()
	m := mat.NewSymDense(d, nil)
	for _, ha := range h {
		m.AddSym(m, ha)
	}
	m.ScaleSym(1/float64(len(h)), m)
	return m
}

// factorize is the Cholesky factorisation of the symmetric matrix a, with
// the smallest ridge tau tr(a)/D I (tau = 1e-12, 1e-11, ..., 1e-4) that
// makes it succeed when a alone is not positive definite to rounding (the
// minimum perturbation of Leviyev et al.'s implementation). It returns
// the ridge's tau, 0 when none was needed.
func factorize(a *mat.SymDense) (*mat.Cholesky, float64, error) {
	var chol mat.Cholesky
	if chol.Factorize(a) {
		return &chol, 0, nil
	}
	d := a.SymmetricDim()
	var tr float64
	for i := 0; i < d; i++ {
		tr += a.At(i, i)
	}
	scale := math.Abs(tr) / float64(d)
	if !(scale > 0) || math.IsInf(scale, 0) {
		scale = 1
	}
	b := mat.NewSymDense(d, nil)
	for tau := 1e-12; tau <= 1e-4; tau *= 10 {
		b.CopySym(a)
		for i := 0; i < d; i++ {
			b.SetSym(i, i, b.At(i, i)+tau*scale)
		}
		if chol.Factorize(b) {
			return &chol, tau, nil
		}
	}
	return nil, 0, fmt.Errorf("a %d x %d curvature is not positive definite, not even with a ridge of 1e-4 of its mean diagonal", d, d)
}

// hessianKernel is the Hessian-scaled kernel of Detommaso et al. (2018)
// for the particles x (N rows of D values) and the metric m:
//
//	k(a, b) = exp(-(a - b)^T M (a - b) / (2h)),  h = scale x D,
//	grad_a k(a, b) = -M (a - b) k(a, b) / h.
//
// With M the posterior's average curvature, (a - b)^T M (a - b) is about
// 2D for two independent draws of a Gaussian posterior, so h = D puts
// the kernel near e^-1 between typical particles whatever the dimension,
// where the median rule of the first-order flow puts it at 1/(N+1). It
// returns the kernel matrix k[a][b] and the kernel gradients
// grad[a][b] = grad_{x_b} k(x_b, x_a) = k_ab u_ab, u_ab = -M (x_b - x_a) / h
// (grad[a][a] = 0).
func hessianKernel(x [][]float64, m *mat.SymDense, scale float64) (k [][]float64, grad [][][]float64) {
	n, d := len(x), len(x[0])
	h := scale * float64(d)
	y := make([][]float64, n) // y_a = M x_a
	for a := range x {
		var v mat.VecDense
		v.MulVec(m, mat.NewVecDense(d, x[a]))
		y[a] = v.RawVector().Data
	}
	k, grad = make([][]float64, n), make([][][]float64, n)
	for a := range x {
		k[a], grad[a] = make([]float64, n), make([][]float64, n)
	}
	for a := 0; a < n; a++ {
		k[a][a] = 1
		grad[a][a] = make([]float64, d)
		for b := a + 1; b < n; b++ {
			var q float64
			for i := 0; i < d; i++ {
				q += (x[b][i] - x[a][i]) * (y[b][i] - y[a][i])
			}
			kv := math.Exp(-math.Max(q, 0) / (2 * h))
			k[a][b], k[b][a] = kv, kv
			gab, gba := make([]float64, d), make([]float64, d)
			for i := 0; i < d; i++ {
				gab[i] = -(y[b][i] - y[a][i]) / h * kv
				gba[i] = -gab[i]
			}
			grad[a][b], grad[b][a] = gab, gba
		}
	}
	return k, grad
}

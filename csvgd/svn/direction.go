package svn

import (
	"errors"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"
)

// steinDirection is the first-order Stein direction of eq. (stein_grad)
// with the Hessian-scaled kernel,
//
//	phi_a = 1/N sum_b [ k_ab g_b + grad_{x_b} k(x_b, x_a) ],
//
// for the posterior scores g (data and prior) of the particles.
func steinDirection(k [][]float64, grad [][][]float64, g [][]float64) [][]float64 {
	n, d := len(g), len(g[0])
	phi := make([][]float64, n)
	for a := range phi {
		phi[a] = make([]float64, d)
		for b := 0; b < n; b++ {
			kab, gb, kg := k[a][b], g[b], grad[a][b]
			for i := range phi[a] {
				phi[a][i] += kab*gb[i] + kg[i]
			}
		}
		for i := range phi[a] {
			phi[a][i] /= float64(n)
		}
	}
	return phi
}

// newtonDirections are the directions of Stein variational Newton with
// the block-diagonal Hessian (Detommaso et al. 2018, their Alg. 2 with
// eq. (18)): for every particle a the Newton system
//
//	Htilde_a w_a = phi_a,
//	Htilde_a = 1/N sum_b [ k_ab^2 H_b + grad_{x_b} k(x_b, x_a) grad_{x_b} k(x_b, x_a)^T ],
//
// the diagonal block of the Hessian of the KL divergence along the kernel's
// directions, with H_b the particles' positive semi-definite curvatures
// (data and prior), plus mu I (Levenberg-Marquardt damping, 0: none),
// reduced to the components that held (when not nil) does not mark for
// the particle ([Flow.held]): a held component's w is 0. It returns the
// w_a.
func newtonDirections(k [][]float64, grad [][][]float64, h []*mat.SymDense, phi [][]float64, held [][]bool, mu float64, workers int) ([][]float64, error) {
	n, d := len(phi), len(phi[0])
	w := make([][]float64, n)
	errs := make([]error, n)
	raw := make([][]float64, n) // the curvatures' row-major data
	for b, hb := range h {
		raw[b] = hb.RawSymmetric().Data
	}
	parallel(n, workers, func(lo, hi int) {
		data := make([]float64, d*d)
		for a := lo; a < hi; a++ {
			blockHessian(data, k[a], grad[a], raw, d)
			for i := 0; i < d; i++ {
				data[i*d+i] += mu
			}
			rhs := phi[a]
			if a < len(held) && held[a] != nil {
				rhs = hold(data, phi[a], held[a], d)
			}
			chol, _, err := factorize(mat.NewSymDense(d, data))
			if err != nil {
				errs[a] = err
				continue
			}
			var v mat.VecDense
			if err := solved(chol.SolveVecTo(&v, mat.NewVecDense(d, rhs))); err != nil {
				errs[a] = err
				continue
			}
			w[a] = v.RawVector().Data
		}
	})
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return w, nil
}

// blockHessian writes the upper triangle of Htilde_a (row-major, D x D)
// into data from the kernel row ka = k[a], the kernel gradients
// ga = grad[a] and the curvatures h (row-major data of each particle's).
func blockHessian(data, ka []float64, ga [][]float64, h [][]float64, d int) {
	clear(data)
	n := float64(len(ka))
	for b, kab := range ka {
		k2 := kab * kab / n
		if k2 == 0 {
			continue
		}
		hb, u := h[b], ga[b]
		for i := 0; i < d; i++ {
			row, hrow := data[i*d:(i+1)*d], hb[i*d:(i+1)*d]
			ui := u[i] / n
			for j := i; j < d; j++ {
				row[j] += k2*hrow[j] + ui*u[j]
			}
		}
	}
}

// hold decouples the held components of the row-major D x D system data
// (their rows and columns those of the identity) and returns the
// right-hand side phi with them set to 0.
func hold(data, phi []float64, held []bool, d int) []float64 {
	rhs := append([]float64(nil), phi...)
	for i, h := range held {
		if !h {
			continue
		}
		for j := 0; j < d; j++ {
			data[i*d+j], data[j*d+i] = 0, 0
		}
		data[i*d+i], rhs[i] = 1, 0
	}
	return rhs
}

// preconditioned is M_a^-1 phi_a for every particle, with chols[a] the
// Cholesky factorisation of its metric and the held components of phi_a
// (when held is not nil) set to 0.
func preconditioned(chols []*mat.Cholesky, phi [][]float64, held [][]bool) ([][]float64, error) {
	d := len(phi[0])
	out := make([][]float64, len(phi))
	for a, p := range phi {
		if a < len(held) && held[a] != nil {
			p = append([]float64(nil), p...)
			for i, h := range held[a] {
				if h {
					p[i] = 0
				}
			}
		}
		var v mat.VecDense
		if err := solved(chols[a].SolveVecTo(&v, mat.NewVecDense(d, p))); err != nil {
			return nil, err
		}
		out[a] = v.RawVector().Data
	}
	return out, nil
}

// noise is the random part of one step of the stochastic update: for the
// diffusion matrix D = (K ⊗ M^-1)/N of the particles' joint state (K the
// N x N kernel matrix, M the metric), a draw of N(0, 2 eps D),
//
//	xi_a = sqrt(2 eps / N) U^-1 sum_b (L_K)_ab z_b,   z_b ~ N(0, I_D),
//
// with K = L_K L_K^T and M = U^T U (Cholesky). Its covariance between
// particles a and c is 2 eps/N sum_b (L_K)_ab (L_K)_cb U^-1 U^-T =
// 2 eps k_ac M^-1 / N, which is 2 eps D. A particle with held components
// ([Flow.held]) uses the factor U_a of its reduced metric and draws 0 in
// them; the joint covariance k_ac U_a^-1 S_a S_c^T U_c^-T (S the
// selections) stays positive semi-definite. The normals are drawn in the
// order z_1, ..., z_N from rng, whatever is held.
func noise(k [][]float64, chols []*mat.Cholesky, held [][]bool, eps float64, rng *rand.Rand) ([][]float64, error) {
	n := len(k)
	d := chols[0].SymmetricDim()
	ks := mat.NewSymDense(n, nil)
	for a := range k {
		for b := a; b < n; b++ {
			ks.SetSym(a, b, k[a][b])
		}
	}
	kchol, _, err := factorize(ks)
	if err != nil {
		return nil, err
	}
	var lk mat.TriDense
	kchol.LTo(&lk)
	z := make([][]float64, n)
	for b := range z {
		z[b] = make([]float64, d)
		for i := range z[b] {
			z[b][i] = rng.NormFloat64()
		}
	}
	c := math.Sqrt(2 * eps / float64(n))
	out := make([][]float64, n)
	for a := 0; a < n; a++ {
		mix := mat.NewVecDense(d, nil)
		for b := 0; b <= a; b++ {
			mix.AddScaledVec(mix, lk.At(a, b), mat.NewVecDense(d, z[b]))
		}
		if a < len(held) && held[a] != nil {
			for i, h := range held[a] {
				if h {
					mix.SetVec(i, 0)
				}
			}
		}
		var u mat.TriDense
		chols[a].UTo(&u)
		var v mat.VecDense
		if err := solved(v.SolveVec(&u, mix)); err != nil {
			return nil, err
		}
		v.ScaleVec(c, &v)
		out[a] = v.RawVector().Data
	}
	return out, nil
}

// solved is the error of a solve with a successful factorisation: none
// when gonum only warns that the matrix is ill-conditioned
// ([mat.Condition]). The factorisation succeeded, so the matrix is
// positive definite in float64; a large condition number means that the
// curvature is tiny along some directions (weights that only the prior
// holds), along which the posterior is wide and the step is long.
func solved(err error) error {
	var c mat.Condition
	if errors.As(err, &c) {
		return nil
	}
	return err
}

package reference

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
)

// GaussNewton writes the score grad_theta log p(D | theta) of one network
// into grad and the Gauss-Newton curvature of -log p(D | theta),
// 2 Weight J^T J, into curv (row-major, D x D), and returns
// log p(D | theta). J is the Jacobian of the stresses at the M points
// (6M rows): its rows are dS_mk/dtheta = 2 sum_i B_imk dPsi_mi/dtheta,
// from the weight gradients of the single input-gradient components
// dd_mi/dtheta, which are the second pass of score.go ([network.backward])
// with the cotangent e_i at the one point m; dPsi_m3 also takes
// -(1/(2 J_m)) dn/dtheta, dn/dtheta = 2 (1, 2, 1) . dd_ref/dtheta. The six
// rows of a point are 2 B_m^T dPsi_m/dtheta, so their contribution to
// J^T J is dPsi_m^T (4 B_m B_m^T) dPsi_m = (C_m^T dPsi_m)^T (C_m^T dPsi_m)
// with 4 B_m B_m^T = C_m C_m^T (3 x 3, Cholesky): three rows per point
// instead of six, half the work of the product. It is
// safe for concurrent use, and panics as [Likelihood.Eval] on particles of
// the wrong length or a curv not of D x D entries.
func (l *Likelihood) GaussNewton(theta, grad, curv []float64) float64 {
	p := l.net.params
	if len(theta) != p || len(grad) != p || len(curv) != p*p {
		panic(fmt.Sprintf("reference: network %v has %d parameters; particle has %d, gradient %d, curvature %d (want %d)", l.Arch.Widths, p, len(theta), len(grad), len(curv), p*p))
	}
	ws := l.pool.Get().(*workspace)
	defer l.pool.Put(ws)
	ll := l.net.score(ws, &l.data, l.Weight, theta, grad)
	d := &l.data
	m := d.m
	jd := make([]float64, 3*(m+1)*p) // dd_mi/dtheta, row (m, i); the reference is point M
	for pt := 0; pt <= m; pt++ {
		x := d.x0
		if pt < m {
			x = d.x[3*pt : 3*pt+3]
		}
		c := ws.cot[3*pt : 3*pt+3]
		for i := 0; i < 3; i++ {
			clear(c)
			c[i] = 1
			l.net.backward(ws, theta, x, pt, jd[(3*pt+i)*p:(3*pt+i+1)*p])
		}
	}
	jn := make([]float64, p) // dn/dtheta
	ref := jd[3*m*p:]
	for j := range jn {
		jn[j] = 2 * (ref[j] + 2*ref[p+j] + ref[2*p+j])
	}
	js := mat.NewDense(3*m, p, nil)
	psi := make([]float64, 3*p)
	for pt := 0; pt < m; pt++ {
		copy(psi, jd[3*pt*p:(3*pt+3)*p])
		for j := range jn {
			psi[2*p+j] -= 0.5 * d.invJ[pt] * jn[j]
		}
		c := d.gramFactor(pt)
		for r := 0; r < 3; r++ {
			row := js.RawRowView(3*pt + r)
			for j := range row {
				row[j] = c[r][0]*psi[j] + c[r][1]*psi[p+j] + c[r][2]*psi[2*p+j]
			}
		}
	}
	var jtj mat.SymDense
	jtj.SymOuterK(2*l.Weight, js.T())
	for i := 0; i < p; i++ {
		for j := 0; j < p; j++ {
			curv[i*p+j] = jtj.At(i, j)
		}
	}
	return ll
}

// gramFactor is C^T for the Cholesky factor C of 4 B_m B_m^T, the 3 x 3
// Gram matrix of point m's stress basis (rows: the three rows that
// replace the point's six in J, see [Likelihood.GaussNewton]). The basis
// I, I1 I - C, I3 C^-1 is linearly independent at every F of the data;
// were it not, the eigen-decomposition's square root takes the factor's
// place.
func (d *batchData) gramFactor(m int) [3][3]float64 {
	b := d.basis[18*m : 18*m+18]
	g := mat.NewSymDense(3, nil)
	for i := 0; i < 3; i++ {
		for j := i; j < 3; j++ {
			var s float64
			for k := 0; k < 6; k++ {
				s += b[6*i+k] * b[6*j+k]
			}
			g.SetSym(i, j, 4*s)
		}
	}
	var out [3][3]float64
	var chol mat.Cholesky
	if chol.Factorize(g) {
		var l mat.TriDense
		chol.LTo(&l)
		for r := 0; r < 3; r++ {
			for i := 0; i < 3; i++ {
				out[r][i] = l.At(i, r) // row r of C^T
			}
		}
		return out
	}
	var eig mat.EigenSym
	eig.Factorize(g, true)
	vals := eig.Values(nil)
	var vecs mat.Dense
	eig.VectorsTo(&vecs)
	for r := 0; r < 3; r++ {
		sq := math.Sqrt(math.Max(vals[r], 0))
		for i := 0; i < 3; i++ {
			out[r][i] = sq * vecs.At(i, r)
		}
	}
	return out
}

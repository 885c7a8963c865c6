package reference

import (
	"errors"
	"fmt"

	"github.com/csvgd/csvgd-go/csvgd/icnn"
)

// batchData is an [icnn.Batch] in flat slices, point by point.
type batchData struct {
	m      int
	x      []float64 // [M*3] the network inputs of the points
	x0     []float64 // [3] the network input at the reference F = I
	basis  []float64 // [M*3*6] basis[(m*3+i)*6+k] = Basis[i][m][k]
	invJ   []float64 // [M]
	target []float64 // [M*6]
}

func newBatchData(in icnn.Inputs, b icnn.Batch) (batchData, error) {
	m := b.Len()
	if m == 0 {
		return batchData{}, errors.New("empty batch")
	}
	if len(b.Basis) != 3 || len(b.InvJ) != m || len(b.Target) != m {
		return batchData{}, fmt.Errorf("batch of %d points: basis of %d terms, %d values of 1/J, %d targets", m, len(b.Basis), len(b.InvJ), len(b.Target))
	}
	d := batchData{m: m, x: make([]float64, 3*m), x0: in.Reference(), basis: make([]float64, 18*m), invJ: append([]float64(nil), b.InvJ...), target: make([]float64, 6*m)}
	for p := 0; p < m; p++ {
		if len(b.I[p]) != 3 || len(b.Target[p]) != 6 {
			return batchData{}, fmt.Errorf("batch point %d: %d invariants and %d target components, want 3 and 6", p, len(b.I[p]), len(b.Target[p]))
		}
		copy(d.x[3*p:], in.Of(b.I[p][0], b.I[p][1], b.I[p][2]))
		copy(d.target[6*p:], b.Target[p])
		for i := 0; i < 3; i++ {
			if len(b.Basis[i]) != m || len(b.Basis[i][p]) != 6 {
				return batchData{}, fmt.Errorf("batch point %d: basis term %d is not [%d][6]", p, i, m)
			}
			copy(d.basis[(3*p+i)*6:], b.Basis[i][p])
		}
	}
	return d, nil
}

// network is the layout of an [icnn.Arch]: H hidden layers of widths
// n_1..n_H, W_{k-1} (n_k x n_{k-1}, row-major) at offset[k-1] of a
// particle, W_H (one row of n_H) last.
type network struct {
	hidden int   // H
	width  []int // width[k] = n_k, k = 0..H (n_0 = 3)
	offset []int // offset[k] of W_k in the particle, k = 0..H
	node   []int // node[k] = n_1 + .. + n_{k-1}: where layer k starts in a per-point node block (k = 1..H)
	nodes  int   // n_1 + .. + n_H
	params int
}

func newNetwork(a icnn.Arch) network {
	ls := a.Layers()
	h := len(ls) - 1
	net := network{hidden: h, width: append([]int(nil), a.Widths...), offset: make([]int, h+1), node: make([]int, h+1), params: a.NumParams()}
	for k, l := range ls {
		net.offset[k] = l.Offset
	}
	for k := 1; k <= h; k++ {
		net.node[k] = net.nodes
		net.nodes += net.width[k]
	}
	return net
}

// workspace is one worker's scratch for the score of a particle: what the
// first pass keeps of every point (the M data points and the reference
// x_ref, stored last) for the second.
type workspace struct {
	h, s, ds, g []float64 // [(M+1)*nodes]: h_k, sigmoid(z_k), sigmoid'(z_k), g_k = dNN/dh_k
	grad        []float64 // [(M+1)*3] dNN/dx at every point
	cot         []float64 // [(M+1)*3] c_p = dlog p/d(dNN/dx at x_p)
	t, zd       []float64 // [3+nodes], [nodes]: tangents t_k (t_0 = c first), zd_k = W_{k-1} t_{k-1}
	hb, hbPrev  []float64 // [max width]: adjoints of h_k and h_{k-1}
	pw          []float64 // [D]: |theta_b,i - theta_a,i|^beta of one pair (general kernel)
}

func (net *network) newWorkspace(m int) *workspace {
	p := (m + 1) * net.nodes
	wmax := 0
	for _, w := range net.width {
		wmax = max(wmax, w)
	}
	return &workspace{
		h: make([]float64, p), s: make([]float64, p), ds: make([]float64, p), g: make([]float64, p),
		grad: make([]float64, 3*(m+1)), cot: make([]float64, 3*(m+1)),
		t: make([]float64, 3+net.nodes), zd: make([]float64, net.nodes),
		hb: make([]float64, wmax), hbPrev: make([]float64, wmax),
		pw: make([]float64, net.params),
	}
}

// forward is the first pass at point p with input x: the forward pass
//
//	z_k = W_{k-1} h_{k-1},  h_k = softplus(z_k)   (k = 1..H, h_0 = x),
//
// then the input gradient by the reverse-mode chain of [icnn.Arch.Forward],
//
//	g_H = W_H,  a_k = g_k ⊙ sigmoid(z_k),  g_{k-1} = W_{k-1}^T a_k,  dNN/dx = g_0,
//
// keeping h_k, sigmoid(z_k), sigmoid'(z_k) and g_k of the point for the
// second pass; h_H, which neither the stress nor the second pass reads, is
// not computed. It writes dNN/dx into ws.grad[3p:3p+3].
func (net *network) forward(ws *workspace, theta, x []float64, p int) {
	base := p * net.nodes
	in := x
	for k := 1; k <= net.hidden; k++ {
		rows, cols := net.width[k], net.width[k-1]
		w := theta[net.offset[k-1] : net.offset[k-1]+rows*cols]
		at := base + net.node[k]
		h, s, ds := ws.h[at:at+rows], ws.s[at:at+rows], ws.ds[at:at+rows]
		for r := range h {
			row := w[r*cols : (r+1)*cols]
			var z float64
			for c, v := range row {
				z += v * in[c]
			}
			if k < net.hidden {
				h[r], s[r], ds[r] = activate(z)
			} else { // h_H is never read: the stress needs only dNN/dx
				_, s[r], ds[r] = sigmoids(z)
			}
		}
		in = h
	}
	hh := net.hidden
	at := base + net.node[hh]
	copy(ws.g[at:at+net.width[hh]], theta[net.offset[hh]:net.offset[hh]+net.width[hh]])
	for k := hh; k >= 1; k-- {
		rows, cols := net.width[k], net.width[k-1]
		w := theta[net.offset[k-1] : net.offset[k-1]+rows*cols]
		at := base + net.node[k]
		g, s := ws.g[at:at+rows], ws.s[at:at+rows]
		var prev []float64
		if k > 1 {
			prev = ws.g[base+net.node[k-1] : base+net.node[k-1]+cols]
		} else {
			prev = ws.grad[3*p : 3*p+3]
		}
		clear(prev)
		for r, gr := range g {
			ar := gr * s[r]
			row := w[r*cols : (r+1)*cols]
			for c, v := range row {
				prev[c] += ar * v
			}
		}
	}
}

// residuals turns the input gradients of all points into the
// log-likelihood and its cotangents. With u_{m,i} = dlog p/dPsi_{m,i},
//
//	log p = -w sum_{m,k} r_mk^2,  r_mk = S_mk - S^data_mk,  S_m = 2 sum_i Psi_{m,i} B_{i,m},
//	u_{m,i} = -4 w sum_k r_mk B_{i,m,k},
//
// and Psi_{m,i} = NN_i(x_m) - [i = 3] n InvJ_m / 2 with
// n = 2 (NN_1 + 2 NN_2 + NN_3)(x_ref), the cotangent of dNN/dx at x_m is
// c_m = u_m and that at the reference x_ref is
//
//	c_0 = 2 (dlog p/dn) (1, 2, 1),  dlog p/dn = -1/2 sum_m u_{m,3} InvJ_m.
//
// It returns log p.
func (net *network) residuals(ws *workspace, d *batchData, weight float64) float64 {
	m := d.m
	g0 := ws.grad[3*m : 3*m+3]
	n := 2 * (g0[0] + 2*g0[1] + g0[2])
	var ll, dn float64
	for p := 0; p < m; p++ {
		g := ws.grad[3*p : 3*p+3]
		psi := [3]float64{g[0], g[1], g[2] - 0.5*n*d.invJ[p]}
		b := d.basis[18*p : 18*p+18]
		tg := d.target[6*p : 6*p+6]
		var u [3]float64
		for k := 0; k < 6; k++ {
			r := 2*(psi[0]*b[k]+psi[1]*b[6+k]+psi[2]*b[12+k]) - tg[k]
			ll += r * r
			u[0] += r * b[k]
			u[1] += r * b[6+k]
			u[2] += r * b[12+k]
		}
		c := ws.cot[3*p : 3*p+3]
		for i := range c {
			c[i] = -4 * weight * u[i]
		}
		dn -= 0.5 * c[2] * d.invJ[p]
	}
	c0 := ws.cot[3*m : 3*m+3]
	c0[0], c0[1], c0[2] = 2*dn, 4*dn, 2*dn
	return -weight * ll
}

// backward is the second pass at point p with input x: it adds to out
// the weight gradient of F_p = c_p . dNN/dx(x_p), a reverse pass over the
// first pass's input gradient. F_p is the directional derivative of NN
// along c_p, so it is the output of the forward-mode tangent
//
//	t_0 = c_p,  zd_k = W_{k-1} t_{k-1},  t_k = sigmoid(z_k) ⊙ zd_k,  F_p = W_H t_H,
//
// whose reverse pass has the adjoint of t_k equal to g_k, the adjoint of
// zd_k equal to a_k = g_k ⊙ sigmoid(z_k), and the adjoint of z_k
//
//	zb_k = hb_k ⊙ sigmoid(z_k) + g_k ⊙ zd_k ⊙ sigmoid'(z_k),  hb_H = 0,  hb_{k-1} = W_{k-1}^T zb_k,
//
// giving dF_p/dW_H = t_H and dF_p/dW_{k-1} = a_k t_{k-1}^T + zb_k h_{k-1}^T.
func (net *network) backward(ws *workspace, theta, x []float64, p int, out []float64) {
	base := p * net.nodes
	hh := net.hidden
	// tangent pass: t_0 = c_p at ws.t[0:3], t_k at ws.t[3+node[k]:].
	copy(ws.t[:3], ws.cot[3*p:3*p+3])
	tin := ws.t[:3]
	for k := 1; k <= hh; k++ {
		rows, cols := net.width[k], net.width[k-1]
		w := theta[net.offset[k-1] : net.offset[k-1]+rows*cols]
		at := net.node[k]
		s := ws.s[base+at : base+at+rows]
		zd, t := ws.zd[at:at+rows], ws.t[3+at:3+at+rows]
		for r := range zd {
			row := w[r*cols : (r+1)*cols]
			var z float64
			for c, v := range row {
				z += v * tin[c]
			}
			zd[r], t[r] = z, s[r]*z
		}
		tin = t
	}
	dl := out[net.offset[hh] : net.offset[hh]+net.width[hh]]
	for r, v := range tin {
		dl[r] += v
	}
	// adjoint pass: hb_k and hb_{k-1} alternate between two buffers.
	bufs := [2][]float64{ws.hb, ws.hbPrev}
	hb := bufs[hh%2][:net.width[hh]] // hb_k lives in bufs[k%2]
	clear(hb)
	for k := hh; k >= 1; k-- {
		rows, cols := net.width[k], net.width[k-1]
		w := theta[net.offset[k-1] : net.offset[k-1]+rows*cols]
		dw := out[net.offset[k-1] : net.offset[k-1]+rows*cols]
		at := net.node[k]
		s, ds, g := ws.s[base+at:base+at+rows], ws.ds[base+at:base+at+rows], ws.g[base+at:base+at+rows]
		zd := ws.zd[at : at+rows]
		hin, tprev := x, ws.t[:3]
		if k > 1 {
			hin = ws.h[base+net.node[k-1] : base+net.node[k-1]+cols]
			tprev = ws.t[3+net.node[k-1] : 3+net.node[k-1]+cols]
		}
		hp := bufs[(k-1)%2][:cols]
		clear(hp)
		for r := 0; r < rows; r++ {
			zb := hb[r]*s[r] + g[r]*zd[r]*ds[r]
			a := g[r] * s[r]
			row := dw[r*cols : (r+1)*cols]
			for c := range row {
				row[c] += a*tprev[c] + zb*hin[c]
			}
			if k > 1 {
				for c, v := range w[r*cols : (r+1)*cols] {
					hp[c] += v * zb
				}
			}
		}
		hb = hp
	}
}

// score writes the likelihood score grad_theta log p(D | theta) of one
// particle into out and returns log p(D | theta): the first pass at every
// point and at the reference, the cotangents, then the second pass.
func (net *network) score(ws *workspace, d *batchData, weight float64, theta, out []float64) float64 {
	ll := net.loglik(ws, d, weight, theta)
	clear(out)
	net.backward(ws, theta, d.x0, d.m, out)
	for p := 0; p < d.m; p++ {
		net.backward(ws, theta, d.x[3*p:3*p+3], p, out)
	}
	return ll
}

// loglik is the first pass at the reference and every point and the
// residuals: log p(D | theta), leaving the cotangents in ws.
func (net *network) loglik(ws *workspace, d *batchData, weight float64, theta []float64) float64 {
	net.forward(ws, theta, d.x0, d.m)
	for p := 0; p < d.m; p++ {
		net.forward(ws, theta, d.x[3*p:3*p+3], p)
	}
	return net.residuals(ws, d, weight)
}

// Score writes the likelihood score of one particle,
//
//	grad_theta log p(D | theta),  log p(D | theta) = -Weight sum_{m,k} (S_mk - S^data_mk)^2,
//
// into out, the data part of the score in eq. (stein_grad); the gradient
// flows through the normalisation n of eq. (potential_normalization) too.
// It panics when theta or out do not have one entry per parameter.
func (s *Step) Score(theta, out []float64) {
	s.checkParticle(theta, out)
	s.ensureWork()
	s.net.score(s.work[0], &s.data, s.Weight, theta, out)
}

// LogLikelihood is log p(D | theta) = -Weight sum_{m,k} (S_mk - S^data_mk)^2
// of one particle. It panics as [Step.Score].
func (s *Step) LogLikelihood(theta []float64) float64 {
	s.checkParticle(theta, nil)
	s.ensureWork()
	return s.net.loglik(s.work[0], &s.data, s.Weight, theta)
}

func (s *Step) ensureWork() {
	if len(s.work) == 0 {
		s.work = append(s.work, s.net.newWorkspace(s.data.m))
	}
}

func (s *Step) checkParticle(theta, out []float64) {
	if len(theta) != s.net.params || (out != nil && len(out) != s.net.params) {
		panic(fmt.Sprintf("reference: network %v has %d parameters; particle has %d, score %d", s.Arch.Widths, s.net.params, len(theta), len(out)))
	}
}

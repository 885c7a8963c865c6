package icnn

import (
	"fmt"
	"math"

	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
)

// HostNN evaluates the raw network of one particle w at the input x with
// plain loops in float64, for tests and tools that need no graph:
//
//	h_0 = x,  h_{k+1} = softplus(W_k h_k) (k < L),  NN(x) = W_L h_L,
//
// with no biases. It panics when w does not have a.NumParams() entries or x
// does not have a.Widths[0].
func (a Arch) HostNN(w, x []float64) float64 {
	nn, _ := a.hostForward(w, x)
	return nn
}

// HostPotential is the normalised potential of eq. (potential_normalization)
// of one particle w at k, evaluated on the host:
//
//	Psi = NN(x) - NN(x_ref) - n (J - 1),  x = a.Inputs.At(k),
//	n = 2 (NN_1 + 2 NN_2 + NN_3) at x_ref = a.Inputs.Reference(),
//
// with the input gradient NN_i = dNN/dx_i written out analytically (as in
// [Arch.Forward]). It uses k.I1, k.I2, k.I3 and k.J only. It panics as
// [Arch.HostNN].
func (a Arch) HostPotential(w []float64, k hyperelastic.Kinematics) float64 {
	nn, _ := a.hostForward(w, a.Inputs.At(k))
	nn0, g0 := a.hostForward(w, a.Inputs.Reference())
	return nn - nn0 - hostN(g0)*(k.J-1)
}

// HostStress is the second Piola-Kirchhoff stress (Voigt order) of one
// particle w at k, evaluated on the host: the same function as
// [Arch.Stress],
//
//	S = 2 [Psi_1 I + Psi_2 (I1 I - C) + Psi_3 I3 C^-1],
//	Psi_1 = NN_1(x), Psi_2 = NN_2(x), Psi_3 = NN_3(x) - n / (2 J),
//
// through [hyperelastic.StressFromDerivatives]. It panics as [Arch.HostNN].
func (a Arch) HostStress(w []float64, k hyperelastic.Kinematics) hyperelastic.Stress {
	_, g := a.hostForward(w, a.Inputs.At(k))
	_, g0 := a.hostForward(w, a.Inputs.Reference())
	return hyperelastic.StressFromDerivatives(k, g[0], g[1], g[2]-hostN(g0)/(2*k.J))
}

// hostN is n = 2 (NN_1 + 2 NN_2 + NN_3) from the input gradient at the
// reference.
func hostN(g0 []float64) float64 { return 2 * (g0[0] + 2*g0[1] + g0[2]) }

// hostForward returns NN(x) and dNN/dx for one particle: the forward pass,
// then the reverse-mode chain of [Arch.Forward],
//
//	g_L = W_L,  g_{k-1} = (g_k ⊙ sigmoid(z_k)) W_{k-1},  dNN/dx = g_0,
//
// with z_k = W_{k-1} h_{k-1} the pre-activations of hidden layer k.
func (a Arch) hostForward(w, x []float64) (nn float64, grad []float64) {
	if n := a.NumParams(); len(w) != n {
		panic(fmt.Sprintf("icnn: host network %v: particle has %d parameters, want %d", a.Widths, len(w), n))
	}
	if len(x) != a.Widths[0] {
		panic(fmt.Sprintf("icnn: host network %v: input has %d entries, want %d", a.Widths, len(x), a.Widths[0]))
	}
	ls := a.Layers()
	hidden := len(ls) - 1
	zs := make([][]float64, hidden) // zs[k-1] = z_k
	h := x
	for k := 0; k < hidden; k++ {
		l := ls[k]
		z := make([]float64, l.Rows)
		next := make([]float64, l.Rows)
		for r := range z {
			row := w[l.Offset+r*l.Cols : l.Offset+(r+1)*l.Cols]
			for c, v := range row {
				z[r] += v * h[c]
			}
			next[r] = HostSoftplus(z[r])
		}
		zs[k], h = z, next
	}
	last := ls[hidden]
	g := w[last.Offset : last.Offset+last.Cols] // g_L = W_L (one row)
	for c, v := range g {
		nn += v * h[c]
	}
	for k := hidden; k >= 1; k-- {
		l := ls[k-1] // W_{k-1}: layer k-1 -> layer k
		prev := make([]float64, l.Cols)
		for r := 0; r < l.Rows; r++ {
			ar := g[r] * HostSigmoid(zs[k-1][r])
			row := w[l.Offset+r*l.Cols : l.Offset+(r+1)*l.Cols]
			for c, v := range row {
				prev[c] += ar * v
			}
		}
		g = prev
	}
	return nn, g
}

// HostSoftplus is log(1 + e^z), computed without overflow for large z.
func HostSoftplus(z float64) float64 {
	if z > 0 {
		return z + math.Log1p(math.Exp(-z))
	}
	return math.Log1p(math.Exp(z))
}

// HostSigmoid is 1 / (1 + e^-z), the derivative of softplus.
func HostSigmoid(z float64) float64 {
	if z >= 0 {
		return 1 / (1 + math.Exp(-z))
	}
	e := math.Exp(z)
	return e / (1 + e)
}

// HostStresses writes [Arch.HostStress] of one particle w at every
// kinematics of ks into out (len(out) == len(ks)): the same stresses,
// with the input gradient at the reference computed once and no
// allocation per point, for the predictions of many particles at many
// points. It panics as [Arch.HostNN].
func (a Arch) HostStresses(w []float64, ks []hyperelastic.Kinematics, out []hyperelastic.Stress) {
	if n := a.NumParams(); len(w) != n {
		panic(fmt.Sprintf("icnn: host network %v: particle has %d parameters, want %d", a.Widths, len(w), n))
	}
	buf := newHostBuffers(a)
	g0 := append([]float64(nil), buf.inputGradient(a, w, a.Inputs.Reference())...)
	n := hostN(g0)
	for i, k := range ks {
		g := buf.inputGradient(a, w, a.Inputs.At(k))
		out[i] = hyperelastic.StressFromDerivatives(k, g[0], g[1], g[2]-n/(2*k.J))
	}
}

// hostBuffers are the pre-activations and gradients of one network
// evaluation, reused from point to point.
type hostBuffers struct {
	zs       [][]float64 // zs[k-1] = z_k
	h, g, gp []float64
}

func newHostBuffers(a Arch) *hostBuffers {
	b := &hostBuffers{}
	wmax := 0
	for _, w := range a.Widths {
		wmax = max(wmax, w)
	}
	for k := 1; k < len(a.Widths)-1; k++ {
		b.zs = append(b.zs, make([]float64, a.Widths[k]))
	}
	b.h, b.g, b.gp = make([]float64, wmax), make([]float64, wmax), make([]float64, wmax)
	return b
}

// inputGradient is dNN/dx at x, as [Arch.hostForward] computes it; the
// result is valid until the next call.
func (b *hostBuffers) inputGradient(a Arch, w, x []float64) []float64 {
	ls := a.Layers()
	hidden := len(ls) - 1
	in := x
	h := b.h
	for k := 0; k < hidden; k++ {
		l := ls[k]
		z := b.zs[k]
		next := h[:l.Rows]
		if k%2 == 1 {
			next = b.gp[:l.Rows]
		}
		for r := range z {
			row := w[l.Offset+r*l.Cols : l.Offset+(r+1)*l.Cols]
			var s float64
			for c, v := range row {
				s += v * in[c]
			}
			z[r] = s
		}
		if k < hidden-1 { // the last hidden layer's h is not needed
			for r, s := range z {
				next[r] = HostSoftplus(s)
			}
		}
		in = next
	}
	last := ls[hidden]
	g := b.g[:last.Cols]
	copy(g, w[last.Offset:last.Offset+last.Cols])
	prev := b.gp
	for k := hidden; k >= 1; k-- {
		l := ls[k-1]
		p := prev[:l.Cols]
		clear(p)
		for r := 0; r < l.Rows; r++ {
			ar := g[r] * HostSigmoid(b.zs[k-1][r])
			row := w[l.Offset+r*l.Cols : l.Offset+(r+1)*l.Cols]
			for c, v := range row {
				p[c] += ar * v
			}
		}
		g, prev = p, g[:cap(g)]
	}
	return g
}

package dense

import "fmt"

// HostForward evaluates the network of one particle w (its first
// NumParams values) at the input x with plain loops in float64, for tests
// and tools that need no graph: the same function as [Arch.Forward],
//
//	h_0 = x,  h_k = act(W_{k-1} h_{k-1} + b_{k-1}),  y = W_L h_L + b_L.
//
// It panics when w is shorter than NumParams or x does not have Inputs
// values.
func (a Arch) HostForward(w, x []float64) []float64 {
	y, _ := a.hostPasses(w, x)
	return y
}

// HostForwardRows is [Arch.HostForward] at every row of xs, bit for bit
// the same values, [row][output]: the layers are laid out once and two
// buffers serve every row, so that evaluating an ensemble on tens of
// thousands of points does not allocate per point. It panics as
// HostForward does.
func (a Arch) HostForwardRows(w []float64, xs [][]float64) [][]float64 {
	if n := a.NumParams(); len(w) < n {
		panic(fmt.Sprintf("dense: host network %v: particle has %d parameters, want at least %d", a.Widths, len(w), n))
	}
	ls := a.Layers()
	widest := 0
	for _, l := range ls {
		widest = max(widest, l.Rows)
	}
	bufs := [2][]float64{make([]float64, widest), make([]float64, widest)}
	o := a.Outputs()
	flat := make([]float64, len(xs)*o)
	out := make([][]float64, len(xs))
	for i, x := range xs {
		if len(x) != a.Inputs() {
			panic(fmt.Sprintf("dense: host network %v: input has %d values, want %d", a.Widths, len(x), a.Inputs()))
		}
		h := x
		for k, l := range ls {
			z := bufs[k%2][:l.Rows]
			for r := range z {
				sum := w[l.Bias+r]
				row := w[l.Offset+r*l.Cols : l.Offset+(r+1)*l.Cols]
				row = row[:len(h)]
				for c, v := range h {
					sum += row[c] * v
				}
				z[r] = sum
			}
			if k == len(ls)-1 {
				out[i] = flat[i*o : (i+1)*o : (i+1)*o]
				copy(out[i], z)
				break
			}
			for r, v := range z {
				z[r] = a.Activation.Host(v)
			}
			h = z
		}
	}
	return out
}

// HostVJP is the gradient of sum_o g_o y_o(x) with respect to the
// network's parameters of the particle w, [NumParams], written out by
// hand (the reverse pass of [Arch.ForwardVJP] on one point): the tests'
// oracle for the graph's. It panics as [Arch.HostForward], or when g does
// not have Outputs values.
func (a Arch) HostVJP(w, x, g []float64) []float64 {
	if len(g) != a.Outputs() {
		panic(fmt.Sprintf("dense: HostVJP: %d cotangents for %d outputs", len(g), a.Outputs()))
	}
	_, hs := a.hostPasses(w, x) // hs[k] = h_k, and the pre-activations z_k
	ls := a.Layers()
	grad := make([]float64, a.NumParams())
	d := append([]float64(nil), g...)
	for k := len(ls) - 1; k >= 0; k-- {
		l, h := ls[k], hs.h[k]
		for r := range l.Rows {
			for c := range l.Cols {
				grad[l.Offset+r*l.Cols+c] = d[r] * h[c]
			}
			grad[l.Bias+r] = d[r]
		}
		if k == 0 {
			break
		}
		prev := make([]float64, l.Cols)
		for c := range l.Cols {
			for r := range l.Rows {
				prev[c] += d[r] * w[l.Offset+r*l.Cols+c]
			}
			prev[c] *= a.Activation.HostDerivative(hs.z[k-1][c])
		}
		d = prev
	}
	return grad
}

// hostActivations are the activations h_0 .. h_L and the pre-activations
// z_1 .. z_L (z[k-1] = z_k) of one evaluation.
type hostActivations struct{ h, z [][]float64 }

func (a Arch) hostPasses(w, x []float64) ([]float64, hostActivations) {
	if n := a.NumParams(); len(w) < n {
		panic(fmt.Sprintf("dense: host network %v: particle has %d parameters, want at least %d", a.Widths, len(w), n))
	}
	if len(x) != a.Inputs() {
		panic(fmt.Sprintf("dense: host network %v: input has %d values, want %d", a.Widths, len(x), a.Inputs()))
	}
	ls := a.Layers()
	acts := hostActivations{h: [][]float64{x}}
	h := x
	for k, l := range ls {
		z := make([]float64, l.Rows)
		for r := range z {
			z[r] = w[l.Bias+r]
			for c, v := range h {
				z[r] += w[l.Offset+r*l.Cols+c] * v
			}
		}
		if k == len(ls)-1 {
			return z, acts
		}
		next := make([]float64, l.Rows)
		for r, v := range z {
			next[r] = a.Activation.Host(v)
		}
		acts.z, acts.h = append(acts.z, z), append(acts.h, next)
		h = next
	}
	panic("dense: unreachable")
}

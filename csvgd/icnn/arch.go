package icnn

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/csvgd/csvgd-go/csvgd/stein"
	. "github.com/gomlx/gomlx/core/graph" //nolint:revive // GoMLX graph DSL.
)

// Arch is a network: its layer widths, input first, output (1) last, and
// the map from the invariants to its inputs (the zero value: [Raw]).
type Arch struct {
	Widths []int
	Inputs Inputs
}

// Paper is the network of Sec. 5.1: the 3 raw invariants, two hidden layers
// of 30 nodes, one output; 1020 parameters.
func Paper() Arch { return Arch{Widths: []int{3, 30, 30, 1}} }

// WithWidths is the network of the same inputs at other widths, as graph
// condensation makes it.
func (a Arch) WithWidths(widths []int) Arch {
	return Arch{Widths: append([]int(nil), widths...), Inputs: a.Inputs}
}

// Validate reports widths that do not make a network of this package.
func (a Arch) Validate() error {
	if len(a.Widths) < 2 || a.Widths[len(a.Widths)-1] != 1 {
		return fmt.Errorf("icnn: widths %v: want at least an input and a single output", a.Widths)
	}
	if a.Inputs != Raw && a.Inputs != Shifted {
		return fmt.Errorf("icnn: unknown inputs %d", int(a.Inputs))
	}
	for _, w := range a.Widths {
		if w < 1 {
			return fmt.Errorf("icnn: widths %v: every layer needs at least one node", a.Widths)
		}
	}
	return nil
}

// Layer locates W_k in the flat parameter vector: rows (outputs) x cols
// (inputs), row-major, starting at Offset.
type Layer struct{ Offset, Rows, Cols int }

// Layers lists W_0 .. W_L.
func (a Arch) Layers() []Layer {
	var ls []Layer
	off := 0
	for k := 0; k+1 < len(a.Widths); k++ {
		l := Layer{Offset: off, Rows: a.Widths[k+1], Cols: a.Widths[k]}
		ls = append(ls, l)
		off += l.Rows * l.Cols
	}
	return ls
}

// NumParams is the length of a particle.
func (a Arch) NumParams() int {
	ls := a.Layers()
	last := ls[len(ls)-1]
	return last.Offset + last.Rows*last.Cols
}

// Constrained reports, for each parameter, whether it must stay
// non-negative (every layer but the first).
func (a Arch) Constrained() []bool {
	c := make([]bool, a.NumParams())
	for k, l := range a.Layers() {
		for i := 0; i < l.Rows*l.Cols; i++ {
			c[l.Offset+i] = k > 0
		}
	}
	return c
}

// Init draws n particles: W_0 entries from N(0, 1/fan_in), the constrained
// layers' entries uniform on [0, 2/fan_in] (mean 1/fan_in).
func (a Arch) Init(n int, rng *rand.Rand) *stein.Ensemble {
	e := stein.NewEnsemble(n, a.NumParams())
	for p := 0; p < n; p++ {
		x := e.Particle(p)
		for k, l := range a.Layers() {
			fan := float64(l.Cols)
			for i := 0; i < l.Rows*l.Cols; i++ {
				if k == 0 {
					x[l.Offset+i] = rng.NormFloat64() / math.Sqrt(fan)
				} else {
					x[l.Offset+i] = 2 * rng.Float64() / fan
				}
			}
		}
	}
	return e
}

// Weights slices the ensemble theta [N, P] into W_k of shape [N, rows, cols].
// It gathers rows of theta^T rather than using Slice: the gradient of Slice
// is a Pad and that of DynamicSlice a DynamicUpdateSlice, which the pure-Go
// backend lacks, while the gradient of a Gather is a ScatterSum, which it
// has.
func (a Arch) Weights(theta *Node) []*Node {
	g := theta.Graph()
	n := theta.Shape().Dimensions[0]
	thetaT := Transpose(theta, 0, 1) // [P, N]
	var ws []*Node
	for _, l := range a.Layers() {
		idx := make([][]int32, l.Rows*l.Cols)
		for i := range idx {
			idx[i] = []int32{int32(l.Offset + i)}
		}
		w := Transpose(Gather(thetaT, Const(g, idx), true), 0, 1) // [N, rows*cols]
		ws = append(ws, Reshape(w, n, l.Rows, l.Cols))
	}
	return ws
}

// Project clips the constrained weights of theta [N, P] at zero. The mask
// is a constant of theta's full shape (broadcasting a row costs more than
// the clipping in the pure-Go backend), and a NaN stays a NaN.
func (a Arch) Project(theta *Node) *Node {
	row := boolsToFloats(a.Constrained())
	mask := make([][]float64, theta.Shape().Dimensions[0])
	for i := range mask {
		mask[i] = row
	}
	return Sub(theta, Mul(ConstAs(theta, mask), Min(theta, ScalarZero(theta.Graph(), theta.DType()))))
}

func boolsToFloats(b []bool) []float64 {
	f := make([]float64, len(b))
	for i, v := range b {
		if v {
			f[i] = 1
		}
	}
	return f
}

package condense

import (
	"fmt"

	"github.com/csvgd/csvgd-go/csvgd/icnn"
)

// Network is a feedforward network as graph condensation sees it: its
// layer widths (inputs first, outputs last), where its parameters lie in
// a flat particle, and what a hidden node's constant output does. The
// input-convex network of package icnn is the zero-valued rest: weights
// only, no hidden-node constants (see [Options].KeepConstantNodes), the
// importance of eq. (importance) as the paper writes it. The dense
// networks of package dense set every field.
//
// A particle holds, layer by layer, W_k (Widths[k+1] x Widths[k],
// row-major, rows the output nodes) followed, with Biases, by b_k (one per
// node of layer k+1), and last Extra parameters that are not part of the
// graph (a model's hyper-parameters, such as package regress's noise and
// weight precisions), which condensation carries along unchanged.
type Network struct {
	Widths []int
	// Biases: every layer has a bias vector after its weight matrix.
	Biases bool
	// Extra is the number of parameters after the network's.
	Extra int
	// Activation is the hidden nodes' activation. With Biases it makes
	// node pruning exact: a hidden node j with no incoming edge outputs the
	// constant Activation(b_j), which condensation adds, through the
	// node's outgoing weights, to the next layer's biases before it
	// removes the node ([Condensed]). Nil: such nodes are kept or removed
	// as Options.KeepConstantNodes says, as for the input-convex network.
	Activation func(float64) float64
	// Signed says that the weights out of hidden nodes take either sign:
	// a node's importance is then the sum of their magnitudes,
	// sum_i |[W_l]_ij|, where the paper's eq. (importance) sums them with
	// their signs (the same for the input-convex network, whose weights out
	// of hidden nodes are non-negative; docs/reading.md section 17).
	Signed bool
}

// NetworkOf is the input-convex network arch as condensation sees it.
func NetworkOf(arch icnn.Arch) Network {
	return Network{Widths: append([]int(nil), arch.Widths...)}
}

// WithWidths is the same network at other widths, as condensation makes it.
func (n Network) WithWidths(widths []int) Network {
	c := n
	c.Widths = append([]int(nil), widths...)
	return c
}

// NetLayer locates W_k and b_k in the flat particle: W_k has Rows
// (outputs) x Cols (inputs), row-major, from Offset; b_k has Rows values
// from Bias (-1 without biases).
type NetLayer struct{ Offset, Rows, Cols, Bias int }

// Layers lists the layers k = 0 .. len(Widths)-2.
func (n Network) Layers() []NetLayer {
	var ls []NetLayer
	off := 0
	for k := 0; k+1 < len(n.Widths); k++ {
		l := NetLayer{Offset: off, Rows: n.Widths[k+1], Cols: n.Widths[k], Bias: -1}
		off += l.Rows * l.Cols
		if n.Biases {
			l.Bias = off
			off += l.Rows
		}
		ls = append(ls, l)
	}
	return ls
}

// Size is the number of the network's own parameters, weights and biases.
func (n Network) Size() int {
	ls := n.Layers()
	last := ls[len(ls)-1]
	end := last.Offset + last.Rows*last.Cols
	if n.Biases {
		end += last.Rows
	}
	return end
}

// NumParams is the length of a particle: [Network.Size] plus Extra.
func (n Network) NumParams() int { return n.Size() + n.Extra }

// Validate reports widths that do not make a network, or a negative Extra.
func (n Network) Validate() error {
	if err := CheckWidths(n.Widths); err != nil {
		return fmt.Errorf("condense: %w", err)
	}
	if n.Extra < 0 {
		return fmt.Errorf("condense: %d extra parameters must be >= 0", n.Extra)
	}
	return nil
}

// CheckWidths reports widths that do not make a feedforward network: fewer
// than an input and an output layer, or a layer without a node.
func CheckWidths(widths []int) error {
	if len(widths) < 2 {
		return fmt.Errorf("widths %v: want at least an input and an output layer", widths)
	}
	for _, w := range widths {
		if w < 1 {
			return fmt.Errorf("widths %v: every layer needs at least one node", widths)
		}
	}
	return nil
}

// folds reports whether condensation folds the constant output of a
// hidden node without incoming edges into the next layer's biases.
func (n Network) folds() bool { return n.Biases && n.Activation != nil }

package dense

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/csvgd/csvgd-go/csvgd/condense"
)

// Arch is a dense feedforward network: its layer widths, inputs first,
// outputs last, and the activation of its hidden layers (the output layer
// is linear).
type Arch struct {
	Widths     []int
	Activation Activation
}

// OneHidden is Liu & Wang's network for the regression benchmark: in
// inputs, one hidden layer of width ReLU units, out outputs.
func OneHidden(in, width, out int) Arch {
	return Arch{Widths: []int{in, width, out}, Activation: ReLU}
}

// WithWidths is the network at other widths, as condensation makes it.
func (a Arch) WithWidths(widths []int) Arch {
	return Arch{Widths: append([]int(nil), widths...), Activation: a.Activation}
}

// Validate reports widths that do not make a network (at least an input
// and an output layer, each layer at least one node) or an unknown
// activation.
func (a Arch) Validate() error {
	if err := condense.CheckWidths(a.Widths); err != nil {
		return fmt.Errorf("dense: %w", err)
	}
	return a.Activation.Validate()
}

// Inputs is the number of inputs; Outputs the number of outputs.
func (a Arch) Inputs() int  { return a.Widths[0] }
func (a Arch) Outputs() int { return a.Widths[len(a.Widths)-1] }

// Network is the network as graph condensation sees it (package
// condense): weights and biases, extra trailing parameters of the model,
// constant hidden nodes folded into the next layer's biases, and the
// importance of a node the sum of the magnitudes of its outgoing weights.
func (a Arch) Network(extra int) condense.Network {
	return condense.Network{Widths: append([]int(nil), a.Widths...), Biases: true, Extra: extra, Activation: a.Activation.Host, Signed: true}
}

// Layer locates W_k and b_k of layer k (from layer k to layer k+1) in a
// particle: W_k has Rows (outputs) x Cols (inputs), row-major, from
// Offset, and b_k its Rows biases from Bias.
type Layer = condense.NetLayer

// Layers lists the layers, W_0 and b_0 first.
func (a Arch) Layers() []Layer { return a.Network(0).Layers() }

// NumParams is the number of weights and biases.
func (a Arch) NumParams() int { return a.Network(0).Size() }

// IsBias reports, for each of the network's parameters, whether it is a
// bias.
func (a Arch) IsBias() []bool {
	b := make([]bool, a.NumParams())
	for _, l := range a.Layers() {
		for r := 0; r < l.Rows; r++ {
			b[l.Bias+r] = true
		}
	}
	return b
}

// Init writes the network's parameters of one particle into theta
// (len >= NumParams) as Liu & Wang's reference code draws them: every
// weight of W_k from N(0, 1/(fan_in + 1)), fan_in = Widths[k], and every
// bias 0.
func (a Arch) Init(theta []float64, rng *rand.Rand) {
	for _, l := range a.Layers() {
		sd := 1 / math.Sqrt(float64(l.Cols)+1)
		for i := range l.Rows * l.Cols {
			theta[l.Offset+i] = sd * rng.NormFloat64()
		}
		for r := range l.Rows {
			theta[l.Bias+r] = 0
		}
	}
}

// WeightsOf is the weight matrices of the particle theta without their
// biases (or anything after the network's parameters): W_0, W_1, ...
// each row-major, the layout of an input-convex network's particle
// (package icnn) of the same widths, as the weight explorer reads it.
func (a Arch) WeightsOf(theta []float64) []float64 {
	var out []float64
	for _, l := range a.Layers() {
		out = append(out, theta[l.Offset:l.Offset+l.Rows*l.Cols]...)
	}
	return out
}

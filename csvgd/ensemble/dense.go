package ensemble

import (
	"errors"
	"fmt"
	"math"
	"math/bits"
)

// The values of "network" (version 4): the kind of the file's networks.
const (
	// NetworkICNN is the input-convex network of package icnn, what a file
	// without the field holds.
	NetworkICNN = "icnn"
	// NetworkDense is a dense network with biases (package dense) whose
	// particles end with a regression model's parameters (package
	// regress): one log noise precision per target and the log weight
	// precision.
	NetworkDense = "dense"
)

// Column is an input or a target of a dense network: its name, and the
// mean and standard deviation that standardised it for the network.
type Column struct {
	Name string  `json:"name"`
	Mean float64 `json:"mean"`
	SD   float64 `json:"sd"`
}

// Dense is what a file of dense networks holds besides the widths and
// the particles.
type Dense struct {
	Activation string   `json:"activation"` // the hidden layers': relu, tanh or softplus
	Inputs     []Column `json:"inputs"`     // the network's inputs, in order
	Targets    []Column `json:"targets"`    // its outputs, in order
}

// NewDense returns a File of dense networks (format version 4) holding
// widths, particles, the activation, inputs and targets d and meta (not
// copied), trained with the penalty-form prior. Call [File.Validate] to
// check it.
func NewDense(widths []int, particles [][]float64, d Dense, meta map[string]any) *File {
	return &File{Format: Format, Version: Version, Network: NetworkDense, Dense: &d, Widths: widths, Prior: PriorPenalty, Particles: particles, Meta: meta}
}

// IsDense reports whether the file holds dense networks.
func (f *File) IsDense() bool { return f.Network == NetworkDense }

// DenseParams is the length of a particle of a dense network of widths
// [n_0, .., n_L] with its regression model's parameters: sum_k (n_k + 1)
// n_{k+1} weights and biases, then n_L log noise precisions and the log
// weight precision. It returns -1 for widths that do not make a network
// or a count that overflows int.
func DenseParams(widths []int) int {
	if len(widths) < 2 {
		return -1
	}
	var total uint64
	for k := 1; k < len(widths); k++ {
		if widths[k-1] < 1 || widths[k] < 1 {
			return -1
		}
		hi, lo := bits.Mul64(uint64(widths[k-1])+1, uint64(widths[k]))
		sum, carry := bits.Add64(total, lo, 0)
		if hi != 0 || carry != 0 || sum > math.MaxInt-uint64(widths[len(widths)-1])-1 {
			return -1
		}
		total = sum
	}
	return int(total) + widths[len(widths)-1] + 1
}

// paramCount is the length of the file's particles for its network.
func (f *File) paramCount() int {
	if f.IsDense() {
		return DenseParams(f.Widths)
	}
	return NumParams(f.Widths)
}

// validateDense checks the dense block: an activation, and one named
// column with a finite mean and a positive standard deviation per input
// and per target.
func (f *File) validateDense() error {
	d := f.Dense
	if d == nil {
		return errors.New(`network "dense" without its "dense" block (activation, inputs, targets)`)
	}
	switch d.Activation {
	case "relu", "tanh", "softplus":
	default:
		return fmt.Errorf("dense activation %q: want relu, tanh or softplus", d.Activation)
	}
	n := len(f.Widths)
	if n >= 2 && (len(d.Inputs) != f.Widths[0] || len(d.Targets) != f.Widths[n-1]) {
		return fmt.Errorf("dense: %d inputs and %d targets for widths %v", len(d.Inputs), len(d.Targets), f.Widths)
	}
	for _, c := range append(append([]Column(nil), d.Inputs...), d.Targets...) {
		if c.Name == "" || math.IsNaN(c.Mean) || math.IsInf(c.Mean, 0) || !(c.SD > 0) || math.IsInf(c.SD, 0) {
			return fmt.Errorf("dense column %q: want a name, a finite mean and a standard deviation > 0 (mean %v, sd %v)", c.Name, c.Mean, c.SD)
		}
	}
	return nil
}

// versionICNN is the version files of input-convex networks are written
// as: 3, which every reader since version 3 reads unchanged.
const versionICNN = 3

// writeVersion is the version a file is written as: [Version] for dense
// networks, versionICNN for input-convex ones.
func (f *File) writeVersion() int {
	if f.IsDense() {
		return Version
	}
	return versionICNN
}

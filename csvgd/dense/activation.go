package dense

import (
	"fmt"
	"math"
	"strings"

	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/gomlx/gomlx/core/graph"
)

// Activation is the hidden layers' activation function; in JSON and on
// the command line it is its name.
type Activation string

// The activations.
const (
	// ReLU is max(z, 0), Liu & Wang's (and Hernández-Lobato & Adams')
	// choice for the regression benchmark; its derivative is taken as 0
	// at z = 0.
	ReLU Activation = "relu"
	// Tanh is the hyperbolic tangent.
	Tanh Activation = "tanh"
	// Softplus is log(1 + e^z), the activation of the input-convex
	// network of package icnn.
	Softplus Activation = "softplus"
)

// ParseActivation reads an activation's name, in any case.
func ParseActivation(s string) (Activation, error) {
	a := Activation(strings.ToLower(strings.TrimSpace(s)))
	return a, a.Validate()
}

// Validate reports a name that is none of the activations.
func (a Activation) Validate() error {
	switch a {
	case ReLU, Tanh, Softplus:
		return nil
	}
	return fmt.Errorf("activation %q: want relu, tanh or softplus", string(a))
}

// UnmarshalText reads an activation's name and checks it.
func (a *Activation) UnmarshalText(b []byte) error {
	v, err := ParseActivation(string(b))
	if err != nil {
		return err
	}
	*a = v
	return nil
}

// MarshalText writes the name.
func (a Activation) MarshalText() ([]byte, error) { return []byte(a), a.Validate() }

// Host is the activation of one value in float64.
func (a Activation) Host(z float64) float64 {
	switch a {
	case Tanh:
		return math.Tanh(z)
	case Softplus:
		return icnn.HostSoftplus(z)
	}
	return math.Max(z, 0)
}

// HostDerivative is the activation's derivative at z.
func (a Activation) HostDerivative(z float64) float64 {
	switch a {
	case Tanh:
		t := math.Tanh(z)
		return 1 - t*t
	case Softplus:
		return icnn.HostSigmoid(z)
	}
	if z > 0 {
		return 1
	}
	return 0
}

// node is the activation of z in the graph, and its derivative there.
// (The package names graph's functions in full: its activations' names
// are those of graph's functions.)
func (a Activation) node(z *graph.Node) (h, slope *graph.Node) {
	switch a {
	case Tanh:
		h = graph.Tanh(z)
		return h, graph.OneMinus(graph.Square(h))
	case Softplus:
		zero := graph.ScalarZero(z.Graph(), z.DType())
		return graph.Add(graph.Max(z, zero), graph.Log1p(graph.Exp(graph.Neg(graph.Abs(z))))), graph.Sigmoid(z)
	}
	zero := graph.ZerosLike(z)
	pos := graph.GreaterThan(z, zero)
	return graph.Where(pos, z, zero), graph.Where(pos, graph.OnesLike(z), zero)
}

package stein

import (
	"fmt"
	"math"
	"strings"

	. "github.com/gomlx/gomlx/core/graph" //nolint:revive // GoMLX graph DSL.
)

// Optimizer turns the Stein direction phi into a particle update, inside the
// compiled graph. SVGD ascends: theta moves along +phi. Every state tensor has
// the shape of theta, so that it can be permuted and pruned with the
// particles (graph condensation). iter is the 0-based iteration number, a
// scalar of theta's dtype. Which experiment uses which: docs/reading.md
// section 1.
type Optimizer interface {
	// Name is a short, parseable name: "sgd", "adagrad" or "adam".
	Name() string
	// NumState is the number of state tensors shaped like theta.
	NumState() int
	// Update returns the new particles and the new state.
	Update(theta, phi, iter *Node, state []*Node) (*Node, []*Node)
}

// SGD is the plain step theta += LR * phi.
type SGD struct{ LR float64 }

// AdagradMomentum is the "Adagrad with momentum" of Liu & Wang's reference
// SVGD code: h = Decay h + (1 - Decay) phi^2 (the first step uses phi^2),
// theta += LR phi / (Eps + sqrt(h)); Decay = 0.9 and Eps = 1e-6 there.
type AdagradMomentum struct{ LR, Decay, Eps float64 }

// Adam is Kingma & Ba's Adam, ascending along phi, with bias correction.
type Adam struct{ LR, Beta1, Beta2, Eps float64 }

// OptimizerName names an optimizer of [NewOptimizer]; in JSON and on the
// command line it is the name itself.
type OptimizerName string

// The optimizers by name (docs/reading.md section 1 says which experiment
// uses which).
const (
	SGDName     OptimizerName = "sgd"     // plain steps, [SGD]
	AdagradName OptimizerName = "adagrad" // Liu & Wang's Adagrad with momentum, [AdagradMomentum]
	AdamName    OptimizerName = "adam"    // [Adam]
)

// Validate reports a name that is none of the optimizers.
func (n OptimizerName) Validate() error {
	switch n {
	case SGDName, AdagradName, AdamName:
		return nil
	}
	return fmt.Errorf("optimizer %q: want sgd, adagrad or adam", string(n))
}

// UnmarshalText reads a name, in any case, and checks it.
func (n *OptimizerName) UnmarshalText(b []byte) error {
	v := OptimizerName(strings.ToLower(strings.TrimSpace(string(b))))
	if err := v.Validate(); err != nil {
		return err
	}
	*n = v
	return nil
}

// MarshalText writes the name.
func (n OptimizerName) MarshalText() ([]byte, error) { return []byte(n), nil }

// NewOptimizer returns the optimizer called name with step size lr and the
// usual defaults for its other constants.
func NewOptimizer(name OptimizerName, lr float64) (Optimizer, error) {
	if !(lr > 0) || math.IsInf(lr, 0) {
		return nil, fmt.Errorf("step size = %v must be finite and > 0", lr)
	}
	switch name {
	case SGDName:
		return SGD{LR: lr}, nil
	case AdagradName:
		return AdagradMomentum{LR: lr, Decay: 0.9, Eps: 1e-6}, nil
	case AdamName:
		return Adam{LR: lr, Beta1: 0.9, Beta2: 0.999, Eps: 1e-8}, nil
	}
	return nil, name.Validate()
}

// Name implements [Optimizer].
func (SGD) Name() string { return "sgd" }

// NumState implements [Optimizer].
func (SGD) NumState() int { return 0 }

// Update implements [Optimizer].
func (o SGD) Update(theta, phi, _ *Node, _ []*Node) (*Node, []*Node) {
	return Add(theta, MulScalar(phi, o.LR)), nil
}

// Name implements [Optimizer].
func (AdagradMomentum) Name() string { return "adagrad" }

// NumState implements [Optimizer].
func (AdagradMomentum) NumState() int { return 1 }

// Update implements [Optimizer].
func (o AdagradMomentum) Update(theta, phi, iter *Node, state []*Node) (*Node, []*Node) {
	g2 := Square(phi)
	h := Add(MulScalar(state[0], o.Decay), MulScalar(g2, 1-o.Decay))
	h = Where(Equal(iter, ZerosLike(iter)), g2, h)
	step := Div(phi, AddScalar(Sqrt(h), o.Eps))
	return Add(theta, MulScalar(step, o.LR)), []*Node{h}
}

// Name implements [Optimizer].
func (Adam) Name() string { return "adam" }

// NumState implements [Optimizer].
func (Adam) NumState() int { return 2 }

// Update implements [Optimizer].
func (o Adam) Update(theta, phi, iter *Node, state []*Node) (*Node, []*Node) {
	m := Add(MulScalar(state[0], o.Beta1), MulScalar(phi, 1-o.Beta1))
	v := Add(MulScalar(state[1], o.Beta2), MulScalar(Square(phi), 1-o.Beta2))
	t := AddScalar(iter, 1)
	mHat := Div(m, OneMinus(Pow(ConstAs(t, o.Beta1), t)))
	vHat := Div(v, OneMinus(Pow(ConstAs(t, o.Beta2), t)))
	step := Div(mHat, AddScalar(Sqrt(vHat), o.Eps))
	return Add(theta, MulScalar(step, o.LR)), []*Node{m, v}
}

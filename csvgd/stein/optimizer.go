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
	// Name is a short, parseable name ([OptimizerName]): "sgd",
	// "adagrad", "adagrad-reset" or "adam".
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
// theta += LR phi / (Eps + sqrt(h)); Decay = [AdagradDecay] and Eps =
// [AdagradEps] there (python/bayesian_nn.py of their repository
// DartML/Stein-Variational-Gradient-Descent from commit 795298af on).
// With Decay = 0, h = phi^2 at every iteration and the step is
// LR phi / (Eps + |phi|), a step of about LR along the sign of each
// coordinate of phi: the update of their first public code
// ([AdagradResetName]; docs/reading.md section 18).
type AdagradMomentum struct{ LR, Decay, Eps float64 }

// The constants of Liu & Wang's Adagrad with momentum ([AdagradMomentum]).
const (
	AdagradDecay = 0.9  // the decay of the squared directions' running mean
	AdagradEps   = 1e-6 // the fudge factor added to the root
)

// Adam is Kingma & Ba's Adam, ascending along phi, with bias correction.
type Adam struct{ LR, Beta1, Beta2, Eps float64 }

// OptimizerName names an optimizer of [NewOptimizer]; in JSON and on the
// command line it is the name itself.
type OptimizerName string

// The optimizers by name (docs/reading.md section 1 says which experiment
// uses which).
const (
	SGDName OptimizerName = "sgd" // plain steps, [SGD]
	// AdagradName is Liu & Wang's Adagrad with momentum as their
	// maintained code has it (commit 795298af of
	// DartML/Stein-Variational-Gradient-Descent onward): [AdagradMomentum]
	// with Decay = [AdagradDecay]. It is the project's Adagrad.
	AdagradName OptimizerName = "adagrad"
	// AdagradResetName is the same optimizer with its state reset at
	// every iteration, as their first public code runs it (commits
	// b6dc08bc and 11aacf49 set the state to 0 inside the iteration
	// loop; 70041828, which moves it out, cannot run past the first
	// iteration): [AdagradMomentum] with Decay = 0, the step
	// LR phi / (Eps + |phi|). The regression benchmark's optimizer
	// ablation runs it (docs/reading.md section 18); nothing adopts it.
	AdagradResetName OptimizerName = "adagrad-reset"
	AdamName         OptimizerName = "adam" // [Adam]
)

// Validate reports a name that is none of the optimizers.
func (n OptimizerName) Validate() error {
	switch n {
	case SGDName, AdagradName, AdagradResetName, AdamName:
		return nil
	}
	return fmt.Errorf("optimizer %q: want sgd, adagrad, adagrad-reset or adam", string(n))
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
		return AdagradMomentum{LR: lr, Decay: AdagradDecay, Eps: AdagradEps}, nil
	case AdagradResetName:
		return AdagradMomentum{LR: lr, Decay: 0, Eps: AdagradEps}, nil
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

// Name implements [Optimizer]: adagrad-reset with Decay = 0 (the state
// reset every iteration), adagrad otherwise.
func (o AdagradMomentum) Name() string {
	if o.Decay == 0 {
		return string(AdagradResetName)
	}
	return string(AdagradName)
}

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

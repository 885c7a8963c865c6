package speed

import (
	"fmt"
	"math/rand/v2"

	"github.com/csvgd/csvgd-go/csvgd/reference"
)

// StepCheck is what another implementation of the step (bench/torch_step.py,
// bench/jax_step.py) is checked against: the initial particles of a case
// and the particles after Steps steps of the hand-written reference
// ([reference.Step]), each [particle][weight] in the network's order (W0,
// W1, W2, row-major).
type StepCheck struct {
	Particles int         `json:"particles"`
	Width     int         `json:"width"`
	Steps     int         `json:"steps"`
	Initial   [][]float64 `json:"initial"`
	After     [][]float64 `json:"after"`
}

// ReferenceSteps runs steps steps of the hand-written reference on case c
// from its initial particles (seed as [Run]'s) and returns the check.
func ReferenceSteps(c Case, seed uint64, steps int) (*StepCheck, error) {
	if steps < 1 {
		return nil, fmt.Errorf("steps = %d: need at least 1", steps)
	}
	p, err := Problem(c, seed)
	if err != nil {
		return nil, err
	}
	sc, err := p.SteinConfig()
	if err != nil {
		return nil, err
	}
	ref, err := reference.NewStep(p.Arch, p.Train, p.Weight(), sc)
	if err != nil {
		return nil, err
	}
	x := p.Arch.Init(c.Particles, rand.New(rand.NewPCG(seed, 0x1c22)))
	check := &StepCheck{Particles: c.Particles, Width: c.Width, Steps: steps, Initial: x.Clone().Rows()}
	for i := 0; i < steps; i++ {
		if err := ref.Do(x); err != nil {
			return nil, fmt.Errorf("reference step %d: %w", i, err)
		}
	}
	check.After = x.Clone().Rows()
	return check, nil
}

package speed

import (
	"fmt"

	"github.com/csvgd/csvgd-go/csvgd/icnn"
)

// Case is one measured configuration: an ensemble of Particles networks
// with two hidden layers of Width nodes, [3, Width, Width, 1].
type Case struct {
	Particles int
	Width     int
}

// PaperCases are the six cases of the speed table: 10 and 100 particles at
// the widths 30 (the paper's network), 8 and 4.
func PaperCases() []Case {
	var cs []Case
	for _, n := range []int{10, 100} {
		for _, w := range []int{30, 8, 4} {
			cs = append(cs, Case{Particles: n, Width: w})
		}
	}
	return cs
}

// Arch is the case's network.
func (c Case) Arch() icnn.Arch { return icnn.Arch{Widths: []int{3, c.Width, c.Width, 1}} }

// Validate reports a case that cannot be run.
func (c Case) Validate() error {
	if c.Particles < 2 {
		return fmt.Errorf("particles = %d: need at least 2", c.Particles)
	}
	if c.Width < 1 {
		return fmt.Errorf("width = %d: need at least 1", c.Width)
	}
	return nil
}

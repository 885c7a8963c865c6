package dense

import (
	"fmt"

	"github.com/csvgd/csvgd-go/csvgd/condense"
)

// Condensed is an ensemble of dense networks after graph condensation:
// the template's network and [condense.Condensed] (the particles on the
// template, the maps back to the original particles, Remap for values
// shaped like them).
type Condensed struct {
	Arch Arch // the template
	condense.Condensed
}

// Condense applies graph condensation (Alg. graph_condense, generalised:
// [condense.CondenseNetwork]) to particles of a, each holding the
// network's parameters and then extra parameters of the model, which are
// carried unchanged: weights and biases below o.Threshold are pruned, the
// constant output of every hidden node left without incoming edges is
// folded into the next layer's biases, nodes without outgoing edges are
// removed, the rest sorted by the summed magnitude of their outgoing
// weights and laid on a common template. Only the pruning of weights and
// biases changes what a network computes; o.KeepConstantNodes has no
// effect (folding keeps constant nodes' contributions exactly).
func (a Arch) Condense(particles [][]float64, extra int, o condense.Options) (Condensed, error) {
	if err := a.Validate(); err != nil {
		return Condensed{}, err
	}
	c, err := condense.CondenseNetwork(a.Network(extra), particles, o)
	if err != nil {
		return Condensed{}, fmt.Errorf("dense: %w", err)
	}
	return Condensed{Arch: a.WithWidths(c.To.Widths), Condensed: c}, nil
}

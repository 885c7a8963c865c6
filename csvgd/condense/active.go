package condense

import (
	"fmt"

	"github.com/csvgd/csvgd-go/csvgd/icnn"
)

// ActiveCounts returns, for every particle and every hidden layer l = 1 .. L
// (counts[a][l-1]), the number of nodes that survive the edge and node
// pruning of [Condense] with the options o ([LiveNodes]). The template of
// Condense has these counts' largest values per layer as hidden widths (at
// least 1).
func ActiveCounts(arch icnn.Arch, particles [][]float64, o Options) ([][]int, error) {
	if err := checkArgs(arch, o); err != nil {
		return nil, err
	}
	counts := make([][]int, len(particles))
	for a, theta := range particles {
		if err := checkParticle(NetworkOf(arch), a, theta); err != nil {
			return nil, err
		}
		alive := liveNodes(NetworkOf(arch), theta, o)
		for k := 1; k+1 < len(alive); k++ {
			n := 0
			for _, v := range alive[k] {
				if v {
					n++
				}
			}
			counts[a] = append(counts[a], n)
		}
	}
	return counts, nil
}

// LiveNodes marks the nodes of the particle theta of arch that survive the
// edge and node pruning of [Condense] with the options o (alive[k][j] for
// node j of layer k): the inputs and the output always; a hidden node
// while it has an outgoing edge (|w| >= o.Threshold, w != 0) to a live
// node of the next layer and, unless o.KeepConstantNodes, an incoming
// edge from a live node of the previous layer, repeated to a fixed point
// (the largest set of nodes that satisfies the rule). Dead nodes are those
// Condense removes; nothing is sorted or padded. LiveNodes fails on an
// invalid architecture or options, on a particle of the wrong length and
// on a value that is not finite.
func LiveNodes(arch icnn.Arch, theta []float64, o Options) ([][]bool, error) {
	if err := checkArgs(arch, o); err != nil {
		return nil, err
	}
	return NetworkLiveNodes(NetworkOf(arch), theta, o)
}

// NetworkLiveNodes is [LiveNodes] for any [Network]: for one whose
// constant nodes condensation folds into the biases, the hidden nodes
// that survive edge and bias pruning, folding and node pruning.
func NetworkLiveNodes(n Network, theta []float64, o Options) ([][]bool, error) {
	if err := n.Validate(); err != nil {
		return nil, err
	}
	if err := o.Validate(); err != nil {
		return nil, err
	}
	if err := checkParticle(n, 0, theta); err != nil {
		return nil, err
	}
	return liveNodes(n, theta, o), nil
}

// liveNodes is [NetworkLiveNodes] of a checked particle.
func liveNodes(n Network, theta []float64, o Options) [][]bool {
	g := newGraph(n, theta)
	g.prune(o.Threshold)
	if n.folds() {
		g.fold()
	}
	return g.live(o.KeepConstantNodes || n.folds())
}

// checkArgs reports an invalid architecture or options.
func checkArgs(arch icnn.Arch, o Options) error {
	if err := arch.Validate(); err != nil {
		return fmt.Errorf("condense: %w", err)
	}
	return o.Validate()
}

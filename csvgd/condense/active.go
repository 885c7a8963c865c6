package condense

import (
	"fmt"

	"github.com/csvgd/csvgd-go/csvgd/icnn"
)

// ActiveCounts returns, for every particle and every hidden layer l = 1 .. L
// (counts[a][l-1]), the number of nodes that survive the edge and node
// pruning of [Condense] with the options o. The template of Condense has
// these counts' largest values per layer as hidden widths (at least 1).
func ActiveCounts(arch icnn.Arch, particles [][]float64, o Options) ([][]int, error) {
	if err := arch.Validate(); err != nil {
		return nil, fmt.Errorf("condense: %w", err)
	}
	if err := o.Validate(); err != nil {
		return nil, err
	}
	counts := make([][]int, len(particles))
	for a, theta := range particles {
		if err := checkParticle(arch, a, theta); err != nil {
			return nil, err
		}
		g := newGraph(arch, theta)
		g.prune(o.Threshold)
		alive := g.live(o.KeepConstantNodes)
		for k := 1; k+1 < len(g.widths); k++ {
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

// ActiveWeights counts the weights of theta with |w| >= threshold (and
// w != 0): the parameters a particle uses, as opposed to the template's
// size, which is what is computed.
func ActiveWeights(theta []float64, threshold float64) int {
	n := 0
	for _, v := range theta {
		if present(v, threshold) {
			n++
		}
	}
	return n
}

// MeanActiveWeights is the mean of [ActiveWeights] over the particles (0 for
// none).
func MeanActiveWeights(particles [][]float64, threshold float64) float64 {
	if len(particles) == 0 {
		return 0
	}
	n := 0
	for _, theta := range particles {
		n += ActiveWeights(theta, threshold)
	}
	return float64(n) / float64(len(particles))
}

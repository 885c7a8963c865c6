package condense

import "fmt"

// ParticleMap is where one condensed particle came from.
type ParticleMap struct {
	// Source[i] is the index in the original flat particle of parameter i
	// of the condensed one, or -1 where the condensed weight is 0 because
	// it was pruned (|w| < threshold, or an exact 0) or belongs to a
	// padded node.
	Source []int

	// Nodes[k][j] is the original index of node j of layer k of the
	// template (k = 0 the inputs, the last the output, both the identity),
	// or -1 for a padded node.
	Nodes [][]int
}

// Remap carries values shaped like the original particles (optimizer
// moments, gradient histories, the particles themselves) through the same
// pruning, permutation and padding: out[a][i] = old[a][Source[i]], and 0
// where Source[i] = -1. A pruned weight thus restarts from zero state, as
// its value restarts from 0. Remapping the original particles gives
// r.Particles exactly.
//
// Remap panics if old is not shaped like the particles given to Condense.
func (r Result) Remap(old [][]float64) [][]float64 {
	return remap(r.Maps, r.From.Widths, r.From.NumParams(), old)
}

// Remap is [Result.Remap] for a [Condensed] network: the extra parameters
// keep their values.
func (r Condensed) Remap(old [][]float64) [][]float64 {
	return remap(r.Maps, r.From.Widths, r.From.NumParams(), old)
}

// remap carries old, shaped like particles of n values of a network of
// the given widths, through maps.
func remap(maps []ParticleMap, widths []int, n int, old [][]float64) [][]float64 {
	if len(old) != len(maps) {
		panic(fmt.Sprintf("condense: Remap: %d particles, the result has %d", len(old), len(maps)))
	}
	out := make([][]float64, len(old))
	for a, m := range maps {
		if len(old[a]) != n {
			panic(fmt.Sprintf("condense: Remap: particle %d has %d values, widths %v need %d", a, len(old[a]), widths, n))
		}
		out[a] = make([]float64, len(m.Source))
		for i, s := range m.Source {
			if s >= 0 {
				out[a][i] = old[a][s]
			}
		}
	}
	return out
}

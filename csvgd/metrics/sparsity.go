package metrics

import "math"

// ActiveWeights counts, in each particle, the active weights: those with
// w != 0 and |w| >= threshold, the weights that survive the edge pruning
// of graph condensation at that threshold (the paper's 1e-3 is
// [github.com/csvgd/csvgd-go/csvgd/condense.PaperThreshold]; at threshold
// 0 only exact zeros are inactive). It returns the counts and their mean
// over the particles: the "mean count of active weights per particle" of
// docs/reading.md section 10, the parameters a particle uses, as opposed
// to the size of the condensed template, which is what is computed. NaN
// weights are not counted. With no particles, perParticle is empty and
// mean is NaN.
func ActiveWeights(particles [][]float64, threshold float64) (perParticle []int, mean float64) {
	perParticle = make([]int, len(particles))
	if len(particles) == 0 {
		return perParticle, math.NaN()
	}
	var total int
	for a, p := range particles {
		for _, w := range p {
			if w != 0 && math.Abs(w) >= threshold {
				perParticle[a]++
			}
		}
		total += perParticle[a]
	}
	return perParticle, float64(total) / float64(len(particles))
}

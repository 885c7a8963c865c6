package metrics

import "math"

// PaperThreshold is the paper's threshold below which a weight counts as
// zero (Sec. 5.4: "a threshold of 10^-3 is employed to exclude negligible
// weights").
const PaperThreshold = 1e-3

// ActiveWeights counts, in each particle, the weights with
// |w| >= threshold (use [PaperThreshold] for the paper's 1e-3), and returns
// the counts and their mean over the particles: the "mean count of active
// weights per particle" of docs/reading.md section 10, as opposed to the size of
// the condensed template. NaN weights are not counted. With no particles,
// perParticle is empty and mean is NaN.
func ActiveWeights(particles [][]float64, threshold float64) (perParticle []int, mean float64) {
	perParticle = make([]int, len(particles))
	if len(particles) == 0 {
		return perParticle, math.NaN()
	}
	var total int
	for a, p := range particles {
		for _, w := range p {
			if math.Abs(w) >= threshold {
				perParticle[a]++
			}
		}
		total += perParticle[a]
	}
	return perParticle, float64(total) / float64(len(particles))
}

package metrics

// MeanDistance is the mean of the inter-particle distances of eq.
// (distances) over the pairs a < b of particles (0 for fewer than two):
// one number for how far apart an ensemble's particles are in their
// common node order.
func MeanDistance(particles [][]float64) float64 {
	n := len(particles)
	if n < 2 {
		return 0
	}
	return MeanOfDistances(Distances(particles))
}

// MeanOfDistances is the mean of the entries above the diagonal of an
// N x N distance matrix d (0 for N < 2).
func MeanOfDistances(d [][]float64) float64 {
	n := len(d)
	if n < 2 {
		return 0
	}
	var s float64
	for a := range n {
		for b := a + 1; b < n; b++ {
			s += d[a][b]
		}
	}
	return s / float64(n*(n-1)/2)
}

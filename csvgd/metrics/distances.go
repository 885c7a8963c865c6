package metrics

import (
	"fmt"
	"math"
)

// Distances is the inter-particle distance of eq. (distances),
//
//	d(a, b) = sqrt( sum_l ||W_l,a - W_l,b||^2 ),
//
// over all weight matrices W_l of particles a and b, returned as an N x N
// matrix (d[a][b], symmetric, zero diagonal). The project reads the norm
// as the Frobenius (entrywise) norm (docs/reading.md section 13), so d is the
// Euclidean distance between the flat parameter vectors. The paper ignores
// biases; the networks here have none.
//
// The distance depends on the order of the hidden nodes: it is meant for
// particles in a common node order, such as after graph condensation, which
// sorts each particle's nodes by importance (eq. importance).
//
// The differences are summed directly (not through |a|^2 + |b|^2 - 2 a.b),
// so close particles keep their small distances. Distances panics if the
// particles differ in length.
func Distances(particles [][]float64) [][]float64 {
	n := len(particles)
	d := make([][]float64, n)
	flat := make([]float64, n*n)
	for a := range d {
		d[a] = flat[a*n : (a+1)*n]
	}
	for a := range n {
		if len(particles[a]) != len(particles[0]) {
			panic(fmt.Sprintf("metrics: Distances: particle %d has %d parameters, particle 0 has %d", a, len(particles[a]), len(particles[0])))
		}
		for b := a + 1; b < n; b++ {
			var s float64
			for i, v := range particles[a] {
				t := v - particles[b][i]
				s += t * t
			}
			d[a][b] = math.Sqrt(s)
			d[b][a] = d[a][b]
		}
	}
	return d
}

package condense

import "github.com/csvgd/csvgd-go/csvgd/icnn"

// Permute returns theta with its nodes reordered: node i of layer k of the
// result is node perm[k][i] of theta (perm[k] nil for the identity), and
//
//	W'_k[r][c] = W_k[perm[k+1][r]][perm[k][c]].
//
// Permuting hidden nodes (rows of W_k together with the columns of
// W_{k+1}) leaves the network's function unchanged: the symmetry that
// makes raw weights of different particles incomparable and that the
// importance sort of [Condense] removes. Inputs and the output must keep
// the identity (perm[0], perm[last] nil) for the same function.
func Permute(arch icnn.Arch, theta []float64, perm [][]int) []float64 {
	return permuteFlat(arch, theta, perm)
}

// permuteFlat is [Permute] for any values laid out like a particle (for
// example the source indices of a [ParticleMap]).
func permuteFlat[T any](arch icnn.Arch, theta []T, perm [][]int) []T {
	at := func(k, i int) int {
		if perm[k] == nil {
			return i
		}
		return perm[k][i]
	}
	out := make([]T, len(theta))
	for k, l := range arch.Layers() {
		for r := 0; r < l.Rows; r++ {
			for c := 0; c < l.Cols; c++ {
				out[l.Offset+r*l.Cols+c] = theta[l.Offset+at(k+1, r)*l.Cols+at(k, c)]
			}
		}
	}
	return out
}

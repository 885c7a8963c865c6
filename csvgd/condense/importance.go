package condense

import (
	"fmt"
	"math"
	"slices"
	"sort"

	"github.com/csvgd/csvgd-go/csvgd/icnn"
)

// Importance returns the importance of eq. (importance) of every hidden node
// of the particle theta of arch,
//
//	s_{l,j} = sum_i [W_l]_{ij},
//
// the sum of node j's outgoing weights (column j of W_l, whose rows are the
// nodes of layer l+1): s[l-1][j] for hidden layer l = 1 .. L. No weight is
// pruned. The sum is signed, as in the paper; the weights leaving hidden
// nodes (W_1 .. W_L) are non-negative in this package's networks, so it is
// also their L1 norm.
func Importance(arch icnn.Arch, theta []float64) ([][]float64, error) {
	if err := arch.Validate(); err != nil {
		return nil, fmt.Errorf("condense: %w", err)
	}
	return NetworkImportance(NetworkOf(arch), theta)
}

// NetworkImportance is [Importance] for any [Network]: with Signed the sum
// of the magnitudes of node j's outgoing weights, sum_i |[W_l]_ij|.
func NetworkImportance(n Network, theta []float64) ([][]float64, error) {
	if err := n.Validate(); err != nil {
		return nil, err
	}
	if err := checkParticle(n, 0, theta); err != nil {
		return nil, err
	}
	g := newGraph(n, theta)
	alive := make([][]bool, len(g.widths))
	for k, n := range g.widths {
		alive[k] = make([]bool, n)
		for j := range alive[k] {
			alive[k][j] = true
		}
	}
	var s [][]float64
	for k := 1; k+1 < len(g.widths); k++ {
		s = append(s, g.importance(k, alive))
	}
	return s, nil
}

// importance is s_{k,j} of every node j of hidden layer k, summing W_k
// column j over the live rows of layer k+1 (their magnitudes when the
// network is Signed). The terms are summed in
// ascending order, so that the value, to the last bit, does not depend on
// the order of layer k+1's nodes: sorting is then invariant under node
// permutations, and condensation idempotent, even between nodes whose
// importances tie mathematically.
func (g graph) importance(k int, alive [][]bool) []float64 {
	cols, rows := g.widths[k], g.widths[k+1]
	s := make([]float64, cols)
	terms := make([]float64, 0, rows)
	for j := range s {
		terms = terms[:0]
		for r := 0; r < rows; r++ {
			if alive[k+1][r] {
				v := g.w[k][r*cols+j]
				if g.net.Signed {
					v = math.Abs(v)
				}
				terms = append(terms, v)
			}
		}
		slices.Sort(terms)
		for _, v := range terms {
			s[j] += v
		}
	}
	return s
}

// order lists the live nodes of hidden layer k in descending importance;
// ties keep their current order.
func (g graph) order(k int, alive [][]bool) []int {
	s := g.importance(k, alive)
	var keep []int
	for j, a := range alive[k] {
		if a {
			keep = append(keep, j)
		}
	}
	sort.SliceStable(keep, func(a, b int) bool { return s[keep[a]] > s[keep[b]] })
	return keep
}

// checkParticle reports a particle of the wrong length or with a value
// that is not finite.
func checkParticle(net Network, a int, theta []float64) error {
	if n := net.NumParams(); len(theta) != n {
		return fmt.Errorf("condense: particle %d has %d parameters, widths %v need %d", a, len(theta), net.Widths, n)
	}
	for i, v := range theta {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("condense: particle %d: parameter %d = %v is not finite", a, i, v)
		}
	}
	return nil
}

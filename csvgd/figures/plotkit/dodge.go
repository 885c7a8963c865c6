package plotkit

import (
	"cmp"
	"slices"
)

// Dodge are the positions at which to draw markers at xs so that no two
// lie closer than gap: markers already gap or more from their neighbours
// stay where they are; each run of markers closer than that is spread
// around its mean, gap apart, in their order (runs that then come closer
// than gap to each other merge and spread together). Equal positions keep
// the order of xs. It is for readability only: the caller says in the
// legend that markers closer than gap are drawn apart.
func Dodge(xs []float64, gap float64) []float64 {
	idx := make([]int, len(xs))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(xs[a], xs[b]) })
	type run struct{ first, n int } // a run of idx[first : first+n]
	var runs []run
	center := func(r run) float64 {
		sum := 0.0
		for _, i := range idx[r.first : r.first+r.n] {
			sum += xs[i]
		}
		return sum / float64(r.n)
	}
	// ends are a run's lowest and highest drawn positions.
	ends := func(r run) (lo, hi float64) {
		c, half := center(r), gap*float64(r.n-1)/2
		return c - half, c + half
	}
	for k := range idx {
		runs = append(runs, run{k, 1})
		for len(runs) > 1 {
			a, b := runs[len(runs)-2], runs[len(runs)-1]
			_, aHi := ends(a)
			bLo, _ := ends(b)
			if bLo-aHi >= gap {
				break
			}
			runs = append(runs[:len(runs)-2], run{a.first, a.n + b.n})
		}
	}
	out := make([]float64, len(xs))
	for _, r := range runs {
		lo, _ := ends(r)
		for j, i := range idx[r.first : r.first+r.n] {
			out[i] = lo + gap*float64(j)
		}
	}
	return out
}

package exact

import (
	"cmp"
	"slices"
)

// columns are the values of some quantities (the stress entries of a band,
// the watched quantities) at a set of draws, each column's draws sorted
// once, so that the type-7 quantiles of any resample of the draws (a
// multiplicity per draw) come from one pass over the sorted order,
// without sorting again.
type columns struct {
	draws int
	order [][]int32   // order[j]: the draws sorted by the value of column j
	value [][]float64 // value[j][d]: column j at draw d
}

// newColumns sorts every column of values[d][j] (d a draw).
func newColumns(values [][]float64) *columns {
	n := len(values)
	m := len(values[0])
	c := &columns{draws: n, order: make([][]int32, m), value: make([][]float64, m)}
	for j := range m {
		v := make([]float64, n)
		o := make([]int32, n)
		for d := range n {
			v[d], o[d] = values[d][j], int32(d)
		}
		slices.SortFunc(o, func(a, b int32) int { return cmp.Compare(v[a], v[b]) })
		c.value[j], c.order[j] = v, o
	}
	return c
}

// quantiles writes into out[i] the type-7 quantile at qs[i] of column j
// over the draws taken mult[d] times each (nil: once each), n of them in
// all (the sum of mult). The quantile at q is
// v_(i) + (h - i)(v_(i+1) - v_(i)) with h = q (n - 1), i = floor(h) and
// v_(r) the value of rank r (from 0). The ranks below n/2 are read in one
// pass up the sorted draws, the others in one pass down, each pass
// stopping at the last rank it needs.
func (c *columns) quantiles(j int, mult []int32, n int, qs []float64, out []float64) {
	ranks := make([]int, 0, 2*len(qs)) // i and i + 1 of every quantile
	for _, q := range qs {
		i := int(q * float64(n-1))
		ranks = append(ranks, i, min(i+1, n-1))
	}
	at := make([]float64, len(ranks))
	var up, down []int // the slots of the ranks below n/2, and the others
	for s, r := range ranks {
		if 2*r < n {
			up = append(up, s)
		} else {
			down = append(down, s)
		}
	}
	c.scan(j, mult, ranks, up, at, false)
	// Going down, rank r of the values is rank n - 1 - r from the top.
	top := make([]int, len(ranks))
	for s, r := range ranks {
		top[s] = n - 1 - r
	}
	c.scan(j, mult, top, down, at, true)
	for i, q := range qs {
		h := q * float64(n-1)
		out[i] = at[2*i] + (h-float64(ranks[2*i]))*(at[2*i+1]-at[2*i])
	}
}

// scan reads into at[s] the value of rank ranks[s] for the slots s, going
// up the sorted draws of column j (down when reverse), each draw d taken
// mult[d] times.
func (c *columns) scan(j int, mult []int32, ranks, slots []int, at []float64, reverse bool) {
	if len(slots) == 0 {
		return
	}
	slices.SortFunc(slots, func(a, b int) int { return cmp.Compare(ranks[a], ranks[b]) })
	order, v := c.order[j], c.value[j]
	next, cum := 0, 0
	for t := range order {
		d := order[t]
		if reverse {
			d = order[len(order)-1-t]
		}
		w := 1
		if mult != nil {
			w = int(mult[d])
		}
		cum += w
		for next < len(slots) && ranks[slots[next]] < cum {
			at[slots[next]] = v[d]
			next++
		}
		if next == len(slots) {
			return
		}
	}
}

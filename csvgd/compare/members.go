package compare

import (
	"math"
	"slices"
)

// column is one scalar quantity (a stress component at a test point)
// over the members of an ensemble: its values sorted, and the member that
// each sorted value belongs to, so that a replicate, which counts how
// often it drew each member, can walk the values in order.
type column struct {
	vals   []float64
	member []int32
}

func newColumn(vals []float64) column {
	idx := make([]int32, len(vals))
	for i := range idx {
		idx[i] = int32(i)
	}
	slices.SortStableFunc(idx, func(a, b int32) int {
		switch {
		case vals[a] < vals[b]:
			return -1
		case vals[a] > vals[b]:
			return 1
		}
		return 0
	})
	c := column{vals: make([]float64, len(vals)), member: idx}
	for i, m := range idx {
		c.vals[i] = vals[m]
	}
	return c
}

// The central bands' quantile levels, in increasing order: 90% and 50%.
var bandLevels = [4]float64{0.05, 0.25, 0.75, 0.95}

// picker collects, from values streamed in increasing order with their
// 0-based positions in a multiset of n, the type-7 quantiles at
// bandLevels: Q(u) = v_i + f (v_(i+1) - v_i), h = (n-1) u, i = floor(h),
// f = h - i.
type picker struct {
	pos  [4]int
	frac [4]float64
	lo   [4]float64
	q    [4]float64
}

func newPicker(n int) picker {
	var p picker
	for k, u := range bandLevels {
		h := float64(n-1) * u
		p.pos[k] = int(math.Floor(h))
		p.frac[k] = h - math.Floor(h)
		if p.pos[k] >= n-1 {
			p.pos[k], p.frac[k] = n-1, 0
		}
	}
	return p
}

// see takes the value at position j.
func (p *picker) see(j int, v float64) {
	for k := range p.pos {
		switch j {
		case p.pos[k]:
			p.lo[k], p.q[k] = v, v
		case p.pos[k] + 1:
			p.q[k] = p.lo[k] + p.frac[k]*(v-p.lo[k])
		}
	}
}

// widths are the widths of the 90% and 50% bands.
func (p *picker) widths() (w90, w50 float64) { return p.q[3] - p.q[0], p.q[2] - p.q[1] }

// bandWidths are the 90% and 50% band widths of the multiset in which
// member m appears count[m] times (count nil: once each), n in all.
func (c column) bandWidths(count []int32, n int) (w90, w50 float64) {
	p := newPicker(n)
	j := 0
	for i, m := range c.member {
		k := 1
		if count != nil {
			k = int(count[m])
		}
		for range k {
			p.see(j, c.vals[i])
			j++
		}
	}
	return p.widths()
}

// subsetWidths are the 90% and 50% band widths of the n members m with
// in[m].
func (c column) subsetWidths(in []bool, n int) (w90, w50 float64) {
	p := newPicker(n)
	j := 0
	for i, m := range c.member {
		if in[m] {
			p.see(j, c.vals[i])
			j++
		}
	}
	return p.widths()
}

// steps is the step quantile function of the multiset: the values in
// order with the cumulative share of the multiset at or below each.
func (c column) steps(count []int32, n int, vals, cum []float64) ([]float64, []float64) {
	vals, cum = vals[:0], cum[:0]
	seen := 0
	for i, m := range c.member {
		k := 1
		if count != nil {
			k = int(count[m])
		}
		if k == 0 {
			continue
		}
		seen += k
		vals, cum = append(vals, c.vals[i]), append(cum, float64(seen)/float64(n))
	}
	return vals, cum
}

// quantileDistance is int_t^(1-t) |Q_a(u) - Q_b(u)| du between two step
// quantile functions (values va, vb with cumulative shares ca, cb, ending
// at 1): with t = 0 the Wasserstein-1 distance of the two distributions.
func quantileDistance(va, ca, vb, cb []float64, t float64) float64 {
	var sum float64
	i, j := 0, 0
	u := 0.0
	for i < len(va) && j < len(vb) {
		next := math.Min(ca[i], cb[j])
		lo, hi := math.Max(u, t), math.Min(next, 1-t)
		if hi > lo {
			sum += (hi - lo) * math.Abs(va[i]-vb[j])
		}
		u = next
		if ca[i] <= next {
			i++
		}
		if cb[j] <= next {
			j++
		}
	}
	return sum
}

package compare

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/metrics"
)

// TestColumnWithCounts: a column's band widths under multiplicities, and
// over a subset of its members, equal those of the
// expanded multiset or the subset itself; the distance of the step
// quantile functions is metrics.Wasserstein1 (t = 0), and the trimmed one
// the midpoint integral of the step quantile functions.
func TestColumnWithCounts(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	a, b := make([]float64, 6), make([]float64, 9)
	for i := range a {
		a[i] = rng.NormFloat64()
	}
	for i := range b {
		b[i] = 2 + 3*rng.NormFloat64()
	}
	ca, cb := []int32{0, 3, 1, 0, 2, 0}, []int32{1, 0, 2, 1, 1, 3, 0, 1, 0}
	ea, eb := expand(a, ca), expand(b, cb)
	colA, colB := newColumn(a), newColumn(b)
	width := func(s []float64, lo, hi float64) float64 {
		return metrics.QuantileSorted(s, hi) - metrics.QuantileSorted(s, lo)
	}
	w90, w50 := colA.bandWidths(ca, len(ea))
	if w90 != width(ea, 0.05, 0.95) || w50 != width(ea, 0.25, 0.75) {
		t.Errorf("band widths %v, %v; expanded %v, %v", w90, w50, width(ea, 0.05, 0.95), width(ea, 0.25, 0.75))
	}
	in := []bool{true, false, true, true, false, false, true, true, false}
	var sub []float64
	for i, v := range b {
		if in[i] {
			sub = append(sub, v)
		}
	}
	slices.Sort(sub)
	w90, w50 = colB.subsetWidths(in, len(sub))
	if w90 != width(sub, 0.05, 0.95) || w50 != width(sub, 0.25, 0.75) {
		t.Errorf("subset band widths %v, %v; direct %v, %v", w90, w50, width(sub, 0.05, 0.95), width(sub, 0.25, 0.75))
	}
	va, cua := colA.steps(ca, len(ea), nil, nil)
	vb, cub := colB.steps(cb, len(eb), nil, nil)
	if got, want := quantileDistance(va, cua, vb, cub, 0), metrics.Wasserstein1(ea, eb); math.Abs(got-want) > 1e-12 {
		t.Errorf("W1 %v, metrics.Wasserstein1 %v", got, want)
	}
	stepQ := func(s []float64, u float64) float64 { return s[min(int(u*float64(len(s))), len(s)-1)] }
	const n = 200000
	var mid float64
	for k := range n {
		u := 0.05 + 0.9*(float64(k)+0.5)/n
		mid += math.Abs(stepQ(ea, u)-stepQ(eb, u)) * 0.9 / n
	}
	if got := quantileDistance(va, cua, vb, cub, 0.05); math.Abs(got-mid) > 1e-4 {
		t.Errorf("trimmed W1 %v, midpoint integral %v", got, mid)
	}
}

// expand is the sorted multiset of vals with multiplicities count.
func expand(vals []float64, count []int32) []float64 {
	var out []float64
	for i, c := range count {
		for range c {
			out = append(out, vals[i])
		}
	}
	slices.Sort(out)
	return out
}

package plotkit

import (
	"math"
	"testing"
)

// TestDodge: markers at least gap apart stay put; a run of close ones is
// spread gap apart around its mean, in order; runs that the spreading
// brings within gap merge; equal positions keep their order; and the
// result never has two positions closer than gap.
func TestDodge(t *testing.T) {
	for _, c := range []struct {
		name string
		xs   []float64
		gap  float64
		want []float64
	}{
		{"apart", []float64{0, 10, 5}, 5, []float64{0, 10, 5}},
		{"two equal", []float64{100, 100}, 4, []float64{98, 102}},
		{"close pair, far one", []float64{749, 748, 100}, 20, []float64{758.5, 738.5, 100}},
		{"merging runs", []float64{0, 1, 3, 4}, 2, []float64{-1, 1, 3, 5}},
		{"cascade", []float64{0, 0, 0, 3}, 2, []float64{-2.25, -0.25, 1.75, 3.75}},
		{"none", nil, 1, []float64{}},
	} {
		got := Dodge(c.xs, c.gap)
		if len(got) != len(c.want) {
			t.Fatalf("%s: %v, want %v", c.name, got, c.want)
		}
		for i := range got {
			if math.Abs(got[i]-c.want[i]) > 1e-12 {
				t.Errorf("%s: %v, want %v", c.name, got, c.want)
				break
			}
		}
		for i := range got {
			for j := range got {
				if i != j && math.Abs(got[i]-got[j]) < c.gap-1e-12 {
					t.Errorf("%s: %v has %v and %v closer than %v", c.name, got, got[i], got[j], c.gap)
				}
			}
		}
	}
}

package plotkit

import (
	"cmp"
	"math"
	"slices"
	"testing"

	"gonum.org/v1/plot"
)

// TestAsinhTicks: every decade is labelled on a narrow axis; on a wide one
// ±1 give way to 0 and the decades are evenly thinned until no two labels
// crowd each other, every tick kept.
func TestAsinhTicks(t *testing.T) {
	for _, tc := range []struct {
		name   string
		lo, hi float64 // the range of w
		labels []string
		ticks  int
	}{
		{"within ±10", -10, 10, []string{"-10", "-1", "0", "1", "10"}, 1 + 2*10},
		{"0 to 1000", 0, 1000, []string{"0", "1", "10", "100", "1000"}, 1 + 3*9 + 1},
		{"-5000 to 500", -5000, 500, []string{"-100", "0", "100"}, 1 + 3*9 + 5 + 2*9 + 5},
		{"within ±10^5", -1e5, 1e5, []string{"-1000", "0", "1000"}, 1 + 2*(5*9+1)},
		{"within ±10^6", -1e6, 1e6, []string{"-1e6", "-1000", "0", "1000", "1e6"}, 1 + 2*(6*9+1)},
	} {
		ts := AsinhTicks{}.Ticks(math.Asinh(tc.lo), math.Asinh(tc.hi))
		slices.SortFunc(ts, func(a, b plot.Tick) int { return cmp.Compare(a.Value, b.Value) })
		var labels []string
		for _, tk := range ts {
			if tk.Label != "" {
				labels = append(labels, tk.Label)
			}
		}
		if !slices.Equal(labels, tc.labels) {
			t.Errorf("%s: labels %v, want %v", tc.name, labels, tc.labels)
		}
		for i := 1; i < len(ts); i++ {
			if ts[i].Label == "" {
				continue
			}
			for j := i - 1; j >= 0; j-- {
				if ts[j].Label == "" {
					continue
				}
				n := float64(len(ts[i].Label)+len(ts[j].Label))/2 + 1
				if gap := (ts[i].Value - ts[j].Value) / (math.Asinh(tc.hi) - math.Asinh(tc.lo)); gap < n*asinhLabelGap {
					t.Errorf("%s: labels %s and %s %.3f of the axis apart, closer than %.3f", tc.name, ts[j].Label, ts[i].Label, gap, n*asinhLabelGap)
				}
				break
			}
		}
		if len(ts) != tc.ticks {
			t.Errorf("%s: %d ticks, want %d", tc.name, len(ts), tc.ticks)
		}
	}
}

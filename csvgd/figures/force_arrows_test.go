package figures

import (
	"math"
	"testing"

	"gonum.org/v1/plot/plotter"
)

// TestMagnifications: an arrow shorter than a tenth of the longest is
// lengthened by a round factor to about a third of the longest; the
// others, and a zero force, are drawn to scale.
func TestMagnifications(t *testing.T) {
	fs := []force{
		{v: plotter.XY{X: 3, Y: 4}},     // length 5: the longest
		{v: plotter.XY{X: 0, Y: 0.6}},   // 0.6 >= 5/10: to scale
		{v: plotter.XY{X: 0.03, Y: 0}},  // 5/3/0.03 = 55.6: x 50
		{v: plotter.XY{X: 0, Y: -0.12}}, // 5/3/0.12 = 13.9: x 10 (nearer than 20 on a log scale)
		{v: plotter.XY{}},               // nothing to show
	}
	want := []float64{1, 1, 50, 10, 1}
	got := magnifications(fs)
	for k := range want {
		if got[k] != want[k] {
			t.Errorf("arrow %d (%v): magnified %v, want %v", k, fs[k].v, got[k], want[k])
		}
	}
	for _, c := range []struct{ v, want float64 }{{1, 1}, {1.4, 1}, {1.5, 2}, {3.1, 2}, {3.2, 5}, {7, 5}, {7.1, 10}, {0.04, 0.05}, {320, 500}} {
		if got := roundFactor(c.v); math.Abs(got-c.want) > 1e-12*c.want {
			t.Errorf("roundFactor(%v) = %v, want %v", c.v, got, c.want)
		}
	}
}

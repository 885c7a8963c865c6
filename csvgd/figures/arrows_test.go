package figures

import (
	"math"
	"testing"

	"gonum.org/v1/plot/plotter"
)

func TestArrowsDataRange(t *testing.T) {
	a, err := NewArrows(plotter.XYs{{X: 0, Y: 0}, {X: 1, Y: -1}}, plotter.XYs{{X: -2, Y: 0.5}, {X: 0.5, Y: -3}}, red, 1)
	if err != nil {
		t.Fatal(err)
	}
	x0, x1, y0, y1 := a.DataRange()
	if x0 != -2 || x1 != 1.5 || y0 != -4 || y1 != 0.5 {
		t.Errorf("range [%v, %v] x [%v, %v], want [-2, 1.5] x [-4, 0.5]", x0, x1, y0, y1)
	}
	if _, err := NewArrows(plotter.XYs{{X: 0, Y: 0}}, nil, red, 1); err == nil {
		t.Error("mismatched tails and vectors accepted")
	}
	if _, err := NewArrows(plotter.XYs{{X: 0, Y: 0}}, plotter.XYs{{X: math.NaN(), Y: 0}}, red, 1); err == nil {
		t.Error("NaN vector accepted")
	}
}

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

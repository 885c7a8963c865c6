package plotkit

import (
	"math"
	"testing"

	"gonum.org/v1/plot/plotter"
)

func TestArrowsDataRange(t *testing.T) {
	a, err := NewArrows(plotter.XYs{{X: 0, Y: 0}, {X: 1, Y: -1}}, plotter.XYs{{X: -2, Y: 0.5}, {X: 0.5, Y: -3}}, Red, 1)
	if err != nil {
		t.Fatal(err)
	}
	x0, x1, y0, y1 := a.DataRange()
	if x0 != -2 || x1 != 1.5 || y0 != -4 || y1 != 0.5 {
		t.Errorf("range [%v, %v] x [%v, %v], want [-2, 1.5] x [-4, 0.5]", x0, x1, y0, y1)
	}
	if _, err := NewArrows(plotter.XYs{{X: 0, Y: 0}}, nil, Red, 1); err == nil {
		t.Error("mismatched tails and vectors accepted")
	}
	if _, err := NewArrows(plotter.XYs{{X: 0, Y: 0}}, plotter.XYs{{X: math.NaN(), Y: 0}}, Red, 1); err == nil {
		t.Error("NaN vector accepted")
	}
}

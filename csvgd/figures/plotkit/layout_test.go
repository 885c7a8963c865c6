package plotkit

import (
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

// TestLogYLabelLeavesNoBandAbove checks that a long y-axis label on a log
// axis does not push the data areas of a row down: the gap between the
// tile's top and the data area's is the same as with a short label, up to
// a tick label's overhang.
func TestLogYLabelLeavesNoBandAbove(t *testing.T) {
	gap := func(label string) vg.Length {
		p := NewPanel("", "iteration", label)
		SetLog(&p.Y, 1e-4, 10)
		SetRange(&p.X, 0, 100)
		panels, _ := withoutLogYLabels([][]*plot.Plot{{p}})
		dc := draw.New(vgimg.New(30*vg.Centimeter, 11*vg.Centimeter))
		cv := plot.Align(panels, draw.Tiles{Rows: 1, Cols: 1}, dc)[0][0]
		return cv.Max.Y - panels[0][0].DataCanvas(cv).Max.Y
	}
	const tol = vg.Length(6) // points
	short, long := gap("d"), gap("Bhattacharyya distance to the likelihood")
	if long > short+tol {
		t.Errorf("gap above the data area: %.1f pt with a long y label, %.1f pt with a short one (tolerance %.0f pt)", long, short, tol)
	}
}

package plotkit

import (
	"math"
	"strings"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/recorder"
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

// gridFigure is a figure of rows × cols panels titled by title(r, c), of
// width w, with legend (nil for none).
func gridFigure(rows, cols int, title func(r, c int) string, w vg.Length, legend *plot.Legend) *Figure {
	f := &Figure{Name: "grid", Legend: legend, Width: w, Height: 8 * vg.Centimeter * vg.Length(rows)}
	for r := range rows {
		var row []*plot.Plot
		for c := range cols {
			p := NewPanel(title(r, c), "rank (all chains together)", "y")
			SetRange(&p.X, 0, 240)
			SetRange(&p.Y, 0, 4)
			row = append(row, p)
		}
		f.Panels = append(f.Panels, row)
	}
	return f
}

// TestLayoutThatDoesNotFit: CheckLayout refuses a figure whose legend
// leaves its panels too little room, or whose panel titles overprint each
// other, naming the cause, and passes the same figures with a short
// legend, or on a wider page; Render draws them all.
func TestLayoutThatDoesNotFit(t *testing.T) {
	legend := func(entries ...string) *plot.Legend {
		l := NewLegend()
		for _, e := range entries {
			l.Add(e, LineThumb(SolidLine(Blue)))
		}
		return l
	}
	short := func(r, c int) string { return PanelTag(2*r + c) }
	long := func(r, c int) string { return PanelTag(2*r+c) + " W₀[5][2] against W₀[10][2], the pair of weights" }
	wide := legend("a sampler's run described at length on the template 3-14-30-1 of cSVGD, 10 particles, seed 1", "kept draw")
	for _, c := range []struct {
		name string
		fig  *Figure
		want string // "" when it renders
	}{
		{"short legend", gridFigure(2, 2, short, 20*vg.Centimeter, legend("kept draw", "divergence (3)")), ""},
		{"legend of half the page", gridFigure(2, 2, short, 20*vg.Centimeter, wide), "does not fit"},
		{"long titles", gridFigure(1, 3, long, 24*vg.Centimeter, nil), "overprints its left neighbour's"},
		{"long titles on a wider page", gridFigure(1, 3, long, 48*vg.Centimeter, nil), ""},
	} {
		if _, err := c.fig.Render("png"); err != nil {
			t.Errorf("%s: Render: %v", c.name, err)
		}
		err := c.fig.CheckLayout()
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: %v", c.name, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s: error %v, want one saying %q", c.name, err, c.want)
		}
	}
}

// TestTitlesOfSeveralLines: in a row of panels whose titles have one and
// two lines, every title's last line stands on one baseline, the lines of
// a title are a line height apart (gonum/plot's text would set them a
// font size apart, into the data area), and every title's box lies above
// the data areas.
func TestTitlesOfSeveralLines(t *testing.T) {
	titles := []string{"one line", "first of two\nsecond of two", "three\nlines\nhere"}
	f := gridFigure(1, 3, func(_, c int) string { return titles[c] }, 30*vg.Centimeter, nil)
	rec := &recorder.Canvas{}
	if err := checkFit(f.draw(draw.NewCanvas(rec, f.Width, f.Height))); err != nil {
		t.Fatal(err)
	}
	at := map[string]vg.Length{}
	for _, a := range rec.Actions {
		if s, ok := a.(*recorder.FillString); ok {
			at[s.String] = s.Point.Y
		}
	}
	lineH := f.Panels[0][0].Title.TextStyle.FontExtents().Height
	const tol = 1e-6
	for _, pair := range [][2]string{{"first of two", "second of two"}, {"three", "lines"}, {"lines", "here"}} {
		if d := at[pair[0]] - at[pair[1]]; math.Abs(float64(d-lineH)) > tol {
			t.Errorf("%q is %.2f pt above %q, want a line height, %.2f pt", pair[0], d, pair[1], lineH)
		}
	}
	if a, b, c := at["one line"], at["second of two"], at["here"]; math.Abs(float64(a-b)) > tol || math.Abs(float64(a-c)) > tol {
		t.Errorf("last lines at %.2f, %.2f and %.2f pt, want one baseline", a, b, c)
	}
	// the boxes against the data areas, as draw lays them out
	dc := draw.Crop(draw.New(vgimg.New(f.Width, f.Height)), figPad, -figPad, figPad, -figPad)
	canvases := plot.Align(f.Panels, draw.Tiles{Rows: 1, Cols: 3, PadX: tilePadX, PadY: tilePadY}, dc)
	bottoms := titleBottoms(f.Panels, canvases)
	for c, p := range f.Panels[0] {
		da := p.DataCanvas(canvases[0][c])
		if box := titleBox(p, da, bottoms[0]); box.Min.Y < da.Max.Y {
			t.Errorf("title %q reaches down to %.2f pt, into the data area (top %.2f pt)", p.Title.Text, box.Min.Y, da.Max.Y)
		}
	}
}

package figures

import (
	"fmt"
	"image/color"
	"math"
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/figures/plotkit"
	"github.com/csvgd/csvgd-go/csvgd/mvn"
)

// TestClampedBand: a band whose ends reach millions is clipped to its
// panel's range widened by the range's height on each side; values
// inside are kept, and the clipped band still has lo <= hi.
func TestClampedBand(t *testing.T) {
	lo := []float64{-1e6, -0.1, 0.2, -3e6}
	hi := []float64{2e6, 0.1, 0.3, -2e6}
	l, h := clampedBand(lo, hi, -0.5, 0.5)
	want := [][2]float64{{-1.5, 1.5}, {-0.1, 0.1}, {0.2, 0.3}, {-1.5, -1.5}}
	for i := range lo {
		if l[i] != want[i][0] || h[i] != want[i][1] || l[i] > h[i] {
			t.Errorf("point %d: [%g, %g] clipped to [%g, %g], want [%g, %g]", i, lo[i], hi[i], l[i], h[i], want[i][0], want[i][1])
		}
	}
}

// distance is the Euclidean distance of two colours in 8-bit RGB.
func distance(a, b color.Color) float64 {
	r1, g1, b1, _ := a.RGBA()
	r2, g2, b2, _ := b.RGBA()
	d := func(x, y uint32) float64 { return float64(x>>8) - float64(y>>8) }
	return math.Sqrt(d(r1, r2)*d(r1, r2) + d(g1, g2)*d(g1, g2) + d(b1, b2)*d(b1, b2))
}

// TestCoverageColors: the calibration figure's eight ensembles (four
// sizes at one prior, two at each of two more) get colours at least 40
// apart in RGB, where one viridis rank per ensemble, the former scheme,
// puts some neighbours closer than that (the test fails both ways).
func TestCoverageColors(t *testing.T) {
	type gs struct{ g, i, n int }
	layout := []gs{{0, 0, 4}, {0, 1, 4}, {0, 2, 4}, {0, 3, 4}, {1, 0, 2}, {1, 1, 2}, {2, 0, 2}, {2, 1, 2}}
	minDist := func(col func(k int) color.Color) float64 {
		m := math.Inf(1)
		for a := range layout {
			for b := a + 1; b < len(layout); b++ {
				m = math.Min(m, distance(col(a), col(b)))
			}
		}
		return m
	}
	now := minDist(func(k int) color.Color { s := layout[k]; return coverageColor(s.g, s.i, s.n) })
	before := minDist(func(k int) color.Color { return plotkit.RankColor(k, len(layout)) })
	t.Logf("smallest distance between two ensembles' colours: %.1f (one viridis rank each: %.1f)", now, before)
	if now < 40 {
		t.Errorf("two ensembles' colours are %.1f apart, want at least 40", now)
	}
	if before >= 40 {
		t.Errorf("the former scheme's colours are %.1f apart: the test would not tell the schemes apart", before)
	}
	if coverageColor(1, 0, 1) != color.Color(familyHues[1]) {
		t.Errorf("a family of one member is not drawn in its hue")
	}
}

// TestSteinVsNUTSLabels: the panels of lines and bands, (a) to (d), have
// y labels, and the bands' panels are shaded in the tint, not the grey
// of the bands.
func TestSteinVsNUTSLabels(t *testing.T) {
	r := steinNUTS(t)
	f := SteinVsNUTS([]SteinNUTS{r, r})
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	for k, p := range []struct{ row, col int }{{0, 0}, {0, 1}, {0, 2}, {1, 0}} {
		if f.Panels[p.row][p.col].Y.Label.Text == "" {
			t.Errorf("panel %d (%q) has no y label", k, f.Panels[p.row][p.col].Title.Text)
		}
	}
	if shadeTrainTint == shadeTrain {
		t.Error("the training range is shaded in the bands' grey")
	}
}

// TestWeightPanelsSayUnresolved: the weight densities (e, f) are marked
// unresolved where the runs behind the draws do not agree, and only
// there.
func TestWeightPanelsSayUnresolved(t *testing.T) {
	for _, resolved := range []bool{true, false} {
		r := steinNUTS(t)
		r.Resolved = resolved
		f := SteinVsNUTS([]SteinNUTS{r, r})
		if err := f.Err(); err != nil {
			t.Fatal(err)
		}
		found := 0
		for _, row := range f.Panels {
			for _, p := range row {
				if p == nil || !(strings.HasPrefix(p.Title.Text, "(e)") || strings.HasPrefix(p.Title.Text, "(f)")) {
					continue
				}
				found++
				if got := strings.Contains(p.Title.Text, "unresolved"); got == resolved {
					t.Errorf("resolved %v: title %q", resolved, p.Title.Text)
				}
			}
		}
		if found != 2 {
			t.Errorf("found %d weight panels, want 2", found)
		}
	}
}

// TestPairsPanelLabels: the pairs plots name the weight on each axis.
func TestPairsPanelLabels(t *testing.T) {
	r := nutsRun()
	p := pairsPanel("(c)", r, 0, 1)
	if p.X.Label.Text == "" || p.Y.Label.Text == "" || p.X.Label.Text == p.Y.Label.Text {
		t.Errorf("pairs panel labels %q and %q", p.X.Label.Text, p.Y.Label.Text)
	}
}

// TestUnresolvedCurvesDashed: a curve of (d) is dashed where the runs do
// not agree and solid where they do, and the legend says what the dashes
// mean only when there is one.
func TestUnresolvedCurvesDashed(t *testing.T) {
	r := steinNUTS(t)
	for _, resolved := range []bool{true, false} {
		r.Resolved = resolved
		if dashed := len(curveStyle(r, color.Black).Dashes) > 0; dashed == resolved {
			t.Errorf("resolved %v: dashed %v", resolved, dashed)
		}
		svg, err := SteinVsNUTS([]SteinNUTS{r, r}).Render("svg")
		if err != nil {
			t.Fatal(err)
		}
		if has := strings.Contains(string(svg), "dashed in (d): runs unresolved"); has == resolved {
			t.Errorf("resolved %v: legend entry present %v", resolved, has)
		}
	}
}

// TestCoverageStyle: Stein particles, agreeing runs' draws and unresolved
// runs' draws get three different markers, the draws dashed lines.
func TestCoverageStyle(t *testing.T) {
	_, stein := coverageStyle(Coverage{})
	refLine, ref := coverageStyle(Coverage{Exact: true})
	_, unres := coverageStyle(Coverage{Exact: true, Unresolved: true})
	shapes := map[string]bool{fmt.Sprintf("%T", stein.Shape): true, fmt.Sprintf("%T", ref.Shape): true, fmt.Sprintf("%T", unres.Shape): true}
	if len(shapes) != 3 {
		t.Errorf("markers %T, %T, %T: want three different shapes", stein.Shape, ref.Shape, unres.Shape)
	}
	if len(refLine.Dashes) == 0 {
		t.Error("the draws' line is not dashed")
	}
}

// TestMarginalRunColors: in Fig. mvn_exact the runs of panels (e) and (f)
// (the kernel order, the ensemble sizes) take colours at least 100 apart
// in RGB from every bandwidth's colour of the shared legend, where rank
// colours, the former scheme, give the last of them the widest
// bandwidth's colour (the test fails both ways).
func TestMarginalRunColors(t *testing.T) {
	_, gammaColor := plotkit.ValueColors([]float64{0.3, 3, 30, 300})
	nearest := func(c color.Color) float64 {
		m := math.Inf(1)
		for _, g := range []float64{0.3, 3, 30, 300} {
			m = math.Min(m, distance(c, gammaColor(g)))
		}
		return m
	}
	for _, tc := range []struct {
		vary string
		n    int // runs in the panel, the base run included
	}{{"beta", 2}, {"particles", 3}} {
		for j := 1; j < tc.n; j++ {
			c := marginalStyle(mvn.MarginalRun{Vary: tc.vary}, j, tc.n, gammaColor).Color
			if d := nearest(c); d < 100 {
				t.Errorf("%s run %d: colour %v is %.1f from a bandwidth's colour, want at least 100", tc.vary, j, c, d)
			}
		}
	}
	if d := nearest(plotkit.RankColor(2, 3)); d >= 100 {
		t.Errorf("the former rank colour is %.1f from the bandwidths': the test would not tell the schemes apart", d)
	}
}

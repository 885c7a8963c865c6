package figures

import (
	"errors"
	"fmt"
	"image/color"
	"math"

	"github.com/csvgd/csvgd-go/csvgd/figures/plotkit"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// UCIMethodCoverage is one method's coverage of a data set's test points
// in the regression benchmark: at each nominal level, the observed
// fraction of test points inside the central predictive interval
// (pooled over the splits) and its confidence interval [Lower, Upper].
type UCIMethodCoverage struct {
	Label                          string
	Levels, Observed, Lower, Upper []float64
}

// UCICoverageSet is the coverage of every method on one data set.
type UCICoverageSet struct {
	Set     string
	Methods []UCIMethodCoverage
}

// UCICalibration is the figure "uci_calibration" (beyond the paper): for
// each data set of the regression benchmark a panel of each method's
// miscalibration, the observed coverage of the test points by its central
// predictive intervals less their nominal level, against the level, with
// the confidence interval of each observed coverage (the study passes
// Wilson's at 95%, pooled over the splits) as an error bar, shifted by
// the same level, and a line at 0, where calibrated intervals lie: below
// it the intervals are too narrow, above it too wide. Drawing the
// difference rather than the coverage itself keeps levels whose
// coverages differ by hundredths apart. The panels span nominal levels
// 0.4 to 1 and, on the other axis, the differences and 0 with a margin.
// Methods keep one colour and marker across the panels (their order in
// each set) and sit side by side along the level, 0.007 apart, so that
// equal coverages stay visible. Panels are laid out three to a row. The
// figure reports an error when there are no sets, a set without methods,
// methods that differ between sets, or a method whose series are not one
// value per level or lie outside [0, 1].
func UCICalibration(sets []UCICoverageSet) *Figure {
	const name = "uci_calibration"
	if err := checkUCICoverage(sets); err != nil {
		return plotkit.Failed(name, err)
	}
	var panels []*plot.Plot
	leg := plotkit.NewLegend()
	zero := draw.LineStyle{Color: plotkit.Grey, Width: vg.Points(1), Dashes: []vg.Length{vg.Points(2), vg.Points(2)}}
	for s, set := range sets {
		p := plotkit.NewPanel(fmt.Sprintf("%s %s", plotkit.PanelTag(s), set.Set), "nominal level", "observed coverage − nominal level")
		plotkit.SetRange(&p.X, 0.4, 1)
		plotkit.AddFlat(p, plotkit.RefLine{At: 0, Style: zero})
		ys := []float64{0}
		for i, m := range set.Methods {
			c, glyph := uciMethodStyle(i)
			n := len(m.Levels)
			x, y, lo, hi := make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n)
			for k, level := range m.Levels {
				x[k] = level + 0.007*(float64(i)-float64(len(set.Methods)-1)/2)
				y[k], lo[k], hi[k] = m.Observed[k]-level, m.Lower[k]-level, m.Upper[k]-level
			}
			ys = append(append(ys, lo...), hi...)
			plotkit.AddFlat(p, verticalBars(x, lo, hi, errorBarStyle(c)), plotkit.Points(plotkit.XYOf(x, y), glyph))
			if s == 0 {
				leg.Add(m.Label, plotkit.GlyphThumb(glyph))
			}
		}
		y0, y1 := plotkit.PaddedRange(ys, 0.08)
		plotkit.SetRange(&p.Y, y0, y1)
		panels = append(panels, p)
	}
	leg.Add("")
	leg.Add("bars: 95% interval of the coverage", plotkit.BarThumb(errorBarStyle(plotkit.Grey)))
	leg.Add("calibrated (observed = nominal)", plotkit.LineThumb(zero))
	leg.Add("below it: intervals too narrow;")
	leg.Add("  above it: too wide")
	grid := gridOf(panels, 3)
	return &Figure{
		Name:   name,
		Panels: grid,
		Legend: leg,
		Width:  vg.Length(len(grid[0]))*9*vg.Centimeter + 7*vg.Centimeter,
		Height: vg.Length(len(grid)) * 8 * vg.Centimeter,
	}
}

// uciMethods are the colours and markers of the regression benchmark's
// methods, by their place in the table.
var (
	uciColors = []color.RGBA{plotkit.Blue, plotkit.Orange, plotkit.Green, plotkit.Red, {R: 148, G: 103, B: 189, A: 255}, {R: 140, G: 86, B: 75, A: 255}}
	uciGlyphs = []draw.GlyphDrawer{draw.CircleGlyph{}, draw.TriangleGlyph{}, draw.BoxGlyph{}, draw.RingGlyph{}, draw.PyramidGlyph{}, draw.CrossGlyph{}}
)

// uciMethodStyle is the colour and marker of method i.
func uciMethodStyle(i int) (color.Color, draw.GlyphStyle) {
	c := uciColors[i%len(uciColors)]
	g := dotStyle(c)
	g.Radius = vg.Points(2.8)
	g.Shape = uciGlyphs[i%len(uciGlyphs)]
	return c, g
}

// verticalBars are vertical segments from lo[k] to hi[k] at x[k], none
// where an end is not finite (a standard error of one split).
func verticalBars(x, lo, hi []float64, sty draw.LineStyle) plot.Plotter {
	var segs plotters
	for k := range x {
		if math.IsNaN(lo[k]) || math.IsNaN(hi[k]) || math.IsInf(lo[k], 0) || math.IsInf(hi[k], 0) {
			continue
		}
		segs = append(segs, plotkit.Line(plotter.XYs{{X: x[k], Y: lo[k]}, {X: x[k], Y: hi[k]}}, sty))
	}
	return segs
}

// gridOf lays the panels out cols to a row (fewer when there are fewer
// panels), the last row's empty tiles nil.
func gridOf(panels []*plot.Plot, cols int) [][]*plot.Plot {
	cols = min(cols, len(panels))
	var grid [][]*plot.Plot
	for i := 0; i < len(panels); i += cols {
		row := make([]*plot.Plot, cols)
		copy(row, panels[i:min(i+cols, len(panels))])
		grid = append(grid, row)
	}
	return grid
}

// checkUCICoverage reports coverage UCICalibration cannot draw.
func checkUCICoverage(sets []UCICoverageSet) error {
	if len(sets) == 0 {
		return errors.New("no data sets")
	}
	for _, set := range sets {
		if len(set.Methods) == 0 {
			return fmt.Errorf("%s: no methods", set.Set)
		}
		if len(set.Methods) != len(sets[0].Methods) {
			return fmt.Errorf("%s: %d methods, %s %d", set.Set, len(set.Methods), sets[0].Set, len(sets[0].Methods))
		}
		for i, m := range set.Methods {
			if m.Label != sets[0].Methods[i].Label {
				return fmt.Errorf("%s: method %d is %q, on %s %q", set.Set, i, m.Label, sets[0].Set, sets[0].Methods[i].Label)
			}
			n := len(m.Levels)
			if n == 0 || len(m.Observed) != n || len(m.Lower) != n || len(m.Upper) != n {
				return fmt.Errorf("%s, %s: %d levels, %d, %d and %d coverages and bounds", set.Set, m.Label, n, len(m.Observed), len(m.Lower), len(m.Upper))
			}
			for k := range n {
				if !(m.Lower[k] >= 0 && m.Lower[k] <= m.Observed[k] && m.Observed[k] <= m.Upper[k] && m.Upper[k] <= 1 && m.Levels[k] > 0 && m.Levels[k] < 1) {
					return fmt.Errorf("%s, %s: coverage %v in [%v, %v] at level %v: want 0 <= lower <= observed <= upper <= 1 and a level in (0, 1)",
						set.Set, m.Label, m.Observed[k], m.Lower[k], m.Upper[k], m.Levels[k])
				}
			}
		}
	}
	return nil
}

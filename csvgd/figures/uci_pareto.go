package figures

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/csvgd/csvgd-go/csvgd/figures/plotkit"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// UCIParetoPoint is one method's accuracy on a data set of the regression
// benchmark against its size: the mean over the splits of its active
// weights, test RMSE and test log-likelihood, with the standard errors of
// the last two (NaN with one split: no bar). Line marks a setting of the
// family whose points the figure joins (cSVGD at fixed λ), in order of
// active weights.
type UCIParetoPoint struct {
	Label        string
	Active       float64
	RMSE, RMSESE float64
	LL, LLSE     float64
	Line         bool
}

// UCIParetoSet is a data set's points, with the published result drawn
// as a horizontal line (none when PublishedLabel is empty).
type UCIParetoSet struct {
	Set                        string
	Points                     []UCIParetoPoint
	PublishedLabel             string
	PublishedRMSE, PublishedLL float64
}

// ParetoDodge is the least distance between two markers of uci_pareto
// along the active weights, as a share of the axis: closer ones are
// drawn that far apart ([plotkit.Dodge]), so that methods of nearly one
// size (SVGD and the deep ensemble) stay visible.
const ParetoDodge = 0.025

// paretoPad is the active-weights axis of uci_pareto over the largest
// count: room right of the largest marker.
const paretoPad = 1.06

// UCIPareto is the figure "uci_pareto" (beyond the paper): for each data
// set of the regression benchmark a row of two panels, (a) the test RMSE
// and (b) the test log-likelihood against the active weights, one point
// per method at its mean active weights with a bar of ± one standard
// error over the splits (none with one split), the settings marked Line
// (cSVGD at fixed λ) joined in order of active weights, and the
// published result as a dashed horizontal line: the trade between size
// and accuracy, lower RMSE and higher log-likelihood being better.
// Markers closer than [ParetoDodge] of the axis are drawn that far apart,
// which the legend says. Methods keep one colour and marker
// (their order in each set; those of [UCICalibration]). The figure
// reports an error when there are no sets, a set without points, methods
// that differ between sets, or a value that is not finite.
func UCIPareto(sets []UCIParetoSet) *Figure {
	const name = "uci_pareto"
	if err := checkUCIPareto(sets); err != nil {
		return plotkit.Failed(name, err)
	}
	leg := plotkit.NewLegend()
	pubStyle := draw.LineStyle{Color: plotkit.Black, Width: vg.Points(1), Dashes: []vg.Length{vg.Points(4), vg.Points(3)}}
	var grid [][]*plot.Plot
	oneSplit := false
	for s, set := range sets {
		pa := plotkit.NewPanel(fmt.Sprintf("%s %s: test RMSE", plotkit.PanelTag(2*s), set.Set), "active weights", "test RMSE")
		pb := plotkit.NewPanel(fmt.Sprintf("%s %s: test log-likelihood", plotkit.PanelTag(2*s+1), set.Set), "active weights", "test log-likelihood")
		most := 0.0
		actives := make([]float64, len(set.Points))
		for i, p := range set.Points {
			most, actives[i] = math.Max(most, p.Active), p.Active
		}
		axis := paretoPad * most
		xs := plotkit.Dodge(actives, ParetoDodge*axis) // both panels draw a method at one position
		for k, panel := range []*plot.Plot{pa, pb} {
			value := func(p UCIParetoPoint) (float64, float64) {
				if k == 0 {
					return p.RMSE, p.RMSESE
				}
				return p.LL, p.LLSE
			}
			var ys []float64
			var line plotter.XYs
			for i, p := range set.Points {
				if v, _ := value(p); p.Line {
					line = append(line, plotter.XY{X: xs[i], Y: v})
				}
			}
			slices.SortFunc(line, func(a, b plotter.XY) int { return cmp.Compare(a.X, b.X) })
			if len(line) > 1 {
				plotkit.AddFlat(panel, plotkit.Line(line, draw.LineStyle{Color: plotkit.Grey, Width: vg.Points(1)}))
			}
			for i, p := range set.Points {
				c, glyph := uciMethodStyle(i)
				v, se := value(p)
				oneSplit = oneSplit || math.IsNaN(se)
				plotkit.AddFlat(panel, verticalBars([]float64{xs[i]}, []float64{v - se}, []float64{v + se}, errorBarStyle(c)),
					plotkit.Points(plotter.XYs{{X: xs[i], Y: v}}, glyph))
				ys = append(ys, v)
				if !math.IsNaN(se) {
					ys = append(ys, v-se, v+se)
				}
				if s == 0 && k == 0 {
					leg.Add(p.Label, plotkit.GlyphThumb(glyph))
				}
			}
			if set.PublishedLabel != "" {
				pub := set.PublishedRMSE
				if k == 1 {
					pub = set.PublishedLL
				}
				plotkit.AddFlat(panel, plotkit.RefLine{At: pub, Style: pubStyle})
				ys = append(ys, pub)
			}
			plotkit.SetRange(&panel.X, 0, math.Max(axis, slices.Max(xs)+ParetoDodge*most))
			y0, y1 := plotkit.PaddedRange(ys, 0.08)
			plotkit.SetRange(&panel.Y, y0, y1)
		}
		grid = append(grid, []*plot.Plot{pa, pb})
	}
	leg.Add("")
	if len(sets) > 0 && sets[0].PublishedLabel != "" {
		leg.Add(sets[0].PublishedLabel, plotkit.LineThumb(pubStyle))
	}
	leg.Add("grey line: cSVGD at fixed λ", plotkit.LineThumb(draw.LineStyle{Color: plotkit.Grey, Width: vg.Points(1)}))
	leg.Add(fmt.Sprintf("markers closer than %g%% of the axis", 100*ParetoDodge))
	leg.Add("  drawn that far apart")
	if oneSplit {
		leg.Add("one split: no standard errors, no bars")
	} else {
		leg.Add("bars: ± one standard error over the splits", plotkit.BarThumb(errorBarStyle(plotkit.Grey)))
	}
	return &Figure{
		Name:   name,
		Panels: grid,
		Legend: leg,
		Width:  2*10*vg.Centimeter + 8*vg.Centimeter,
		Height: vg.Length(len(grid)) * 6.5 * vg.Centimeter,
	}
}

// checkUCIPareto reports points UCIPareto cannot draw.
func checkUCIPareto(sets []UCIParetoSet) error {
	if len(sets) == 0 {
		return errors.New("no data sets")
	}
	finite := func(v ...float64) bool {
		for _, x := range v {
			if math.IsNaN(x) || math.IsInf(x, 0) {
				return false
			}
		}
		return true
	}
	for _, set := range sets {
		if len(set.Points) == 0 || len(set.Points) != len(sets[0].Points) {
			return fmt.Errorf("%s: %d methods, %s %d", set.Set, len(set.Points), sets[0].Set, len(sets[0].Points))
		}
		if set.PublishedLabel != "" && !finite(set.PublishedRMSE, set.PublishedLL) {
			return fmt.Errorf("%s: published RMSE %v, log-likelihood %v", set.Set, set.PublishedRMSE, set.PublishedLL)
		}
		for i, p := range set.Points {
			if p.Label != sets[0].Points[i].Label {
				return fmt.Errorf("%s: method %d is %q, on %s %q", set.Set, i, p.Label, sets[0].Set, sets[0].Points[i].Label)
			}
			if !finite(p.Active, p.RMSE, p.LL) || p.Active < 0 || p.RMSESE < 0 || p.LLSE < 0 || math.IsInf(p.RMSESE, 0) || math.IsInf(p.LLSE, 0) {
				return fmt.Errorf("%s, %s: active weights %v, RMSE %v ± %v, log-likelihood %v ± %v", set.Set, p.Label, p.Active, p.RMSE, p.RMSESE, p.LL, p.LLSE)
			}
		}
	}
	return nil
}

package figures

import (
	"errors"
	"fmt"
	"image/color"
	"maps"
	"math"
	"slices"

	"github.com/csvgd/csvgd-go/csvgd/figures/plotkit"
	"github.com/csvgd/csvgd-go/csvgd/regress"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// RegressionEnsemble is one ensemble of [RegressionBands]: its label, its
// predictive mean and central band at the test points, and the coverage
// of its central bands at nominal levels.
type RegressionEnsemble struct {
	Label    string
	Mean     []float64 // [point]
	Lo, Hi   []float64 // [point], the central band of probability Level
	Level    float64
	Levels   []float64 // nominal levels of the reliability panel
	Coverage []float64 // fraction of the test points inside the band of each level
}

// RegressionBands is the figure "regression_bands" of notebook 10 (not
// one of the paper's): for each ensemble a panel of its predictive mean
// (a tick) and central band (a bar) at every held-out point against one
// input x, the observed targets y as points (points that share a value
// of x side by side, [dodged]), and last a reliability panel, the
// observed coverage of the central bands against their nominal level for
// every ensemble, each with its own marker and a small shift along the
// level so that equal coverages stay visible (on the diagonal when the
// bands are right, below it when they are too narrow). The figure reports an error when
// there is no ensemble, or when a series does not have one value per
// point or a coverage per level.
func RegressionBands(xlabel, ylabel string, x, y []float64, es []RegressionEnsemble) *Figure {
	const name = "regression_bands"
	if err := checkRegression(x, y, es); err != nil {
		return plotkit.Failed(name, err)
	}
	x = dodged(x)
	obs := plotkit.XYOf(x, y)
	leg := plotkit.NewLegend()
	var row []*plot.Plot
	rel := reliabilityPanel(plotkit.PanelTag(len(es))+" coverage of the central bands", "observed coverage")
	for i, e := range es {
		c := plotkit.RankColor(i, len(es))
		p := plotkit.NewPanel(fmt.Sprintf("%s %s", plotkit.PanelTag(i), e.Label), xlabel, ylabel)
		bars := bandBars(x, e)
		bars.LineStyle = draw.LineStyle{Color: plotkit.Fade(c, 0.55), Width: vg.Points(2.5)}
		plotkit.AddFlat(p, bars, plotkit.Points(obs, dotStyle(plotkit.Grey)), plotkit.Points(plotkit.XYOf(x, e.Mean), meanTick(c)))
		lo, hi := plotkit.PaddedRange(slices.Concat(e.Lo, e.Hi, y), 0.04)
		plotkit.SetRange(&p.Y, lo, hi)
		row = append(row, p)
		cov := plotkit.XYOf(e.Levels, e.Coverage)
		for k := range cov {
			cov[k].X += levelShift(i, len(es))
		}
		glyph := dotStyle(c)
		glyph.Shape = ensembleGlyphs[i%len(ensembleGlyphs)]
		plotkit.AddFlat(rel, plotkit.Line(cov, plotkit.SolidLine(c)), plotkit.Points(cov, glyph))
		leg.Add(e.Label, plotkit.LineThumb(plotkit.SolidLine(c)), plotkit.GlyphThumb(glyph))
	}
	leg.Add("")
	leg.Add(fmt.Sprintf("predictive mean and %s%% central band", plotkit.Num(100*es[0].Level)), plotkit.GlyphThumb(meanTick(plotkit.Grey)))
	leg.Add("held-out observation", plotkit.GlyphThumb(dotStyle(plotkit.Grey)))
	return &Figure{
		Name:   name,
		Panels: [][]*plot.Plot{append(row, rel)},
		Legend: leg,
		Width:  vg.Length(len(es)+1) * 10 * vg.Centimeter,
		Height: 9 * vg.Centimeter,
	}
}

// ensembleGlyphs are the reliability panel's markers, one per ensemble,
// so that ensembles whose coverages coincide are still told apart.
var ensembleGlyphs = []draw.GlyphDrawer{draw.CircleGlyph{}, draw.TriangleGlyph{}, draw.BoxGlyph{}, draw.RingGlyph{}}

// levelShift is ensemble i of n's shift along the nominal level in the
// reliability panel: ensembles side by side, 0.01 apart, centred on the
// level, so that equal coverages do not hide one another.
func levelShift(i, n int) float64 { return 0.01 * (float64(i) - float64(n-1)/2) }

// dodged spreads points that share an abscissa side by side, centred on
// it, so that each point's band, mean and observation are drawn apart
// from those of the others at that abscissa: the k-th of m points at one
// value moves by (k - (m-1)/2) times a step, the smallest gap between
// distinct values over one more than the largest m (so groups do not
// meet). Distinct abscissae stay where they are.
func dodged(x []float64) []float64 {
	count := map[float64]int{}
	for _, v := range x {
		count[v]++
	}
	vals := slices.Sorted(maps.Keys(count))
	most := 0
	for _, m := range count {
		most = max(most, m)
	}
	out := slices.Clone(x)
	if most < 2 {
		return out
	}
	gap := math.Inf(1)
	for i := 1; i < len(vals); i++ {
		gap = math.Min(gap, vals[i]-vals[i-1])
	}
	if math.IsInf(gap, 1) { // one value only
		gap = math.Max(math.Abs(vals[0]), 1)
	}
	step := gap / float64(most+1)
	seen := map[float64]int{}
	for i, v := range x {
		out[i] = v + (float64(seen[v])-float64(count[v]-1)/2)*step
		seen[v]++
	}
	return out
}

// bandBars are the central bands of e at the points x, as error bars
// around the means.
func bandBars(x []float64, e RegressionEnsemble) *plotter.YErrorBars {
	type bars struct {
		plotter.XYs
		plotter.YErrors
	}
	b := bars{XYs: plotkit.XYOf(x, e.Mean), YErrors: make(plotter.YErrors, len(x))}
	for m := range x {
		b.YErrors[m].Low, b.YErrors[m].High = e.Lo[m]-e.Mean[m], e.Hi[m]-e.Mean[m]
	}
	eb, err := plotter.NewYErrorBars(b)
	if err != nil { // the series were checked: finite and of one length
		panic(fmt.Sprintf("figures: regression bands: %v", err))
	}
	eb.CapWidth = 0
	return eb
}

// meanTick is the glyph of a predictive mean: a short horizontal line.
func meanTick(c color.Color) draw.GlyphStyle {
	return draw.GlyphStyle{Color: c, Radius: vg.Points(4), Shape: tickGlyph{}}
}

// tickGlyph draws a horizontal line of twice the glyph's radius.
type tickGlyph struct{}

func (tickGlyph) DrawGlyph(c *draw.Canvas, sty draw.GlyphStyle, pt vg.Point) {
	c.StrokeLine2(draw.LineStyle{Color: sty.Color, Width: vg.Points(1.5)}, pt.X-sty.Radius, pt.Y, pt.X+sty.Radius, pt.Y)
}

// checkRegression reports inputs RegressionBands cannot draw.
func checkRegression(x, y []float64, es []RegressionEnsemble) error {
	if len(es) == 0 {
		return errors.New("no ensembles")
	}
	if len(x) == 0 || len(y) != len(x) {
		return fmt.Errorf("%d points and %d observations", len(x), len(y))
	}
	for _, e := range es {
		if len(e.Mean) != len(x) || len(e.Lo) != len(x) || len(e.Hi) != len(x) {
			return fmt.Errorf("%s: %d means and %d/%d band values for %d points", e.Label, len(e.Mean), len(e.Lo), len(e.Hi), len(x))
		}
		if len(e.Coverage) != len(e.Levels) {
			return fmt.Errorf("%s: %d coverages for %d levels", e.Label, len(e.Coverage), len(e.Levels))
		}
	}
	return nil
}

// RegressionEnsembleOf is the ensemble of [RegressionBands] for the
// predictive distribution p of a fit (package regress) at held-out points
// whose observed targets are y ([point][target]): target o's mean and
// central band of probability level, and the coverage of its central
// bands at the levels.
func RegressionEnsembleOf(label string, p regress.Predictive, y [][]float64, o int, level float64, levels []float64) (RegressionEnsemble, error) {
	e := RegressionEnsemble{Label: label, Level: level, Levels: levels}
	for _, m := range p.EnsembleMean() {
		e.Mean = append(e.Mean, m[o])
	}
	e.Lo, e.Hi = p.Band(o, level)
	col := make([][]float64, len(y))
	for m := range y {
		col[m] = []float64{y[m][o]}
	}
	for _, l := range levels {
		c, err := p.Target(o).Coverage(col, l)
		if err != nil {
			return RegressionEnsemble{}, err
		}
		e.Coverage = append(e.Coverage, c)
	}
	return e, nil
}

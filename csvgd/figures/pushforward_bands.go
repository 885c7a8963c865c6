package figures

import (
	"errors"
	"fmt"
	"image/color"
	"math"

	"github.com/csvgd/csvgd-go/csvgd/figures/plotkit"
	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"github.com/csvgd/csvgd-go/csvgd/metrics"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// PushForwardBands is the teaching figure "pushforward_bands" for the
// Sec. 5 notebook (03), not one of the paper's: the push-forward of an
// ensemble along the test path, pred[particle][point] holding each
// particle's stress at test[point] (as
// [github.com/csvgd/csvgd-go/csvgd/icnn.Predictor.Predict] returns them).
// One column per component, S11 and S22, against F₁₁:
//
//   - top row, the stress: the ensemble's mean (line) and its range, min to
//     max over the particles (pale band), and, with 20 particles or more,
//     its 5-95% quantiles (darker band; linear interpolation between order
//     statistics), over the truth's stress (black, dashed) and the noisy
//     test stresses that the push-forward W1 compares against (faint grey
//     points);
//   - bottom row, the same bands and mean less the truth's stress, on a
//     scale of their own: near F = I, where the stresses are small, the
//     bands are too thin to read in the top row. The noisy data are left
//     out there, as they would set the scale.
//
// The title names the test path the points lie on (path: the printed one
// or the isochoric one, [PathTitle]), so that the figures of two paths
// are told apart. The F₁₁ range of the training deformations, 1 ± 0.2, is
// shaded. The
// shear components are left out: they are zero on the test path, for the
// truth and for any isotropic potential such as the ICNN's, and S33 equals
// S22 there for the same reason.
//
// The figure reports an error when there are no test points or particles,
// when a particle predicts another number of points than test holds, or
// when a value is not finite.
func PushForwardBands(path hyperelastic.TestPath, test []hyperelastic.Sample, pred hyperelastic.Predictions) *Figure {
	const name = "pushforward_bands"
	if err := checkBands(test, pred); err != nil {
		return plotkit.Failed(name, err)
	}
	order := pathOrder(test)
	fills := newBandFills(len(pred))
	xs := make([]float64, len(order))
	for k, i := range order {
		xs[k] = test[i].F[0]
	}
	x0, x1 := plotkit.PaddedRange(xs, 0.02)
	comps := []int{0, 1}
	top := make([]*plot.Plot, len(comps))
	bottom := make([]*plot.Plot, len(comps))
	for j, comp := range comps {
		c := newComponentBand(test, pred, order, xs, comp, fills)
		label := hyperelastic.ComponentNames[comp]
		top[j] = c.stressPanel(fmt.Sprintf("(%c) %s", 'a'+j, label), x0, x1)
		bottom[j] = c.errorPanel(fmt.Sprintf("(%c) %s − truth", 'a'+len(comps)+j, label), x0, x1)
	}
	return &Figure{
		Name:      name,
		Title:     PathTitle(path),
		Panels:    [][]*plot.Plot{top, bottom},
		RowLabels: []string{"stress", "prediction − truth"},
		Legend:    bandsLegend(len(pred), fills),
		Width:     30 * vg.Centimeter,
		Height:    19 * vg.Centimeter,
	}
}

// PathTitle names a test path and its deformation for a figure's title:
// "the printed test path, F = diag(1+δ, √(1+δ), √(1+δ))" or "the
// isochoric test path, F = diag(1+δ, 1/√(1+δ), 1/√(1+δ)), J = 1".
func PathTitle(path hyperelastic.TestPath) string {
	switch path {
	case hyperelastic.PrintedPath:
		return "the printed test path, F = diag(1+δ, √(1+δ), √(1+δ))"
	case hyperelastic.IsochoricPath:
		return "the isochoric test path, F = diag(1+δ, 1/√(1+δ), 1/√(1+δ)), J = 1"
	}
	return path.String()
}

// checkBands is the input check of [PushForwardBands]: test points and
// particles, one finite prediction per particle and test point.
func checkBands(test []hyperelastic.Sample, pred hyperelastic.Predictions) error {
	if len(test) == 0 {
		return errors.New("no test points")
	}
	if len(pred) == 0 {
		return errors.New("no particles")
	}
	if err := finiteSamples("test", test); err != nil {
		return err
	}
	for a, pa := range pred {
		if len(pa) != len(test) {
			return fmt.Errorf("particle %d predicts %d points, the test path has %d", a, len(pa), len(test))
		}
		for p := range pa {
			for c, v := range pa[p] {
				if math.IsNaN(v) || math.IsInf(v, 0) {
					return fmt.Errorf("particle %d, point %d, %s: prediction %v", a, p, hyperelastic.ComponentNames[c], v)
				}
			}
		}
	}
	return nil
}

// The quantiles of the ensemble's inner band.
const qLo, qHi = 0.05, 0.95

// The look of [PushForwardBands].
const (
	minQuantileN = 20   // the fewest particles with an inner band
	bandOpacity  = 0.22 // of the min-max band under the inner band
	quantOpacity = 0.35 // of the inner band
	soloOpacity  = 0.4  // of the min-max band alone
)

// The lines and points of [PushForwardBands].
var (
	bandMeanSty  = draw.LineStyle{Color: colorEnsemble, Width: vg.Points(1.8)}
	bandTruthSty = draw.LineStyle{Color: plotkit.Black, Width: vg.Points(1.3), Dashes: []vg.Length{vg.Points(5), vg.Points(3)}}
	bandNoisySty = draw.GlyphStyle{Color: noisyGrey, Radius: vg.Points(1.1), Shape: draw.CircleGlyph{}}
)

// bandFills are the fills of an ensemble's bands: its range, min to max,
// and, with minQuantileN particles or more, its qLo-qHi quantiles.
type bandFills struct {
	rng, quant color.NRGBA
	qs         []float64 // qLo and qHi; nil without the inner band
}

// newBandFills are the fills of the bands of n particles.
func newBandFills(n int) bandFills {
	f := bandFills{rng: plotkit.Fade(colorEnsemble, bandOpacity), quant: plotkit.Fade(colorEnsemble, quantOpacity)}
	if n >= minQuantileN {
		f.qs = []float64{qLo, qHi}
	} else { // the range alone, a little darker
		f.rng = plotkit.Fade(colorEnsemble, soloOpacity)
	}
	return f
}

// componentBand is one stress component along the test path, at xs: the
// ensemble's band, the truth and the noisy test data.
type componentBand struct {
	xs, truth []float64
	noisy     plotter.XYs
	band      metrics.Band
	fills     bandFills
}

// newComponentBand is component comp of pred and test at the points order
// (xs their F₁₁).
func newComponentBand(test []hyperelastic.Sample, pred hyperelastic.Predictions, order []int, xs []float64, comp int, fills bandFills) componentBand {
	m := len(order)
	c := componentBand{xs: xs, truth: make([]float64, m), noisy: make(plotter.XYs, m), fills: fills}
	c.band = metrics.EnsembleBand(pred, order, comp, fills.qs...)
	for k, i := range order {
		c.truth[k] = test[i].STrue[comp]
		c.noisy[k] = plotter.XY{X: xs[k], Y: test[i].S[comp]}
	}
	return c
}

// drawEnsemble adds the bands and the mean less off to p and returns the
// values drawn.
func (c componentBand) drawEnsemble(p *plot.Plot, off []float64) []float64 {
	sub := func(v []float64) []float64 {
		out := make([]float64, len(v))
		for k := range v {
			out[k] = v[k] - off[k]
		}
		return out
	}
	lo, hi := sub(c.band.Min), sub(c.band.Max)
	p.Add(&plotkit.FillBand{Xs: c.xs, Lo: lo, Hi: hi, Color: c.fills.rng})
	if c.fills.qs != nil {
		p.Add(&plotkit.FillBand{Xs: c.xs, Lo: sub(c.band.Quantiles[0]), Hi: sub(c.band.Quantiles[1]), Color: c.fills.quant})
	}
	plotkit.AddFlat(p, plotkit.Line(plotkit.XYOf(c.xs, sub(c.band.Mean)), bandMeanSty))
	return append(lo, hi...)
}

// stressPanel is the top panel of the component, titled title, from x0 to
// x1: the bands over the truth and the noisy data.
func (c componentBand) stressPanel(title string, x0, x1 float64) *plot.Plot {
	p := plotkit.NewPanel(title, "", "")
	p.Add(trainingSpan(), zeroLine())
	plotkit.AddFlat(p, plotkit.Points(c.noisy, bandNoisySty))
	ys := c.drawEnsemble(p, make([]float64, len(c.xs)))
	plotkit.AddFlat(p, plotkit.Line(plotkit.XYOf(c.xs, c.truth), bandTruthSty))
	for k := range c.noisy {
		ys = append(ys, c.truth[k], c.noisy[k].Y)
	}
	y0, y1 := plotkit.PaddedRange(ys, 0.04)
	plotkit.SetRange(&p.X, x0, x1)
	plotkit.SetRange(&p.Y, y0, y1)
	return p
}

// errorPanel is the bottom panel of the component, titled title, from x0
// to x1: the bands less the truth.
func (c componentBand) errorPanel(title string, x0, x1 float64) *plot.Plot {
	p := plotkit.NewPanel(title, "F₁₁", "")
	p.Add(trainingSpan())
	ys := c.drawEnsemble(p, c.truth)
	p.Add(plotkit.RefLine{Style: bandTruthSty})
	y0, y1 := plotkit.PaddedRange(append(ys, 0), 0.06)
	plotkit.SetRange(&p.X, x0, x1)
	plotkit.SetRange(&p.Y, y0, y1)
	return p
}

// bandsLegend is the legend of [PushForwardBands] for n particles.
func bandsLegend(n int, fills bandFills) *plot.Legend {
	leg := plotkit.NewLegend()
	leg.Add(fmt.Sprintf("push-forward of %d particles (no observation noise):", n))
	leg.Add("mean", plotkit.LineThumb(bandMeanSty))
	leg.Add("min-max", plotkit.FillThumb(fills.rng))
	if fills.qs != nil {
		leg.Add(fmt.Sprintf("%s-%s%% quantiles", plotkit.Num(100*qLo), plotkit.Num(100*qHi)), plotkit.FillThumb(plotkit.Blend(fills.rng, fills.quant)))
	}
	leg.Add("")
	leg.Add("truth", plotkit.LineThumb(bandTruthSty))
	leg.Add("noisy test data", plotkit.GlyphThumb(plotkit.Bigger(bandNoisySty)))
	addTrainingRange(leg)
	return leg
}

package figures

import (
	"errors"
	"fmt"
	"math"

	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"github.com/csvgd/csvgd-go/csvgd/metrics"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// PushForwardBands is the teaching figure "pushforward_bands" for the
// Sec. 5 notebook (03), not one of the paper's: the push-forward of an
// ensemble along the test path, pred[particle][point]
// holding each particle's six stress components at test[point] (as
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
// The F₁₁ range of the training deformations, 1 ± 0.2, is shaded. The
// shear components are left out: they are zero on the test path, for the
// truth and for any isotropic potential such as the ICNN's, and S33 equals
// S22 there for the same reason.
//
// The figure reports an error when there are no test points or particles,
// when a particle predicts another number of points than test holds, or
// when a value is not finite.
func PushForwardBands(test []hyperelastic.Sample, pred [][][6]float64) *Figure {
	const (
		name         = "pushforward_bands"
		minQuantileN = 20
		bandOpacity  = 0.22
		quantOpacity = 0.35
		soloOpacity  = 0.4
	)
	if len(test) == 0 {
		return failed(name, errors.New("no test points"))
	}
	if len(pred) == 0 {
		return failed(name, errors.New("no particles"))
	}
	if err := finiteSamples("test", test); err != nil {
		return failed(name, err)
	}
	for a, pa := range pred {
		if len(pa) != len(test) {
			return failed(name, fmt.Errorf("particle %d predicts %d points, the test path has %d", a, len(pa), len(test)))
		}
		for p := range pa {
			for c, v := range pa[p] {
				if math.IsNaN(v) || math.IsInf(v, 0) {
					return failed(name, fmt.Errorf("particle %d, point %d, %s: prediction %v", a, p, hyperelastic.Components[c], v))
				}
			}
		}
	}
	order := pathOrder(test)
	n, m := len(pred), len(order)
	quantiles := n >= minQuantileN
	var qs []float64 // the inner band's quantiles, with enough particles
	if quantiles {
		qs = []float64{qLo, qHi}
	}

	meanSty := draw.LineStyle{Color: colorEnsemble, Width: vg.Points(1.8)}
	truthSty := draw.LineStyle{Color: black, Width: vg.Points(1.3), Dashes: []vg.Length{vg.Points(5), vg.Points(3)}}
	noisySty := draw.GlyphStyle{Color: noisyGrey, Radius: vg.Points(1.1), Shape: draw.CircleGlyph{}}
	rangeFill := fade(colorEnsemble, bandOpacity)
	if !quantiles { // the range alone, a little darker
		rangeFill = fade(colorEnsemble, soloOpacity)
	}
	quantFill := fade(colorEnsemble, quantOpacity)

	comps := []int{0, 1}
	top := make([]*plot.Plot, len(comps))
	bottom := make([]*plot.Plot, len(comps))
	xs := make([]float64, m)
	for k, i := range order {
		xs[k] = test[i].F[0]
	}
	x0, x1 := paddedRange(xs, 0.02)
	for j, comp := range comps {
		st := metrics.EnsembleBand(pred, order, comp, qs...)
		truth := make([]float64, m)
		noisy := make(plotter.XYs, m)
		for k, i := range order {
			truth[k] = test[i].STrue[comp]
			noisy[k] = plotter.XY{X: xs[k], Y: test[i].S[comp]}
		}
		// drawEnsemble adds the bands and the mean less off to p and
		// returns the values drawn.
		drawEnsemble := func(p *plot.Plot, off []float64) []float64 {
			sub := func(v []float64) []float64 {
				out := make([]float64, m)
				for k := range v {
					out[k] = v[k] - off[k]
				}
				return out
			}
			lo, hi := sub(st.Min), sub(st.Max)
			p.Add(&fillBand{xs: xs, lo: lo, hi: hi, color: rangeFill})
			if quantiles {
				p.Add(&fillBand{xs: xs, lo: sub(st.Quantiles[0]), hi: sub(st.Quantiles[1]), color: quantFill})
			}
			addFlat(p, line(xyOf(xs, sub(st.Mean)), meanSty))
			return append(lo, hi...)
		}
		label := hyperelastic.Components[comp]

		pt := newPanel(fmt.Sprintf("(%c) %s", 'a'+j, label), "", "")
		pt.Add(trainingSpan(), zeroLine())
		addFlat(pt, points(noisy, noisySty))
		ys := drawEnsemble(pt, make([]float64, m))
		addFlat(pt, line(xyOf(xs, truth), truthSty))
		for k := range noisy {
			ys = append(ys, truth[k], noisy[k].Y)
		}
		y0, y1 := paddedRange(ys, 0.04)
		setRange(&pt.X, x0, x1)
		setRange(&pt.Y, y0, y1)
		top[j] = pt

		pb := newPanel(fmt.Sprintf("(%c) %s − truth", 'a'+len(comps)+j, label), "F₁₁", "")
		pb.Add(trainingSpan())
		ys = drawEnsemble(pb, truth)
		pb.Add(refLine{style: truthSty})
		y0, y1 = paddedRange(append(ys, 0), 0.06)
		setRange(&pb.X, x0, x1)
		setRange(&pb.Y, y0, y1)
		bottom[j] = pb
	}

	leg := newLegend()
	leg.Add(fmt.Sprintf("ensemble (%d particles):", n))
	leg.Add("mean", lineThumb{meanSty})
	leg.Add("min-max", fillThumb{rangeFill})
	if quantiles {
		leg.Add(fmt.Sprintf("%s-%s%% quantiles", num(100*qLo), num(100*qHi)), fillThumb{blend(rangeFill, quantFill)})
	}
	leg.Add("")
	leg.Add("truth", lineThumb{truthSty})
	leg.Add("noisy test data", glyphThumb{bigger(noisySty)})
	addTrainingRange(leg)
	return &Figure{
		Name:      name,
		Panels:    [][]*plot.Plot{top, bottom},
		RowLabels: []string{"stress", "prediction − truth"},
		Legend:    leg,
		Width:     30 * vg.Centimeter,
		Height:    19 * vg.Centimeter,
	}
}

// The quantiles of the ensemble's inner band.
const qLo, qHi = 0.05, 0.95

package figures

import (
	"fmt"
	"image/color"
	"math"
	"sort"

	"github.com/csvgd/csvgd-go/csvgd/figures/plotkit"
	"github.com/csvgd/csvgd-go/csvgd/train"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// GraphCondenseSpeedup is the paper's Fig. graph_condense_speedup: runs
// at the prior orders alphas, with graph condensation (cSVGD, with[i])
// and without (SVGD with the same prior, without[i]), in two panels
// against alpha:
//
//	(a) accuracy: the final push-forward W1 sum on the test set
//	    ([train.Result].W1.Sum; solid lines, filled markers) and its part
//	    inside the training range ([train.Result].W1InRange; dashed, open
//	    diamonds), measured against noisy draws, on a log axis when they
//	    span more than a decade; floor, when given, draws the noise-free
//	    truth's own W1 (whole path and in range, [train.NoiseFloor]) as
//	    grey dotted lines: the part the noise sets, which lower sums need
//	    not beat;
//	(b) sparsity: the final mean count of active weights per particle
//	    (|w| >= the threshold; solid lines, filled markers), that of the
//	    last [train.StageRecord] (after the last condensation, like the
//	    final Arch and W1; the last history record when there are no
//	    stages), and the size of the final template, what each iteration
//	    computes (dashed, open markers), on a log axis from a factor 2
//	    below the smallest count to 2 above the largest, as in
//	    [ConvergencePriors], with the initial parameter count (1020 for the
//	    paper's network) marked by a grey line.
//
// The runs are sorted by alpha, and the alphas label the x axes. The
// figure reports an error when the three slices differ in length or are
// empty, when an alpha is not a positive number, when a run has neither
// stages nor history, or no W1, when a value is not finite, or when the
// runs started from networks of different sizes.
func GraphCondenseSpeedup(alphas []float64, with, without []train.Result, floor ...train.NoiseFloor) *Figure {
	const name = "graph_condense_speedup"
	if len(alphas) == 0 || len(with) != len(alphas) || len(without) != len(alphas) {
		return plotkit.Failed(name, fmt.Errorf("%d alphas, %d runs with and %d without condensation: need as many of each, at least 1", len(alphas), len(with), len(without)))
	}
	initial := -1
	pw, err := speedupPoints("with", alphas, with, &initial)
	if err != nil {
		return plotkit.Failed(name, err)
	}
	po, err := speedupPoints("without", alphas, without, &initial)
	if err != nil {
		return plotkit.Failed(name, err)
	}
	series := []struct {
		label string
		pts   []speedupPoint
		c     color.Color
	}{{"with condensation (cSVGD)", pw, CSVGDColor}, {"without condensation (SVGD)", po, SVGDColor}}

	pa := plotkit.NewPanel(accuracyTitle, "prior order α", "push-forward W₁ sum")
	pb := plotkit.NewPanel("(b) sparsity", "prior order α", "parameters per particle")
	var xs, w1s []float64
	counts := []float64{float64(initial)}
	for _, s := range series {
		for _, p := range s.pts {
			xs, w1s = append(xs, p.alpha), append(w1s, p.w1, p.w1In)
			counts = append(counts, p.active, p.template)
		}
	}
	bottom := plotkit.CountAxis(&pb.Y, counts) // a count of 0 is drawn at the bottom
	for _, s := range series {
		var acc, accIn, act, tpl plotter.XYs
		for _, p := range s.pts {
			acc = append(acc, plotter.XY{X: p.alpha, Y: p.w1})
			accIn = append(accIn, plotter.XY{X: p.alpha, Y: p.w1In})
			act = append(act, plotter.XY{X: p.alpha, Y: p.active})
			tpl = append(tpl, plotter.XY{X: p.alpha, Y: p.template})
		}
		act, tpl = plotkit.FloorXYs(act, bottom), plotkit.FloorXYs(tpl, bottom)
		plotkit.AddFlat(pa, plotkit.Line(acc, plotkit.SolidLine(s.c)), plotkit.Points(acc, plotkit.Marker(s.c, draw.CircleGlyph{})),
			plotkit.Line(accIn, plotkit.DashedLine(s.c)), plotkit.Points(accIn, plotkit.Marker(s.c, draw.RingGlyph{})))
		plotkit.AddFlat(pb, plotkit.Line(tpl, plotkit.DashedLine(s.c)), plotkit.Points(tpl, plotkit.Marker(s.c, draw.RingGlyph{})), plotkit.Line(act, plotkit.SolidLine(s.c)), plotkit.Points(act, plotkit.Marker(s.c, draw.CircleGlyph{})))
	}
	pb.Add(plotkit.RefLine{At: float64(initial), Style: initialCountLine})
	x0, x1 := plotkit.PaddedRange(xs, 0.06)
	floorSty := draw.LineStyle{Color: plotkit.Grey, Width: vg.Points(1.2), Dashes: []vg.Length{vg.Points(1), vg.Points(2.5)}}
	for _, f := range floor {
		if f.Truth > 0 && f.TruthIn > 0 {
			w1s = append(w1s, f.Truth, f.TruthIn)
			pa.Add(plotkit.RefLine{At: f.Truth, Style: floorSty}, plotkit.RefLine{At: f.TruthIn, Style: floorSty})
		}
	}
	accuracyAxis(&pa.Y, w1s)
	plotkit.SetRange(&pa.X, x0, x1)
	plotkit.SetRange(&pb.X, x0, x1)
	pa.X.Tick.Marker, pb.X.Tick.Marker = plotkit.ValueTicks(plotkit.Distinct(xs)), plotkit.ValueTicks(plotkit.Distinct(xs))

	leg := plotkit.NewLegend()
	for _, s := range series {
		leg.Add(s.label, plotkit.LineThumb(plotkit.SolidLine(s.c)), plotkit.GlyphThumb(plotkit.Marker(s.c, draw.CircleGlyph{})))
	}
	leg.Add("")
	leg.Add("(a) W₁ over the whole test path", plotkit.LineThumb(plotkit.SolidLine(plotkit.Black)), plotkit.GlyphThumb(plotkit.Marker(plotkit.Black, draw.CircleGlyph{})))
	leg.Add(inRangeLabel, plotkit.LineThumb(plotkit.DashedLine(plotkit.Black)), plotkit.GlyphThumb(plotkit.Marker(plotkit.Black, draw.RingGlyph{})))
	leg.Add("(b) mean active weights", plotkit.LineThumb(plotkit.SolidLine(plotkit.Black)), plotkit.GlyphThumb(plotkit.Marker(plotkit.Black, draw.CircleGlyph{})))
	leg.Add("(b) template size", plotkit.LineThumb(plotkit.DashedLine(plotkit.Black)), plotkit.GlyphThumb(plotkit.Marker(plotkit.Black, draw.RingGlyph{})))
	if len(floor) > 0 {
		leg.Add("(a) reference level: the noise-free truth's W₁", plotkit.LineThumb(floorSty))
	}
	leg.Add(fmt.Sprintf("(b) initial count, %d", initial), plotkit.LineThumb(initialCountLine))
	return plotkit.WidePair(name, pa, pb, leg)
}

// speedupPoint is one run of [GraphCondenseSpeedup]: its final W1 sum (and
// its part inside the training range), mean
// active count and template size at its alpha.
type speedupPoint struct{ alpha, w1, w1In, active, template float64 }

// speedupPoints checks the runs rs of [GraphCondenseSpeedup] (those with or
// without condensation, what), rs[i] at alphas[i], and returns their
// points in increasing alpha. *initial is the initial parameter count of
// the runs seen so far (-1 before the first); the runs must share it.
func speedupPoints(what string, alphas []float64, rs []train.Result, initial *int) ([]speedupPoint, error) {
	pts := make([]speedupPoint, len(rs))
	for i, r := range rs {
		a := alphas[i]
		if !(a > 0) || math.IsInf(a, 0) {
			return nil, fmt.Errorf("alpha %v: want a positive number", a)
		}
		w1, act, err := finalValues(r)
		if err != nil {
			return nil, fmt.Errorf("run %s condensation at alpha %v: %w", what, a, err)
		}
		if err := r.Arch.Validate(); err != nil {
			return nil, fmt.Errorf("run %s condensation at alpha %v: %w", what, a, err)
		}
		if err := r.Config.Arch.Validate(); err != nil {
			return nil, fmt.Errorf("run %s condensation at alpha %v: initial network: %w", what, a, err)
		}
		n0 := r.Config.Arch.NumParams()
		if *initial >= 0 && n0 != *initial {
			return nil, fmt.Errorf("run %s condensation at alpha %v started with %d parameters, another with %d", what, a, n0, *initial)
		}
		*initial = n0
		if err := checkCount("W1 in range", r.W1InRange); err != nil {
			return nil, fmt.Errorf("run %s condensation at alpha %v: %w", what, a, err)
		}
		pts[i] = speedupPoint{alpha: a, w1: w1, w1In: r.W1InRange, active: act, template: float64(r.Arch.NumParams())}
	}
	sort.SliceStable(pts, func(i, j int) bool { return pts[i].alpha < pts[j].alpha })
	return pts, nil
}

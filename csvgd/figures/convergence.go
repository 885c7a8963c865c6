package figures

import (
	"errors"
	"fmt"
	"image/color"
	"math"
	"slices"
	"sort"

	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/metrics"
	"github.com/csvgd/csvgd-go/csvgd/train"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Figures of the paper's Secs. 5.5 (convergence) and 5.6 (adaptive
// penalty), drawn from [train.Result]s and push-forward W1 curves.

// Labeled is a push-forward W1 on the test path with its legend label (a
// noise level, a method).
type Labeled struct {
	Label string
	W1    metrics.PushForward
}

// PenaltyRuns are the runs at one fixed prior multiplier lambda of
// [AdaptivePenalty]: Runs[i] at its noise level noises[i].
type PenaltyRuns struct {
	Lambda float64
	Runs   []train.Result
}

// Convergence is the paper's Fig. convergence_priors, convergence_ensemble
// or convergence_noise (name, the figure's Name): runs that differ in one
// hyperparameter (the prior order alpha, the ensemble size, the noise
// level), labelled in the legend by labels[i], in two panels against the
// iteration of their history records ([train.Result].History):
//
//	(a) accuracy: the push-forward W1 sum on the test set
//	    ([train.Record].W1Sum), on a log axis when the values span more
//	    than a decade (the W1 of an untrained ensemble dwarfs that of a
//	    trained one), else on a linear axis from 0;
//	(b) sparsity: the mean count of active weights per particle (|w| >=
//	    the threshold; solid) and the size of the record's template, what
//	    each iteration computes (dashed, in the same colour, as steps: a
//	    record's template holds since the previous record), on a log axis
//	    from a factor 2 below the smallest count to 2 above the largest,
//	    with the initial parameter count (1020 for the paper's network)
//	    marked by a grey line. A count of 0 is drawn at the bottom.
//
// The runs are coloured along viridis in their order, dark first. The
// figure reports an error when there are no runs or not one label per
// run, when a run has no history, when a value is not finite or is
// negative, when a record's template is not a valid network, or when the
// runs started from networks of different sizes.
func Convergence(name string, labels []string, runs []train.Result) *Figure {
	initial, err := checkConvergence(labels, runs)
	if err != nil {
		return failed(name, err)
	}
	curves := make([]historyCurves, len(runs))
	var iters, w1s []float64
	counts := []float64{float64(initial)}
	for i, r := range runs {
		curves[i] = newHistoryCurves(r.History)
		iters = append(iters, xsOf(curves[i].w1)...)
		w1s = append(w1s, ysOf(curves[i].w1)...)
		counts = append(append(counts, ysOf(curves[i].active)...), ysOf(curves[i].template)...)
	}
	pa := newPanel("(a) accuracy", "iteration", "push-forward W₁ sum")
	pb := newPanel("(b) sparsity", "iteration", "parameters per particle")
	accuracyAxis(&pa.Y, w1s)
	bottom := countAxis(&pb.Y, counts)
	x0, x1 := paddedRange(iters, 0.02)
	setRange(&pa.X, x0, x1)
	setRange(&pb.X, x0, x1)
	leg := newLegend()
	for i, c := range curves {
		col := rankColor(i, len(runs))
		addFlat(pa, line(c.w1, solidLine(col)))
		addFlat(pb, stepLine(floorXYs(c.template, bottom), dashedLine(col)), line(floorXYs(c.active, bottom), solidLine(col)))
		leg.Add(labels[i], lineThumb{solidLine(col)})
	}
	pb.Add(refLine{at: float64(initial), style: initialCountLine})
	leg.Add("")
	leg.Add("(b) mean active weights", lineThumb{solidLine(black)})
	leg.Add("(b) template size", lineThumb{dashedLine(black)})
	leg.Add(fmt.Sprintf("(b) initial count, %d", initial), lineThumb{initialCountLine})
	return widePair(name, pa, pb, leg)
}

// checkConvergence is the input check of [Convergence]; it returns the
// runs' common initial parameter count.
func checkConvergence(labels []string, runs []train.Result) (int, error) {
	if len(runs) == 0 {
		return 0, errors.New("no runs")
	}
	if len(labels) != len(runs) {
		return 0, fmt.Errorf("%d labels for %d runs: need one per run", len(labels), len(runs))
	}
	initial := -1
	for i, r := range runs {
		n0, err := checkHistoryRun(labels[i], r)
		if err != nil {
			return 0, err
		}
		if initial >= 0 && n0 != initial {
			return 0, fmt.Errorf("run %q started with %d parameters, run %q with %d", labels[i], n0, labels[0], initial)
		}
		initial = n0
	}
	return initial, nil
}

// checkHistoryRun checks the history of the run labelled label and
// returns its initial parameter count.
func checkHistoryRun(label string, r train.Result) (int, error) {
	if len(r.History) == 0 {
		return 0, fmt.Errorf("run %q has no history", label)
	}
	if err := r.Config.Arch.Validate(); err != nil {
		return 0, fmt.Errorf("run %q: initial network: %w", label, err)
	}
	for _, rec := range r.History {
		if err := checkRecord(rec); err != nil {
			return 0, fmt.Errorf("run %q, iteration %d: %w", label, rec.Iter, err)
		}
	}
	return r.Config.Arch.NumParams(), nil
}

// checkRecord reports a record's W1 sum or active count that is not a
// finite, non-negative number, or a template that is not a valid network.
func checkRecord(rec train.Record) error {
	if err := checkCount("W1 sum", rec.W1Sum); err != nil {
		return err
	}
	if err := checkCount("active weights", rec.ActiveWeights); err != nil {
		return err
	}
	if err := (icnn.Arch{Widths: rec.Widths}).Validate(); err != nil {
		return fmt.Errorf("template: %w", err)
	}
	return nil
}

// checkCount reports a value v (named what) that is not a finite,
// non-negative number.
func checkCount(what string, v float64) error {
	if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
		return fmt.Errorf("%s = %v: want a finite, non-negative number", what, v)
	}
	return nil
}

// historyCurves are the curves of one run in [Convergence], against the
// iteration.
type historyCurves struct {
	w1, active, template plotter.XYs
}

// newHistoryCurves reads the curves from a checked history.
func newHistoryCurves(h []train.Record) historyCurves {
	c := historyCurves{w1: make(plotter.XYs, len(h)), active: make(plotter.XYs, len(h)), template: make(plotter.XYs, len(h))}
	for i, rec := range h {
		x := float64(rec.Iter)
		c.w1[i] = plotter.XY{X: x, Y: rec.W1Sum}
		c.active[i] = plotter.XY{X: x, Y: rec.ActiveWeights}
		c.template[i] = plotter.XY{X: x, Y: float64(icnn.Arch{Widths: rec.Widths}.NumParams())}
	}
	return c
}

// AdaptivePenalty is the paper's Fig. adaptive_penalty: runs at several
// noise levels noises (fractions: 0.1 is 10%), with fixed penalties
// (fixed[j].Runs[i] at noises[i], one line per lambda, "λ = 0.05",
// coloured along viridis by lambda, dark the smallest; solid, filled
// circles) and with the adaptive schedule of Sec. 5.6 (adaptive[i] at
// noises[i]; black, dashed, filled squares), in two panels against the
// noise level in %:
//
//	(a) accuracy: the final push-forward W1 sum on the test set
//	    ([train.Result].W1.Sum), on a linear axis from 0;
//	(b) sparsity: the final mean count of active weights per particle, that
//	    of the last [train.StageRecord] (the last history record when there
//	    are no stages), on a log axis from a factor 2 below the smallest
//	    count to 2 above the largest.
//
// Each line joins its runs in increasing noise, and the noise levels label
// the x axes. The figure reports an error when there are no noise levels
// or no fixed penalties, when a lambda is not a positive number or is
// given twice, when a noise level is negative or not finite, when a set of
// runs does not hold one run per noise level, when a run has neither
// stages nor history, or no W1, or when a value is not finite or is
// negative.
func AdaptivePenalty(noises []float64, fixed []PenaltyRuns, adaptive []train.Result) *Figure {
	const name = "adaptive_penalty"
	series, err := penaltySeries(noises, fixed, adaptive)
	if err != nil {
		return failed(name, err)
	}
	var xs, w1s, counts []float64
	for _, s := range series {
		xs, w1s, counts = append(xs, xsOf(s.w1)...), append(w1s, ysOf(s.w1)...), append(counts, ysOf(s.active)...)
	}
	pa := newPanel("(a) accuracy: final W₁", "noise level (%)", "push-forward W₁ sum")
	pb := newPanel("(b) sparsity: final active weights", "noise level (%)", "parameters per particle")
	bottom := countAxis(&pb.Y, counts)
	_, y1 := paddedRange(append(w1s, 0), 0.06)
	setRange(&pa.Y, 0, y1)
	x0, x1 := paddedRange(xs, 0.06)
	for _, p := range []*plot.Plot{pa, pb} {
		setRange(&p.X, x0, x1)
		p.X.Tick.Marker = valueTicks(distinct(xs))
	}
	leg := newLegend()
	for _, s := range series {
		act := floorXYs(s.active, bottom)
		addFlat(pa, line(s.w1, s.line), points(s.w1, s.glyph))
		addFlat(pb, line(act, s.line), points(act, s.glyph))
		leg.Add(s.label, lineThumb{s.line}, glyphThumb{s.glyph})
	}
	return widePair(name, pa, pb, leg)
}

// penaltyLine is one line of [AdaptivePenalty]: final W1 sums and active
// counts against the noise level in %, in increasing noise.
type penaltyLine struct {
	label      string
	w1, active plotter.XYs
	line       draw.LineStyle
	glyph      draw.GlyphStyle
}

// penaltySeries checks the input of [AdaptivePenalty] and returns its
// lines: the fixed penalties in their order, then the adaptive schedule.
func penaltySeries(noises []float64, fixed []PenaltyRuns, adaptive []train.Result) ([]penaltyLine, error) {
	lambdas, err := checkPenaltyInput(noises, fixed)
	if err != nil {
		return nil, err
	}
	_, colorOf := valueColors(lambdas)
	var out []penaltyLine
	for _, f := range fixed {
		label := "λ = " + num(f.Lambda)
		c := colorOf(f.Lambda)
		pl := penaltyLine{label: label, line: solidLine(c), glyph: marker(c, draw.CircleGlyph{})}
		if pl.w1, pl.active, err = finalPoints(label, noises, f.Runs); err != nil {
			return nil, err
		}
		out = append(out, pl)
	}
	pl := penaltyLine{label: "adaptive", line: dashedLine(black), glyph: marker(black, draw.BoxGlyph{})}
	if pl.w1, pl.active, err = finalPoints("adaptive", noises, adaptive); err != nil {
		return nil, err
	}
	return append(out, pl), nil
}

// checkPenaltyInput checks the noise levels and the fixed penalties of
// [AdaptivePenalty] and returns the lambdas.
func checkPenaltyInput(noises []float64, fixed []PenaltyRuns) ([]float64, error) {
	if len(noises) == 0 || len(fixed) == 0 {
		return nil, fmt.Errorf("%d noise levels and %d fixed penalties: need both", len(noises), len(fixed))
	}
	for _, v := range noises {
		if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
			return nil, fmt.Errorf("noise level %v: want a finite, non-negative number", v)
		}
	}
	lambdas := make([]float64, len(fixed))
	for j, f := range fixed {
		if !(f.Lambda > 0) || math.IsInf(f.Lambda, 0) {
			return nil, fmt.Errorf("fixed penalty λ = %v: want a positive number", f.Lambda)
		}
		if slices.Contains(lambdas[:j], f.Lambda) {
			return nil, fmt.Errorf("fixed penalty λ = %v given twice", f.Lambda)
		}
		lambdas[j] = f.Lambda
	}
	return lambdas, nil
}

// finalPoints are the final W1 sums and mean active counts of runs (the
// runs of what, runs[i] at noises[i]) against the noise level in %, in
// increasing noise.
func finalPoints(what string, noises []float64, runs []train.Result) (w1, active plotter.XYs, err error) {
	if len(runs) != len(noises) {
		return nil, nil, fmt.Errorf("%s: %d runs for %d noise levels: need one per level", what, len(runs), len(noises))
	}
	order := make([]int, len(runs))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return noises[order[a]] < noises[order[b]] })
	w1, active = make(plotter.XYs, len(runs)), make(plotter.XYs, len(runs))
	for k, i := range order {
		x := 100 * noises[i]
		w, act, err := finalValues(runs[i])
		if err != nil {
			return nil, nil, fmt.Errorf("%s at noise %s%%: %w", what, num(x), err)
		}
		w1[k], active[k] = plotter.XY{X: x, Y: w}, plotter.XY{X: x, Y: act}
	}
	return w1, active, nil
}

// finalValues are a run's final W1 sum on the test set and its final mean
// count of active weights per particle ([finalActive]); an error when the
// run has neither stages nor history, or no W1, or when a value is not a
// finite, non-negative number.
func finalValues(r train.Result) (w1, active float64, err error) {
	active, ok := finalActive(r)
	switch {
	case !ok:
		return 0, 0, errors.New("the run has neither stages nor history")
	case len(r.W1.PerPointSum) == 0:
		return 0, 0, errors.New("the run has no W1")
	}
	if err := checkCount("final W1 sum", r.W1.Sum); err != nil {
		return 0, 0, err
	}
	if err := checkCount("final active weights", active); err != nil {
		return 0, 0, err
	}
	return r.W1.Sum, active, nil
}

// finalActive is a run's final mean count of active weights per particle:
// that of its last stage (after the last condensation, like its Arch and
// W1), else that of its last history record; false when it has neither.
func finalActive(r train.Result) (float64, bool) {
	switch {
	case len(r.Stages) > 0:
		return r.Stages[len(r.Stages)-1].ActiveWeights, true
	case len(r.History) > 0:
		return r.History[len(r.History)-1].ActiveWeights, true
	}
	return 0, false
}

// NoisyPushforwards is the paper's Fig. noisy_pushforwards: the
// push-forward W1 along the test path, the sum over the six stress
// components at each point ([metrics.PushForward].PerPointSum) against
// F₁₁, in two panels:
//
//	(a) noise levels: one curve per entry of byNoise (the runs at each
//	    noise level);
//	(b) method comparison: one curve per entry of byMethod (at 10% noise
//	    in the paper: cSVGD, SVGD without condensation, the sequential
//	    sparsify-then-propagate method).
//
// Each curve is smoothed with [metrics.MovingAverage] of width window
// (odd; 1 draws the raw curves), as the paper filters the high-frequency
// noise of its curves; the figure's title states the width. Each panel
// colours its curves along viridis in the order given, dark first, and
// the legend lists them in that order under the panel's letter. The F₁₁
// range of the training deformations, 1 ± 0.2, is shaded; each panel's y
// axis is linear from 0, as in [W1Curve], whose panel this is.
//
// The figure reports an error when there are no test points, or no
// curves for a panel, when a curve has another number of points than
// test, when a value is not finite or when window is not a positive odd
// number.
func NoisyPushforwards(test []hyperelastic.Sample, byNoise, byMethod []Labeled, window int) *Figure {
	const name = "noisy_pushforwards"
	if err := checkW1Path(test, window); err != nil {
		return failed(name, err)
	}
	if err := checkW1Curves("noise levels", byNoise, len(test)); err != nil {
		return failed(name, err)
	}
	if err := checkW1Curves("methods", byMethod, len(test)); err != nil {
		return failed(name, err)
	}
	leg := newLegend()
	leg.Add("(a) noise level:")
	pa := w1Panel("(a) noise levels", test, byNoise, window, leg)
	leg.Add("")
	leg.Add("(b) method:")
	pb := w1Panel("(b) method comparison", test, byMethod, window, leg)
	leg.Add("")
	addTrainingRange(leg)
	return &Figure{
		Name:   name,
		Title:  w1Title(window),
		Panels: [][]*plot.Plot{{pa, pb}},
		Legend: leg,
		Width:  32 * vg.Centimeter,
		Height: 12 * vg.Centimeter,
	}
}

// initialCountLine marks the initial parameter count on a count axis.
var initialCountLine = draw.LineStyle{Color: grey, Width: vg.Points(1), Dashes: []vg.Length{vg.Points(2), vg.Points(2)}}

// solidLine is the style of a run's main line in colour c.
func solidLine(c color.Color) draw.LineStyle { return draw.LineStyle{Color: c, Width: vg.Points(1.8)} }

// dashedLine is the style of a run's secondary line in colour c.
func dashedLine(c color.Color) draw.LineStyle {
	return draw.LineStyle{Color: c, Width: vg.Points(1.4), Dashes: []vg.Length{vg.Points(5), vg.Points(3)}}
}

// marker is the style of a run's markers of the given shape in colour c.
func marker(c color.Color, shape draw.GlyphDrawer) draw.GlyphStyle {
	return draw.GlyphStyle{Color: c, Radius: vg.Points(3), Shape: shape}
}

// widePair is the figure name of the two panels pa and pb side by side,
// with the legend leg to their right, at the size of the paper's
// two-panel result figures.
func widePair(name string, pa, pb *plot.Plot, leg *plot.Legend) *Figure {
	return &Figure{
		Name:   name,
		Panels: [][]*plot.Plot{{pa, pb}},
		Legend: leg,
		Width:  30 * vg.Centimeter,
		Height: 11 * vg.Centimeter,
	}
}

// rankColor is the colour of item i of n along viridis, dark first; a lone
// item gets viridis(0.35).
func rankColor(i, n int) color.Color {
	if n < 2 {
		return viridis(0.35)
	}
	return viridis(viridisTop * float64(i) / float64(n-1))
}

// stepLine is a line through xy in style sty drawn as steps: each point's
// value holds since the previous point.
func stepLine(xy plotter.XYs, sty draw.LineStyle) *plotter.Line {
	l := line(xy, sty)
	l.StepStyle = plotter.PreStep
	return l
}

// accuracyAxis sets the range of a W1 axis holding the values vs: a log
// axis, 1.3 beyond them, when they are positive and span more than a
// decade, else a linear axis from 0 with 5% to spare.
func accuracyAxis(ax *plot.Axis, vs []float64) {
	lo, hi := slices.Min(vs), slices.Max(vs)
	if lo > 0 && hi > 10*lo {
		setLog(ax, lo/1.3, hi*1.3)
		ax.Tick.Marker = countTicks{}
		return
	}
	_, y1 := paddedRange(append(slices.Clone(vs), 0), 0.05)
	setRange(ax, 0, y1)
}

// countAxis makes ax a log axis of the counts, labelled by countTicks,
// from a factor 2 below the smallest positive count to 2 above the
// largest (a factor 4 always holds a labelled tick), and returns its
// bottom.
func countAxis(ax *plot.Axis, counts []float64) float64 {
	lo, hi := math.Inf(1), 0.0
	for _, v := range counts {
		if v > 0 {
			lo = math.Min(lo, v)
		}
		hi = math.Max(hi, v)
	}
	if math.IsInf(lo, 1) {
		lo, hi = 1, 1
	}
	setLog(ax, lo/2, hi*2)
	ax.Tick.Marker = countTicks{}
	return lo / 2
}

// floorXYs is xy with its y values raised to at least lo (a log axis's
// bottom, for counts of 0).
func floorXYs(xy plotter.XYs, lo float64) plotter.XYs {
	out := slices.Clone(xy)
	for i := range out {
		out[i].Y = math.Max(out[i].Y, lo)
	}
	return out
}

// xsOf and ysOf are the x and y values of xy.
func xsOf(xy plotter.XYs) []float64 {
	v := make([]float64, len(xy))
	for i, p := range xy {
		v[i] = p.X
	}
	return v
}

func ysOf(xy plotter.XYs) []float64 {
	v := make([]float64, len(xy))
	for i, p := range xy {
		v[i] = p.Y
	}
	return v
}

package figures

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/csvgd/csvgd-go/csvgd/figures/plotkit"
	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"github.com/csvgd/csvgd-go/csvgd/train"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// PenaltyRuns are the runs at one fixed prior multiplier lambda of
// [AdaptivePenalty]: Runs[i] at its noise level noises[i].
type PenaltyRuns struct {
	Lambda float64
	Runs   []train.Result
}

// AdaptivePenalty is the paper's Fig. adaptive_penalty: runs at several
// noise levels noises (fractions: 0.1 is 10%), with fixed penalties
// (fixed[j].Runs[i] at noises[i], one line per lambda, "λ = 0.05",
// coloured along viridis by lambda, dark the smallest; solid, filled
// circles) and with the adaptive schedule of Sec. 5.6 (adaptive[i] at
// noises[i]; black, dashed, filled squares), against the noise level in
// %, in three panels (the paper's (a) accuracy is split in two):
//
//	(a) accuracy: the final push-forward W1 sum over the whole test path
//	    ([train.Result].W1.Sum), lower is closer to the noisy data's
//	    distribution (not to the truth), on a log axis (one run
//	    that extrapolates badly would otherwise flatten the others) that
//	    ends at labelled ticks ([plotkit.SetLogLabelled]);
//	(b) accuracy inside the training range: its part over the test points
//	    with |delta| <= 0.2 ([train.Result].W1InRange), on a log axis
//	    likewise;
//	(c) sparsity: the final mean count of active weights per particle, that
//	    of the last [train.StageRecord] (the last history record when there
//	    are no stages), on a log axis from a factor 2 below the smallest
//	    count to 2 above the largest.
//
// floors, when given (one per noise level, [train.NoiseFloorW1]), draw
// the noise-free truth's own W1 against the same noisy reference in (a)
// and (b), grey and dotted: the part of W1 that the observation noise
// sets; an ensemble whose spread imitates the noise can score below it.
// Where it is 0 (no noise) the log axes cannot draw it: the line starts at
// the first noise level above 0, and the legend says that it is 0 there.
// Each line joins its runs in increasing noise, and the noise levels label
// the x axes. The figure reports an error when there are no noise levels
// or no fixed penalties, when a lambda is not a positive number or is
// given twice, when a noise level is negative or not finite, when a set of
// runs does not hold one run per noise level, when a run has neither
// stages nor history, or no W1, or when a value is not finite or is
// negative.
func AdaptivePenalty(noises []float64, fixed []PenaltyRuns, adaptive []train.Result, floors ...train.NoiseFloor) *Figure {
	const name = "adaptive_penalty"
	series, err := penaltySeries(noises, fixed, adaptive)
	if err != nil {
		return plotkit.Failed(name, err)
	}
	if len(floors) > 0 && len(floors) != len(noises) {
		return plotkit.Failed(name, fmt.Errorf("%d noise floors for %d noise levels", len(floors), len(noises)))
	}
	var xs, w1s, w1Ins, counts []float64
	for _, s := range series {
		xs, counts = append(xs, plotkit.XsOf(s.w1)...), append(counts, plotkit.YsOf(s.active)...)
		w1s, w1Ins = append(w1s, plotkit.YsOf(s.w1)...), append(w1Ins, plotkit.YsOf(s.w1In)...)
	}
	var floor, floorIn plotter.XYs
	var zeroAt []float64 // noise levels (%) where the reference level is 0, which a log axis cannot show
	for i, f := range floors {
		if noises[i] > 0 && f.Truth > 0 && f.TruthIn > 0 { // no floor without noise (log axes)
			floor = append(floor, plotter.XY{X: 100 * noises[i], Y: f.Truth})
			floorIn = append(floorIn, plotter.XY{X: 100 * noises[i], Y: f.TruthIn})
			w1s, w1Ins = append(w1s, f.Truth), append(w1Ins, f.TruthIn)
		} else {
			zeroAt = append(zeroAt, 100*noises[i])
		}
	}
	pa := plotkit.NewPanel("(a) accuracy: final W₁, whole test path", "noise level (%)", "push-forward W₁ sum to noisy draws")
	pb := plotkit.NewPanel(fmt.Sprintf("(b) accuracy: final W₁, |δ| ≤ %s", plotkit.Num(hyperelastic.TrainingDelta)), "noise level (%)", "push-forward W₁ sum to noisy draws")
	pc := plotkit.NewPanel("(c) sparsity: final active weights", "noise level (%)", "active weights per particle")
	for k, vs := range [][]float64{w1s, w1Ins} {
		ax := &[]*plot.Plot{pa, pb}[k].Y
		if lo, hi := slices.Min(vs), slices.Max(vs); lo > 0 {
			plotkit.SetLogLabelled(ax, lo/1.3, hi*1.3)
		} else {
			accuracyAxis(ax, vs)
		}
	}
	bottom := plotkit.CountAxis(&pc.Y, counts)
	x0, x1 := plotkit.PaddedRange(xs, 0.06)
	for _, p := range []*plot.Plot{pa, pb, pc} {
		plotkit.SetRange(&p.X, x0, x1)
		p.X.Tick.Marker = plotkit.ValueTicks(plotkit.Distinct(xs))
	}
	leg := plotkit.NewLegend()
	for _, s := range series {
		act := plotkit.FloorXYs(s.active, bottom)
		plotkit.AddFlat(pa, plotkit.Line(s.w1, s.line), plotkit.Points(s.w1, s.glyph))
		plotkit.AddFlat(pb, plotkit.Line(s.w1In, s.line), plotkit.Points(s.w1In, s.glyph))
		plotkit.AddFlat(pc, plotkit.Line(act, s.line), plotkit.Points(act, s.glyph))
		leg.Add(s.label, plotkit.LineThumb(s.line), plotkit.GlyphThumb(s.glyph))
	}
	if len(floor) > 0 {
		fl := draw.LineStyle{Color: plotkit.Grey, Width: vg.Points(1.2), Dashes: []vg.Length{vg.Points(1), vg.Points(2.5)}}
		plotkit.AddFlat(pa, plotkit.Line(floor, fl))
		plotkit.AddFlat(pb, plotkit.Line(floorIn, fl))
		leg.Add("noise-free truth's own W₁ (reference level)", plotkit.LineThumb(fl))
		if len(zeroAt) > 0 {
			at := make([]string, len(zeroAt))
			for i, x := range zeroAt {
				at[i] = plotkit.Num(x) + "%"
			}
			leg.Add(fmt.Sprintf("  (0 at %s noise: not drawn on the log axes)", strings.Join(at, ", ")))
		}
	}
	return &Figure{
		Name:   name,
		Panels: [][]*plot.Plot{{pa, pb, pc}},
		Legend: leg,
		Width:  40 * vg.Centimeter,
		Height: 11 * vg.Centimeter,
	}
}

// penaltyLine is one line of [AdaptivePenalty]: final W1 sums and active
// counts against the noise level in %, in increasing noise.
type penaltyLine struct {
	label            string
	w1, w1In, active plotter.XYs
	line             draw.LineStyle
	glyph            draw.GlyphStyle
}

// penaltySeries checks the input of [AdaptivePenalty] and returns its
// lines: the fixed penalties in their order, then the adaptive schedule.
func penaltySeries(noises []float64, fixed []PenaltyRuns, adaptive []train.Result) ([]penaltyLine, error) {
	lambdas, err := checkPenaltyInput(noises, fixed)
	if err != nil {
		return nil, err
	}
	_, colorOf := plotkit.ValueColors(lambdas)
	var out []penaltyLine
	for _, f := range fixed {
		label := "λ = " + plotkit.Num(f.Lambda)
		c := colorOf(f.Lambda)
		pl := penaltyLine{label: label, line: plotkit.SolidLine(c), glyph: plotkit.Marker(c, draw.CircleGlyph{})}
		if pl.w1, pl.w1In, pl.active, err = finalPoints(label, noises, f.Runs); err != nil {
			return nil, err
		}
		out = append(out, pl)
	}
	pl := penaltyLine{label: "adaptive", line: plotkit.DashedLine(plotkit.Black), glyph: plotkit.Marker(plotkit.Black, draw.BoxGlyph{})}
	if pl.w1, pl.w1In, pl.active, err = finalPoints("adaptive", noises, adaptive); err != nil {
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

// finalPoints are the final W1 sums (over the whole path and inside the
// training range) and mean active counts of runs (the runs of what,
// runs[i] at noises[i]) against the noise level in %, in increasing noise.
func finalPoints(what string, noises []float64, runs []train.Result) (w1, w1In, active plotter.XYs, err error) {
	if len(runs) != len(noises) {
		return nil, nil, nil, fmt.Errorf("%s: %d runs for %d noise levels: need one per level", what, len(runs), len(noises))
	}
	order := make([]int, len(runs))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return noises[order[a]] < noises[order[b]] })
	w1, w1In, active = make(plotter.XYs, len(runs)), make(plotter.XYs, len(runs)), make(plotter.XYs, len(runs))
	for k, i := range order {
		x := 100 * noises[i]
		w, act, err := finalValues(runs[i])
		if err == nil {
			err = checkCount("final W1 in range", runs[i].W1InRange)
		}
		if err != nil {
			return nil, nil, nil, fmt.Errorf("%s at noise %s%%: %w", what, plotkit.Num(x), err)
		}
		w1[k], w1In[k], active[k] = plotter.XY{X: x, Y: w}, plotter.XY{X: x, Y: runs[i].W1InRange}, plotter.XY{X: x, Y: act}
	}
	return w1, w1In, active, nil
}

package figures

import (
	"fmt"
	"math"
	"slices"
	"sort"

	"github.com/csvgd/csvgd-go/csvgd/train"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
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

package figures

import (
	"errors"
	"fmt"
	"image/color"
	"slices"

	"github.com/csvgd/csvgd-go/csvgd/figures/plotkit"
	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/train"
	"gonum.org/v1/plot/plotter"
)

// convergenceHistory draws the three convergence figures of Sec. 5.5,
// [ConvergencePriors], [ConvergenceEnsemble] and [ConvergenceNoise], as
// ConvergencePriors describes them; name is the figure's Name.
func convergenceHistory(name string, labels []string, runs []train.Result) *Figure {
	initial, err := checkConvergence(labels, runs)
	if err != nil {
		return plotkit.Failed(name, err)
	}
	curves := make([]historyCurves, len(runs))
	var iters, w1s []float64
	counts := []float64{float64(initial)}
	for i, r := range runs {
		curves[i] = newHistoryCurves(r.History)
		iters = append(iters, plotkit.XsOf(curves[i].w1)...)
		w1s = append(append(w1s, plotkit.YsOf(curves[i].w1)...), plotkit.YsOf(curves[i].w1In)...)
		counts = append(append(counts, plotkit.YsOf(curves[i].active)...), plotkit.YsOf(curves[i].template)...)
	}
	pa := plotkit.NewPanel(accuracyTitle, "iteration", "push-forward W₁ sum")
	pb := plotkit.NewPanel("(b) sparsity", "iteration", "parameters per particle")
	accuracyAxis(&pa.Y, w1s)
	bottom := plotkit.CountAxis(&pb.Y, counts)
	x0, x1 := plotkit.PaddedRange(iters, 0.02)
	plotkit.SetRange(&pa.X, x0, x1)
	plotkit.SetRange(&pb.X, x0, x1)
	leg := plotkit.NewLegend()
	for i, c := range curves {
		col := plotkit.RankColor(i, len(runs))
		plotkit.AddFlat(pa, plotkit.Line(c.w1, plotkit.SolidLine(col)), plotkit.Line(c.w1In, plotkit.DashedLine(col)))
		plotkit.AddFlat(pb, plotkit.StepLine(plotkit.FloorXYs(templateOffset(c.template, i, len(runs)), bottom), plotkit.DashedLine(col)), plotkit.Line(plotkit.FloorXYs(c.active, bottom), plotkit.SolidLine(col)))
		leg.Add(labels[i], plotkit.LineThumb(plotkit.SolidLine(col)))
	}
	pb.Add(plotkit.RefLine{At: float64(initial), Style: initialCountLine})
	leg.Add("")
	leg.Add("line styles, in every run's colour:")
	leg.Add("(a) W₁ over the whole test path", plotkit.LineThumb(plotkit.SolidLine(styleGrey)))
	leg.Add(inRangeLabel, plotkit.LineThumb(plotkit.DashedLine(styleGrey)))
	leg.Add("(b) mean active weights", plotkit.LineThumb(plotkit.SolidLine(styleGrey)))
	leg.Add("(b) template size (true sizes)", plotkit.LineThumb(plotkit.DashedLine(styleGrey)))
	if sameCondensations(runs) {
		leg.Add("     every run condenses at the same iterations; the steps are")
	} else {
		leg.Add("     the steps are")
	}
	leg.Add(fmt.Sprintf("     drawn %s iterations apart per run, so that none hides another", plotkit.Num(templateShift)))
	leg.Add(fmt.Sprintf("(b) initial count, %d", initial), plotkit.LineThumb(initialCountLine))
	return plotkit.WidePair(name, pa, pb, leg)
}

// sameCondensations says whether every run condensed at the same
// iterations (its records marked [train.Before]).
func sameCondensations(runs []train.Result) bool {
	at := func(r train.Result) []int {
		var out []int
		for _, h := range r.History {
			if h.Condensation == train.Before {
				out = append(out, h.Iter)
			}
		}
		return out
	}
	for _, r := range runs[1:] {
		if !slices.Equal(at(r), at(runs[0])) {
			return false
		}
	}
	return true
}

// styleGrey draws the legend's line styles: no run's colour (viridis
// starts at a near-black purple), and darker than the initial count's
// grey line.
var styleGrey = color.RGBA{R: 95, G: 95, B: 95, A: 255}

// templateShift is the shift in iterations between the template-size
// lines of neighbouring runs: two runs whose templates have the same size
// would otherwise draw one dashed line over the other. The shift is along
// the iterations, so every line keeps its true size on the log axis (a
// run's steps come up to a few records early or late instead).
const templateShift = 15.0

// templateOffset is the template curve xy of run i of n shifted by
// templateShift (i - (n-1)/2) iterations, the runs' lines spread
// symmetrically about the true iterations; the sizes stay true.
func templateOffset(xy plotter.XYs, i, n int) plotter.XYs {
	dx := templateShift * (float64(i) - float64(n-1)/2)
	out := make(plotter.XYs, len(xy))
	for k, p := range xy {
		out[k] = plotter.XY{X: p.X + dx, Y: p.Y}
	}
	return out
}

// The accuracy panels of the figures that draw the push-forward W1: lower
// is better, and the sum over the whole test path (solid) comes with its
// part inside the training range (dashed), where the networks are not
// extrapolating.
const accuracyTitle = "(a) accuracy: W₁ to the noisy data"

var inRangeLabel = fmt.Sprintf("(a) W₁ inside the training range, |δ| ≤ %s", plotkit.Num(hyperelastic.TrainingDelta))

// checkConvergence is the input check of [convergenceHistory]; it returns the
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
	if err := checkCount("W1 in range", rec.W1InRange); err != nil {
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

// historyCurves are the curves of one run in [convergenceHistory], against the
// iteration.
type historyCurves struct {
	w1, w1In, active, template plotter.XYs
}

// newHistoryCurves reads the curves from a checked history.
func newHistoryCurves(h []train.Record) historyCurves {
	c := historyCurves{w1: make(plotter.XYs, len(h)), w1In: make(plotter.XYs, len(h)), active: make(plotter.XYs, len(h)), template: make(plotter.XYs, len(h))}
	for i, rec := range h {
		x := float64(rec.Iter)
		c.w1[i] = plotter.XY{X: x, Y: rec.W1Sum}
		c.w1In[i] = plotter.XY{X: x, Y: rec.W1InRange}
		c.active[i] = plotter.XY{X: x, Y: rec.ActiveWeights}
		c.template[i] = plotter.XY{X: x, Y: float64(icnn.Arch{Widths: rec.Widths}.NumParams())}
	}
	return c
}

package figures

import (
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"

	"github.com/csvgd/csvgd-go/csvgd/figures/plotkit"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/metrics"
	"github.com/csvgd/csvgd-go/csvgd/train"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// AlignedRun is one run of [Alignment]: its label, its final
// particles on their template, its history, the colour group it belongs
// to (runs that differ only in their alignment share one) and whether its
// nodes were aligned by assignment (drawn dashed) or sorted by importance
// (solid).
type AlignedRun struct {
	Label      string
	Arch       icnn.Arch
	Particles  [][]float64
	History    []train.Record
	Group      int
	Assignment bool
}

// Alignment is the figure "alignment" (beyond the paper): runs
// that differ in how condensation orders the hidden nodes — each
// particle's nodes sorted by importance (eq. importance, the paper's
// method; solid lines, circles) or then matched to the ensemble's medoid
// by linear assignment (dashed lines, squares) — in three panels:
//
//	(a) the mean inter-particle distance of eq. (distances) over the
//	    iterations, from the history's distance matrices (records at a
//	    stage's end are taken before its condensation);
//	(b) the share of weight entries whose density across the final
//	    particles is unimodal ([metrics.Modality]), per weight matrix and over all
//	    of them; grey lines mark, for each ensemble size, the share of
//	    independent normal samples of that size the same rule finds
//	    unimodal ([metrics.NormalUnimodalRate], 2000 samples);
//	(c) accuracy: the push-forward W1 sum over the iterations (thick) and
//	    its part inside the training range (thin), lower for a better
//	    ensemble.
//
// Colours follow the groups along viridis. The figure reports an error
// when there are no runs, when a run has no history or no distances in a
// record, or when its final particles fail [metrics.Modality]'s checks.
func Alignment(runs []AlignedRun) *Figure {
	const name = "alignment"
	if len(runs) == 0 {
		return plotkit.Failed(name, errors.New("no runs"))
	}
	groups := 0
	for _, r := range runs {
		groups = max(groups, r.Group+1)
	}
	pa := plotkit.NewPanel("(a) mean distance between particles", "iteration", "mean d(a, b), eq. distances")
	pb := plotkit.NewPanel("(b) unimodal weight densities", "weight matrix", "share of drawn entries")
	pc := plotkit.NewPanel("(c) accuracy: W₁ to the noisy data", "iteration", "push-forward W₁ sum")
	leg := plotkit.NewLegend()
	var iters, w1s, dists []float64
	sizes := map[int]bool{}
	for _, r := range runs {
		dist, w1, w1In, err := alignmentCurves(r)
		if err != nil {
			return plotkit.Failed(name, fmt.Errorf("run %q: %w", r.Label, err))
		}
		mod, err := metrics.Modality(r.Arch, r.Particles)
		if err != nil {
			return plotkit.Failed(name, fmt.Errorf("run %q: %w", r.Label, err))
		}
		col := plotkit.RankColor(r.Group, groups)
		sty, glyph := plotkit.SolidLine(col), plotkit.Marker(col, draw.CircleGlyph{})
		if r.Assignment {
			sty, glyph = plotkit.DashedLine(col), plotkit.Marker(col, draw.BoxGlyph{})
		}
		shares := make(plotter.XYs, len(mod))
		for i, m := range mod {
			shares[i] = plotter.XY{X: float64(i), Y: m.Share()}
		}
		plotkit.AddFlat(pa, plotkit.Line(dist, sty))
		plotkit.AddFlat(pb, plotkit.Line(shares, sty), plotkit.Points(shares, glyph))
		thin := sty
		thin.Width = sty.Width / 2
		plotkit.AddFlat(pc, plotkit.Line(w1, sty), plotkit.Line(w1In, thin))
		leg.Add(r.Label, plotkit.LineThumb(sty), plotkit.GlyphThumb(glyph))
		iters, w1s = append(iters, plotkit.XsOf(dist)...), append(append(w1s, plotkit.YsOf(w1)...), plotkit.YsOf(w1In)...)
		dists = append(dists, plotkit.YsOf(dist)...)
		sizes[len(r.Particles)] = true
	}
	x0, x1 := plotkit.PaddedRange(iters, 0.02)
	plotkit.SetRange(&pa.X, x0, x1)
	d0, d1 := plotkit.PaddedRange(dists, 0.02)
	plotkit.SetLabelledRange(&pa.Y, d0, d1) // no distance beyond the last label
	plotkit.SetRange(&pc.X, x0, x1)
	accuracyAxis(&pc.Y, w1s)
	plotkit.SetRange(&pb.Y, 0, 1.05)
	plotkit.SetRange(&pb.X, -0.4, float64(len(runs[0].Arch.Layers()))+0.4)
	pb.X.Tick.Marker = matrixTicks(len(runs[0].Arch.Layers()))
	leg.Add("")
	thick, thin := plotkit.SolidLine(plotkit.Black), plotkit.SolidLine(plotkit.Black)
	thin.Width /= 2
	leg.Add("(c) W₁ over the whole test path", plotkit.LineThumb(thick))
	leg.Add("(c)"+strings.TrimPrefix(inRangeLabel, "(a)"), plotkit.LineThumb(thin))
	for _, n := range slices.Sorted(maps.Keys(sizes)) {
		rate := metrics.NormalUnimodalRate(n, 2000, 1)
		pb.Add(plotkit.RefLine{At: rate, Style: initialCountLine})
		leg.Add(fmt.Sprintf("(b) normal samples of %d: %.2f", n, rate), plotkit.LineThumb(initialCountLine))
	}
	return &Figure{
		Name:   name,
		Panels: [][]*plot.Plot{{pa, pb, pc}},
		Legend: leg,
		Width:  40 * vg.Centimeter,
		Height: 11 * vg.Centimeter,
	}
}

// alignmentCurves are the mean distance, the W1 sum and its part inside
// the training range of r's history against the iteration.
func alignmentCurves(r AlignedRun) (dist, w1, w1In plotter.XYs, err error) {
	if len(r.History) == 0 {
		return nil, nil, nil, errors.New("no history")
	}
	for _, rec := range r.History {
		if len(rec.Distances) < 2 {
			return nil, nil, nil, fmt.Errorf("iteration %d: no distance matrix", rec.Iter)
		}
		d := metrics.MeanOfDistances(rec.Distances)
		if math.IsNaN(d) || math.IsInf(d, 0) || math.IsNaN(rec.W1Sum+rec.W1InRange) || math.IsInf(rec.W1Sum+rec.W1InRange, 0) {
			return nil, nil, nil, fmt.Errorf("iteration %d: mean distance %v, W1 sum %v (in range %v)", rec.Iter, d, rec.W1Sum, rec.W1InRange)
		}
		dist = append(dist, plotter.XY{X: float64(rec.Iter), Y: d})
		w1 = append(w1, plotter.XY{X: float64(rec.Iter), Y: rec.W1Sum})
		w1In = append(w1In, plotter.XY{X: float64(rec.Iter), Y: rec.W1InRange})
	}
	return dist, w1, w1In, nil
}

package figures

import (
	"fmt"
	"slices"
	"strings"

	"github.com/csvgd/csvgd-go/csvgd/condense"
	"github.com/csvgd/csvgd-go/csvgd/figures/plotkit"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/train"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
)

// GraphCondenseSequence is the paper's Fig. graph_condense_sequence: the
// networks of some particles (one row each, the paper shows three picked
// at random) at some iterations (one column each, left to right), taken
// from the records of history with those Iter values, which must hold the
// particles ([train.Config].Keep); where a stage ended, the last record of
// the iteration, after its graph condensation. particles are 0-based indices
// into each record's Particles; rows are labelled from 1. Each column's
// title says its iteration and whether that is before or after a stage's
// condensation.
//
// The column titles put the iteration, the side of the condensation and
// the template on three lines.
//
// Each panel draws one network as a layered graph: the inputs I₁, I₂, I₃
// left, the hidden layers, the output NN right. Each layer's nodes are
// drawn in their stored order from the top (after a condensation, in
// descending importance), one unit apart and centred, on a vertical scale
// shared by the whole figure, so that the columns shrink with the
// template; the inputs alone are spread wider, over the middle third of
// the tallest layer, to keep their labels legible.
//
//   - Hidden nodes are coloured by their importance (eq. importance,
//     [condense.Importance]) over the largest in their layer, along
//     viridis; inputs by the sum of |w| of their outgoing weights, so
//     normalised; the output is black.
//   - Edges are coloured and widened by |w| over the largest |w| of their
//     weight matrix (W₀ .. W_L), stronger ones drawn on top; negative
//     weights, which only W₀ has, are dashed. Edges with |w| < 1e-3 (the
//     pruning threshold, [condense.PaperThreshold]) are omitted.
//   - Dead nodes — hidden nodes left without an incoming or an outgoing
//     edge, repeatedly, as graph condensation prunes them
//     ([condense.LiveNodes]), padding included — are drawn as faint
//     rings, and the edges that still touch them in faint grey.
//
// Below each network its live node counts per layer and its number of
// drawn edges are written; the template (the record's Widths) heads each
// column.
//
// The figure reports an error when particles or iters is empty, when no
// record has an asked iteration or it lacks the particles, when a
// particle index is out of range or when a particle does not fit its
// record's widths or holds a value that is not finite.
func GraphCondenseSequence(history []train.Record, particles []int, iters []int) *Figure {
	const name = "graph_condense_sequence"
	if len(particles) == 0 || len(iters) == 0 {
		return plotkit.Failed(name, fmt.Errorf("%d particles and %d iterations: need both", len(particles), len(iters)))
	}
	recs := make([]*train.Record, len(iters))
	for c, it := range iters {
		for i := range history { // the last record of the iteration: after its condensation
			if history[i].Iter == it {
				recs[c] = &history[i]
			}
		}
		if recs[c] == nil {
			return plotkit.Failed(name, fmt.Errorf("no history record at iteration %d", it))
		}
	}
	graphs := make([][]*netGraph, len(particles))
	maxWidth := 1
	for r, a := range particles {
		graphs[r] = make([]*netGraph, len(iters))
		for c, rec := range recs {
			if len(rec.Particles) == 0 {
				return plotkit.Failed(name, fmt.Errorf("the record at iteration %d holds no particles (train with Config.Keep)", rec.Iter))
			}
			if a < 0 || a >= len(rec.Particles) {
				return plotkit.Failed(name, fmt.Errorf("particle index %d: the record at iteration %d has %d particles", a, rec.Iter, len(rec.Particles)))
			}
			arch := icnn.Arch{Widths: rec.Widths}
			if err := arch.Validate(); err != nil {
				return plotkit.Failed(name, fmt.Errorf("record at iteration %d: %w", rec.Iter, err))
			}
			g, err := newNetGraph(condense.NetworkOf(arch), condense.Options{Threshold: condense.PaperThreshold}, rec.Particles[a])
			if err != nil {
				return plotkit.Failed(name, fmt.Errorf("record at iteration %d, particle %d: %w", rec.Iter, a, err))
			}
			graphs[r][c] = g
			maxWidth = max(maxWidth, slices.Max(rec.Widths))
		}
	}

	panels := make([][]*plot.Plot, len(particles))
	labels := make([]string, len(particles))
	for r, a := range particles {
		labels[r] = fmt.Sprintf("particle %d", a+1)
		panels[r] = make([]*plot.Plot, len(iters))
		for c, rec := range recs {
			title := ""
			if r == 0 {
				// the iteration and the side of its condensation on lines of
				// their own, so that neighbouring titles do not run together
				title = fmt.Sprintf("%s\ntemplate %s", strings.Replace(iterationTitle(*rec), ", ", "\n", 1), plotkit.JoinInts(rec.Widths, "-"))
			}
			g := graphs[r][c]
			g.height = maxWidth
			panels[r][c] = graphPanel(title, g)
		}
	}
	leg := netLegend("importance", "|w|", false)
	cols := float64(len(iters))
	return &Figure{
		Name:      name,
		Panels:    panels,
		RowLabels: labels,
		Legend:    leg,
		Width:     vg.Length(10+5.5*cols) * vg.Centimeter,
		Height:    vg.Length(3+7*float64(len(particles))) * vg.Centimeter,
	}
}

// iterationTitle names the iteration of rec and, at the end of a stage,
// whether the particles are those before or after its condensation.
func iterationTitle(rec train.Record) string {
	switch rec.Condensation {
	case train.Before:
		return fmt.Sprintf("iteration %d, before condensation", rec.Iter)
	case train.After:
		return fmt.Sprintf("iteration %d, after condensation", rec.Iter)
	}
	return fmt.Sprintf("iteration %d", rec.Iter)
}

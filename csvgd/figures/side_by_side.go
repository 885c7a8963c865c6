package figures

import (
	"fmt"
	"image/color"
	"slices"

	"github.com/csvgd/csvgd-go/csvgd/figures/plotkit"
	"github.com/csvgd/csvgd-go/csvgd/weights"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
)

// sideBySideCap is the largest number of ensembles SideBySide compares.
const sideBySideCap = 4

// SideBySide is the explorer's view "side_by_side", not one of the paper's
// figures: two to four ensembles in columns, for example runs at two prior
// orders, or cSVGD against SVGD without condensation. Each column shows
//
//   - the ensemble's template as [TemplateGraph] draws it, all columns on
//     one vertical scale so that the sizes of the templates compare, and
//   - the densities of the entries of its weight matrix W_k across its
//     particles, as the panel of W_k in [WeightDistributions] (same
//     bandwidths, omissions and legend), but coloured by entry: an entry
//     named in two columns has one colour in both, and two entries never
//     share a colour in the shared legend.
//
// Columns are tagged (a), (b), .. on the graphs and on from there on the
// densities. The figure reports an error when there are fewer than 2 or
// more than 4 ensembles, when one fails the checks of TemplateGraph, or
// when k is not a weight matrix of every one of them.
func SideBySide(es []weights.Networks, k int) *Figure {
	const name = "side_by_side"
	if len(es) < 2 || len(es) > sideBySideCap {
		return plotkit.Failed(name, fmt.Errorf("%d ensembles: compare 2 to %d", len(es), sideBySideCap))
	}
	height := 1
	graphs := make([]*netGraph, len(es))
	for c, e := range es {
		if err := e.Check(); err != nil {
			return plotkit.Failed(name, err)
		}
		if err := CheckLayer(e.Arch, k); err != nil {
			return plotkit.Failed(name, fmt.Errorf("%s: %w", e.Label, err))
		}
		g, err := ensembleGraph(e)
		if err != nil {
			return plotkit.Failed(name, err)
		}
		graphs[c], height = g, max(height, g.height)
	}
	leg := netLegend("mean importance", "mean |w|", slices.ContainsFunc(es, func(e weights.Networks) bool { return e.Signed }))
	// One colour per entry across the density panels: an entry named in
	// two panels has the same colour in both, and two entries never share
	// one, so the shared legend gives every colour one meaning.
	var union [][2]int
	for _, e := range es {
		for _, ij := range namedEntries(e, k) {
			if !slices.Contains(union, ij) {
				union = append(union, ij)
			}
		}
	}
	byEntry := make(map[[2]int]color.Color, len(union))
	for u, ij := range union {
		byEntry[ij] = plotkit.RankColor(u, len(union))
	}
	top, bottom := make([]*plot.Plot, len(es)), make([]*plot.Plot, len(es))
	for c, e := range es {
		graphs[c].height = height
		top[c] = graphPanel(ensembleTitle(plotkit.PanelTag(c), e), graphs[c])
		leg.Add("")
		bottom[c], _ = weightPanel(e, k, plotkit.PanelTag(len(es)+c), leg, byEntry)
	}
	bottom[0].Y.Label.Text = "density"
	cols := float64(len(es))
	return &Figure{
		Name:   name,
		Panels: [][]*plot.Plot{top, bottom},
		Legend: leg,
		Width:  vg.Length(9+8.5*cols) * vg.Centimeter,
		Height: 26 * vg.Centimeter,
	}
}

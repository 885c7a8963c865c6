package figures

import (
	"github.com/csvgd/csvgd-go/csvgd/figures/plotkit"
	"github.com/csvgd/csvgd-go/csvgd/weights"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
)

// TemplateGraph is the explorer's view "template_graph", not one of the
// paper's figures: the template of a condensed ensemble drawn as one
// layered graph, as a panel of [GraphCondenseSequence] draws one particle,
// but for the ensemble as a whole. Each edge is the mean |w| of its weight
// across the particles (dashed where the mean weight is negative), and each
// hidden node is coloured by its mean importance (eq. importance,
// [condense.Importance]) over the largest in its layer: the nodes graph
// condensation sorted first, drawn at the top, carry the most weight in
// most particles. Edges whose mean |w| is below the pruning threshold are
// omitted and nodes left without an incoming or an outgoing edge drawn as
// rings, as in GraphCondenseSequence.
//
// The ensemble should be condensed (graph_condense aligns its nodes); the
// figure draws any ensemble, but the nodes of uncondensed particles are
// not comparable, so their means mix unrelated nodes. The figure reports
// an error when the architecture is invalid, when there are fewer than 2
// particles, or when a particle has the wrong length or a value that is
// not finite.
func TemplateGraph(e weights.Networks) *Figure {
	const name = "template_graph"
	if err := e.Check(); err != nil {
		return plotkit.Failed(name, err)
	}
	g, err := ensembleGraph(e)
	if err != nil {
		return plotkit.Failed(name, err)
	}
	return &Figure{
		Name:   name,
		Panels: [][]*plot.Plot{{graphPanel(ensembleTitle("", e), g)}},
		Legend: netLegend("mean importance", "mean |w|", e.Signed),
		Width:  15.5 * vg.Centimeter,
		Height: 10 * vg.Centimeter,
	}
}

package figures

import (
	"fmt"

	"github.com/csvgd/csvgd-go/csvgd/condense"
	"github.com/csvgd/csvgd-go/csvgd/figures/plotkit"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// netLegend is the legend of the network graphs: the colour scale of the
// nodes (by nodes, e.g. "importance") and edges (by edges, e.g. "|w|"),
// each over the largest in its layer, and the dashed (negative: in W₀
// only for the input-convex network, in any layer of signed networks),
// dead and omitted marks; the omission rule names the edges' measure
// ("edges mean |w| < 0.001 omitted" for an ensemble's template).
func netLegend(nodes, edges string, signed bool) *plot.Legend {
	leg := plotkit.NewLegend()
	leg.Add("nodes: " + nodes + " / layer max")
	leg.Add("edges: " + edges + " / layer max")
	for _, t := range []float64{1, 0.75, 0.5, 0.25, 0} {
		leg.Add(plotkit.Num(t), netThumb{t: t})
	}
	leg.Add("")
	neg := "negative W₀ edge" // the input-convex network's only signed weights
	if signed {
		neg = "negative edge"
	}
	leg.Add(neg, plotkit.LineThumb(draw.LineStyle{Color: plotkit.Viridis(plotkit.ViridisTop), Width: edgeWidth(1), Dashes: negDashes}))
	leg.Add(deadLabel(edges), netThumb{dead: true})
	// the omission rule in the edges' own measure: "mean |w|" for an ensemble
	leg.Add(fmt.Sprintf("edges %s < %s omitted", edges, plotkit.Num(condense.PaperThreshold)))
	return leg
}

// deadLabel is the legend's entry for the faint rings: nodes cut off from
// the inputs or the output (padded nodes among them). For one particle
// (edges "|w|") they are its own dead nodes; for an ensemble drawn at its
// mean weights (edges "mean |w|") they are dead in that network of mean
// |w| across the particles.
func deadLabel(edges string) string {
	if edges == "|w|" {
		return "dead node (padded, or cut off)"
	}
	return "dead node (in the " + edges + " network)"
}

// netThumb is a legend thumbnail: an edge and a node at normalised value
// t, or a dead node.
type netThumb struct {
	t    float64
	dead bool
}

// Thumbnail implements plot.Thumbnailer.
func (n netThumb) Thumbnail(c *draw.Canvas) {
	y := c.Center().Y
	r := vg.Points(4)
	end := vg.Point{X: c.Max.X - r, Y: y}
	if n.dead {
		c.DrawGlyphNoClip(draw.GlyphStyle{Color: plotkit.LightGrey, Radius: r, Shape: draw.RingGlyph{}}, end)
		return
	}
	c.StrokeLine2(draw.LineStyle{Color: edgeColor(n.t), Width: edgeWidth(n.t)}, c.Min.X, y, end.X, y)
	c.DrawGlyphNoClip(draw.GlyphStyle{Color: nodeColor(n.t), Radius: r, Shape: draw.CircleGlyph{}}, end)
	c.DrawGlyphNoClip(draw.GlyphStyle{Color: plotkit.Fade(plotkit.Black, 0.5), Radius: r, Shape: draw.RingGlyph{}}, end)
}

package figures

import (
	"fmt"
	"image/color"
	"math"
	"slices"
	"sort"

	"github.com/csvgd/csvgd-go/csvgd/condense"
	"github.com/csvgd/csvgd-go/csvgd/figures/plotkit"
	"github.com/csvgd/csvgd-go/csvgd/internal/subscript"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// netGraph is one network drawn as a layered graph.
type netGraph struct {
	widths []int
	nodes  [][]netNode // [layer][node]
	edges  []netEdge   // every edge drawn, weakest first
	live   []int       // live nodes per layer
	height int         // the largest layer of the figure: the vertical scale
}

type netNode struct {
	t    float64 // importance over the layer's largest, in [0, 1]
	dead bool
}

type netEdge struct {
	k, from, to int     // W_k, from node of layer k to node of layer k+1
	t           float64 // |w| over W_k's largest
	neg, dead   bool    // negative weight; touches a dead node
}

// newNetGraph lays out the particle theta of arch.
func newNetGraph(arch condense.Network, o condense.Options, theta []float64) (*netGraph, error) {
	if n := arch.NumParams(); len(theta) != n {
		return nil, fmt.Errorf("%d parameters, widths %v need %d", len(theta), arch.Widths, n)
	}
	for i, v := range theta {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, fmt.Errorf("parameter %d = %v is not finite", i, v)
		}
	}
	imp, err := condense.NetworkImportance(arch, theta)
	if err != nil {
		return nil, err
	}
	alive, err := condense.NetworkLiveNodes(arch, theta, o)
	if err != nil {
		return nil, err
	}
	ws := arch.Widths
	g := &netGraph{widths: ws, nodes: make([][]netNode, len(ws)), live: make([]int, len(ws)), height: slices.Max(ws)}
	for k := range ws {
		g.nodes[k], g.live[k] = layerNodes(nodeScores(arch, theta, imp, k), alive[k], k == len(ws)-1)
	}
	g.edges = graphEdges(arch, theta, alive)
	return g, nil
}

// nodeScores are the values that colour the nodes of layer k of the
// particle theta of arch: the inputs' L1 norms of their outgoing weights,
// the hidden nodes' importances imp (of [condense.Importance]), and 0 for
// the output.
func nodeScores(arch condense.Network, theta []float64, imp [][]float64, k int) []float64 {
	ws := arch.Widths
	s := make([]float64, ws[k])
	switch {
	case k == 0: // inputs: L1 norm of the outgoing weights
		l := arch.Layers()[0]
		for j := range s {
			for i := 0; i < ws[1]; i++ {
				s[j] += math.Abs(theta[l.Offset+i*l.Cols+j])
			}
		}
	case k < len(ws)-1:
		copy(s, imp[k-1])
	}
	return s
}

// layerNodes are the nodes of a layer whose scores are s and whose live
// nodes alive marks, each at its score over the largest of the live ones
// (1 for the output), with the number of live nodes.
func layerNodes(s []float64, alive []bool, output bool) ([]netNode, int) {
	top := 0.0
	for j, v := range s {
		if alive[j] {
			top = math.Max(top, v)
		}
	}
	nodes, live := make([]netNode, len(s)), 0
	for j := range s {
		nd := netNode{dead: !alive[j]}
		if top > 0 {
			nd.t = math.Min(1, math.Max(0, s[j]/top))
		}
		if output {
			nd.t = 1
		}
		nodes[j] = nd
		if alive[j] {
			live++
		}
	}
	return nodes, live
}

// graphEdges are the edges of the particle theta of arch with |w| at
// least the pruning threshold, each at |w| over the largest of its
// weight matrix, dead where it touches a node that alive does not mark:
// the dead first, then the weakest first, the order they are drawn in.
func graphEdges(arch condense.Network, theta []float64, alive [][]bool) []netEdge {
	var edges []netEdge
	for k, l := range arch.Layers() {
		top := 0.0
		for _, v := range theta[l.Offset : l.Offset+l.Rows*l.Cols] {
			top = math.Max(top, math.Abs(v))
		}
		for to := 0; to < l.Rows; to++ {
			for from := 0; from < l.Cols; from++ {
				v := theta[l.Offset+to*l.Cols+from]
				if math.Abs(v) < condense.PaperThreshold {
					continue
				}
				edges = append(edges, netEdge{k: k, from: from, to: to, t: math.Abs(v) / top, neg: v < 0,
					dead: !alive[k][from] || !alive[k+1][to]})
			}
		}
	}
	sort.SliceStable(edges, func(a, b int) bool {
		ea, eb := edges[a], edges[b]
		if ea.dead != eb.dead {
			return ea.dead
		}
		return ea.t < eb.t
	})
	return edges
}

// The styles of the network graphs.
var negDashes = []vg.Length{vg.Points(2.5), vg.Points(1.5)}

func edgeWidth(t float64) vg.Length { return vg.Points(0.25 + 1.6*t) }

func edgeColor(t float64) color.Color {
	return plotkit.Fade(plotkit.Viridis(plotkit.ViridisTop*t), 0.3+0.7*t)
}

func nodeColor(t float64) color.Color { return plotkit.Viridis(plotkit.ViridisTop * t) }

// pos is the data position of node j of layer k: one unit apart, centred
// on 0, except that the inputs are spread over the middle third of the
// figure's tallest layer, so that their labels stay legible.
func (g *netGraph) pos(k, j int) (x, y float64) {
	step := 1.0
	if k == 0 && g.widths[0] > 1 {
		step = math.Max(1, float64(g.height-1)/3/float64(g.widths[0]-1))
	}
	return float64(k), step * (float64(g.widths[k]-1)/2 - float64(j))
}

// DataRange implements plot.DataRanger: the layers, with room for the
// input and output labels at the sides and the counts below.
func (g *netGraph) DataRange() (xmin, xmax, ymin, ymax float64) {
	h := float64(g.height)
	half := (h - 1) / 2
	return -0.55, float64(len(g.widths)-1) + 0.45, -half - 0.7 - 0.1*h, half + 0.7
}

// Plot implements plot.Plotter.
func (g *netGraph) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	at := func(k, j int) vg.Point {
		x, y := g.pos(k, j)
		return vg.Point{X: trX(x), Y: trY(y)}
	}
	step := trY(1) - trY(0) // one node spacing, in points
	radius := max(vg.Points(1), min(vg.Points(4.5), 0.36*step))
	for _, e := range g.edges {
		sty := draw.LineStyle{Color: edgeColor(e.t), Width: edgeWidth(e.t)}
		if e.neg {
			sty.Dashes = negDashes
		}
		if e.dead {
			sty = draw.LineStyle{Color: plotkit.Fade(plotkit.LightGrey, 0.6), Width: vg.Points(0.3)}
		}
		a, b := at(e.k, e.from), at(e.k+1, e.to)
		c.StrokeLine2(sty, a.X, a.Y, b.X, b.Y)
	}
	last := len(g.widths) - 1
	for k, layer := range g.nodes {
		for j, nd := range layer {
			pt := at(k, j)
			switch {
			case nd.dead:
				c.DrawGlyphNoClip(draw.GlyphStyle{Color: plotkit.LightGrey, Radius: radius, Shape: draw.RingGlyph{}}, pt)
			case k == last:
				c.DrawGlyphNoClip(draw.GlyphStyle{Color: plotkit.Black, Radius: radius, Shape: draw.CircleGlyph{}}, pt)
			default:
				c.DrawGlyphNoClip(draw.GlyphStyle{Color: nodeColor(nd.t), Radius: radius, Shape: draw.CircleGlyph{}}, pt)
				c.DrawGlyphNoClip(draw.GlyphStyle{Color: plotkit.Fade(plotkit.Black, 0.5), Radius: radius, Shape: draw.RingGlyph{}}, pt)
			}
		}
	}
	sty := plotkit.TextStyle(plotkit.TickLabelSize)
	sty.XAlign, sty.YAlign = draw.XRight, draw.YCenter
	for j := range g.widths[0] {
		pt := at(0, j)
		c.FillText(sty, vg.Point{X: pt.X - radius - 2, Y: pt.Y}, "I"+subscript.Itoa(j+1))
	}
	sty.XAlign = draw.XLeft
	out := at(last, 0)
	c.FillText(sty, vg.Point{X: out.X + radius + 2, Y: out.Y}, "NN")
	sty.XAlign, sty.YAlign = draw.XCenter, draw.YBottom
	note := fmt.Sprintf("live %s, %d edges", plotkit.JoinInts(g.live, "-"), g.liveEdges())
	c.FillText(sty, vg.Point{X: (c.Min.X + c.Max.X) / 2, Y: c.Min.Y}, note)
}

// liveEdges counts the edges drawn between live nodes.
func (g *netGraph) liveEdges() int {
	n := 0
	for _, e := range g.edges {
		if !e.dead {
			n++
		}
	}
	return n
}

// graphPanel is a panel without axes that draws g, titled title.
func graphPanel(title string, g *netGraph) *plot.Plot {
	p := plotkit.NewPanel(title, "", "")
	p.HideAxes()
	p.Add(g)
	x0, x1, y0, y1 := g.DataRange()
	plotkit.SetRange(&p.X, x0, x1)
	plotkit.SetRange(&p.Y, y0, y1)
	return p
}

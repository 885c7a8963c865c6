package figures

import (
	"errors"
	"fmt"
	"image/color"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/csvgd/csvgd-go/csvgd/condense"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/train"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Figures of the paper's Sec. 5.4 (graph condensation), drawn from the
// history of a [train.Run]. Particles are numbered from 1 in the figures,
// as in the paper; the functions take 0-based indices.

// edgeThreshold is the |w| below which an edge counts as absent, the
// paper's pruning threshold: such edges are not drawn, and a hidden node
// left without an incoming or an outgoing edge is dead.
const edgeThreshold = condense.PaperThreshold

// GraphSequence is the paper's Fig. graph_condense_sequence: the networks of
// some particles (one row each, the paper shows three picked at random) at
// some iterations (one column each, left to right), taken from the
// records of history with those Iter values, which must hold the particles
// ([train.Config].Keep). particles are 0-based indices into each record's
// Particles; rows are labelled from 1.
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
//     pruning threshold) are omitted.
//   - Dead nodes — hidden nodes left without an incoming or an outgoing
//     edge, repeatedly, as graph condensation prunes them, padding included
//     — are drawn as faint rings, and the edges that still touch them in
//     faint grey.
//
// Below each network its live node counts per layer and its number of
// drawn edges are written; the template (the record's Widths) heads each
// column.
//
// The figure reports an error when particles or iters is empty, when no
// record has an asked iteration or it lacks the particles, when a
// particle index is out of range or when a particle does not fit its
// record's widths or holds a value that is not finite.
func GraphSequence(history []train.Record, particles []int, iters []int) *Figure {
	const name = "graph_condense_sequence"
	if len(particles) == 0 || len(iters) == 0 {
		return failed(name, fmt.Errorf("%d particles and %d iterations: need both", len(particles), len(iters)))
	}
	recs := make([]*train.Record, len(iters))
	for c, it := range iters {
		for i := range history {
			if history[i].Iter == it {
				recs[c] = &history[i]
				break
			}
		}
		if recs[c] == nil {
			return failed(name, fmt.Errorf("no history record at iteration %d", it))
		}
	}
	graphs := make([][]*netGraph, len(particles))
	maxWidth := 1
	for r, a := range particles {
		graphs[r] = make([]*netGraph, len(iters))
		for c, rec := range recs {
			if len(rec.Particles) == 0 {
				return failed(name, fmt.Errorf("the record at iteration %d holds no particles (train with Config.Keep)", rec.Iter))
			}
			if a < 0 || a >= len(rec.Particles) {
				return failed(name, fmt.Errorf("particle index %d: the record at iteration %d has %d particles", a, rec.Iter, len(rec.Particles)))
			}
			arch := icnn.Arch{Widths: rec.Widths}
			if err := arch.Validate(); err != nil {
				return failed(name, fmt.Errorf("record at iteration %d: %w", rec.Iter, err))
			}
			g, err := newNetGraph(arch, rec.Particles[a])
			if err != nil {
				return failed(name, fmt.Errorf("record at iteration %d, particle %d: %w", rec.Iter, a, err))
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
				title = fmt.Sprintf("iteration %d\ntemplate %s", rec.Iter, joinInts(rec.Widths, "-"))
			}
			p := newPanel(title, "", "")
			p.HideAxes()
			g := graphs[r][c]
			g.height = maxWidth
			p.Add(g)
			x0, x1, y0, y1 := g.DataRange()
			setRange(&p.X, x0, x1)
			setRange(&p.Y, y0, y1)
			panels[r][c] = p
		}
	}

	leg := newLegend()
	leg.Add("nodes: importance / layer max")
	leg.Add("edges: |w| / layer max")
	for _, t := range []float64{1, 0.75, 0.5, 0.25, 0} {
		leg.Add(num(t), netThumb{t: t})
	}
	leg.Add("")
	leg.Add("negative W₀ edge", lineThumb{draw.LineStyle{Color: viridis(viridisTop), Width: edgeWidth(1), Dashes: negDashes}})
	leg.Add("dead or padded node", netThumb{dead: true})
	leg.Add(fmt.Sprintf("edges |w| < %s omitted", num(edgeThreshold)))
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
func newNetGraph(arch icnn.Arch, theta []float64) (*netGraph, error) {
	if n := arch.NumParams(); len(theta) != n {
		return nil, fmt.Errorf("%d parameters, widths %v need %d", len(theta), arch.Widths, n)
	}
	for i, v := range theta {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, fmt.Errorf("parameter %d = %v is not finite", i, v)
		}
	}
	imp, err := condense.Importance(arch, theta)
	if err != nil {
		return nil, err
	}
	ws := arch.Widths
	layers := arch.Layers()
	w := func(k, to, from int) float64 { l := layers[k]; return theta[l.Offset+to*l.Cols+from] }
	alive := liveNodes(arch, theta)
	g := &netGraph{widths: ws, nodes: make([][]netNode, len(ws)), live: make([]int, len(ws)), height: slices.Max(ws)}
	for k, n := range ws {
		s := make([]float64, n)
		switch {
		case k == 0: // inputs: L1 norm of the outgoing weights
			for j := range s {
				for i := 0; i < ws[1]; i++ {
					s[j] += math.Abs(w(0, i, j))
				}
			}
		case k < len(ws)-1:
			copy(s, imp[k-1])
		}
		top := 0.0
		for j, v := range s {
			if alive[k][j] {
				top = math.Max(top, v)
			}
		}
		g.nodes[k] = make([]netNode, n)
		for j := range s {
			nd := netNode{dead: !alive[k][j]}
			if top > 0 {
				nd.t = math.Min(1, math.Max(0, s[j]/top))
			}
			if k == len(ws)-1 {
				nd.t = 1
			}
			g.nodes[k][j] = nd
			if alive[k][j] {
				g.live[k]++
			}
		}
	}
	for k, l := range layers {
		top := 0.0
		for _, v := range theta[l.Offset : l.Offset+l.Rows*l.Cols] {
			top = math.Max(top, math.Abs(v))
		}
		for to := 0; to < l.Rows; to++ {
			for from := 0; from < l.Cols; from++ {
				v := w(k, to, from)
				if math.Abs(v) < edgeThreshold {
					continue
				}
				g.edges = append(g.edges, netEdge{k: k, from: from, to: to, t: math.Abs(v) / top, neg: v < 0,
					dead: !alive[k][from] || !alive[k+1][to]})
			}
		}
	}
	sort.SliceStable(g.edges, func(a, b int) bool {
		ea, eb := g.edges[a], g.edges[b]
		if ea.dead != eb.dead {
			return ea.dead
		}
		return ea.t < eb.t
	})
	return g, nil
}

// liveNodes marks the nodes that graph condensation keeps: inputs and the
// output always; a hidden node while it has an edge (|w| >= the threshold)
// to a live node of the next layer and one from a live node of the
// previous layer, repeated to a fixed point.
func liveNodes(arch icnn.Arch, theta []float64) [][]bool {
	ws, layers := arch.Widths, arch.Layers()
	present := func(k, to, from int) bool {
		l := layers[k]
		return math.Abs(theta[l.Offset+to*l.Cols+from]) >= edgeThreshold
	}
	alive := make([][]bool, len(ws))
	for k, n := range ws {
		alive[k] = make([]bool, n)
		for j := range alive[k] {
			alive[k][j] = true
		}
	}
	for changed := true; changed; {
		changed = false
		for k := 1; k < len(ws)-1; k++ {
			for j := range alive[k] {
				if !alive[k][j] {
					continue
				}
				out, in := false, false
				for i := 0; i < ws[k+1] && !out; i++ {
					out = alive[k+1][i] && present(k, i, j)
				}
				for i := 0; i < ws[k-1] && !in; i++ {
					in = alive[k-1][i] && present(k-1, j, i)
				}
				if !out || !in {
					alive[k][j], changed = false, true
				}
			}
		}
	}
	return alive
}

// The styles of the network graphs.
var negDashes = []vg.Length{vg.Points(2.5), vg.Points(1.5)}

func edgeWidth(t float64) vg.Length { return vg.Points(0.25 + 1.6*t) }

func edgeColor(t float64) color.Color { return fade(viridis(viridisTop*t), 0.3+0.7*t) }

func nodeColor(t float64) color.Color { return viridis(viridisTop * t) }

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
			sty = draw.LineStyle{Color: fade(lightGrey, 0.6), Width: vg.Points(0.3)}
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
				c.DrawGlyphNoClip(draw.GlyphStyle{Color: lightGrey, Radius: radius, Shape: draw.RingGlyph{}}, pt)
			case k == last:
				c.DrawGlyphNoClip(draw.GlyphStyle{Color: black, Radius: radius, Shape: draw.CircleGlyph{}}, pt)
			default:
				c.DrawGlyphNoClip(draw.GlyphStyle{Color: nodeColor(nd.t), Radius: radius, Shape: draw.CircleGlyph{}}, pt)
				c.DrawGlyphNoClip(draw.GlyphStyle{Color: fade(black, 0.5), Radius: radius, Shape: draw.RingGlyph{}}, pt)
			}
		}
	}
	sty := textStyle(tickLabelSize)
	sty.XAlign, sty.YAlign = draw.XRight, draw.YCenter
	for j := range g.widths[0] {
		pt := at(0, j)
		c.FillText(sty, vg.Point{X: pt.X - radius - 2, Y: pt.Y}, "I"+subscript(j+1))
	}
	sty.XAlign = draw.XLeft
	out := at(last, 0)
	c.FillText(sty, vg.Point{X: out.X + radius + 2, Y: out.Y}, "NN")
	sty.XAlign, sty.YAlign = draw.XCenter, draw.YBottom
	note := fmt.Sprintf("live %s, %d edges", joinInts(g.live, "-"), g.liveEdges())
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
		c.DrawGlyphNoClip(draw.GlyphStyle{Color: lightGrey, Radius: r, Shape: draw.RingGlyph{}}, end)
		return
	}
	c.StrokeLine2(draw.LineStyle{Color: edgeColor(n.t), Width: edgeWidth(n.t)}, c.Min.X, y, end.X, y)
	c.DrawGlyphNoClip(draw.GlyphStyle{Color: nodeColor(n.t), Radius: r, Shape: draw.CircleGlyph{}}, end)
	c.DrawGlyphNoClip(draw.GlyphStyle{Color: fade(black, 0.5), Radius: r, Shape: draw.RingGlyph{}}, end)
}

// joinInts writes ns separated by sep: 3-30-30-1.
func joinInts(ns []int, sep string) string {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, sep)
}

// DistanceEvolution is the paper's Fig. graph_distance_evolution: the
// matrix of inter-particle distances (eq. distances, [train.Record]
// Distances) at each of the iterations iters, one heat map per iteration,
// left to right, in rows of at most five maps (as even as they can be:
// nine iterations make rows of five and four). Particle 1 is at the top left, as in an image of the
// matrix, and the diagonal (0) runs down to the right. Each map is coloured
// along viridis from 0 (dark blue) to its own largest distance (yellow),
// as the paper's caption says; that largest distance is in the panel's
// title, since the scales differ between panels.
//
// The figure reports an error when iters is empty, when no record has an
// asked iteration, or when a record's distances are not a square matrix of
// finite, non-negative values with at least two particles.
func DistanceEvolution(history []train.Record, iters []int) *Figure {
	const name = "graph_distance_evolution"
	if len(iters) == 0 {
		return failed(name, errors.New("no iterations"))
	}
	var panels []*plot.Plot
	maxN := 0
	for _, it := range iters {
		var rec *train.Record
		for i := range history {
			if history[i].Iter == it {
				rec = &history[i]
				break
			}
		}
		if rec == nil {
			return failed(name, fmt.Errorf("no history record at iteration %d", it))
		}
		d := rec.Distances
		n := len(d)
		if n < 2 {
			return failed(name, fmt.Errorf("iteration %d: distances of %d particles: need at least 2", it, n))
		}
		top := 0.0
		for a, row := range d {
			if len(row) != n {
				return failed(name, fmt.Errorf("iteration %d: distance row %d has %d entries, want %d", it, a, len(row), n))
			}
			for b, v := range row {
				if !(v >= 0) || math.IsInf(v, 0) {
					return failed(name, fmt.Errorf("iteration %d: distance (%d, %d) = %v", it, a, b, v))
				}
				top = math.Max(top, v)
			}
		}
		maxN = max(maxN, n)
		// column c is particle c+1 at x = c+1; row r is particle n-r at
		// y = r-n, so that particle 1 is at the top
		g := &grid{xs: make([]float64, n), ys: make([]float64, n), z: make([]float64, n*n)}
		for c := range n {
			g.xs[c] = float64(c + 1)
		}
		for r := range n {
			g.ys[r] = float64(r - n)
			a := n - 1 - r
			for c := range n {
				g.z[r*n+c] = d[a][c]
			}
		}
		hm := plotter.NewHeatMap(g, viridisPalette{})
		hm.Min, hm.Max = 0, top
		if top == 0 {
			hm.Max = 1
		}
		p := newPanel(fmt.Sprintf("iteration %d (max %s)", it, num(top)), "particle", "")
		addFlat(p, hm)
		setRange(&p.X, 0.5, float64(n)+0.5)
		setRange(&p.Y, -float64(n)-0.5, -0.5)
		p.X.Tick.Marker = indexTicks{n: n}
		p.Y.Tick.Marker = indexTicks{n: n, negative: true}
		panels = append(panels, p)
	}
	leg := newLegend()
	leg.Add("distance / panel max")
	for _, t := range []float64{1, 0.75, 0.5, 0.25, 0} {
		leg.Add(num(t), fillThumb{viridis(t)})
	}
	// at most distanceCols maps per row, the rows as even as they can be
	rows := (len(panels) + distanceCols - 1) / distanceCols
	cols := (len(panels) + rows - 1) / rows
	grid := make([][]*plot.Plot, rows)
	labels := make([]string, rows)
	for r := range grid {
		grid[r] = make([]*plot.Plot, cols)
		copy(grid[r], panels[r*cols:min(len(panels), (r+1)*cols)])
		labels[r] = "particle"
	}
	return &Figure{
		Name:      name,
		Panels:    grid,
		RowLabels: labels,
		Legend:    leg,
		Width:     vg.Length(6+7.5*float64(cols)) * vg.Centimeter,
		Height:    vg.Length(1.5+8.5*float64(rows)) * vg.Centimeter,
	}
}

// distanceCols is the largest number of heat maps per row of
// DistanceEvolution.
const distanceCols = 5

// viridisPalette is viridis in 256 steps, for heat maps.
type viridisPalette struct{}

// Colors implements palette.Palette.
func (viridisPalette) Colors() []color.Color {
	cs := make([]color.Color, 256)
	for i := range cs {
		cs[i] = viridis(float64(i) / 255)
	}
	return cs
}

// indexTicks label particle indices 1 .. n (at -1 .. -n when negative):
// every one up to 10 particles, else 1 and multiples of 5, unlabelled
// ticks between.
type indexTicks struct {
	n        int
	negative bool
}

// Ticks implements plot.Ticker.
func (t indexTicks) Ticks(_, _ float64) []plot.Tick {
	var ts []plot.Tick
	for i := 1; i <= t.n; i++ {
		v := float64(i)
		if t.negative {
			v = -v
		}
		tk := plot.Tick{Value: v}
		if t.n <= 10 || i == 1 || i%5 == 0 {
			tk.Label = strconv.Itoa(i)
		}
		ts = append(ts, tk)
	}
	return ts
}

// The rules of WeightDistributions.
const (
	kdeOmitFrac     = 0.05 // omit |mean| and std both below this fraction of the layer's largest |w|
	kdeFloorFrac    = 0.02 // bandwidth floor, as a fraction of the layer's largest |w|
	kdeLegendCap    = 6    // entries named in the legend per panel
	kdePoints       = 400  // points per density curve
	kdeReach        = 3.0  // the curves reach this many bandwidths beyond the values
	kdeMinSpread    = 1e-9 // a layer whose largest |w| is below this is all zero
	kdeOthersWidth  = 0.7  // line width of the unnamed curves, points
	kdePeakQuantile = 0.9  // the y axis holds this quantile of the curves' peaks (and all named ones)
)

// WeightDistributions is the paper's Fig. weight_distributions: for each
// weight matrix W_k of arch (panels W₀, W₁, W₂ for the paper's network)
// and each of its entries W_ij (i the node of layer k+1, j that of layer
// k, both from 1), a Gaussian kernel density estimate of the entry's
// values across particles, drawn as a line.
//
//   - Bandwidth: Silverman's rule of thumb, 0.9 min(sd, IQR/1.34) n^(-1/5)
//     (sd alone when the IQR is 0), with a floor of 2% of the layer's
//     largest |w| so that entries on which the particles agree show as
//     narrow peaks rather than spikes.
//   - Omitted, as in the paper, narrow zero-centred distributions: an entry
//     whose mean and standard deviation across particles are both below 5%
//     of the layer's largest |w| (pruned and padded weights, near-zero
//     ones). The panel's title gives how many entries are drawn.
//   - The six drawn entries with the largest mean |w| are coloured along
//     viridis (dark the largest) and named in the legend; the others are
//     thin grey lines.
//
// particles holds the particles (at least 2), each of arch.NumParams()
// parameters: a record's Particles and Widths, or a result's final
// particles and Arch. The figure reports an error when there are fewer
// than 2 particles, when arch is invalid, or when a particle has the wrong
// length or a value that is not finite. [LayerWeights] draws one of its
// panels alone.
func WeightDistributions(arch icnn.Arch, particles [][]float64) *Figure {
	const name = "weight_distributions"
	if err := checkWeightParticles(arch, particles); err != nil {
		return failed(name, err)
	}
	leg := newLegend()
	var panels []*plot.Plot
	for k := range arch.Layers() {
		p, drawn := weightPanel(arch, particles, k, leg)
		if k == 0 {
			p.Y.Label.Text = "density"
		}
		if drawn > 0 && k+1 < len(arch.Widths)-1 {
			leg.Add("")
		}
		panels = append(panels, p)
	}
	return weightFigure(name, panels, leg)
}

// LayerWeights is one panel of [WeightDistributions]: the weight matrix W_k
// of arch (0 <= k < len(arch.Layers()), W₀ the input layer's), with the
// same panel, title included, and the same legend entries, named
// "layer_weights". For each entry W_ij (i the node of layer k+1, j that
// of layer k, both from 1), a Gaussian kernel density estimate of the
// entry's values across particles:
//
//   - Bandwidth: Silverman's rule of thumb, 0.9 min(sd, IQR/1.34) n^(-1/5)
//     (sd alone when the IQR is 0), floored at 2% of the layer's largest
//     |w|.
//   - Omitted: entries whose mean and standard deviation across particles
//     are both below 5% of the layer's largest |w|; the title gives how
//     many entries are drawn.
//   - The six drawn entries with the largest mean |w| are coloured along
//     viridis and named in the legend; the others are thin grey lines.
//
// particles is as for WeightDistributions. The figure reports the same
// errors, and one when k is out of range.
func LayerWeights(arch icnn.Arch, particles [][]float64, k int) *Figure {
	const name = "layer_weights"
	if err := checkWeightParticles(arch, particles); err != nil {
		return failed(name, err)
	}
	if n := len(arch.Layers()); k < 0 || k >= n {
		return failed(name, fmt.Errorf("layer k = %d out of range: widths %v have %d layers (0 <= k < %d)", k, arch.Widths, n, n))
	}
	leg := newLegend()
	p, _ := weightPanel(arch, particles, k, leg)
	p.Y.Label.Text = "density"
	return weightFigure(name, []*plot.Plot{p}, leg)
}

// checkWeightParticles is the input check of [WeightDistributions]: arch
// valid, at least 2 particles, each of arch.NumParams() finite values.
func checkWeightParticles(arch icnn.Arch, particles [][]float64) error {
	if err := arch.Validate(); err != nil {
		return err
	}
	if len(particles) < 2 {
		return fmt.Errorf("%d particles: need at least 2", len(particles))
	}
	np := arch.NumParams()
	for a, th := range particles {
		if len(th) != np {
			return fmt.Errorf("particle %d has %d parameters, widths %v need %d", a, len(th), arch.Widths, np)
		}
		for i, v := range th {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return fmt.Errorf("particle %d: parameter %d = %v is not finite", a, i, v)
			}
		}
	}
	return nil
}

// weightFigure lays out the panels of [WeightDistributions] (or one of
// them) in a row, with the legend leg.
func weightFigure(name string, panels []*plot.Plot, leg *plot.Legend) *Figure {
	return &Figure{
		Name:   name,
		Panels: [][]*plot.Plot{panels},
		Legend: leg,
		Width:  vg.Length(8+8.5*float64(len(panels))) * vg.Centimeter,
		Height: 14 * vg.Centimeter,
	}
}

// weightPanel is the panel of W_k in [WeightDistributions], from checked
// particles, with no y label; it adds the panel's entries to leg (no
// separator after them) and returns the number of entries drawn.
func weightPanel(arch icnn.Arch, particles [][]float64, k int, leg *plot.Legend) (*plot.Plot, int) {
	type entry struct {
		i, j          int
		vals          []float64
		mean, sd, abs float64
		h             float64
	}
	n := len(particles)
	l := arch.Layers()[k]
	size := l.Rows * l.Cols
	spread := 0.0
	for _, th := range particles {
		for _, v := range th[l.Offset : l.Offset+size] {
			spread = math.Max(spread, math.Abs(v))
		}
	}
	var kept []entry
	for idx := range size {
		e := entry{i: idx / l.Cols, j: idx % l.Cols, vals: make([]float64, n)}
		for a, th := range particles {
			v := th[l.Offset+idx]
			e.vals[a] = v
			e.mean += v / float64(n)
			e.abs += math.Abs(v) / float64(n)
		}
		for _, v := range e.vals {
			e.sd += (v - e.mean) * (v - e.mean)
		}
		e.sd = math.Sqrt(e.sd / float64(n-1))
		if spread < kdeMinSpread || (math.Abs(e.mean) < kdeOmitFrac*spread && e.sd < kdeOmitFrac*spread) {
			continue
		}
		e.h = math.Max(silverman(e.vals, e.sd), kdeFloorFrac*spread)
		kept = append(kept, e)
	}
	sort.SliceStable(kept, func(a, b int) bool { return kept[a].abs > kept[b].abs })

	label := "W" + subscript(k)
	p := newPanel(fmt.Sprintf("(%c) %s: %d of %d entries", 'a'+k, label, len(kept), size), "weight", "")
	if len(kept) == 0 {
		setRange(&p.X, -1, 1)
		setRange(&p.Y, 0, 1)
		leg.Add(fmt.Sprintf("(%c) %s: all entries near 0", 'a'+k, label))
		return p, 0
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, e := range kept {
		lo = math.Min(lo, slices.Min(e.vals)-kdeReach*e.h)
		hi = math.Max(hi, slices.Max(e.vals)+kdeReach*e.h)
	}
	if k > 0 { // non-negative weights: their densities start at 0
		lo = math.Max(lo, -kdeReach*kdeFloorFrac*spread)
	}
	xs := linspace(lo, hi, kdePoints)
	named := min(kdeLegendCap, len(kept))
	curves := make([]plotter.XYs, len(kept))
	peaks := make([]float64, len(kept))
	for r, e := range kept {
		ys := gaussianKDE(e.vals, e.h, xs)
		peaks[r] = slices.Max(ys)
		curves[r] = xyOf(xs, ys)
	}
	// the y axis holds the named curves and most of the others: a few
	// narrow peaks would otherwise flatten everything else
	top := slices.Max(peaks[:named])
	slices.Sort(peaks)
	top = math.Max(top, quantileSorted(peaks, kdePeakQuantile))
	p.Add(refLine{vertical: true, style: draw.LineStyle{Color: lightGrey, Width: vg.Points(0.75)}})
	others := draw.LineStyle{Color: fade(grey, 0.6), Width: vg.Points(kdeOthersWidth)}
	for r := len(kept) - 1; r >= named; r-- {
		addFlat(p, line(curves[r], others))
	}
	leg.Add(fmt.Sprintf("(%c) %s, entries (i, j):", 'a'+k, label))
	styles := make([]draw.LineStyle, named)
	for r := named - 1; r >= 0; r-- {
		styles[r] = solidLine(rankColor(r, named))
		addFlat(p, line(curves[r], styles[r]))
	}
	for r := range named {
		e := kept[r]
		leg.Add(fmt.Sprintf("(%d, %d), mean %s", e.i+1, e.j+1, num(e.mean)), lineThumb{styles[r]})
	}
	if len(kept) > named {
		leg.Add(fmt.Sprintf("%d others", len(kept)-named), lineThumb{others})
	}
	setRange(&p.X, lo, hi)
	setRange(&p.Y, 0, 1.05*top)
	return p, len(kept)
}

// silverman is Silverman's rule-of-thumb bandwidth of vals, whose sample
// standard deviation is sd: 0.9 min(sd, IQR/1.34) n^(-1/5), sd alone when
// the IQR is 0.
func silverman(vals []float64, sd float64) float64 {
	s := slices.Clone(vals)
	slices.Sort(s)
	spread := sd
	if iqr := quantileSorted(s, 0.75) - quantileSorted(s, 0.25); iqr > 0 {
		spread = math.Min(sd, iqr/1.34)
	}
	return 0.9 * spread * math.Pow(float64(len(vals)), -0.2)
}

// gaussianKDE is the Gaussian kernel density estimate of vals with
// bandwidth h (> 0) at xs.
func gaussianKDE(vals []float64, h float64, xs []float64) []float64 {
	out := make([]float64, len(xs))
	norm := 1 / (float64(len(vals)) * h * math.Sqrt(2*math.Pi))
	for i, x := range xs {
		s := 0.0
		for _, v := range vals {
			u := (x - v) / h
			s += math.Exp(-u * u / 2)
		}
		out[i] = s * norm
	}
	return out
}

// CondenseSpeedup is the paper's Fig. graph_condense_speedup: runs at the
// prior orders alphas, with graph condensation (cSVGD, with[i]) and
// without (SVGD with the same prior, without[i]), in two panels against
// alpha:
//
//	(a) accuracy: the final push-forward W1 sum on the test set
//	    ([train.Result].W1.Sum);
//	(b) sparsity: the final mean count of active weights per particle
//	    (|w| >= the threshold; solid lines, filled markers), that of the
//	    last [train.StageRecord] (after the last condensation, like the
//	    final Arch and W1; the last history record when there are no
//	    stages), and the size of the final template, what each iteration
//	    computes (dashed, open markers), on a log axis from a factor 2
//	    below the smallest count to 2 above the largest, as in
//	    [Convergence], with the initial parameter count (1020 for the
//	    paper's network) marked by a grey line.
//
// The runs are sorted by alpha, and the alphas label the x axes. The
// figure reports an error when the three slices differ in length or are
// empty, when an alpha is not a positive number, when a run has neither
// stages nor history, or no W1, when a value is not finite, or when the
// runs started from networks of different sizes.
func CondenseSpeedup(alphas []float64, with, without []train.Result) *Figure {
	const name = "graph_condense_speedup"
	if len(alphas) == 0 || len(with) != len(alphas) || len(without) != len(alphas) {
		return failed(name, fmt.Errorf("%d alphas, %d runs with and %d without condensation: need as many of each, at least 1", len(alphas), len(with), len(without)))
	}
	initial := -1
	pw, err := speedupPoints("with", alphas, with, &initial)
	if err != nil {
		return failed(name, err)
	}
	po, err := speedupPoints("without", alphas, without, &initial)
	if err != nil {
		return failed(name, err)
	}
	series := []struct {
		label string
		pts   []speedupPoint
		c     color.Color
	}{{"with condensation (cSVGD)", pw, viridis(0.15)}, {"without condensation (SVGD)", po, viridis(0.62)}}

	pa := newPanel("(a) accuracy", "prior order α", "push-forward W₁ sum")
	pb := newPanel("(b) sparsity", "prior order α", "parameters per particle")
	var xs, w1s []float64
	counts := []float64{float64(initial)}
	for _, s := range series {
		for _, p := range s.pts {
			xs, w1s = append(xs, p.alpha), append(w1s, p.w1)
			counts = append(counts, p.active, p.template)
		}
	}
	bottom := countAxis(&pb.Y, counts) // a count of 0 is drawn at the bottom
	for _, s := range series {
		var acc, act, tpl plotter.XYs
		for _, p := range s.pts {
			acc = append(acc, plotter.XY{X: p.alpha, Y: p.w1})
			act = append(act, plotter.XY{X: p.alpha, Y: p.active})
			tpl = append(tpl, plotter.XY{X: p.alpha, Y: p.template})
		}
		act, tpl = floorXYs(act, bottom), floorXYs(tpl, bottom)
		addFlat(pa, line(acc, solidLine(s.c)), points(acc, marker(s.c, draw.CircleGlyph{})))
		addFlat(pb, line(tpl, dashedLine(s.c)), points(tpl, marker(s.c, draw.RingGlyph{})), line(act, solidLine(s.c)), points(act, marker(s.c, draw.CircleGlyph{})))
	}
	pb.Add(refLine{at: float64(initial), style: initialCountLine})
	x0, x1 := paddedRange(xs, 0.06)
	_, y1 := paddedRange(append(w1s, 0), 0.06)
	setRange(&pa.X, x0, x1)
	setRange(&pa.Y, 0, y1)
	setRange(&pb.X, x0, x1)
	pa.X.Tick.Marker, pb.X.Tick.Marker = valueTicks(distinct(xs)), valueTicks(distinct(xs))

	leg := newLegend()
	for _, s := range series {
		leg.Add(s.label, lineThumb{solidLine(s.c)}, glyphThumb{marker(s.c, draw.CircleGlyph{})})
	}
	leg.Add("")
	leg.Add("(b) mean active weights", lineThumb{solidLine(black)}, glyphThumb{marker(black, draw.CircleGlyph{})})
	leg.Add("(b) template size", lineThumb{dashedLine(black)}, glyphThumb{marker(black, draw.RingGlyph{})})
	leg.Add(fmt.Sprintf("(b) initial count, %d", initial), lineThumb{initialCountLine})
	return widePair(name, pa, pb, leg)
}

// speedupPoint is one run of [CondenseSpeedup]: its final W1 sum, mean
// active count and template size at its alpha.
type speedupPoint struct{ alpha, w1, active, template float64 }

// speedupPoints checks the runs rs of [CondenseSpeedup] (those with or
// without condensation, what), rs[i] at alphas[i], and returns their
// points in increasing alpha. *initial is the initial parameter count of
// the runs seen so far (-1 before the first); the runs must share it.
func speedupPoints(what string, alphas []float64, rs []train.Result, initial *int) ([]speedupPoint, error) {
	pts := make([]speedupPoint, len(rs))
	for i, r := range rs {
		a := alphas[i]
		if !(a > 0) || math.IsInf(a, 0) {
			return nil, fmt.Errorf("alpha %v: want a positive number", a)
		}
		w1, act, err := finalValues(r)
		if err != nil {
			return nil, fmt.Errorf("run %s condensation at alpha %v: %w", what, a, err)
		}
		if err := r.Arch.Validate(); err != nil {
			return nil, fmt.Errorf("run %s condensation at alpha %v: %w", what, a, err)
		}
		if err := r.Config.Arch.Validate(); err != nil {
			return nil, fmt.Errorf("run %s condensation at alpha %v: initial network: %w", what, a, err)
		}
		n0 := r.Config.Arch.NumParams()
		if *initial >= 0 && n0 != *initial {
			return nil, fmt.Errorf("run %s condensation at alpha %v started with %d parameters, another with %d", what, a, n0, *initial)
		}
		*initial = n0
		pts[i] = speedupPoint{alpha: a, w1: w1, active: act, template: float64(r.Arch.NumParams())}
	}
	sort.SliceStable(pts, func(i, j int) bool { return pts[i].alpha < pts[j].alpha })
	return pts, nil
}

// valueTicks label the given values (the alphas of the runs) and nothing
// else.
type valueTicks []float64

// Ticks implements plot.Ticker.
func (v valueTicks) Ticks(_, _ float64) []plot.Tick {
	ts := make([]plot.Tick, len(v))
	for i, x := range v {
		ts[i] = plot.Tick{Value: x, Label: num(x)}
	}
	return ts
}

// countTicks label a log axis of counts at 1, 2 and 5 times the powers of
// ten, with unlabelled ticks at the other integers times them.
type countTicks struct{}

// Ticks implements plot.Ticker.
func (countTicks) Ticks(lo, hi float64) []plot.Tick {
	var ts []plot.Tick
	for p := math.Pow(10, math.Floor(math.Log10(lo))); p <= hi; p *= 10 {
		for m := 1; m <= 9; m++ {
			v := float64(m) * p
			if v < lo*(1-1e-9) || v > hi*(1+1e-9) {
				continue
			}
			t := plot.Tick{Value: v}
			if m == 1 || m == 2 || m == 5 {
				t.Label = strconv.FormatFloat(v, 'f', -1, 64)
			}
			ts = append(ts, t)
		}
	}
	return ts
}

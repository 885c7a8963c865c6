package figures

import (
	"fmt"
	"image/color"
	"math"
	"sort"
	"strconv"

	"github.com/csvgd/csvgd-go/csvgd/metrics"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Font sizes of panels, in points.
const (
	panelTitleSize = vg.Length(12)
	axisLabelSize  = vg.Length(12)
	tickLabelSize  = vg.Length(10)
)

// Colours used across the figures.
var (
	black     = color.RGBA{A: 255}
	grey      = color.RGBA{R: 150, G: 150, B: 150, A: 255}
	lightGrey = color.RGBA{R: 200, G: 200, B: 200, A: 255}
	red       = color.RGBA{R: 214, G: 39, B: 40, A: 255}
	green     = color.RGBA{R: 44, G: 160, B: 44, A: 255}
	blue      = color.RGBA{R: 31, G: 119, B: 180, A: 255}
	orange    = color.RGBA{R: 255, G: 127, B: 14, A: 255}
	purple    = color.RGBA{R: 148, G: 103, B: 189, A: 255}
)

// newPanel is a plot with the package's font sizes, a title and axis
// labels.
func newPanel(title, xlabel, ylabel string) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	p.Title.TextStyle.Font = font.From(plot.DefaultFont, panelTitleSize)
	p.Title.Padding = 4
	for _, ax := range []*plot.Axis{&p.X, &p.Y} {
		ax.Label.TextStyle.Font = font.From(plot.DefaultFont, axisLabelSize)
		ax.Tick.Label.Font = font.From(plot.DefaultFont, tickLabelSize)
		ax.Padding = 2
	}
	p.X.Label.Text, p.Y.Label.Text = xlabel, ylabel
	p.X.Tick.Marker, p.Y.Tick.Marker = cleanTicks{}, cleanTicks{}
	return p
}

// cleanTicks are linear ticks labelled at the widest spacing of 1, 2, 2.5
// or 5 times a power of ten that still labels four values or more, with
// unlabelled minor ticks between them, labelled without trailing zeros
// (2.5 rather than 2.50). gonum's default ticks often label only three.
type cleanTicks struct{}

// Ticks implements plot.Ticker.
func (cleanTicks) Ticks(lo, hi float64) []plot.Tick {
	span := hi - lo
	if !(span > 0) || math.IsInf(span, 0) {
		return plot.DefaultTicks{}.Ticks(lo, hi)
	}
	labels := func(step float64) int {
		return int(math.Floor(hi/step+1e-9) - math.Ceil(lo/step-1e-9) + 1)
	}
	mag := math.Pow(10, math.Floor(math.Log10(span))-2)
	step, minors := mag, 5
	for e := 0; e < 4; e, mag = e+1, mag*10 {
		for _, m := range []struct {
			f float64
			n int
		}{{1, 5}, {2, 4}, {2.5, 5}, {5, 5}} {
			if labels(m.f*mag) >= 4 {
				step, minors = m.f*mag, m.n
			}
		}
	}
	minor := step / float64(minors)
	var ts []plot.Tick
	for k := math.Ceil(lo/minor - 1e-9); k*minor <= hi+1e-9*span; k++ {
		v := k * minor
		t := plot.Tick{Value: v}
		if r := math.Round(v / step); math.Abs(v/step-r) < 1e-6 {
			v = r * step
			if v == 0 {
				v = 0 // not -0
			}
			t.Value = v
			t.Label = strconv.FormatFloat(v, 'g', 10, 64)
		}
		ts = append(ts, t)
	}
	return ts
}

// setLog makes ax a log axis from lo to hi (both > 0) with labelled
// decades.
func setLog(ax *plot.Axis, lo, hi float64) {
	ax.Scale = plot.LogScale{}
	ax.Tick.Marker = plot.LogTicks{Prec: -1}
	ax.Min, ax.Max = lo, hi
}

// setRange fixes the range of ax.
func setRange(ax *plot.Axis, lo, hi float64) { ax.Min, ax.Max = lo, hi }

// newLegend is an empty figure-wide legend in the package's font size.
func newLegend() *plot.Legend {
	l := plot.NewLegend()
	l.TextStyle.Font = font.From(plot.DefaultFont, legendSize)
	l.ThumbnailWidth = vg.Points(24)
	l.Padding = vg.Points(2)
	return &l
}

// viridisAnchors are ten evenly spaced samples of the viridis colour map
// (van der Walt and Smith, matplotlib), perceptually uniform and readable
// in grey scale.
var viridisAnchors = [...]color.RGBA{
	{0x44, 0x01, 0x54, 0xff}, {0x48, 0x28, 0x78, 0xff}, {0x3e, 0x49, 0x89, 0xff},
	{0x31, 0x68, 0x8e, 0xff}, {0x26, 0x82, 0x8e, 0xff}, {0x1f, 0x9e, 0x89, 0xff},
	{0x35, 0xb7, 0x79, 0xff}, {0x6e, 0xce, 0x58, 0xff}, {0xb5, 0xde, 0x2b, 0xff},
	{0xfd, 0xe7, 0x25, 0xff},
}

// viridis returns the viridis colour at t in [0, 1] (clamped), linearly
// interpolated between the anchors.
func viridis(t float64) color.RGBA {
	if !(t > 0) {
		return viridisAnchors[0]
	}
	if t >= 1 {
		return viridisAnchors[len(viridisAnchors)-1]
	}
	x := t * float64(len(viridisAnchors)-1)
	i := int(x)
	f := x - float64(i)
	a, b := viridisAnchors[i], viridisAnchors[i+1]
	mix := func(p, q uint8) uint8 { return uint8(math.Round(float64(p) + f*(float64(q)-float64(p)))) }
	return color.RGBA{mix(a.R, b.R), mix(a.G, b.G), mix(a.B, b.B), 255}
}

// viridisTop is the end of viridis used for lines and points on white: the
// last, pale yellow tenth is hard to see.
const viridisTop = 0.88

// valueColors maps each distinct value of vs (a bandwidth, say) to a
// viridis colour by its rank, darkest for the smallest. It returns the
// sorted distinct values and the colour function.
func valueColors(vs []float64) ([]float64, func(float64) color.Color) {
	u := distinct(vs)
	idx := make(map[float64]int, len(u))
	for i, v := range u {
		idx[v] = i
	}
	return u, func(v float64) color.Color {
		if len(u) < 2 {
			return viridis(0.35)
		}
		return viridis(viridisTop * float64(idx[v]) / float64(len(u)-1))
	}
}

// distinct returns the sorted distinct finite values of vs.
func distinct(vs []float64) []float64 {
	var u []float64
	seen := map[float64]bool{}
	for _, v := range vs {
		if !seen[v] && !math.IsNaN(v) && !math.IsInf(v, 0) {
			seen[v] = true
			u = append(u, v)
		}
	}
	sort.Float64s(u)
	return u
}

// num formats a parameter value compactly: 0.1, 1, 10, 0.25, 1/3 -> 0.333.
func num(v float64) string { return strconv.FormatFloat(v, 'g', 3, 64) }

// grid is a plotter.GridXYZ of values z(x, y) on a rectangular grid.
type grid struct {
	xs, ys []float64
	z      []float64 // z[r*len(xs)+c] = f(xs[c], ys[r])
}

// evalGrid samples f on n x n points of [x0, x1] x [y0, y1].
func evalGrid(x0, x1, y0, y1 float64, n int, f func(x, y float64) float64) *grid {
	g := &grid{xs: metrics.Linspace(x0, x1, n), ys: metrics.Linspace(y0, y1, n), z: make([]float64, n*n)}
	for r, y := range g.ys {
		for c, x := range g.xs {
			g.z[r*n+c] = f(x, y)
		}
	}
	return g
}

func (g *grid) Dims() (c, r int)   { return len(g.xs), len(g.ys) }
func (g *grid) Z(c, r int) float64 { return g.z[r*len(g.xs)+c] }
func (g *grid) X(c int) float64    { return g.xs[c] }
func (g *grid) Y(r int) float64    { return g.ys[r] }

// argmax returns the grid point of the largest finite value.
func (g *grid) argmax() (x, y, z float64) {
	z = math.Inf(-1)
	for r, yr := range g.ys {
		for c, xc := range g.xs {
			if v := g.Z(c, r); v > z {
				x, y, z = xc, yr, v
			}
		}
	}
	return x, y, z
}

// contourSet draws iso-lines of a grid at the given levels, level i in
// colors[i]. Unlike a bare plotter.Contour it reports no glyph boxes (one
// per grid node), which keeps plot.Align fast on fine grids.
type contourSet struct {
	c *plotter.Contour
	g *grid
}

func newContours(g *grid, levels []float64, colors []color.Color, width vg.Length) *contourSet {
	type level struct {
		z   float64
		sty draw.LineStyle
	}
	ls := make([]level, len(levels))
	for i, z := range levels {
		ls[i] = level{z, draw.LineStyle{Color: colors[i%len(colors)], Width: width}}
	}
	// plotter.Contour sorts its levels in place; its styles must follow.
	sort.Slice(ls, func(i, j int) bool { return ls[i].z < ls[j].z })
	c := &plotter.Contour{GridXYZ: g, Levels: make([]float64, len(ls)), LineStyles: make([]draw.LineStyle, len(ls))}
	for i, l := range ls {
		c.Levels[i], c.LineStyles[i] = l.z, l.sty
	}
	c.Min, c.Max = math.Inf(-1), math.Inf(1) // every level in range: no under/overflow colour
	return &contourSet{c: c, g: g}
}

// Plot implements plot.Plotter.
func (cs *contourSet) Plot(c draw.Canvas, p *plot.Plot) {
	if len(cs.c.Levels) > 0 {
		cs.c.Plot(c, p)
	}
}

// DataRange implements plot.DataRanger: the grid's extent.
func (cs *contourSet) DataRange() (xmin, xmax, ymin, ymax float64) {
	return cs.g.xs[0], cs.g.xs[len(cs.g.xs)-1], cs.g.ys[0], cs.g.ys[len(cs.g.ys)-1]
}

// logLevels returns the contour levels top - base 2^k, k = 0..n-1, in
// increasing order, and their colours (viridis, brightest at the top level).
func logLevels(top, base float64, n int) ([]float64, []color.Color) {
	levels := make([]float64, n)
	colors := make([]color.Color, n)
	for k := 0; k < n; k++ {
		levels[n-1-k] = top - base*math.Pow(2, float64(k))
		colors[n-1-k] = viridis(viridisTop * float64(n-1-k) / float64(n-1))
	}
	return levels, colors
}

// hline and vline are thin reference lines across a panel at y = v or x = v.
type refLine struct {
	vertical bool
	at       float64
	style    draw.LineStyle
}

func (l refLine) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	if l.vertical {
		x := trX(l.at)
		if x >= c.Min.X && x <= c.Max.X {
			c.StrokeLine2(l.style, x, c.Min.Y, x, c.Max.Y)
		}
		return
	}
	y := trY(l.at)
	if y >= c.Min.Y && y <= c.Max.Y {
		c.StrokeLine2(l.style, c.Min.X, y, c.Max.X, y)
	}
}

// axesLines marks theta_i = 0 on both axes: the axes the sparsifying prior
// pulls towards.
func axesLines() []plot.Plotter {
	sty := draw.LineStyle{Color: lightGrey, Width: vg.Points(0.75), Dashes: []vg.Length{vg.Points(3), vg.Points(2)}}
	return []plot.Plotter{refLine{vertical: true, style: sty}, refLine{style: sty}}
}

// lineThumb is a legend thumbnail showing a line style.
type lineThumb struct{ draw.LineStyle }

func (t lineThumb) Thumbnail(c *draw.Canvas) {
	y := c.Center().Y
	c.StrokeLine2(t.LineStyle, c.Min.X, y, c.Max.X, y)
}

// glyphThumb is a legend thumbnail showing one glyph.
type glyphThumb struct{ draw.GlyphStyle }

func (t glyphThumb) Thumbnail(c *draw.Canvas) { c.DrawGlyphNoClip(t.GlyphStyle, c.Center()) }

// boldCross is an X glyph drawn with a given line width (draw.CrossGlyph
// uses a hairline).
type boldCross struct{ width vg.Length }

func (g boldCross) DrawGlyph(c *draw.Canvas, sty draw.GlyphStyle, pt vg.Point) {
	c.SetLineStyle(draw.LineStyle{Color: sty.Color, Width: g.width})
	r := sty.Radius * vg.Length(math.Sqrt2/2)
	c.StrokeLine2(draw.LineStyle{Color: sty.Color, Width: g.width}, pt.X-r, pt.Y-r, pt.X+r, pt.Y+r)
	c.StrokeLine2(draw.LineStyle{Color: sty.Color, Width: g.width}, pt.X-r, pt.Y+r, pt.X+r, pt.Y-r)
}

// points is a scatter of xy in one glyph style.
func points(xy plotter.XYs, sty draw.GlyphStyle) *plotter.Scatter {
	s, err := plotter.NewScatter(xy)
	if err != nil { // only for NaN or Inf, which callers filter out
		panic(fmt.Sprintf("figures: scatter: %v", err))
	}
	s.GlyphStyle = sty
	return s
}

// flat hides a plotter's glyph boxes. plot.Plot shrinks a panel's data area
// so that glyphs at its edges fit inside; on panels with fixed axis ranges
// that only makes the data areas of a figure's panels differ, which
// plot.Align then compensates by shifting titles. Ranges are padded instead.
type flat struct{ plot.Plotter }

// DataRange implements plot.DataRanger when the wrapped plotter does.
func (f flat) DataRange() (xmin, xmax, ymin, ymax float64) {
	if dr, ok := f.Plotter.(plot.DataRanger); ok {
		return dr.DataRange()
	}
	return math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
}

// addFlat adds the plotters to p without their glyph boxes.
func addFlat(p *plot.Plot, ps ...plot.Plotter) {
	for _, q := range ps {
		p.Add(flat{q})
	}
}

// paddedRange returns [lo - f span, hi + f span] of the finite values vs
// (or [-1, 1] when there are none, widened when all are equal).
func paddedRange(vs []float64, f float64) (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, v := range vs {
		if !math.IsNaN(v) && !math.IsInf(v, 0) {
			lo, hi = math.Min(lo, v), math.Max(hi, v)
		}
	}
	if lo > hi {
		return -1, 1
	}
	span := hi - lo
	if span == 0 {
		span = math.Max(1, math.Abs(lo))
	}
	return lo - f*span, hi + f*span
}

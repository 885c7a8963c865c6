package plotkit

import (
	"cmp"
	"image/color"
	"math"
	"slices"
	"sort"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Grid is a plotter.GridXYZ of values z(x, y) on a rectangular grid: the
// value at column c and row r is Values[r*len(Xs)+c] = z(Xs[c], Ys[r]).
type Grid struct {
	Xs, Ys []float64
	Values []float64
}

// EvalGrid samples f on the points (x, y) of xs x ys.
func EvalGrid(xs, ys []float64, f func(x, y float64) float64) *Grid {
	g := &Grid{Xs: xs, Ys: ys, Values: make([]float64, len(xs)*len(ys))}
	for r, y := range g.Ys {
		for c, x := range g.Xs {
			g.Values[r*len(xs)+c] = f(x, y)
		}
	}
	return g
}

// Dims, Z, X and Y implement plotter.GridXYZ.
func (g *Grid) Dims() (c, r int)   { return len(g.Xs), len(g.Ys) }
func (g *Grid) Z(c, r int) float64 { return g.Values[r*len(g.Xs)+c] }
func (g *Grid) X(c int) float64    { return g.Xs[c] }
func (g *Grid) Y(r int) float64    { return g.Ys[r] }

// ArgMax returns the grid point of the largest finite value.
func (g *Grid) ArgMax() (x, y, z float64) {
	z = math.Inf(-1)
	for r, yr := range g.Ys {
		for c, xc := range g.Xs {
			if v := g.Z(c, r); v > z {
				x, y, z = xc, yr, v
			}
		}
	}
	return x, y, z
}

// ContourSet draws iso-lines of a grid at the given levels, level i in
// colors[i]. Unlike a bare plotter.Contour it reports no glyph boxes (one
// per grid node), which keeps plot.Align fast on fine grids.
type ContourSet struct {
	c *plotter.Contour
	g *Grid
}

// NewContours draws the iso-lines of g at levels, level i in
// colors[i mod len(colors)], with line width width.
func NewContours(g *Grid, levels []float64, colors []color.Color, width vg.Length) *ContourSet {
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
	return &ContourSet{c: c, g: g}
}

// Plot implements plot.Plotter. gonum's plotter.Contour joins a level's
// paths through a map, so it strokes them in an order that changes from
// call to call; the strokes are recorded and drawn level by level in an
// order of their own points, so that the same contours are the same file.
func (cs *ContourSet) Plot(c draw.Canvas, p *plot.Plot) {
	if len(cs.c.Levels) == 0 {
		return
	}
	rec := &strokeRecorder{Canvas: c.Canvas}
	rc := c
	rc.Canvas = rec
	cs.c.Plot(rc, p)
	rec.replay()
}

// strokeRecorder is a canvas that keeps the strokes (with the line style
// set for each) instead of drawing them; every other call goes to the
// canvas it wraps.
type strokeRecorder struct {
	vg.Canvas
	style   strokeStyle
	strokes []recordedStroke
}

type strokeStyle struct {
	color  color.Color
	width  vg.Length
	dashes []vg.Length
	offs   vg.Length
}

type recordedStroke struct {
	style strokeStyle
	group int // strokes of one style in a row share a group
	path  vg.Path
}

func (r *strokeRecorder) SetColor(c color.Color)                 { r.style.color = c }
func (r *strokeRecorder) SetLineWidth(w vg.Length)               { r.style.width = w }
func (r *strokeRecorder) SetLineDash(d []vg.Length, o vg.Length) { r.style.dashes, r.style.offs = d, o }

// Stroke records p with the current style.
func (r *strokeRecorder) Stroke(p vg.Path) {
	group := 0
	if n := len(r.strokes); n > 0 {
		last := r.strokes[n-1]
		group = last.group
		if !sameStyle(last.style, r.style) {
			group++
		}
	}
	r.strokes = append(r.strokes, recordedStroke{style: r.style, group: group, path: p})
}

// replay draws the strokes on the wrapped canvas, group by group in the
// order recorded, each group's paths ordered by their points.
func (r *strokeRecorder) replay() {
	slices.SortStableFunc(r.strokes, func(a, b recordedStroke) int {
		return cmp.Or(cmp.Compare(a.group, b.group), comparePaths(a.path, b.path))
	})
	for _, s := range r.strokes {
		r.Canvas.SetColor(s.style.color)
		r.Canvas.SetLineWidth(s.style.width)
		r.Canvas.SetLineDash(s.style.dashes, s.style.offs)
		r.Canvas.Stroke(s.path)
	}
}

func sameStyle(a, b strokeStyle) bool {
	return a.color == b.color && a.width == b.width && a.offs == b.offs && slices.Equal(a.dashes, b.dashes)
}

// comparePaths orders paths by their components' kinds and points, then
// by length.
func comparePaths(a, b vg.Path) int {
	for i := range min(len(a), len(b)) {
		if c := cmp.Or(cmp.Compare(a[i].Type, b[i].Type), cmp.Compare(a[i].Pos.X, b[i].Pos.X), cmp.Compare(a[i].Pos.Y, b[i].Pos.Y)); c != 0 {
			return c
		}
	}
	return cmp.Compare(len(a), len(b))
}

// DataRange implements plot.DataRanger: the grid's extent.
func (cs *ContourSet) DataRange() (xmin, xmax, ymin, ymax float64) {
	return cs.g.Xs[0], cs.g.Xs[len(cs.g.Xs)-1], cs.g.Ys[0], cs.g.Ys[len(cs.g.Ys)-1]
}

// LogLevels returns the contour levels top - base 2^k, k = 0..n-1, in
// increasing order, and their colours (viridis, brightest at the top level).
func LogLevels(top, base float64, n int) ([]float64, []color.Color) {
	levels := make([]float64, n)
	colors := make([]color.Color, n)
	for k := 0; k < n; k++ {
		levels[n-1-k] = top - base*math.Pow(2, float64(k))
		colors[n-1-k] = Viridis(ViridisTop * float64(n-1-k) / float64(n-1))
	}
	return levels, colors
}

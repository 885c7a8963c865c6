package figures

import (
	"image/color"
	"math"
	"sort"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// grid is a plotter.GridXYZ of values z(x, y) on a rectangular grid.
type grid struct {
	xs, ys []float64
	values []float64 // values[r*len(xs)+c] = f(xs[c], ys[r])
}

// evalGrid samples f on the points (x, y) of xs x ys.
func evalGrid(xs, ys []float64, f func(x, y float64) float64) *grid {
	g := &grid{xs: xs, ys: ys, values: make([]float64, len(xs)*len(ys))}
	for r, y := range g.ys {
		for c, x := range g.xs {
			g.values[r*len(xs)+c] = f(x, y)
		}
	}
	return g
}

func (g *grid) Dims() (c, r int)   { return len(g.xs), len(g.ys) }
func (g *grid) Z(c, r int) float64 { return g.values[r*len(g.xs)+c] }
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

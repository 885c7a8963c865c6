package figures

import (
	"image/color"
	"slices"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// fillBand fills the region between lo and hi over xs (increasing).
type fillBand struct {
	xs, lo, hi []float64
	color      color.Color
}

// Plot implements plot.Plotter.
func (b *fillBand) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	pts := make([]vg.Point, 0, 2*len(b.xs))
	for i, x := range b.xs {
		pts = append(pts, vg.Point{X: trX(x), Y: trY(b.hi[i])})
	}
	for i := len(b.xs) - 1; i >= 0; i-- {
		pts = append(pts, vg.Point{X: trX(b.xs[i]), Y: trY(b.lo[i])})
	}
	if clipped := c.ClipPolygonXY(pts); len(clipped) > 2 {
		c.FillPolygon(b.color, clipped)
	}
}

// DataRange implements plot.DataRanger.
func (b *fillBand) DataRange() (xmin, xmax, ymin, ymax float64) {
	xmin, xmax = slices.Min(b.xs), slices.Max(b.xs)
	return xmin, xmax, slices.Min(b.lo), slices.Max(b.hi)
}

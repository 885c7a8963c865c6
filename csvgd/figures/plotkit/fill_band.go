package plotkit

import (
	"image/color"
	"slices"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// FillBand fills the region between the curves Lo and Hi over Xs
// (increasing).
type FillBand struct {
	Xs, Lo, Hi []float64
	Color      color.Color
}

// Plot implements plot.Plotter.
func (b *FillBand) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	pts := make([]vg.Point, 0, 2*len(b.Xs))
	for i, x := range b.Xs {
		pts = append(pts, vg.Point{X: trX(x), Y: trY(b.Hi[i])})
	}
	for i := len(b.Xs) - 1; i >= 0; i-- {
		pts = append(pts, vg.Point{X: trX(b.Xs[i]), Y: trY(b.Lo[i])})
	}
	if clipped := c.ClipPolygonXY(pts); len(clipped) > 2 {
		c.FillPolygon(b.Color, clipped)
	}
}

// DataRange implements plot.DataRanger.
func (b *FillBand) DataRange() (xmin, xmax, ymin, ymax float64) {
	xmin, xmax = slices.Min(b.Xs), slices.Max(b.Xs)
	return xmin, xmax, slices.Min(b.Lo), slices.Max(b.Hi)
}

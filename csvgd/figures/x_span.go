package figures

import (
	"image/color"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// xSpan fills the panel's full height between x = lo and x = hi. It has no
// data range: the panel's x range is set by the data.
type xSpan struct {
	lo, hi float64
	color  color.Color
}

// Plot implements plot.Plotter.
func (s xSpan) Plot(c draw.Canvas, p *plot.Plot) {
	trX, _ := p.Transforms(&c)
	x0, x1 := max(trX(s.lo), c.Min.X), min(trX(s.hi), c.Max.X)
	if x1 <= x0 {
		return
	}
	c.FillPolygon(s.color, []vg.Point{{X: x0, Y: c.Min.Y}, {X: x1, Y: c.Min.Y}, {X: x1, Y: c.Max.Y}, {X: x0, Y: c.Max.Y}})
}

package plotkit

import (
	"image/color"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// XSpan fills the panel's full height between x = Lo and x = Hi. It has no
// data range: the panel's x range is set by the data.
type XSpan struct {
	Lo, Hi float64
	Color  color.Color
}

// Plot implements plot.Plotter.
func (s XSpan) Plot(c draw.Canvas, p *plot.Plot) {
	trX, _ := p.Transforms(&c)
	x0, x1 := max(trX(s.Lo), c.Min.X), min(trX(s.Hi), c.Max.X)
	if x1 <= x0 {
		return
	}
	c.FillPolygon(s.Color, []vg.Point{{X: x0, Y: c.Min.Y}, {X: x1, Y: c.Min.Y}, {X: x1, Y: c.Max.Y}, {X: x0, Y: c.Max.Y}})
}

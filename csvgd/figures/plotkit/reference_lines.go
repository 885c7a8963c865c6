package plotkit

import (
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg/draw"
)

// RefLine is a thin reference line across a panel at y = At, or at
// x = At when Vertical.
type RefLine struct {
	Vertical bool
	At       float64
	Style    draw.LineStyle
}

// Plot implements plot.Plotter.
func (l RefLine) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	if l.Vertical {
		x := trX(l.At)
		if x >= c.Min.X && x <= c.Max.X {
			c.StrokeLine2(l.Style, x, c.Min.Y, x, c.Max.Y)
		}
		return
	}
	y := trY(l.At)
	if y >= c.Min.Y && y <= c.Max.Y {
		c.StrokeLine2(l.Style, c.Min.X, y, c.Max.X, y)
	}
}

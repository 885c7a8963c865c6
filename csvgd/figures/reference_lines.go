package figures

import (
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg/draw"
)

// refLine is a thin reference line across a panel at y = at, or at
// x = at when vertical.
type refLine struct {
	vertical bool
	at       float64
	style    draw.LineStyle
}

// Plot implements plot.Plotter.
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

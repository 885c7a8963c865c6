package plotkit

import (
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// BoldCross is an X glyph drawn with a given line width (draw.CrossGlyph
// uses a hairline).
type BoldCross struct{ Width vg.Length }

// DrawGlyph implements draw.GlyphDrawer.
func (g BoldCross) DrawGlyph(c *draw.Canvas, sty draw.GlyphStyle, pt vg.Point) {
	c.SetLineStyle(draw.LineStyle{Color: sty.Color, Width: g.Width})
	r := sty.Radius * vg.Length(math.Sqrt2/2)
	c.StrokeLine2(draw.LineStyle{Color: sty.Color, Width: g.Width}, pt.X-r, pt.Y-r, pt.X+r, pt.Y+r)
	c.StrokeLine2(draw.LineStyle{Color: sty.Color, Width: g.Width}, pt.X-r, pt.Y+r, pt.X+r, pt.Y-r)
}

// Points is a scatter of xy in one glyph style.
func Points(xy plotter.XYs, sty draw.GlyphStyle) *plotter.Scatter {
	s, err := plotter.NewScatter(xy)
	if err != nil { // only for NaN or Inf, which callers filter out
		panic(fmt.Sprintf("plotkit: scatter: %v", err))
	}
	s.GlyphStyle = sty
	return s
}

// Marker is the style of a run's markers of the given shape in colour c.
func Marker(c color.Color, shape draw.GlyphDrawer) draw.GlyphStyle {
	return draw.GlyphStyle{Color: c, Radius: vg.Points(3), Shape: shape}
}

// ParticleStyle is the glyph of a particle in colour c.
func ParticleStyle(c color.Color) draw.GlyphStyle {
	return draw.GlyphStyle{Color: c, Radius: vg.Points(2.6), Shape: draw.CircleGlyph{}}
}

// Bigger is a glyph style at a legible size for a legend.
func Bigger(s draw.GlyphStyle) draw.GlyphStyle {
	s.Radius = vg.Points(2.6)
	return s
}

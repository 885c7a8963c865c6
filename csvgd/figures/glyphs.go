package figures

import (
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// boldCross is an X glyph drawn with a given line width (draw.CrossGlyph
// uses a hairline).
type boldCross struct{ width vg.Length }

// DrawGlyph implements draw.GlyphDrawer.
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

// marker is the style of a run's markers of the given shape in colour c.
func marker(c color.Color, shape draw.GlyphDrawer) draw.GlyphStyle {
	return draw.GlyphStyle{Color: c, Radius: vg.Points(3), Shape: shape}
}

// particleStyle is the glyph of a particle in colour c.
func particleStyle(c color.Color) draw.GlyphStyle {
	return draw.GlyphStyle{Color: c, Radius: vg.Points(2.6), Shape: draw.CircleGlyph{}}
}

// bigger is a glyph style at a legible size for a legend.
func bigger(s draw.GlyphStyle) draw.GlyphStyle {
	s.Radius = vg.Points(2.6)
	return s
}

package figures

import (
	"image/color"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// lineThumb is a legend thumbnail showing a line style.
type lineThumb struct{ draw.LineStyle }

// Thumbnail implements plot.Thumbnailer.
func (t lineThumb) Thumbnail(c *draw.Canvas) {
	y := c.Center().Y
	c.StrokeLine2(t.LineStyle, c.Min.X, y, c.Max.X, y)
}

// glyphThumb is a legend thumbnail showing one glyph.
type glyphThumb struct{ draw.GlyphStyle }

// Thumbnail implements plot.Thumbnailer.
func (t glyphThumb) Thumbnail(c *draw.Canvas) { c.DrawGlyphNoClip(t.GlyphStyle, c.Center()) }

// fillThumb is a legend thumbnail showing a filled box.
type fillThumb struct{ color.Color }

// Thumbnail implements plot.Thumbnailer.
func (t fillThumb) Thumbnail(c *draw.Canvas) {
	r := c.Rectangle
	h := (r.Max.Y - r.Min.Y) * 0.2
	c.FillPolygon(t.Color, []vg.Point{
		{X: r.Min.X, Y: r.Min.Y + h}, {X: r.Max.X, Y: r.Min.Y + h},
		{X: r.Max.X, Y: r.Max.Y - h}, {X: r.Min.X, Y: r.Max.Y - h},
	})
}

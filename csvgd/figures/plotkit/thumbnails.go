package plotkit

import (
	"image/color"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// LineThumb is a legend thumbnail showing the line style sty.
func LineThumb(sty draw.LineStyle) plot.Thumbnailer { return lineThumb{sty} }

// BarThumb is a legend thumbnail showing a vertical line of style sty,
// as an error bar is drawn.
func BarThumb(sty draw.LineStyle) plot.Thumbnailer { return barThumb{sty} }

// GlyphThumb is a legend thumbnail showing one glyph of style sty.
func GlyphThumb(sty draw.GlyphStyle) plot.Thumbnailer { return glyphThumb{sty} }

// FillThumb is a legend thumbnail showing a box filled with c.
func FillThumb(c color.Color) plot.Thumbnailer { return fillThumb{c} }

type lineThumb struct{ draw.LineStyle }

// Thumbnail implements plot.Thumbnailer.
func (t lineThumb) Thumbnail(c *draw.Canvas) {
	y := c.Center().Y
	c.StrokeLine2(t.LineStyle, c.Min.X, y, c.Max.X, y)
}

type barThumb struct{ draw.LineStyle }

// Thumbnail implements plot.Thumbnailer.
func (t barThumb) Thumbnail(c *draw.Canvas) {
	x := c.Center().X
	c.StrokeLine2(t.LineStyle, x, c.Min.Y, x, c.Max.Y)
}

type glyphThumb struct{ draw.GlyphStyle }

// Thumbnail implements plot.Thumbnailer.
func (t glyphThumb) Thumbnail(c *draw.Canvas) { c.DrawGlyphNoClip(t.GlyphStyle, c.Center()) }

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

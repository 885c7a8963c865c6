package plotkit

import (
	"errors"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Arrows is a plot.Plotter that draws one arrow per point: a line from the
// tail (x, y) to the tip (x + u, y + v), both in data units, ending in a
// filled head. The head is drawn in canvas units, so it keeps its shape
// whatever the axes' scales; it shrinks for arrows shorter than about
// twice its length. Arrows of zero length are not drawn.
type Arrows struct {
	Tails, Vectors plotter.XYs
	LineStyle      draw.LineStyle
	// Head is the length of the arrowhead; its width is 0.8 times that.
	Head vg.Length
}

// NewArrows returns arrows from tails along vectors (same length, finite)
// in colour c with line width w and a head of 4 w + 3 pt.
func NewArrows(tails, vectors plotter.XYs, c color.Color, w vg.Length) (*Arrows, error) {
	if len(tails) != len(vectors) {
		return nil, errors.New("plotkit: arrows need as many vectors as tails")
	}
	for i := range tails {
		for _, v := range []float64{tails[i].X, tails[i].Y, vectors[i].X, vectors[i].Y} {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, errors.New("plotkit: arrows with NaN or Inf")
			}
		}
	}
	return &Arrows{
		Tails:     append(plotter.XYs(nil), tails...),
		Vectors:   append(plotter.XYs(nil), vectors...),
		LineStyle: draw.LineStyle{Color: c, Width: w},
		Head:      4*w + 3,
	}, nil
}

// Plot implements plot.Plotter.
func (a *Arrows) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	for i, t := range a.Tails {
		v := a.Vectors[i]
		from := vg.Point{X: trX(t.X), Y: trY(t.Y)}
		to := vg.Point{X: trX(t.X + v.X), Y: trY(t.Y + v.Y)}
		a.draw(&c, from, to)
	}
}

func (a *Arrows) draw(c *draw.Canvas, from, to vg.Point) {
	d := to.Sub(from)
	l := vg.Length(math.Hypot(float64(d.X), float64(d.Y)))
	if l < 1e-3 {
		return
	}
	u := d.Scale(1 / l)            // unit vector along the arrow
	n := vg.Point{X: -u.Y, Y: u.X} // unit normal
	h := vg.Length(math.Min(float64(a.Head), 0.5*float64(l)))
	base := to.Sub(u.Scale(h))         // centre of the head's base
	shaft := to.Sub(u.Scale(0.75 * h)) // stop the line inside the head
	c.StrokeLines(a.LineStyle, []vg.Point{from, shaft})
	c.FillPolygon(a.LineStyle.Color, []vg.Point{to, base.Add(n.Scale(0.4 * h)), base.Sub(n.Scale(0.4 * h))})
}

// DataRange implements plot.DataRanger: tails and tips.
func (a *Arrows) DataRange() (xmin, xmax, ymin, ymax float64) {
	xmin, ymin = math.Inf(1), math.Inf(1)
	xmax, ymax = math.Inf(-1), math.Inf(-1)
	for i, t := range a.Tails {
		for _, q := range []plotter.XY{t, {X: t.X + a.Vectors[i].X, Y: t.Y + a.Vectors[i].Y}} {
			xmin, xmax = math.Min(xmin, q.X), math.Max(xmax, q.X)
			ymin, ymax = math.Min(ymin, q.Y), math.Max(ymax, q.Y)
		}
	}
	return xmin, xmax, ymin, ymax
}

// Thumbnail implements plot.Thumbnailer: a horizontal arrow.
func (a *Arrows) Thumbnail(c *draw.Canvas) {
	y := c.Center().Y
	a.draw(c, vg.Point{X: c.Min.X, Y: y}, vg.Point{X: c.Max.X, Y: y})
}

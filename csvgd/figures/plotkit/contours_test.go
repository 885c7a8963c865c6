package plotkit

import (
	"bytes"
	"image/color"
	"math"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	vgdraw "gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"
)

// TestContoursDrawTheSameBytes: the same contours give the same SVG,
// byte for byte, however often they are drawn (gonum's plotter.Contour
// joins a level's paths through a map, whose order changes from call to
// call), so that a figure drawn again from the same data is the same
// file.
func TestContoursDrawTheSameBytes(t *testing.T) {
	xs := make([]float64, 60)
	for i := range xs {
		xs[i] = -3 + 6*float64(i)/float64(len(xs)-1)
	}
	// Several separate islands per level: many paths for the map to order.
	g := EvalGrid(xs, xs, func(x, y float64) float64 { return math.Sin(2*x) * math.Cos(2*y) })
	levels, colors := []float64{-0.5, 0, 0.5}, []color.Color{color.Black, color.Gray{Y: 128}, color.White}
	draw := func() []byte {
		p := plot.New()
		p.Add(NewContours(g, levels, colors, vg.Points(1)))
		c := vgsvg.New(4*vg.Inch, 4*vg.Inch)
		p.Draw(vgdraw.New(c))
		var b bytes.Buffer
		if _, err := c.WriteTo(&b); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	first := draw()
	for i := range 5 {
		if !bytes.Equal(draw(), first) {
			t.Fatalf("drawing %d differs from the first", i+2)
		}
	}
}

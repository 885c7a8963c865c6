package plotkit_test

import (
	"bytes"
	"fmt"
	"image/png"
	"log"

	"github.com/csvgd/csvgd-go/csvgd/figures/plotkit"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
)

// A figure of two panels with a shared legend, rendered as PNG at the
// default resolution: 12 cm at 150 dots per inch is 709 pixels.
func ExampleFigure() {
	xs := []float64{0, 1, 2, 3, 4}
	up, down := []float64{0, 1, 4, 9, 16}, []float64{16, 9, 4, 1, 0}
	pa := plotkit.NewPanel("(a) up", "x", "y")
	pa.Add(plotkit.Line(plotkit.XYOf(xs, up), plotkit.SolidLine(plotkit.Viridis(0))))
	pb := plotkit.NewPanel("(b) down", "x", "")
	pb.Add(plotkit.Line(plotkit.XYOf(xs, down), plotkit.DashedLine(plotkit.Viridis(plotkit.ViridisTop))))
	leg := plotkit.NewLegend()
	leg.Add("x²", plotkit.LineThumb(plotkit.SolidLine(plotkit.Viridis(0))))
	leg.Add("(4 - x)²", plotkit.LineThumb(plotkit.DashedLine(plotkit.Viridis(plotkit.ViridisTop))))
	fig := &plotkit.Figure{
		Name:   "example",
		Panels: [][]*plot.Plot{{pa, pb}},
		Legend: leg,
		Width:  12 * vg.Centimeter,
		Height: 6 * vg.Centimeter,
	}
	raw, err := fig.PNG()
	if err != nil {
		log.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(raw))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(img.Bounds().Dx(), "x", img.Bounds().Dy(), "pixels")
	// Output:
	// 709 x 354 pixels
}

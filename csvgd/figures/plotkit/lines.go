package plotkit

import (
	"fmt"
	"image/color"

	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Line is a polyline through xy in one style.
func Line(xy plotter.XYs, sty draw.LineStyle) *plotter.Line {
	l, err := plotter.NewLine(xy)
	if err != nil { // only for NaN or Inf, which callers reject
		panic(fmt.Sprintf("plotkit: line: %v", err))
	}
	l.LineStyle = sty
	return l
}

// StepLine is a line through xy in style sty drawn as steps: each point's
// value holds since the previous point.
func StepLine(xy plotter.XYs, sty draw.LineStyle) *plotter.Line {
	l := Line(xy, sty)
	l.StepStyle = plotter.PreStep
	return l
}

// SolidLine is the style of a run's main line in colour c.
func SolidLine(c color.Color) draw.LineStyle { return draw.LineStyle{Color: c, Width: vg.Points(1.8)} }

// DashedLine is the style of a run's secondary line in colour c.
func DashedLine(c color.Color) draw.LineStyle {
	return draw.LineStyle{Color: c, Width: vg.Points(1.4), Dashes: []vg.Length{vg.Points(5), vg.Points(3)}}
}

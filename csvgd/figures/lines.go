package figures

import (
	"fmt"
	"image/color"

	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// line is a polyline through xy in one style.
func line(xy plotter.XYs, sty draw.LineStyle) *plotter.Line {
	l, err := plotter.NewLine(xy)
	if err != nil { // only for NaN or Inf, which callers reject
		panic(fmt.Sprintf("figures: line: %v", err))
	}
	l.LineStyle = sty
	return l
}

// stepLine is a line through xy in style sty drawn as steps: each point's
// value holds since the previous point.
func stepLine(xy plotter.XYs, sty draw.LineStyle) *plotter.Line {
	l := line(xy, sty)
	l.StepStyle = plotter.PreStep
	return l
}

// solidLine is the style of a run's main line in colour c.
func solidLine(c color.Color) draw.LineStyle { return draw.LineStyle{Color: c, Width: vg.Points(1.8)} }

// dashedLine is the style of a run's secondary line in colour c.
func dashedLine(c color.Color) draw.LineStyle {
	return draw.LineStyle{Color: c, Width: vg.Points(1.4), Dashes: []vg.Length{vg.Points(5), vg.Points(3)}}
}

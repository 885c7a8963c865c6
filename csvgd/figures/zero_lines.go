package figures

import (
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// axesLines marks theta_i = 0 on both axes: the axes the sparsifying prior
// pulls towards.
func axesLines() []plot.Plotter {
	sty := draw.LineStyle{Color: lightGrey, Width: vg.Points(0.75), Dashes: []vg.Length{vg.Points(3), vg.Points(2)}}
	return []plot.Plotter{refLine{vertical: true, style: sty}, refLine{style: sty}}
}

// zeroLine marks S = 0.
func zeroLine() plot.Plotter {
	return refLine{style: draw.LineStyle{Color: lightGrey, Width: vg.Points(0.75)}}
}

package figures

import (
	"github.com/csvgd/csvgd-go/csvgd/figures/plotkit"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// axesLines marks theta_i = 0 on both axes: the axes the sparsifying prior
// pulls towards.
func axesLines() []plot.Plotter {
	sty := draw.LineStyle{Color: plotkit.LightGrey, Width: vg.Points(0.75), Dashes: []vg.Length{vg.Points(3), vg.Points(2)}}
	return []plot.Plotter{plotkit.RefLine{Vertical: true, Style: sty}, plotkit.RefLine{Style: sty}}
}

// zeroLine marks S = 0.
func zeroLine() plot.Plotter {
	return plotkit.RefLine{Style: draw.LineStyle{Color: plotkit.LightGrey, Width: vg.Points(0.75)}}
}

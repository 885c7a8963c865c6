package figures

import (
	"github.com/csvgd/csvgd-go/csvgd/figures/plotkit"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// initialCountLine marks the initial parameter count on a count axis.
var initialCountLine = draw.LineStyle{Color: plotkit.Grey, Width: vg.Points(1), Dashes: []vg.Length{vg.Points(2), vg.Points(2)}}

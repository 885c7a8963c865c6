package figures

import (
	"slices"

	"github.com/csvgd/csvgd-go/csvgd/figures/plotkit"
	"gonum.org/v1/plot"
)

// accuracyAxis sets the range of a W1 axis holding the values vs: a log
// axis, 1.3 beyond them and widened to labelled ticks
// ([plotkit.SetLogLabelled]), when they are positive and span more than a
// decade, else a linear axis from 0 with 5% to spare.
func accuracyAxis(ax *plot.Axis, vs []float64) {
	lo, hi := slices.Min(vs), slices.Max(vs)
	if lo > 0 && hi > 10*lo {
		plotkit.SetLogLabelled(ax, lo/1.3, hi*1.3)
		return
	}
	_, y1 := plotkit.PaddedRange(append(slices.Clone(vs), 0), 0.05)
	plotkit.SetRange(ax, 0, y1)
}

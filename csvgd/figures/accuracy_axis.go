package figures

import (
	"slices"

	"gonum.org/v1/plot"
)

// accuracyAxis sets the range of a W1 axis holding the values vs: a log
// axis, 1.3 beyond them, when they are positive and span more than a
// decade, else a linear axis from 0 with 5% to spare.
func accuracyAxis(ax *plot.Axis, vs []float64) {
	lo, hi := slices.Min(vs), slices.Max(vs)
	if lo > 0 && hi > 10*lo {
		setLog(ax, lo/1.3, hi*1.3)
		ax.Tick.Marker = countTicks{}
		return
	}
	_, y1 := paddedRange(append(slices.Clone(vs), 0), 0.05)
	setRange(ax, 0, y1)
}

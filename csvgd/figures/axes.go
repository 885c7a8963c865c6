package figures

import (
	"math"
	"slices"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
)

// setLog makes ax a log axis from lo to hi (both > 0) with labelled
// decades.
func setLog(ax *plot.Axis, lo, hi float64) {
	ax.Scale = plot.LogScale{}
	ax.Tick.Marker = plot.LogTicks{Prec: -1}
	ax.Min, ax.Max = lo, hi
}

// setRange fixes the range of ax.
func setRange(ax *plot.Axis, lo, hi float64) { ax.Min, ax.Max = lo, hi }

// paddedRange returns [lo - f span, hi + f span] of the finite values vs
// (or [-1, 1] when there are none, widened when all are equal).
func paddedRange(vs []float64, f float64) (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, v := range vs {
		if !math.IsNaN(v) && !math.IsInf(v, 0) {
			lo, hi = math.Min(lo, v), math.Max(hi, v)
		}
	}
	if lo > hi {
		return -1, 1
	}
	span := hi - lo
	if span == 0 {
		span = math.Max(1, math.Abs(lo))
	}
	return lo - f*span, hi + f*span
}

// padRanges sets the ranges of p to hold the values xs and ys, padded by
// the fractions fx and fy of their spans ([paddedRange]).
func padRanges(p *plot.Plot, xs []float64, fx float64, ys []float64, fy float64) {
	x0, x1 := paddedRange(xs, fx)
	y0, y1 := paddedRange(ys, fy)
	setRange(&p.X, x0, x1)
	setRange(&p.Y, y0, y1)
}

// countAxis makes ax a log axis of the counts, labelled by countTicks,
// from a factor 2 below the smallest positive count to 2 above the
// largest (a factor 4 always holds a labelled tick), and returns its
// bottom.
func countAxis(ax *plot.Axis, counts []float64) float64 {
	lo, hi := math.Inf(1), 0.0
	for _, v := range counts {
		if v > 0 {
			lo = math.Min(lo, v)
		}
		hi = math.Max(hi, v)
	}
	if math.IsInf(lo, 1) {
		lo, hi = 1, 1
	}
	setLog(ax, lo/2, hi*2)
	ax.Tick.Marker = countTicks{}
	return lo / 2
}

// floorXYs is xy with its y values raised to at least lo (a log axis's
// bottom, for counts of 0).
func floorXYs(xy plotter.XYs, lo float64) plotter.XYs {
	out := slices.Clone(xy)
	for i := range out {
		out[i].Y = math.Max(out[i].Y, lo)
	}
	return out
}

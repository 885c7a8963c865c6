package plotkit

import (
	"math"
	"slices"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
)

// SetLog makes ax a log axis from lo to hi (both > 0) with labelled
// decades.
func SetLog(ax *plot.Axis, lo, hi float64) {
	ax.Scale = plot.LogScale{}
	ax.Tick.Marker = plot.LogTicks{Prec: -1}
	ax.Min, ax.Max = lo, hi
}

// SetRange fixes the range of ax.
func SetRange(ax *plot.Axis, lo, hi float64) { ax.Min, ax.Max = lo, hi }

// PaddedRange returns [lo - f span, hi + f span] of the finite values vs
// (or [-1, 1] when there are none, widened when all are equal).
func PaddedRange(vs []float64, f float64) (lo, hi float64) {
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

// PadRanges sets the ranges of p to hold the values xs and ys, padded by
// the fractions fx and fy of their spans ([PaddedRange]).
func PadRanges(p *plot.Plot, xs []float64, fx float64, ys []float64, fy float64) {
	x0, x1 := PaddedRange(xs, fx)
	y0, y1 := PaddedRange(ys, fy)
	SetRange(&p.X, x0, x1)
	SetRange(&p.Y, y0, y1)
}

// CountAxis makes ax a log axis of the counts, labelled by CountTicks,
// from a factor 2 below the smallest positive count to 2 above the
// largest (a factor 4 always holds a labelled tick), and returns its
// bottom.
func CountAxis(ax *plot.Axis, counts []float64) float64 {
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
	SetLog(ax, lo/2, hi*2)
	ax.Tick.Marker = CountTicks{}
	return lo / 2
}

// FloorXYs is xy with its y values raised to at least lo (a log axis's
// bottom, for counts of 0).
func FloorXYs(xy plotter.XYs, lo float64) plotter.XYs {
	out := slices.Clone(xy)
	for i := range out {
		out[i].Y = math.Max(out[i].Y, lo)
	}
	return out
}

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

// SetLogLabelled makes ax a log axis labelled by [CountTicks] that holds
// lo to hi (both > 0) and ends at labelled ticks, so that no value drawn
// lies beyond the last label: the ends are widened to the nearest integer
// times a power of ten outside [lo, hi] (every tick of an axis spanning
// less than a decade is labelled), and, when the axis then spans a decade
// or more (only 1, 2 and 5 times the powers of ten are labelled), to the
// nearest of those.
func SetLogLabelled(ax *plot.Axis, lo, hi float64) {
	a, b := snapLog(lo, hi, []float64{1, 2, 3, 4, 5, 6, 7, 8, 9})
	if b >= 10*a {
		a, b = snapLog(lo, hi, []float64{1, 2, 5})
	}
	SetLog(ax, a, b)
	ax.Tick.Marker = CountTicks{}
}

// snapLog widens lo down and hi up to the nearest m times a power of ten,
// m one of ms (ascending, starting at 1).
func snapLog(lo, hi float64, ms []float64) (a, b float64) {
	const tol = 1e-9 // a value already on a tick stays there
	p := math.Pow(10, math.Floor(math.Log10(lo)))
	a = p
	for _, m := range ms {
		if m*p <= lo*(1+tol) {
			a = m * p
		}
	}
	q := math.Pow(10, math.Floor(math.Log10(hi)))
	b = 10 * q
	for i := len(ms) - 1; i >= 0; i-- {
		if ms[i]*q >= hi*(1-tol) {
			b = ms[i] * q
		}
	}
	return a, b
}

// SetLabelledRange makes ax a linear axis that holds lo to hi and ends at
// labelled ticks of the default linear ticks, so that no value drawn lies
// beyond the last label: each end is widened to the nearest labelled
// value outside [lo, hi] (a few passes, as a wider axis may label at a
// wider step).
func SetLabelledRange(ax *plot.Axis, lo, hi float64) {
	for range 4 {
		var labelled []float64
		for _, t := range (cleanTicks{}).Ticks(lo, hi) {
			if t.Label != "" {
				labelled = append(labelled, t.Value)
			}
		}
		if len(labelled) < 2 {
			break
		}
		step := labelled[1] - labelled[0]
		a, b := math.Floor(lo/step+1e-9)*step, math.Ceil(hi/step-1e-9)*step
		if a == lo && b == hi {
			break
		}
		lo, hi = a, b
	}
	SetRange(ax, lo, hi)
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

// EqualSpans widens the shorter of the ranges [x0, x1] and [y0, y1] about
// its centre to the longer one's span, so that a square data area draws a
// unit of x and a unit of y at the same length (directions keep their
// angles).
func EqualSpans(x0, x1, y0, y1 float64) (float64, float64, float64, float64) {
	sx, sy := x1-x0, y1-y0
	if sx < sy {
		c := (x0 + x1) / 2
		return c - sy/2, c + sy/2, y0, y1
	}
	c := (y0 + y1) / 2
	return x0, x1, c - sx/2, c + sx/2
}

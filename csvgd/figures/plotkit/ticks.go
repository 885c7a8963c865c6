package plotkit

import (
	"math"
	"strconv"

	"gonum.org/v1/plot"
)

// cleanTicks are linear ticks labelled at the widest spacing of 1, 2, 2.5
// or 5 times a power of ten that still labels four values or more, with
// unlabelled minor ticks between them, labelled without trailing zeros
// (2.5 rather than 2.50). gonum's default ticks often label only three.
type cleanTicks struct{}

// Ticks implements plot.Ticker.
func (cleanTicks) Ticks(lo, hi float64) []plot.Tick {
	span := hi - lo
	if !(span > 0) || math.IsInf(span, 0) {
		return plot.DefaultTicks{}.Ticks(lo, hi)
	}
	labels := func(step float64) int {
		return int(math.Floor(hi/step+1e-9) - math.Ceil(lo/step-1e-9) + 1)
	}
	mag := math.Pow(10, math.Floor(math.Log10(span))-2)
	step, minors := mag, 5
	for e := 0; e < 4; e, mag = e+1, mag*10 {
		for _, m := range []struct {
			f float64
			n int
		}{{1, 5}, {2, 4}, {2.5, 5}, {5, 5}} {
			if labels(m.f*mag) >= 4 {
				step, minors = m.f*mag, m.n
			}
		}
	}
	minor := step / float64(minors)
	var ts []plot.Tick
	for k := math.Ceil(lo/minor - 1e-9); k*minor <= hi+1e-9*span; k++ {
		v := k * minor
		t := plot.Tick{Value: v}
		if r := math.Round(v / step); math.Abs(v/step-r) < 1e-6 {
			v = r * step
			if v == 0 {
				v = 0 // not -0
			}
			t.Value = v
			t.Label = strconv.FormatFloat(v, 'g', 10, 64)
		}
		ts = append(ts, t)
	}
	return ts
}

// ValueTicks label the given values (the alphas of the runs) and nothing
// else.
type ValueTicks []float64

// Ticks implements plot.Ticker.
func (v ValueTicks) Ticks(_, _ float64) []plot.Tick {
	ts := make([]plot.Tick, len(v))
	for i, x := range v {
		ts[i] = plot.Tick{Value: x, Label: Num(x)}
	}
	return ts
}

// CountTicks label a log axis of counts at 1, 2 and 5 times the powers of
// ten, with unlabelled ticks at the other integers times them; an axis
// that spans less than a decade, which would show one label or none, has
// every tick labelled.
type CountTicks struct{}

// Ticks implements plot.Ticker.
func (CountTicks) Ticks(lo, hi float64) []plot.Tick {
	narrow := hi < 10*lo
	var ts []plot.Tick
	for p := math.Pow(10, math.Floor(math.Log10(lo))); p <= hi; p *= 10 {
		for m := 1; m <= 9; m++ {
			v := float64(m) * p
			if v < lo*(1-1e-9) || v > hi*(1+1e-9) {
				continue
			}
			t := plot.Tick{Value: v}
			if narrow || m == 1 || m == 2 || m == 5 {
				t.Label = strconv.FormatFloat(v, 'f', -1, 64)
			}
			ts = append(ts, t)
		}
	}
	return ts
}

// IndexTicks label particle indices 1 .. N (at -1 .. -N when Negative):
// every one up to 10 particles, else 1 and multiples of 5, unlabelled
// ticks between.
type IndexTicks struct {
	N        int
	Negative bool
}

// Ticks implements plot.Ticker.
func (t IndexTicks) Ticks(_, _ float64) []plot.Tick {
	var ts []plot.Tick
	for i := 1; i <= t.N; i++ {
		v := float64(i)
		if t.Negative {
			v = -v
		}
		tk := plot.Tick{Value: v}
		if t.N <= 10 || i == 1 || i%5 == 0 {
			tk.Label = strconv.Itoa(i)
		}
		ts = append(ts, tk)
	}
	return ts
}

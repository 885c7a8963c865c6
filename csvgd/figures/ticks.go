package figures

import (
	"math"
	"strconv"

	"gonum.org/v1/plot"
)

// valueTicks label the given values (the alphas of the runs) and nothing
// else.
type valueTicks []float64

// Ticks implements plot.Ticker.
func (v valueTicks) Ticks(_, _ float64) []plot.Tick {
	ts := make([]plot.Tick, len(v))
	for i, x := range v {
		ts[i] = plot.Tick{Value: x, Label: num(x)}
	}
	return ts
}

// countTicks label a log axis of counts at 1, 2 and 5 times the powers of
// ten, with unlabelled ticks at the other integers times them.
type countTicks struct{}

// Ticks implements plot.Ticker.
func (countTicks) Ticks(lo, hi float64) []plot.Tick {
	var ts []plot.Tick
	for p := math.Pow(10, math.Floor(math.Log10(lo))); p <= hi; p *= 10 {
		for m := 1; m <= 9; m++ {
			v := float64(m) * p
			if v < lo*(1-1e-9) || v > hi*(1+1e-9) {
				continue
			}
			t := plot.Tick{Value: v}
			if m == 1 || m == 2 || m == 5 {
				t.Label = strconv.FormatFloat(v, 'f', -1, 64)
			}
			ts = append(ts, t)
		}
	}
	return ts
}

package plotkit

import (
	"math"
	"strconv"

	"gonum.org/v1/plot"
)

// AsinhTicks label an axis whose coordinate is u = asinh(w) with the
// values of w: 0 and +-1, 10, 100, ... (unlabelled ticks at +-2..9 times
// them), so that weights from 10^-1 to 10^4 share one readable axis,
// linear near 0 and logarithmic beyond 1.
type AsinhTicks struct{}

// Ticks implements plot.Ticker.
func (AsinhTicks) Ticks(lo, hi float64) []plot.Tick {
	ts := []plot.Tick{{Value: 0, Label: "0"}}
	for p := 1.0; p <= 1e6; p *= 10 {
		for m := 1; m <= 9; m++ {
			for _, s := range []float64{-1, 1} {
				w := s * float64(m) * p
				t := plot.Tick{Value: math.Asinh(w)}
				if m == 1 {
					t.Label = strconv.FormatFloat(w, 'f', -1, 64)
				}
				ts = append(ts, t)
			}
		}
	}
	var in []plot.Tick
	for _, t := range ts {
		if t.Value >= lo && t.Value <= hi {
			in = append(in, t)
		}
	}
	return in
}

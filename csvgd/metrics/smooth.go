package metrics

import "fmt"

// MovingAverage smooths the curve y with a centred moving average of the
// given odd width, as the paper does for its W1-over-F11 curves (Fig.
// noisy_pushforwards, "filtered with a moving average"):
//
//	out[i] = 1/(2h+1) sum_{k=i-h}^{i+h} y[k],  h = min((width-1)/2, i, len(y)-1-i).
//
// Near the ends the window shrinks symmetrically so that it stays centred
// on i: out[0] = y[0], out[1] = (y[0] + y[1] + y[2]) / 3 for width >= 3,
// and so on. A centred window reproduces a straight line exactly,
// endpoints included, where a window truncated on one side would bend the
// curve at its ends. The paper does not give its width or end treatment.
//
// y is not modified. MovingAverage panics if width is not a positive odd
// number; width 1 returns a copy of y.
func MovingAverage(y []float64, width int) []float64 {
	if width < 1 || width%2 == 0 {
		panic(fmt.Sprintf("metrics: MovingAverage: width %d, want a positive odd number", width))
	}
	n := len(y)
	out := make([]float64, n)
	// Prefix sums would be O(n) but lose precision on long curves with a
	// large offset; the direct sum is O(n width) and width is small.
	for i := range out {
		h := min((width-1)/2, i, n-1-i)
		var s float64
		for k := i - h; k <= i+h; k++ {
			s += y[k]
		}
		out[i] = s / float64(2*h+1)
	}
	return out
}

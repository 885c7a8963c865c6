// Package numtest holds the numerical comparisons the tests share.
package numtest

import "math"

// RelDiff is max_i |got_i - want_i| / max_i |want_i|: 0 when the two are
// equal, +Inf when their lengths differ (and for any difference from an
// all-zero want).
func RelDiff(got, want []float64) float64 {
	if len(got) != len(want) {
		return math.Inf(1)
	}
	var d, s float64
	for i := range want {
		d = math.Max(d, math.Abs(got[i]-want[i]))
		s = math.Max(s, math.Abs(want[i]))
	}
	if d == 0 {
		return 0
	}
	return d / s
}

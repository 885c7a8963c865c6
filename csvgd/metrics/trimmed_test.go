package metrics

import (
	"math"
	"testing"
)

// TestTrimmedWasserstein1: a shift moves it by the shift; one huge
// outlier dominates the plain W1 but not the trimmed one; t = 0 is close
// to the plain W1; bad input gives NaN.
func TestTrimmedWasserstein1(t *testing.T) {
	a := make([]float64, 100)
	b := make([]float64, 100)
	for i := range a {
		a[i] = float64(i) / 100
		b[i] = a[i] + 0.25
	}
	if d := TrimmedWasserstein1(a, b, 0.05); math.Abs(d-0.9*0.25) > 1e-9 {
		t.Errorf("shift 0.25, trimmed 5%%: %v, want %v", d, 0.9*0.25)
	}
	if d, w := TrimmedWasserstein1(a, b, 0), Wasserstein1(a, b); math.Abs(d-w) > 1e-3 {
		t.Errorf("untrimmed %v, plain %v", d, w)
	}
	c := append([]float64(nil), a...)
	c[99] = 1e6
	if w, d := Wasserstein1(a, c), TrimmedWasserstein1(a, c, 0.05); !(w > 1e3) || d != 0 {
		t.Errorf("one outlier: plain %v, trimmed %v (want > 1000 and 0)", w, d)
	}
	for _, bad := range []float64{-0.1, 0.5, math.NaN()} {
		if d := TrimmedWasserstein1(a, b, bad); !math.IsNaN(d) {
			t.Errorf("t = %v: %v, want NaN", bad, d)
		}
	}
	if d := TrimmedWasserstein1(nil, b, 0.1); !math.IsNaN(d) {
		t.Errorf("empty sample: %v", d)
	}
}

package study

import "testing"

// TestSpeedChange: a ratio of at least 1 reads as faster, one below 1 as
// slower by its inverse.
func TestSpeedChange(t *testing.T) {
	for _, c := range []struct {
		ratio float64
		want  string
	}{{4.8, "4.8x faster"}, {1, "1.0x faster"}, {0.7, "1.4x slower"}} {
		if got := SpeedChange(c.ratio); got != c.want {
			t.Errorf("SpeedChange(%g) = %q, want %q", c.ratio, got, c.want)
		}
	}
}

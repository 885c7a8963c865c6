package collapse

import "testing"

// TestFixedPointHolds: the regular-simplex fixed points hold for
// N - 1 <= D, N >= 2: on both sides of the boundary, at 20 particles
// against the dimension and at D = 50 against the particles.
func TestFixedPointHolds(t *testing.T) {
	for _, c := range []struct {
		d, n int
		want bool
	}{
		{50, 20, true},
		{19, 20, true}, // N - 1 = D: the simplex spans the space
		{18, 20, false},
		{10, 20, false},
		{50, 51, true},
		{50, 52, false},
		{50, 100, false},
		{1, 2, true},
		{1, 3, false},
		{3, 1, false}, // one particle has no unbiased variance
		{0, 1, false},
	} {
		if got := FixedPointHolds(c.d, c.n); got != c.want {
			t.Errorf("FixedPointHolds(D = %d, N = %d) = %v, want %v", c.d, c.n, got, c.want)
		}
	}
}

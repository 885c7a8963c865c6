package hyperelastic

import (
	"math"
	"slices"
	"testing"
)

// TestPredictions: At reads one component at one point across the
// members, in member order; Points is the members' length.
func TestPredictions(t *testing.T) {
	// member j predicts 10 j + m in component k = m at point m
	p := make(Predictions, 3)
	for j := range p {
		p[j] = make([]Stress, 4)
		for m := range p[j] {
			p[j][m][m] = float64(10*j + m)
		}
	}
	if got := p.Points(); got != 4 {
		t.Errorf("Points = %d, want 4", got)
	}
	if got := (Predictions{}).Points(); got != 0 {
		t.Errorf("Points without members = %d, want 0", got)
	}
	for _, c := range []struct {
		m, k int
		want []float64
	}{{2, 2, []float64{2, 12, 22}}, {3, 3, []float64{3, 13, 23}}, {1, 0, []float64{0, 0, 0}}} {
		if got := p.At(c.m, c.k); !slices.Equal(got, c.want) {
			t.Errorf("At(%d, %d) = %v, want %v", c.m, c.k, got, c.want)
		}
	}
}

// TestStressFinite: a NaN or an infinity in any component is reported.
func TestStressFinite(t *testing.T) {
	if !(Stress{1, -2, 0, 3e300, -1e-300, 5}).Finite() {
		t.Error("finite stress reported as not finite")
	}
	for k := range NumComponents {
		for _, v := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
			var s Stress
			s[k] = v
			if s.Finite() {
				t.Errorf("%s = %v reported finite", ComponentNames[k], v)
			}
		}
	}
}

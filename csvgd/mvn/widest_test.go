package mvn

import (
	"math"
	"testing"
)

// TestWidestAtLargestLambda reads a made survey: the row is taken at the
// largest lambda only, the widest gamma whatever the order of the points,
// failed runs left out, and pairs with a single bandwidth dropped.
func TestWidestAtLargestLambda(t *testing.T) {
	pts := []SurveyPoint{
		{Alpha: 0.25, Beta: 2, Lambda: 10, Gamma: 300, L1Theta3: 0.7},
		{Alpha: 0.25, Beta: 2, Lambda: 10, Gamma: 0.3, L1Theta3: 0.09},
		{Alpha: 0.25, Beta: 2, Lambda: 10, Gamma: 3, L1Theta3: 0.1},
		{Alpha: 0.25, Beta: 2, Lambda: 1, Gamma: 300, L1Theta3: 5},
		{Alpha: 0.25, Beta: 2, Lambda: 10, Gamma: 1000, L1Theta3: 9, Error: "diverged"},
		{Alpha: 1, Beta: 2, Lambda: 10, Gamma: 300, L1Theta3: 0.26},
		{Alpha: 1, Beta: 2, Lambda: 10, Gamma: 30, L1Theta3: 0.12},
		{Alpha: 2, Beta: 2, Lambda: 10, Gamma: 30, L1Theta3: 0.2},
	}
	rows := WidestAtLargestLambda(pts)
	want := []WidestRow{
		{Alpha: 0.25, Beta: 2, Lambda: 10, WidestGamma: 300, Widest: 0.7, NarrowLo: 0.09, NarrowHi: 0.1},
		{Alpha: 1, Beta: 2, Lambda: 10, WidestGamma: 300, Widest: 0.26, NarrowLo: 0.12, NarrowHi: 0.12},
	}
	if len(rows) != len(want) {
		t.Fatalf("%d rows, want %d: %+v", len(rows), len(want), rows)
	}
	for i, w := range want {
		if rows[i] != w {
			t.Errorf("row %d: %+v, want %+v", i, rows[i], w)
		}
	}
	if got := rows[0].OfStart(); math.Abs(got-0.7/math.Sqrt(2/math.Pi)) > 1e-12 {
		t.Errorf("OfStart %g", got)
	}
	if got := rows[1].OverNarrow(); math.Abs(got-0.26/0.12) > 1e-12 {
		t.Errorf("OverNarrow %g", got)
	}
}

package hyperelastic

import (
	"math"
	"testing"
)

// TestMeanNearestInvariants: a test point on a training point is at
// distance 0, one shifted along I1 at the shift; points beyond delta do
// not count; no training point, or no test point in range, is an error.
func TestMeanNearestInvariants(t *testing.T) {
	at := func(i1, i2, i3, d float64) Sample {
		return Sample{Kinematics: Kinematics{I1: i1, I2: i2, I3: i3}, D: d}
	}
	train := []Sample{at(3, 3, 1, 0), at(3.5, 3.5, 1.2, 0)}
	test := []Sample{at(3, 3, 1, 0), at(3.6, 3.5, 1.2, 0.1), at(9, 9, 9, 0.3)}
	got, err := MeanNearestInvariants(test, train, 0.2)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(got-0.05) > 1e-12 {
		t.Errorf("mean nearest distance %v, want 0.05", got)
	}
	if _, err := MeanNearestInvariants(test, nil, 0.2); err == nil {
		t.Error("no training points accepted")
	}
	if _, err := MeanNearestInvariants(test[2:], train, 0.2); err == nil {
		t.Error("no test point in range accepted")
	}
}

// TestPathPlacement: the share of the training inputs beside a path (in
// I1) that lie below it (in J), and the words for it; points beyond delta
// and training inputs outside the window do not count; a window that is
// not positive, no test point in range or no training input beside the
// path is an error.
func TestPathPlacement(t *testing.T) {
	at := func(i1, j, d float64) Sample {
		return Sample{Kinematics: Kinematics{I1: i1, J: j}, D: d}
	}
	// Four training inputs at I1 = 3 (J 0.8, 0.9, 1.0, 1.1) and one far off
	// in I1 (J 0.5), which no window below reaches.
	train := []Sample{at(3, 0.8, 0), at(3, 0.9, 0), at(3, 1.0, 0), at(3, 1.1, 0), at(5, 0.5, 0)}
	for _, c := range []struct {
		name  string
		j     float64
		share float64
		where string
	}{
		{"above all", 1.2, 1, "along the top edge of the training inputs"},
		{"below all", 0.7, 0, "along the bottom edge of the training inputs"},
		{"in the middle", 0.95, 0.5, "through the middle of the training inputs"},
		{"above the middle", 1.05, 0.75, "inside the training inputs, above their middle"},
		{"below the middle", 0.85, 0.25, "inside the training inputs, below their middle"},
	} {
		// The second test point lies beyond delta: were it counted, every
		// share would move towards 1.
		test := []Sample{at(3.05, c.j, 0.1), at(3, 2, 0.3)}
		p, err := PathPlacement(test, train, 0.2, 0.1)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if p.Pairs != 4 || math.Abs(p.Share-c.share) > 1e-12 {
			t.Errorf("%s: %d of %d below (share %v), want share %v of 4", c.name, p.Below, p.Pairs, p.Share, c.share)
		}
		if got := p.Where(); got != c.where {
			t.Errorf("%s: %q, want %q", c.name, got, c.where)
		}
	}
	test := []Sample{at(3, 1, 0)}
	for _, c := range []struct {
		name          string
		test          []Sample
		delta, window float64
	}{
		{"zero window", test, 0.2, 0},
		{"no test point in range", []Sample{at(3, 1, 0.3)}, 0.2, 0.1},
		{"no training input beside the path", []Sample{at(4, 1, 0)}, 0.2, 0.1},
	} {
		if _, err := PathPlacement(c.test, train, c.delta, c.window); err == nil {
			t.Errorf("%s accepted", c.name)
		}
	}
}

package mvn

import (
	"slices"
	"testing"
)

// TestNarrowedSampleKSDs: a sample shrunk to 1/30 of theta_3's variance
// cannot be told from an exact one at 128 points (the medians within the
// exact samples' spread), and is told apart at 2048 points, where the
// finite-sample floor is four times lower.
func TestNarrowedSampleKSDs(t *testing.T) {
	if testing.Short() {
		t.Skip("KSDs of samples of 2048 points")
	}
	tg := PaperTarget()
	med := func(v []float64) float64 { s := slices.Sorted(slices.Values(v)); return s[len(s)/2] }
	cases := []struct {
		n, samples int
		apart      bool
	}{
		{128, 40, false},
		{2048, 7, true},
	}
	for _, c := range cases {
		narrow, err := NarrowedSampleKSDs(tg, c.n, c.samples, 2, 400.0/30, 1)
		if err != nil {
			t.Fatal(err)
		}
		exact, err := ExactSampleKSDs(tg, c.n, c.samples, 1)
		if err != nil {
			t.Fatal(err)
		}
		hi := slices.Max(exact)
		if got := med(narrow) > hi; got != c.apart {
			t.Errorf("n = %d: narrow median %.4f, exact samples up to %.4f: told apart %v, want %v", c.n, med(narrow), hi, got, c.apart)
		}
	}
	if _, err := NarrowedSampleKSDs(tg, 10, 1, 3, 1, 1); err == nil {
		t.Error("coordinate 3 of a 3-dimensional target: want an error")
	}
}

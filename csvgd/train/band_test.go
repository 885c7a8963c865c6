package train

import (
	"math"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
)

// TestBandStatsInRange: a band around the truth holds it everywhere, one
// shifted off it holds it nowhere inside the range (beyond the range and
// at zero truth nothing is counted), and the SD ratio is the particles'
// SD over s |S|.
func TestBandStatsInRange(t *testing.T) {
	s := hyperelastic.Stress{1, -2, 4, 0, 0, 0}
	test := []hyperelastic.Sample{{STrue: s, D: 0.1}, {STrue: s, D: -0.2}, {STrue: s, D: 0.3}}
	band := func(shift, half float64) hyperelastic.Predictions { // two particles at truth + shift ± half, per component
		pred := make(hyperelastic.Predictions, 2)
		for a, sign := range []float64{-1, 1} {
			pred[a] = make([]hyperelastic.Stress, len(test))
			for i, p := range test {
				for c, v := range p.STrue {
					pred[a][i][c] = v + shift + sign*half
				}
			}
		}
		return pred
	}
	for _, c := range []struct {
		name        string
		shift, half float64
		outside     int
		ratio       float64
	}{
		{"around the truth", 0, 0.1, 0, 0.1 * math.Sqrt2 * 3 / (0.1 * 7)},
		{"off the truth", 0.5, 0.1, 6, 0.1 * math.Sqrt2 * 3 / (0.1 * 7)},
		{"wide and off", 0.5, 1, 0, math.Sqrt2 * 3 / (0.1 * 7)},
	} {
		b, err := BandStatsInRange(band(c.shift, c.half), test, 0.1)
		if err != nil {
			t.Fatal(err)
		}
		if b.Entries != 6 || b.Outside != c.outside || math.Abs(b.SDRatio-c.ratio) > 1e-9 || b.Points != 2 || b.ZeroTruth != 6 {
			t.Errorf("%s: %+v, want 6 entries, %d outside, SD ratio %v, 2 points, 6 zero-truth entries", c.name, b, c.outside, c.ratio)
		}
	}
	if _, err := BandStatsInRange(band(0, 1)[:1], test, 0.1); err == nil {
		t.Error("a band of one particle: no error")
	}
}

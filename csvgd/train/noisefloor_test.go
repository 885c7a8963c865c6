package train

import (
	"math"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
)

// TestNoiseFloorW1: without noise both floors are 0; with noise s the
// noise-free truth scores s |S| E|xi| = s |S| sqrt(2/pi) per component
// against a large reference sample, and many noisy draws score far less
// (they match the spread), few draws more than many.
func TestNoiseFloorW1(t *testing.T) {
	s := hyperelastic.Stress{1, -2, 3, 0.5, 0, 4}
	test := []hyperelastic.Sample{{STrue: s, D: 0.1}, {STrue: s, D: 0.5}} // one point inside the training range, one beyond
	abs := 0.0
	for _, v := range s {
		abs += math.Abs(v)
	}
	for _, c := range []struct {
		noise float64
		want  float64 // Truth per point
	}{{0, 0}, {0.1, 0.1 * abs * math.Sqrt(2/math.Pi)}, {0.2, 0.2 * abs * math.Sqrt(2/math.Pi)}} {
		ref := ReferenceSample(test, c.noise, 20000, 7)
		f, err := NoiseFloorW1(test, ref, c.noise, 2000, 8)
		if err != nil {
			t.Fatal(err)
		}
		few, err := NoiseFloorW1(test, ref, c.noise, 10, 8)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(f.Truth-2*c.want) > 0.02*2*c.want+1e-12 || math.Abs(f.TruthIn-c.want) > 0.02*c.want+1e-12 {
			t.Errorf("noise %v: truth floor %v (in range %v), want %v (%v) within 2%%", c.noise, f.Truth, f.TruthIn, 2*c.want, c.want)
		}
		if c.noise == 0 {
			if f.NoisyDraws != 0 || few.NoisyDraws != 0 {
				t.Errorf("no noise: draws floor %v, %v, want 0", f.NoisyDraws, few.NoisyDraws)
			}
			continue
		}
		if !(f.NoisyDraws < f.Truth/5) || !(few.NoisyDraws > f.NoisyDraws) || !(few.NoisyDrawsIn < few.NoisyDraws) {
			t.Errorf("noise %v: draws floor %v (2000 draws), %v (10 draws, in range %v), truth %v: want 2000 draws far below the truth's and below 10 draws'",
				c.noise, f.NoisyDraws, few.NoisyDraws, few.NoisyDrawsIn, f.Truth)
		}
	}
}

// TestNoiseFloorExcess: the excess over the floor inside and beyond the
// training range, and the floor's curve sums to Truth.
func TestNoiseFloorExcess(t *testing.T) {
	f := NoiseFloor{Truth: 150, TruthIn: 35}
	in, beyond := f.Excess(460, 48)
	if math.Abs(in-13) > 1e-12 || math.Abs(beyond-297) > 1e-12 {
		t.Errorf("excess %v inside, %v beyond; want 13, 297", in, beyond)
	}
	s := hyperelastic.Stress{1, -2, 3, 0.5, 0, 4}
	test := []hyperelastic.Sample{{STrue: s, D: 0.1}, {STrue: s, D: 0.5}}
	g, err := NoiseFloorW1(test, ReferenceSample(test, 0.1, 500, 3), 0.1, 10, 4)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.TruthW1.PerPointSum) != 2 || math.Abs(g.TruthW1.Sum-g.Truth) > 1e-12 {
		t.Errorf("floor curve %v (sum %v), want 2 points summing to %v", g.TruthW1.PerPointSum, g.TruthW1.Sum, g.Truth)
	}
}

// TestTruthW1: the noise-free truth itself scores 0; two particles at
// S_true ± e score |e| per point (the mean of |±e|), whatever the sign
// pattern, and an ensemble off by e in one particle only scores |e|/2; the
// in-range sum counts the point with |d| <= 0.2 only. A prediction count
// that does not match the test points is an error.
func TestTruthW1(t *testing.T) {
	s := hyperelastic.Stress{1, -2, 3, 0.5, 0, 4}
	e := hyperelastic.Stress{0.1, -0.2, 0, 0.3, 0.05, -0.4}
	abs := 0.0
	for _, v := range e {
		abs += math.Abs(v)
	}
	test := []hyperelastic.Sample{{STrue: s, D: 0.1}, {STrue: s, D: 0.5}}
	var plus, minus hyperelastic.Stress
	for c := range s {
		plus[c], minus[c] = s[c]+e[c], s[c]-e[c]
	}
	for _, c := range []struct {
		name            string
		pred            hyperelastic.Predictions
		wantWhole, want float64
	}{
		{"truth", hyperelastic.Predictions{{s, s}}, 0, 0},
		{"truth ± e", hyperelastic.Predictions{{plus, plus}, {minus, minus}}, 2 * abs, abs},
		{"one particle off", hyperelastic.Predictions{{s, s}, {plus, plus}}, abs, abs / 2},
	} {
		whole, in, err := TruthW1(c.pred, test)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(whole-c.wantWhole) > 1e-12 || math.Abs(in-c.want) > 1e-12 {
			t.Errorf("%s: TruthW1 %v (in range %v), want %v (%v)", c.name, whole, in, c.wantWhole, c.want)
		}
	}
	if _, _, err := TruthW1(hyperelastic.Predictions{{s}}, test); err == nil {
		t.Error("one prediction for two test points: no error")
	}
}

package calibration_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/calibration"
	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
)

// constant is an ensemble of members predicting the same value at every
// point and component: member j predicts vals[j].
func constant(points int, vals ...float64) hyperelastic.Predictions {
	out := make(hyperelastic.Predictions, len(vals))
	for j, v := range vals {
		out[j] = make([]hyperelastic.Stress, points)
		for m := range out[j] {
			for k := range hyperelastic.NumComponents {
				out[j][m][k] = v
			}
		}
	}
	return out
}

// TestPushForwardBand: the 50% band of the values 1..5 is [2, 4]
// (quantiles 0.25 and 0.75 interpolated between order statistics), the
// 90% band [1.2, 4.8], whatever the members' order.
func TestPushForwardBand(t *testing.T) {
	pred := constant(2, 5, 3, 1, 4, 2)
	for _, tc := range []struct{ level, lo, hi float64 }{{0.5, 2, 4}, {0.9, 1.2, 4.8}} {
		b, err := calibration.PushForwardBand(pred, tc.level)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(b.Lo[1][3]-tc.lo) > 1e-12 || math.Abs(b.Hi[1][3]-tc.hi) > 1e-12 {
			t.Errorf("level %v: band [%v, %v], want [%v, %v]", tc.level, b.Lo[1][3], b.Hi[1][3], tc.lo, tc.hi)
		}
	}
	if _, err := calibration.PushForwardBand(pred, 1); err == nil {
		t.Error("level 1 accepted")
	}
}

// TestBandWidth: band widths count only the non-zero components inside
// the range: on three test points (two inside the training range) with
// true stresses (1, 0.5, 0.5, 0, 0, 0), members at the truth -0.1 and
// +0.1 in the non-zero components (+99 at the point outside the range)
// have the 5% and 95% quantiles t -+ 0.09, a 90% band 0.18 wide.
func TestBandWidth(t *testing.T) {
	test := []hyperelastic.Sample{
		{D: -0.1, STrue: hyperelastic.Stress{1, 0.5, 0.5}},
		{D: 0.1, STrue: hyperelastic.Stress{1, 0.5, 0.5}},
		{D: 0.3, STrue: hyperelastic.Stress{1, 0.5, 0.5}},
	}
	pred := make(hyperelastic.Predictions, 2)
	for j, o := range []float64{-0.1, 0.1} {
		for m, s := range test {
			p := s.STrue
			for k := range 3 {
				p[k] += o
				if m == 2 {
					p[k] += 99 * o
				}
			}
			pred[j] = append(pred[j], p)
		}
	}
	if w, err := calibration.BandWidth(pred, test, 0.9); err != nil || math.Abs(w-0.18) > 1e-12 {
		t.Errorf("90%% band width %v, %v; want 0.18", w, err)
	}
}

// TestPredictiveInterval: one member at 0 with sigma 2 gives the normal's
// interval, +-2 x 1.6449 at 90%; two members far apart give the
// interval of the equal mixture, whose upper 95% point lies 2.3263 sigma
// above the upper member (the other contributes nothing there).
func TestPredictiveInterval(t *testing.T) {
	one, err := calibration.PredictiveInterval(constant(1, 0), 2, 0.9)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(one.Hi[0][0]-2*1.6448536269514722) > 1e-9 || math.Abs(one.Lo[0][0]+2*1.6448536269514722) > 1e-9 {
		t.Errorf("one member: [%v, %v]", one.Lo[0][0], one.Hi[0][0])
	}
	two, err := calibration.PredictiveInterval(constant(1, -100, 100), 1, 0.9)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(two.Hi[0][2]-(100+1.2815515655446004)) > 1e-9 {
		t.Errorf("two members: upper end %v, want %v", two.Hi[0][2], 100+1.2815515655446004)
	}
	if _, err := calibration.PredictiveInterval(constant(1, 0), 0, 0.9); err == nil {
		t.Error("sigma 0 accepted")
	}
}

// path is a test path of points at d with the true stress S11 = s11[i]
// and the other components zero.
func path(ds, s11 []float64) []hyperelastic.Sample {
	out := make([]hyperelastic.Sample, len(ds))
	for i := range ds {
		out[i] = hyperelastic.Sample{D: ds[i], STrue: hyperelastic.Stress{s11[i]}}
	}
	return out
}

// TestCalibrateCountsHandMadeBands: members at 0, 1, 2 (50% band [0.5,
// 1.5], 90% band [0.1, 1.9]); truths 1 and 1.7 and 3 inside the training
// range and one outside it; only S11 counts (the others are zero).
// Observations at the members' median lie inside every predictive
// interval, one far away inside none.
func TestCalibrateCountsHandMadeBands(t *testing.T) {
	test := path([]float64{-0.1, 0, 0.2, 0.3}, []float64{1, 1.7, 3, 1})
	pred := constant(4, 0, 1, 2)
	obs := []hyperelastic.Stress{{1}, {1}, {50}, {1}}
	r, err := calibration.Calibrate(pred, test, obs, 0.1, []float64{0.5, 0.9})
	if err != nil {
		t.Fatal(err)
	}
	if r.Entries != 3 {
		t.Fatalf("%d entries, want 3 (S11 at the three points in range)", r.Entries)
	}
	want := [2][2]float64{{1.0 / 3, 2.0 / 3}, {2.0 / 3, 2.0 / 3}}
	for i := range 2 {
		if math.Abs(r.Truth[i]-want[i][0]) > 1e-12 || math.Abs(r.Predictive[i]-want[i][1]) > 1e-12 {
			t.Errorf("level %v: truth %v, predictive %v; want %v", r.Levels[i], r.Truth[i], r.Predictive[i], want[i])
		}
	}
}

// TestCalibrateAgreesWithIntervals: counting through the probability
// integral transform gives the coverage that the predictive intervals
// themselves give, on random ensembles and observations.
func TestCalibrateAgreesWithIntervals(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	const points, members, sigma = 40, 7, 0.3
	ds, s11 := make([]float64, points), make([]float64, points)
	obs := make([]hyperelastic.Stress, points)
	for i := range ds {
		ds[i], s11[i], obs[i][0] = 0.4*rng.Float64()-0.2, rng.NormFloat64(), rng.NormFloat64()
	}
	test := path(ds, s11)
	pred := make(hyperelastic.Predictions, members)
	for j := range pred {
		pred[j] = make([]hyperelastic.Stress, points)
		for i := range pred[j] {
			pred[j][i][0] = rng.NormFloat64()
		}
	}
	for _, level := range []float64{0.2, 0.5, 0.9} {
		r, err := calibration.Calibrate(pred, test, obs, sigma, []float64{level})
		if err != nil {
			t.Fatal(err)
		}
		iv, err := calibration.PredictiveInterval(pred, sigma, level)
		if err != nil {
			t.Fatal(err)
		}
		inside := 0
		for i := range obs {
			if iv.Lo[i][0] <= obs[i][0] && obs[i][0] <= iv.Hi[i][0] {
				inside++
			}
		}
		if want := float64(inside) / points; r.Predictive[0] != want {
			t.Errorf("level %v: coverage %v by the transform, %v by the intervals", level, r.Predictive[0], want)
		}
	}
}

// TestFresh: a seed gives the same observations every time, another seed
// others; noise 0 gives the truth.
func TestFresh(t *testing.T) {
	test := path([]float64{0.1, 0.2}, []float64{1, 2})
	a, b, c := calibration.Fresh(test, 0.1, 3), calibration.Fresh(test, 0.1, 3), calibration.Fresh(test, 0.1, 4)
	if a[1] != b[1] || a[1] == c[1] {
		t.Errorf("seed 3: %v and %v; seed 4: %v", a[1], b[1], c[1])
	}
	if z := calibration.Fresh(test, 0, 3); z[1] != test[1].STrue {
		t.Errorf("noise 0: %v, want the truth %v", z[1], test[1].STrue)
	}
}

package compare

import (
	"errors"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"github.com/csvgd/csvgd-go/csvgd/nuts"
)

// path is a test path of points at d = -0.3, -0.2, ..., 0.3 (five inside
// the training range) whose true stress has three non-zero components.
func path() []hyperelastic.Sample {
	var out []hyperelastic.Sample
	for i := -3; i <= 3; i++ {
		d := 0.1 * float64(i)
		out = append(out, hyperelastic.Sample{D: d, STrue: hyperelastic.Stress{1 + d, 0.5 + d, 0.5 + d}})
	}
	return out
}

// members are n networks that predict the truth plus scale z_j (1 + |d|)
// at every point and non-zero component, z_j ~ N(0, 1) from the seed: a
// push-forward whose band at every entry is that of N(0, scale^2 (1 + |d|)^2).
func members(test []hyperelastic.Sample, n int, scale float64, seed uint64) hyperelastic.Predictions {
	rng := rand.New(rand.NewPCG(nuts.ChainSeed(seed, 77)))
	out := make(hyperelastic.Predictions, n)
	for j := range out {
		z := scale * rng.NormFloat64()
		for _, s := range test {
			p := s.STrue
			for k := range 3 {
				p[k] += z * (1 + math.Abs(s.D))
			}
			out[j] = append(out[j], p)
		}
	}
	return out
}

// TestBandRatioIsUnbiasedForPosteriorDraws: when the "Stein ensemble" is
// N independent draws of the reference's own distribution, the ratio to
// stand-ins of N draws scatters around 1 at every N (its median over the
// repetitions within 0.06) and its 90% interval covers 1 in 78-99% of 100
// repetitions at N = 10, while the ratio to all draws sits at the
// small-sample bias of the type-7 band (mean 0.785 at N = 10, 0.970 at
// N = 100, normal draws), which it must not be confused with.
func TestBandRatioIsUnbiasedForPosteriorDraws(t *testing.T) {
	if testing.Short() {
		t.Skip("130 comparisons with bootstrap: seconds")
	}
	test := path()
	ref := members(test, 1000, 1, 1)
	for _, c := range []struct {
		n, reps  int
		allBias  float64
		coverage bool
	}{{10, 100, 0.785, true}, {100, 30, 0.970, false}} {
		var ratios []float64
		var meanAll float64
		covered := 0
		reps := float64(c.reps)
		for s := range uint64(c.reps) {
			r, err := Predictions(members(test, c.n, 1, 100+s), ref, test, Options{Bootstrap: 200, Seed: s})
			if err != nil {
				t.Fatal(err)
			}
			ratios = append(ratios, r.Band90Ratio.Estimate)
			meanAll += r.Band90RatioAll.Estimate / reps
			if r.Band90Ratio.Lo <= 1 && 1 <= r.Band90Ratio.Hi {
				covered++
			}
		}
		share := float64(covered) / reps
		slices.Sort(ratios)
		med := ratios[len(ratios)/2]
		t.Logf("N = %d: median band90_ratio %.3f, mean band90_ratio_all %.3f, interval covers 1 in %.0f%%", c.n, med, meanAll, 100*share)
		if math.Abs(med-1) > 0.06 || math.Abs(meanAll-c.allBias) > 0.05 {
			t.Errorf("N = %d: median ratio %.3f (want 1 +- 0.06), mean ratio to all draws %.3f (want %.3f +- 0.05)", c.n, med, meanAll, c.allBias)
		}
		if c.coverage && (share < 0.78 || share > 0.99) {
			t.Errorf("N = %d: the 90%% interval covers 1 in %.0f%% of the repetitions, want 78-99%%", c.n, 100*share)
		}
	}
}

// TestBandRatioOfANarrowEnsemble: an ensemble half as wide as the
// reference has band ratios near 0.5 inside their intervals, and a W1
// between the push-forwards near its closed form: for N(0, 1/4) and
// N(0, 1) scaled by s = 1 + |d|, W1 = s/2 E|Z| = s/2 sqrt(2/pi) per entry.
func TestBandRatioOfANarrowEnsemble(t *testing.T) {
	test := path()
	r, err := Predictions(members(test, 100, 0.5, 3), members(test, 2000, 1, 4), test, Options{Bootstrap: 300, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	var want float64
	for _, s := range test {
		if math.Abs(s.D) <= hyperelastic.TrainingDelta {
			want += 3 * (1 + math.Abs(s.D)) / 2 * math.Sqrt(2/math.Pi)
		}
	}
	t.Logf("%+v", r)
	for name, e := range map[string]Estimate{"band90_ratio": r.Band90Ratio, "band50_ratio": r.Band50Ratio} {
		if !(e.Lo <= e.Estimate && e.Estimate <= e.Hi) || math.Abs(e.Estimate-0.5) > 0.1 || !(e.Lo <= 0.5 && 0.5 <= e.Hi+0.02) {
			t.Errorf("%s = %v, want about 0.5 inside its interval", name, e)
		}
	}
	if e := r.W1InRange; math.Abs(e.Estimate-want) > 0.15*want || !(e.Lo < e.Estimate && e.Estimate < e.Hi) {
		t.Errorf("w1_in_range = %v, want about %.3f", e, want)
	}
	if r.Entries != 15 || r.InRangePoints != 5 || r.Members != 100 || r.ReferenceDraws != 2000 {
		t.Errorf("counts: %d entries, %d points, %d members, %d draws", r.Entries, r.InRangePoints, r.Members, r.ReferenceDraws)
	}
}

// TestPredictionsDeterministic: the same seed gives the same result with
// one worker or four; another seed other intervals.
func TestPredictionsDeterministic(t *testing.T) {
	test := path()
	stein, ref := members(test, 10, 0.7, 5), members(test, 300, 1, 6)
	run := func(seed uint64, workers int) *Result {
		r, err := Predictions(stein, ref, test, Options{Bootstrap: 150, Seed: seed, Workers: workers})
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	if a, b := run(1, 1), run(1, 4); !reflect.DeepEqual(a, b) {
		t.Errorf("one worker %+v, four %+v", a, b)
	}
	if a, b := run(1, 0), run(2, 0); a.Band90Ratio.Lo == b.Band90Ratio.Lo {
		t.Error("seeds 1 and 2 gave the same interval")
	}
}

// TestPredictionsRefusesBadInput: every refusal names what is wrong; those
// of ensembles that cannot be compared wrap ErrMismatch, the others not.
func TestPredictionsRefusesBadInput(t *testing.T) {
	test := path()
	good := members(test, 10, 1, 1)
	nan := members(test, 10, 1, 2)
	nan[3][2][1] = math.NaN()
	for _, c := range []struct {
		stein, ref hyperelastic.Predictions
		test       []hyperelastic.Sample
		o          Options
		want       string
		mismatch   bool
	}{
		{good, members(test, 5, 1, 3), test, DefaultOptions(), "5 reference draws for 10 Stein members", true},
		{good[:1], good, test, DefaultOptions(), "1 Stein members", true},
		{nan, good, test, DefaultOptions(), "member 3, point 2, component 1 is NaN", false},
		{good, good, test[:3], DefaultOptions(), "member 0 predicts 7 points, the test path has 3", false},
		{good, good, test, Options{Bootstrap: 10}, "bootstrap replicates = 10", false},
		{good, good, test, Options{Bootstrap: 100, Workers: -1}, "workers = -1", false},
	} {
		_, err := Predictions(c.stein, c.ref, c.test, c.o)
		if err == nil || !strings.Contains(err.Error(), c.want) || errors.Is(err, ErrMismatch) != c.mismatch {
			t.Errorf("error %v, want one with %q (ErrMismatch: %v)", err, c.want, c.mismatch)
		}
	}
}

// TestBandRatioIgnoresAFewExtremeDraws: 1% of the reference draws predict
// stresses 1000 times too far out (as posterior draws of a network can,
// between the training points); the band ratio to stand-ins of 10 draws
// stays that of the rest within 10%, and its interval about as wide
// (within 20%), while the plain W1 grows by more
// than 20 times the central one.
func TestBandRatioIgnoresAFewExtremeDraws(t *testing.T) {
	test := path()
	stein, ref := members(test, 10, 1, 8), members(test, 1000, 1, 9)
	clean, err := Predictions(stein, ref, test, Options{Bootstrap: 300, Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	for j := 0; j < len(ref); j += 100 {
		for m := range ref[j] {
			for k := range 3 {
				ref[j][m][k] = test[m].STrue[k] + 1000*(ref[j][m][k]-test[m].STrue[k])
			}
		}
	}
	wild, err := Predictions(stein, ref, test, Options{Bootstrap: 300, Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("clean %v, with 1%% extreme draws %v; W1 %v, central %v", clean.Band90Ratio, wild.Band90Ratio, wild.W1InRange, wild.W1Central90InRange)
	if r := wild.Band90Ratio.Estimate / clean.Band90Ratio.Estimate; math.Abs(r-1) > 0.1 {
		t.Errorf("band90_ratio %v with the extreme draws, %v without", wild.Band90Ratio, clean.Band90Ratio)
	}
	if r := (wild.Band90Ratio.Hi / wild.Band90Ratio.Lo) / (clean.Band90Ratio.Hi / clean.Band90Ratio.Lo); math.Abs(r-1) > 0.2 {
		t.Errorf("interval %v with the extreme draws, %v without: want about as wide", wild.Band90Ratio, clean.Band90Ratio)
	}
	if !(wild.W1InRange.Estimate > 20*wild.W1Central90InRange.Estimate) {
		t.Errorf("W1 %v, central %v: want the extreme draws to dominate the plain W1", wild.W1InRange, wild.W1Central90InRange)
	}
}

package calibration

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"github.com/csvgd/csvgd-go/csvgd/metrics"
)

// Entry is one stress component at one test point.
type Entry struct{ Point, Component int }

// Entries are the entries that coverage counts: the components with a
// non-zero true stress at the test points inside the training range,
// |d| <= [hyperelastic.TrainingDelta].
func Entries(test []hyperelastic.Sample) []Entry {
	var out []Entry
	for _, m := range hyperelastic.WithinRange(test, hyperelastic.TrainingDelta) {
		for k, s := range test[m].STrue {
			if s != 0 {
				out = append(out, Entry{m, k})
			}
		}
	}
	return out
}

// freshStream is the PCG stream of the fresh observations, distinct from
// both streams of [hyperelastic.Generate], so that no seed reproduces the
// noise of the data.
const freshStream = 0x4672657368536565 // "FreshSee"

// Fresh draws new noisy observations of the test points at the noise
// level: [hyperelastic.AddNoise] of the true stress, from the PCG stream
// (seed, freshStream), one draw of 6 normals per point in order.
func Fresh(test []hyperelastic.Sample, noise float64, seed uint64) []hyperelastic.Stress {
	rng := rand.New(rand.NewPCG(seed, freshStream))
	out := make([]hyperelastic.Stress, len(test))
	for m, s := range test {
		out[m] = hyperelastic.AddNoise(s.STrue, noise, rng)
	}
	return out
}

// Report is the coverage of an ensemble at several levels.
type Report struct {
	Levels     []float64 // nominal levels, in (0, 1)
	Truth      []float64 // share of entries whose true stress lies inside the push-forward band
	Predictive []float64 // share of entries whose fresh observation lies inside the predictive interval
	Entries    int       // entries counted ([Entries])
}

// Calibrate measures the coverage of the ensemble's predictions pred at
// the test points: of the truth by the push-forward bands
// ([PushForwardBand]) and of the fresh observations obs ([point]) by the
// predictive intervals with noise sigma ([PredictiveInterval]). An
// observation y lies inside the central interval at level L exactly when
// its probability integral transform u = F(y) under the predictive
// satisfies |u - 1/2| <= L/2, which is how it is counted (one evaluation
// of F per entry for every level).
func Calibrate(pred hyperelastic.Predictions, test []hyperelastic.Sample, obs []hyperelastic.Stress, sigma float64, levels []float64) (Report, error) {
	if err := checkPredictions(pred); err != nil {
		return Report{}, err
	}
	if len(pred[0]) != len(test) || len(obs) != len(test) {
		return Report{}, fmt.Errorf("calibration: %d predicted points and %d observations for %d test points", len(pred[0]), len(obs), len(test))
	}
	if !(sigma > 0) || math.IsInf(sigma, 0) {
		return Report{}, fmt.Errorf("calibration: sigma = %v must be finite and > 0", sigma)
	}
	for _, l := range levels {
		if err := checkLevel(l); err != nil {
			return Report{}, err
		}
	}
	entries := Entries(test)
	if len(entries) == 0 {
		return Report{}, fmt.Errorf("calibration: no test point inside the training range |d| <= %g", hyperelastic.TrainingDelta)
	}
	r := Report{Levels: slices.Clone(levels), Truth: make([]float64, len(levels)), Predictive: make([]float64, len(levels)), Entries: len(entries)}
	vals := make([]float64, len(pred))
	for _, e := range entries {
		for j, p := range pred {
			vals[j] = p[e.Point][e.Component]
		}
		if !finite(vals) || math.IsNaN(obs[e.Point][e.Component]) {
			return Report{}, fmt.Errorf("calibration: test point %d, component %d: a prediction or the observation is not finite", e.Point, e.Component)
		}
		slices.Sort(vals)
		u := mixtureCDF(vals, sigma, obs[e.Point][e.Component])
		truth := test[e.Point].STrue[e.Component]
		for i, l := range levels {
			lo, hi := metrics.CentralQuantiles(l)
			if metrics.QuantileSorted(vals, lo) <= truth && truth <= metrics.QuantileSorted(vals, hi) {
				r.Truth[i]++
			}
			if math.Abs(u-0.5) <= l/2 {
				r.Predictive[i]++
			}
		}
	}
	for i := range levels {
		r.Truth[i] /= float64(len(entries))
		r.Predictive[i] /= float64(len(entries))
	}
	return r, nil
}

// finite reports whether every value is a finite number.
func finite(vs []float64) bool {
	for _, v := range vs {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return false
		}
	}
	return true
}

package train

import (
	"fmt"
	"math/rand/v2"

	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"github.com/csvgd/csvgd-go/csvgd/metrics"
)

// NoiseFloor is the push-forward W1 that predictors with no error of their
// own score against the reference sample of the noisy truth
// ([ReferenceSample]): reference levels that the noise in the reference
// sets, not lower bounds. NoisyDraws scores below Truth, and an ensemble
// narrower than the data's spread can score below Truth too; the
// ensemble's W1 minus Truth is not the ensemble's own error but only a
// lower bound on it ([TruthW1]).
//
// A push-forward of the parameter posterior, p(S | x) = int delta(S -
// S_theta(x)) p(theta | D) d theta, carries the epistemic spread only;
// the reference sample is drawn from the noisy truth S_true (1 + s xi),
// the data's multiplicative noise. The model's posterior predictive is
// neither: it adds the likelihood's Gaussian N(0, sigma^2), one sigma at
// every noise level (docs/reading.md section 9), to each prediction, a
// convolution of the push-forward. Against the reference sample, even the
// exact noise-free truth (a posterior concentrated on it) scores W1 =
// E|S - S_true| = s |S_true| E|xi| per point and component: the Truth
// level. NoisyDraws is the W1 of n draws of the noisy truth itself (the
// data's distribution sampled as an ensemble of n would be), which adds
// the finite-sample error of n draws to the spread it matches.
type NoiseFloor struct {
	Truth, TruthIn           float64 // the noise-free truth as a single prediction: whole path, inside the training range
	NoisyDraws, NoisyDrawsIn float64 // n draws of the noisy truth as the predictions
	// TruthW1 is the truth's W1 point by point (its Sum is Truth): the
	// floor's curve along the test path.
	TruthW1 metrics.PushForward
}

// Excess is the part of an ensemble's W1, whole over the test path and in
// inside the training range, above the noise-free truth's floor: inside
// the range in - TruthIn, beyond it (whole - in) - (Truth - TruthIn).
// Unlike the raw sums it does not grow with the noise's scale |S| alone.
func (f NoiseFloor) Excess(whole, in float64) (inside, beyond float64) {
	return in - f.TruthIn, (whole - in) - (f.Truth - f.TruthIn)
}

// NoiseFloorW1 is the [NoiseFloor] of the test points test against the
// reference sample ref ([ReferenceSample] at the noise level noise), with
// n noisy draws per point from a PCG seeded with seed.
func NoiseFloorW1(test []hyperelastic.Sample, ref [][]hyperelastic.Stress, noise float64, n int, seed uint64) (NoiseFloor, error) {
	truth := hyperelastic.Predictions{make([]hyperelastic.Stress, len(test))}
	for p, s := range test {
		truth[0][p] = s.STrue
	}
	rng := rand.New(rand.NewPCG(seed, 0x9f1))
	draws := make(hyperelastic.Predictions, n)
	for a := range draws {
		draws[a] = make([]hyperelastic.Stress, len(test))
		for p, s := range test {
			draws[a][p] = hyperelastic.AddNoise(s.STrue, noise, rng)
		}
	}
	var f NoiseFloor
	for _, c := range []struct {
		pred      hyperelastic.Predictions
		whole, in *float64
	}{{truth, &f.Truth, &f.TruthIn}, {draws, &f.NoisyDraws, &f.NoisyDrawsIn}} {
		pf, err := metrics.PushForwardW1(c.pred, ref)
		if err != nil {
			return NoiseFloor{}, err
		}
		*c.whole, *c.in = pf.Sum, InRangeW1(pf, test)
		if c.whole == &f.Truth {
			f.TruthW1 = pf
		}
	}
	return f, nil
}

// TruthW1 is the push-forward W1 of the predictions pred ([particle][point])
// against the noise-free truth at the test points test, a point mass at
// S_true per point: W1(ensemble, delta_{S_true}) = (1/N) sum_a |S_a - S_true|
// per point and component, summed over the whole path (whole) and over the
// points inside the training range (in, [InRangeW1]).
//
// It is the ensemble's own error in the W1 sense, which the noise in the
// reference sample does not enter. The difference of the ensemble's W1 and
// the [NoiseFloor] Truth level against the same noisy reference is not this
// error: by the triangle inequality it is only a lower bound on it,
// W1(ens, ref) - W1(delta_{S_true}, ref) <= W1(ens, delta_{S_true}).
func TruthW1(pred hyperelastic.Predictions, test []hyperelastic.Sample) (whole, in float64, err error) {
	ref := make([][]hyperelastic.Stress, len(test))
	for p, s := range test {
		ref[p] = []hyperelastic.Stress{s.STrue}
	}
	pf, err := metrics.PushForwardW1(pred, ref)
	if err != nil {
		return 0, 0, fmt.Errorf("train: TruthW1: %w", err)
	}
	return pf.Sum, InRangeW1(pf, test), nil
}

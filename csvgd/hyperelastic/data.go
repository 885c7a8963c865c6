package hyperelastic

import (
	"fmt"
	"math"
	"math/rand/v2"
)

// Sample is one data point.
type Sample struct {
	Kinematics
	S     Stress  // the stress as used for training: noisy when the noise level > 0
	STrue Stress  // the truth's stress
	D     float64 // the test path parameter delta (0 for training points)
}

// DataConfig says how [Generate] makes the data of Sec. 5.2.
type DataConfig struct {
	Noise     float64  `json:"noise"`        // noise level s of [AddNoise] (0.1 = 10%)
	Seed      uint64   `json:"seed"`         // seed of both PCG streams (deformations and noise)
	NTrain    int      `json:"train_points"` // training points (80)
	NTest     int      `json:"test_points"`  // test points (1000)
	Delta     float64  `json:"delta"`        // training F = I + H, H's entries uniform on [-Delta, Delta] (0.2)
	TestRange float64  `json:"test_range"`   // test F = Path.F(d), d evenly spaced on [-TestRange, TestRange] (0.4)
	Path      TestPath `json:"test_path"`    // the test path: as printed (the default) or isochoric
}

// TrainingDelta is the half-width of the paper's training range: the
// entries of H in F = I + H are drawn in [-0.2, 0.2], so the test points
// with |d| <= 0.2 lie within the range of the training data and beyond it
// a model extrapolates ([WithinRange]).
const TrainingDelta = 0.2

// PaperData returns the configuration of Sec. 5.2 (80 training points with
// Delta = TrainingDelta, 1000 test points on [-0.4, 0.4]) at the given
// noise level and seed.
func PaperData(noise float64, seed uint64) DataConfig {
	return DataConfig{Noise: noise, Seed: seed, NTrain: 80, NTest: 1000, Delta: TrainingDelta, TestRange: 0.4}
}

// Validate returns an error naming the first bad value: the noise level must
// be finite and >= 0, NTrain >= 1, NTest >= 2, 0 < Delta <= 1 and
// 0 <= TestRange < 1 (so that 1 + d > 0 on the test path).
func (c DataConfig) Validate() error {
	switch {
	case !(c.Noise >= 0) || math.IsInf(c.Noise, 0):
		return fmt.Errorf("noise level = %v: need a finite level >= 0", c.Noise)
	case c.NTrain < 1:
		return fmt.Errorf("training points = %d: need at least 1", c.NTrain)
	case c.NTest < 2:
		return fmt.Errorf("test points = %d: need at least 2", c.NTest)
	case !(c.Delta > 0 && c.Delta <= 1):
		return fmt.Errorf("Delta = %v: need 0 < Delta <= 1", c.Delta)
	case !(c.TestRange >= 0 && c.TestRange < 1):
		return fmt.Errorf("test range = %v: need 0 <= range < 1", c.TestRange)
	case c.Path != PrintedPath && c.Path != IsochoricPath:
		return fmt.Errorf("test path %d: want printed or isochoric", int(c.Path))
	}
	return nil
}

// The two PCG streams of a seed: deformations and noise.
const (
	streamDeformation = 0x4879706572456c61 // "HyperEla"
	streamNoise       = 0x4e6f697365537472 // "NoiseStr"
)

// maxDraws bounds the redraws of one training F. With Delta < 1/3 no
// redraw ever happens: by Gershgorin every eigenvalue of I + H has a real
// part >= 1 - 3 Delta > 0, so det F > 0.
const maxDraws = 1000

// Generate returns the training and test sets of Sec. 5.2 for c.
//
// Training: F = I + H, H's 9 entries (row-major) Delta (2u - 1) with u
// uniform on [0, 1) from the deformation stream; an F with det F <= 0 or a
// non-finite truth stress is drawn again (never for Delta < 1/3). Test:
// F = c.Path.F(d) (as printed: diag(1+d, sqrt(1+d), sqrt(1+d))) with d_k = TestRange (2k - (NTest-1)) /
// (NTest-1), k = 0..NTest-1, symmetric about 0 and hitting both ends exactly.
// STrue is [Truth.Stress] of [PaperTruth]; S is STrue with [AddNoise] at level
// c.Noise from the noise stream, training points first, then test points.
// Because the two streams are separate, a seed gives the same deformations
// at every noise level.
func Generate(c DataConfig) (train, test []Sample, err error) {
	if err := c.Validate(); err != nil {
		return nil, nil, err
	}
	truth := PaperTruth()
	rngF := rand.New(rand.NewPCG(c.Seed, streamDeformation))
	train = make([]Sample, c.NTrain)
	for i := range train {
		train[i], err = drawTrainingSample(truth, c.Delta, rngF)
		if err != nil {
			return nil, nil, fmt.Errorf("training point %d: %w", i+1, err)
		}
	}
	test = make([]Sample, c.NTest)
	for i := range test {
		d := c.TestRange * float64(2*i-(c.NTest-1)) / float64(c.NTest-1)
		k, err := NewKinematics(c.Path.F(d))
		if err != nil {
			return nil, nil, fmt.Errorf("test point %d (d = %v): %w", i+1, d, err)
		}
		test[i] = Sample{Kinematics: k, STrue: truth.Stress(k), D: d}
		if !test[i].STrue.Finite() {
			return nil, nil, fmt.Errorf("test point %d (d = %v): truth stress %v is not finite", i+1, d, test[i].STrue)
		}
	}
	rngNoise := rand.New(rand.NewPCG(c.Seed, streamNoise))
	for _, set := range [][]Sample{train, test} {
		for i := range set {
			set[i].S = AddNoise(set[i].STrue, c.Noise, rngNoise)
		}
	}
	return train, test, nil
}

// RandomDeformation draws F = I + H with the entries of H uniform on
// [-delta, delta], as the training points of Sec. 5.2 (det F may be <= 0
// for delta >= 1/3: [NewKinematics] rejects such F).
func RandomDeformation(delta float64, rng *rand.Rand) [9]float64 {
	var F [9]float64
	for j := range F {
		// The conversion forbids fusing with the += below, so that F is
		// bit-identical on every platform.
		F[j] = float64(delta * (2*rng.Float64() - 1))
		if j%4 == 0 { // the diagonal: 0, 4, 8
			F[j] += 1
		}
	}
	return F
}

// RandomKinematics draws n admissible deformations with [RandomDeformation].
func RandomKinematics(n int, delta float64, rng *rand.Rand) ([]Kinematics, error) {
	ks := make([]Kinematics, 0, n)
	for draws := 0; len(ks) < n; draws++ {
		if draws == maxDraws*n {
			return ks, fmt.Errorf("hyperelastic: only %d admissible F = I + H in %d draws at Delta = %v", len(ks), draws, delta)
		}
		if k, err := NewKinematics(RandomDeformation(delta, rng)); err == nil {
			ks = append(ks, k)
		}
	}
	return ks, nil
}

// drawTrainingSample draws F = I + H until F is admissible.
func drawTrainingSample(truth Truth, delta float64, rng *rand.Rand) (Sample, error) {
	for range maxDraws {
		k, err := NewKinematics(RandomDeformation(delta, rng))
		if err != nil {
			continue
		}
		s := truth.Stress(k)
		if !s.Finite() {
			continue
		}
		return Sample{Kinematics: k, STrue: s}, nil
	}
	return Sample{}, fmt.Errorf("no admissible F = I + H in %d draws at Delta = %v", maxDraws, delta)
}

// WithinRange returns the indices of the samples whose test path parameter
// satisfies |D| <= delta: with delta = [TrainingDelta], the test points
// inside the range of the training data (beyond it a model extrapolates).
func WithinRange(samples []Sample, delta float64) []int {
	var out []int
	for i, s := range samples {
		if math.Abs(s.D) <= delta {
			out = append(out, i)
		}
	}
	return out
}

// TrueStresses returns the truth's stresses of the samples, in their order.
func TrueStresses(samples []Sample) []Stress {
	out := make([]Stress, len(samples))
	for i, s := range samples {
		out[i] = s.STrue
	}
	return out
}

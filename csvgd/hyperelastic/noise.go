package hyperelastic

import "math/rand/v2"

// AddNoise returns s with multiplicative noise of the given level
// (docs/reading.md section 6's reading of eq. datasamples, "s eps S with
// eps ~ N(1, I)"):
//
//	S_noisy_i = S_i (1 + level xi_i),   xi_i ~ N(0, 1) independent,
//
// so each component keeps its mean and has standard deviation
// level |S_i|: level 0.1 is 10% noise. It draws 6 normals from rng in the
// order of [ComponentNames] whatever the level, so a stream gives the same xi at
// every level; level 0 returns s unchanged.
func AddNoise(s Stress, level float64, rng *rand.Rand) Stress {
	var out Stress
	for i := range s {
		xi := rng.NormFloat64()
		out[i] = s[i] * (1 + level*xi)
	}
	return out
}

package metrics

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/csvgd/csvgd-go/csvgd/icnn"
)

// ModeHeight is the height, relative to the highest, that a local maximum
// of a density must reach to count as a mode in [Modes]: lower bumps (one
// particle far from the others) are noise of the estimate, not modes.
const ModeHeight = 0.1

// Modes is the number of modes of the Gaussian kernel density estimate of
// vals with bandwidth h > 0 (the estimate of Fig. weight_distributions,
// [DensityCurve]): its local maxima on DensityPoints evenly spaced points
// from DensityReach bandwidths below the smallest value to as far above
// the largest, at least ModeHeight times the highest ([ModePositions]).
// The grid is finer than a quarter bandwidth whenever the values span
// less than 90 bandwidths, so that no mode of the estimate falls between
// its points. Modes is 0 for no values.
func Modes(vals []float64, h float64) int {
	if len(vals) == 0 || !(h > 0) {
		return 0
	}
	return len(ModePositions(DensityCurve(vals, h)))
}

// ModePositions are the places of the modes of the density curve (xs,
// ys): its local maxima of at least ModeHeight times the highest, an end
// of the curve included when the curve falls away from it, and a plateau
// once (at its middle).
func ModePositions(xs, ys []float64) []float64 {
	if len(ys) == 0 {
		return nil
	}
	top := slices.Max(ys)
	var out []float64
	for i := 0; i < len(ys); {
		j := i // ys[i..j] is a plateau
		for j+1 < len(ys) && ys[j+1] == ys[i] {
			j++
		}
		rises := i == 0 || ys[i-1] < ys[i]
		falls := j+1 == len(ys) || ys[j+1] < ys[i]
		if rises && falls && ys[i] >= ModeHeight*top {
			out = append(out, (xs[i]+xs[j])/2)
		}
		i = j + 1
	}
	return out
}

// LayerModality counts, for the weight matrix W_k of [Modality], its
// entries, those whose densities Fig. weight_distributions draws (not
// narrow and zero-centred, [OmitDensity]) and, among those, the ones
// whose density across particles is unimodal.
type LayerModality struct {
	Layer    int // k, of W_k
	Entries  int // rows x columns
	Drawn    int // entries not omitted as narrow and zero-centred
	Unimodal int // drawn entries with exactly one mode
}

// Share is Unimodal / Drawn (NaN when nothing is drawn).
func (m LayerModality) Share() float64 {
	if m.Drawn == 0 {
		return math.NaN()
	}
	return float64(m.Unimodal) / float64(m.Drawn)
}

// Modality measures the paper's remark on Fig. weight_distributions ("most
// distributions are unimodal or bimodal with one peak at zero"): for each
// weight matrix W_k of arch and each of its entries, the Gaussian kernel
// density estimate of the entry's values across the particles, with the
// bandwidth and the omission rule of the figure ([WeightDensities]:
// Silverman's rule floored at 2% of the layer's largest |w|; entries whose
// mean and standard deviation are both below 5% of it omitted), and its
// number of [Modes]. An entry is unimodal when its estimate has one mode.
// The particles are in the node order they are given in: the measure
// tells how well that order aligns the particles (a node order that mixes
// different roles in one entry makes its density multimodal). The last
// element sums all layers (Layer -1).
//
// Modality fails as [CheckParticles] does: fewer than 2 particles, an
// invalid arch, a particle of the wrong length or a value that is not
// finite.
func Modality(arch icnn.Arch, particles [][]float64) ([]LayerModality, error) {
	if err := CheckParticles(arch, particles); err != nil {
		return nil, fmt.Errorf("modality: %w", err)
	}
	all := LayerModality{Layer: -1}
	var out []LayerModality
	for k := range arch.Layers() {
		drawn, size, _ := WeightDensities(arch, particles, k)
		m := LayerModality{Layer: k, Entries: size, Drawn: len(drawn)}
		for _, e := range drawn {
			if Modes(e.Values, e.Bandwidth) == 1 {
				m.Unimodal++
			}
		}
		all.Entries, all.Drawn, all.Unimodal = all.Entries+m.Entries, all.Drawn+m.Drawn, all.Unimodal+m.Unimodal
		out = append(out, m)
	}
	return append(out, all), nil
}

// NormalUnimodalRate is the yardstick of [Modality]'s shares: the fraction
// of trials samples of n independent standard normal values (drawn from a
// PCG seeded with seed) whose density estimate, with Silverman's bandwidth
// as Fig. weight_distributions takes it (without its floor), has one
// mode. For the ensemble sizes of the paper it is far below 1 (about a
// half for n = 10 or 20: the rule of thumb undersmooths small samples), so
// an entry's density can look multimodal however well the particles are
// aligned; shares are to be compared with each other and with this rate.
func NormalUnimodalRate(n, trials int, seed uint64) float64 {
	if n < 2 || trials < 1 {
		return math.NaN()
	}
	rng := rand.New(rand.NewPCG(seed, 0x30de))
	vals := make([]float64, n)
	one := 0
	for range trials {
		for i := range vals {
			vals[i] = rng.NormFloat64()
		}
		if Modes(vals, Silverman(vals)) == 1 {
			one++
		}
	}
	return float64(one) / float64(trials)
}

package metrics

import (
	"fmt"
	"math"

	"github.com/csvgd/csvgd-go/csvgd/ensemble"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
)

// The rules of the kernel density estimates of a weight matrix's entries
// across the particles, as Fig. weight_distributions, the weight
// explorer's views and [Modality] take them.
const (
	// DensityOmitFraction: an entry whose |mean| and standard deviation
	// across the particles are both below this fraction of its matrix's
	// largest |w| is omitted ([OmitDensity]).
	DensityOmitFraction = 0.05
	// DensityFloorFraction is the bandwidth's floor, as a fraction of the
	// matrix's largest |w| ([DensityBandwidth]).
	DensityFloorFraction = 0.02
	// zeroSpread: a matrix whose largest |w| is below this is all zero.
	zeroSpread = 1e-9
)

// CheckParticles is the input check of the weight densities: arch valid,
// at least 2 particles, each of arch.NumParams() finite values.
func CheckParticles(arch icnn.Arch, particles [][]float64) error {
	if err := arch.Validate(); err != nil {
		return err
	}
	if len(particles) < 2 {
		return fmt.Errorf("%d particles: need at least 2", len(particles))
	}
	return ensemble.CheckParticles(arch.Widths, particles)
}

// WeightSpread is the largest |w| of the weight matrix W_k of arch over
// the particles: the scale of the density rules.
func WeightSpread(arch icnn.Arch, particles [][]float64, k int) float64 {
	l := arch.Layers()[k]
	spread := 0.0
	for _, th := range particles {
		for _, v := range th[l.Offset : l.Offset+l.Rows*l.Cols] {
			spread = math.Max(spread, math.Abs(v))
		}
	}
	return spread
}

// OmitDensity is the omission rule of Fig. weight_distributions, which
// leaves out, as the paper does, narrow zero-centred distributions: the
// density of an entry whose values across the particles have the given
// mean and standard deviation sd, in a weight matrix whose largest |w| is
// spread, is omitted when |mean| and sd are both below
// DensityOmitFraction (5%) of spread (pruned and padded weights, near-zero
// ones), and always when the matrix is all zero.
func OmitDensity(mean, sd, spread float64) bool {
	return spread < zeroSpread || (math.Abs(mean) < DensityOmitFraction*spread && sd < DensityOmitFraction*spread)
}

// DensityBandwidth is the bandwidth of an entry's density: Silverman's
// rule of thumb ([Silverman]) of its values across the particles, floored
// at DensityFloorFraction (2%) of spread, the largest |w| of its matrix,
// so that entries on which the particles agree show as narrow peaks
// rather than spikes.
func DensityBandwidth(vals []float64, spread float64) float64 {
	return math.Max(Silverman(vals), DensityFloorFraction*spread)
}

// WeightEntry is one entry W_k[Row][Col] of a weight matrix across the
// particles, whose density is drawn.
type WeightEntry struct {
	Row, Col  int       // 0-based: the node of layer k+1 and that of layer k
	Values    []float64 // one per particle
	Mean, SD  float64   // across the particles ([MeanSD])
	MeanAbs   float64   // the mean |w| across the particles
	Bandwidth float64   // [DensityBandwidth]
}

// WeightDensities returns the entries of the weight matrix W_k of arch
// whose densities across the particles are drawn (those [OmitDensity]
// keeps), in row-major order, with the number of entries of W_k and its
// largest |w| ([WeightSpread]). The particles must pass [CheckParticles]
// and k must be a layer of arch.
func WeightDensities(arch icnn.Arch, particles [][]float64, k int) (drawn []WeightEntry, size int, spread float64) {
	n := len(particles)
	l := arch.Layers()[k]
	size = l.Rows * l.Cols
	spread = WeightSpread(arch, particles, k)
	for idx := range size {
		e := WeightEntry{Row: idx / l.Cols, Col: idx % l.Cols, Values: make([]float64, n)}
		for a, th := range particles {
			v := th[l.Offset+idx]
			e.Values[a] = v
			e.MeanAbs += math.Abs(v) / float64(n)
		}
		e.Mean, e.SD = MeanSD(e.Values)
		if OmitDensity(e.Mean, e.SD, spread) {
			continue
		}
		e.Bandwidth = DensityBandwidth(e.Values, spread)
		drawn = append(drawn, e)
	}
	return drawn, size, spread
}

// MatrixCensus counts the weights of one matrix W_k across the particles
// beside its density display: Active is the mean count per particle of
// entries with |w| >= threshold; Drawn the entries [WeightDensities]
// draws; OmittedLive the entries it leaves out that are live (|w| >=
// threshold) in more than half the particles; AtCutoff the entries whose
// mean |w| across the particles is at least cutoff, an absolute level
// common to every ensemble (unlike the display rule, relative to each
// matrix's largest |w|).
type MatrixCensus struct {
	Size, Drawn, OmittedLive, AtCutoff int
	Active                             float64
}

// CensusOf is the [MatrixCensus] of W_k of arch over particles (which must
// pass [CheckParticles]).
func CensusOf(arch icnn.Arch, particles [][]float64, k int, threshold, cutoff float64) MatrixCensus {
	n := len(particles)
	l := arch.Layers()[k]
	spread := WeightSpread(arch, particles, k)
	c := MatrixCensus{Size: l.Rows * l.Cols}
	vals := make([]float64, n)
	for idx := range c.Size {
		live, meanAbs := 0, 0.0
		for a, th := range particles {
			v := th[l.Offset+idx]
			vals[a] = v
			meanAbs += math.Abs(v) / float64(n)
			if math.Abs(v) >= threshold {
				live++
			}
		}
		c.Active += float64(live) / float64(n)
		if meanAbs >= cutoff {
			c.AtCutoff++
		}
		if m, sd := MeanSD(vals); OmitDensity(m, sd, spread) {
			if 2*live > n {
				c.OmittedLive++
			}
		} else {
			c.Drawn++
		}
	}
	return c
}

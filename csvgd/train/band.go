package train

import (
	"fmt"
	"math"

	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
)

// BandStats describes how an ensemble's push-forward band covers the
// noise-free truth inside the training range, |d| <= TrainingDelta.
//
// The band at a test point and stress component is the range, min to max,
// of the particles' predictions. It carries no observation noise: it is
// the push-forward of the parameters alone. A band that represents the
// posterior's uncertainty about the truth should hold the truth at most
// entries; Outside counts the entries where it does not. SDRatio sets the
// ensemble's spread beside the observation noise's: the mean over the
// entries of the particles' standard deviation (n - 1 in the denominator)
// over the mean of the noise's, s |S_true| (multiplicative noise,
// Sec. 5.2).
//
// Entries whose truth is zero (the shear components on the test path) are
// left out of both; Points and ZeroTruth say how many points the range
// holds and how many of their entries were left out, so that Entries +
// ZeroTruth = 6 Points.
type BandStats struct {
	Outside, Entries int     // entries (point, component) whose truth lies outside the min-max band, of those counted
	SDRatio          float64 // mean ensemble SD over mean noise SD
	Points           int     // test points inside the training range
	ZeroTruth        int     // entries of those points left out: their truth is zero
}

// OutsideShare is Outside over Entries (0 without entries).
func (b BandStats) OutsideShare() float64 {
	if b.Entries == 0 {
		return 0
	}
	return float64(b.Outside) / float64(b.Entries)
}

// BandStatsInRange is the [BandStats] of the predictions pred
// ([particle][point], at the test points test) against the noise-free
// truth, at noise level noise. Entries where the truth is zero (the shear
// components on the test path) are not counted.
func BandStatsInRange(pred hyperelastic.Predictions, test []hyperelastic.Sample, noise float64) (BandStats, error) {
	if len(pred) < 2 {
		return BandStats{}, fmt.Errorf("train: band of %d particles: want at least 2", len(pred))
	}
	for a, p := range pred {
		if len(p) != len(test) {
			return BandStats{}, fmt.Errorf("train: band: particle %d predicts %d points for %d test points", a, len(p), len(test))
		}
	}
	var b BandStats
	var sd, noiseSD float64
	n := float64(len(pred))
	for _, i := range hyperelastic.WithinRange(test, hyperelastic.TrainingDelta) {
		b.Points++
		for c, t := range test[i].STrue {
			if t == 0 {
				b.ZeroTruth++
				continue
			}
			lo, hi, m := math.Inf(1), math.Inf(-1), 0.0
			for _, p := range pred {
				v := p[i][c]
				lo, hi, m = math.Min(lo, v), math.Max(hi, v), m+v/n
			}
			var v2 float64
			for _, p := range pred {
				v2 += (p[i][c] - m) * (p[i][c] - m) / (n - 1)
			}
			b.Entries++
			if t < lo || t > hi {
				b.Outside++
			}
			sd += math.Sqrt(v2)
			noiseSD += noise * math.Abs(t)
		}
	}
	if noiseSD > 0 {
		b.SDRatio = sd / noiseSD
	}
	return b, nil
}

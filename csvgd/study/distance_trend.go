package study

import (
	"fmt"
	"math"
	"slices"

	"github.com/csvgd/csvgd-go/csvgd/metrics"
	"github.com/csvgd/csvgd-go/csvgd/train"
)

// DistanceTrend is how the inter-particle distances of eq. (distances)
// move over a run's history: the mean distance at the first record, at
// the record where it is largest and at the last, and the last record's
// closest pair.
type DistanceTrend struct {
	First, Peak, Last  float64 // mean distance over the pairs
	PeakIter, LastIter int
	PeakPhase          train.Phase // the peak record's side of a condensation at its iteration, if any
	LastPhase          train.Phase // the last record's side of a condensation at its iteration, if any
	Closest            float64     // the last record's smallest distance between two particles
}

// DistanceTrendOf reads the trend from the distance matrices of history
// (each record's Distances); an error when a record has none.
func DistanceTrendOf(history []train.Record) (DistanceTrend, error) {
	var t DistanceTrend
	if len(history) == 0 {
		return t, fmt.Errorf("study: no history")
	}
	means := make([]float64, len(history))
	for i, r := range history {
		if len(r.Distances) < 2 {
			return t, fmt.Errorf("study: the record at iteration %d has no distance matrix", r.Iter)
		}
		means[i] = metrics.MeanOfDistances(r.Distances)
	}
	last := history[len(history)-1]
	peak := argmax(means)
	t.First, t.Peak, t.Last = means[0], means[peak], means[len(means)-1]
	t.PeakIter, t.LastIter, t.PeakPhase, t.LastPhase = history[peak].Iter, last.Iter, history[peak].Condensation, last.Condensation
	t.Closest = slices.Min(pairValues(last.Distances))
	return t, nil
}

// String is the trend as the notebooks print it, with what it says: the
// particles end farther apart than they started, or closer, and how close
// the closest pair is to the mean.
func (t DistanceTrend) String() string {
	ends := "farther apart"
	if t.Last < t.First {
		ends = "closer"
	}
	return fmt.Sprintf("mean distance between particles %.3g at the start, largest %.3g at %s, %.3g at the end, %s; closest pair at the end %.3g: the particles end %s than they started (%.2f times their first mean distance), and the closest pair at %.2f of the final mean",
		t.First, t.Peak, recordAt(t.PeakIter, t.PeakPhase), t.Last, recordAt(t.LastIter, t.LastPhase), t.Closest, ends, t.Last/t.First, t.Closest/t.Last)
}

// recordAt names a record: "iteration N", with the side of a condensation at N
// when the record is one of its two.
func recordAt(iter int, phase train.Phase) string {
	if phase == train.NoCondensation {
		return fmt.Sprintf("iteration %d", iter)
	}
	return fmt.Sprintf("iteration %d (%s its condensation)", iter, phase)
}

// ScaleFreeTrend is the particles' dispersion relative to their size
// over a run: at each record, the mean distance between the particles
// (eq. distances) over their mean norm, r = mean_{a<b} d_ab / mean_a
// |theta_a|. The raw distance grows whenever every weight grows, as it
// does under the Stein flow here; r does not. For particles with no
// relation to each other (independent, of one scale) r is near sqrt 2;
// it falls as they become more similar.
type ScaleFreeTrend struct {
	FirstNorm, LastNorm float64     // mean particle norm at the first and the last record
	First, Last         float64     // r at the first and the last record
	Peak, Low           float64     // r at its largest and smallest over the records
	PeakIter, LowIter   int         // their iterations
	PeakPhase, LowPhase train.Phase // and their sides of a condensation
	PeakInterior        bool        // the largest r lies at a record strictly between the first and the last
	LastIter            int         // the last record's iteration
	LastPhase           train.Phase // and its side of a condensation
}

// ScaleFreeTrendOf reads [ScaleFreeTrend] from history: each record's
// distance matrix and particles (kept by Config.Keep); an error when a
// record has neither, or its particles are all zero.
func ScaleFreeTrendOf(history []train.Record) (ScaleFreeTrend, error) {
	var t ScaleFreeTrend
	if len(history) == 0 {
		return t, fmt.Errorf("study: no history")
	}
	r := make([]float64, len(history))
	norms := make([]float64, len(history))
	for i, rec := range history {
		if len(rec.Distances) < 2 || len(rec.Particles) < 2 {
			return t, fmt.Errorf("study: the record at iteration %d lacks its distances or its particles", rec.Iter)
		}
		for _, p := range rec.Particles {
			sq := 0.0
			for _, w := range p {
				sq += w * w
			}
			norms[i] += math.Sqrt(sq) / float64(len(rec.Particles))
		}
		if norms[i] == 0 {
			return t, fmt.Errorf("study: the particles at iteration %d are all zero", rec.Iter)
		}
		r[i] = metrics.MeanOfDistances(rec.Distances) / norms[i]
	}
	n := len(history) - 1
	peak, low := argmax(r), argmin(r)
	t.FirstNorm, t.LastNorm, t.First, t.Last = norms[0], norms[n], r[0], r[n]
	t.Peak, t.PeakIter, t.PeakPhase = r[peak], history[peak].Iter, history[peak].Condensation
	t.Low, t.LowIter, t.LowPhase = r[low], history[low].Iter, history[low].Condensation
	t.PeakInterior = peak > 0 && peak < n && r[peak] > r[0] && r[peak] > r[n]
	t.LastIter, t.LastPhase = history[n].Iter, history[n].Condensation
	return t, nil
}

// String is the trend as the notebooks print it.
func (t ScaleFreeTrend) String() string {
	return fmt.Sprintf("relative to their size: the mean particle norm grows %.2f times, from %.4g at the start to %.4g at the end, %s; the mean distance over the mean norm is %.2f at the start and %.2f at the end (%.2f times; about %.2f, the square root of 2, for unrelated particles), largest %.2f at %s, smallest %.2f at %s",
		t.LastNorm/t.FirstNorm, t.FirstNorm, t.LastNorm, recordAt(t.LastIter, t.LastPhase), t.First, t.Last, t.Last/t.First, math.Sqrt2, t.Peak, recordAt(t.PeakIter, t.PeakPhase), t.Low, recordAt(t.LowIter, t.LowPhase))
}

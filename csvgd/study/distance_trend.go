package study

import (
	"fmt"
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

package mvn

import (
	"errors"
	"math"
	"slices"

	"github.com/csvgd/csvgd-go/csvgd/stein"
)

// KSDReading is what the history of one run says about the kernel Stein
// discrepancy as a stopping signal, beside the Bhattacharyya distance and
// the ensemble's spread at the same iterations ([ReadKSD]).
type KSDReading struct {
	Level float64 // the KSD level asked about (for example the median KSD of exact samples)

	// ReachIter is the first recorded iteration with KSD <= Level (-1:
	// never); ReachBhattacharyya and ReachVariances are the ensemble's
	// Bhattacharyya distance and variances there.
	ReachIter          int
	ReachBhattacharyya float64
	ReachVariances     []float64

	// MinIter is the recorded iteration of the smallest KSD, MinKSD that
	// KSD; MinBhattacharyya and MinVariances the ensemble's there.
	MinIter          int
	MinKSD           float64
	MinBhattacharyya float64
	MinVariances     []float64

	// FinalKSD and FinalBhattacharyya are the last record's; SettleIter is
	// the first recorded iteration from which the Bhattacharyya distance
	// stays within a factor SettleFactor of its final value.
	FinalKSD, FinalBhattacharyya float64
	SettleIter                   int

	// LateMedianKSD is the median KSD over the second half of the records:
	// the level the KSD fluctuates about once the flow has settled.
	// LateMinKSD and LateMaxKSD are the smallest and largest KSD over the
	// same records: how far it fluctuates about that level.
	LateMedianKSD, LateMinKSD, LateMaxKSD float64
}

// SettleFactor is the factor within which [ReadKSD] counts the
// Bhattacharyya distance as settled at its final value.
const SettleFactor = 1.1

// ReadKSD reads the history h of a run (recorded with Config.Every > 0)
// against a KSD level: when the KSD first comes down to it, where the KSD
// is smallest, and, at both iterations, how far the ensemble's moments
// still are from the target's (the Bhattacharyya distance) and how wide it
// is (its variances), beside the iteration from which the Bhattacharyya
// distance has settled. On the Sec. 4 target at lambda = 0 the KSD comes
// down to the level of exact samples long before the moments settle, and
// is smallest while the ensemble is still narrow along theta_3: the KSD
// weighs a direction by the score, -P (theta - mu), whose theta_3
// component carries the precision P_33 = 0.0025.
func ReadKSD(h []HistoryPoint, level float64) (KSDReading, error) {
	if len(h) == 0 {
		return KSDReading{}, errors.New("mvn: read KSD: empty history")
	}
	r := KSDReading{Level: level, ReachIter: -1}
	min := 0
	for i, p := range h {
		if r.ReachIter < 0 && p.KSD <= level {
			r.ReachIter, r.ReachBhattacharyya, r.ReachVariances = p.Iter, p.Bhattacharyya, p.Variances
		}
		if p.KSD < h[min].KSD {
			min = i
		}
	}
	r.MinIter, r.MinKSD, r.MinBhattacharyya, r.MinVariances = h[min].Iter, h[min].KSD, h[min].Bhattacharyya, h[min].Variances
	last := h[len(h)-1]
	r.FinalKSD, r.FinalBhattacharyya = last.KSD, last.Bhattacharyya
	r.SettleIter = last.Iter
	for i := len(h) - 1; i >= 0; i-- {
		b := h[i].Bhattacharyya
		if math.IsNaN(b) || b > SettleFactor*last.Bhattacharyya || b < last.Bhattacharyya/SettleFactor {
			break
		}
		r.SettleIter = h[i].Iter
	}
	var late []float64
	for _, p := range h[len(h)/2:] {
		late = append(late, p.KSD)
	}
	slices.Sort(late)
	r.LateMinKSD, r.LateMaxKSD = late[0], late[len(late)-1]
	if n := len(late); n%2 == 1 {
		r.LateMedianKSD = late[n/2]
	} else {
		r.LateMedianKSD = (late[n/2-1] + late[n/2]) / 2
	}
	return r, nil
}

// KSDParts splits the V-statistic of [KSD] of the ensemble x into its
// diagonal and off-diagonal parts,
//
//	KSD^2 = 1/N^2 sum_a k_p(theta_a, theta_a) + 1/N^2 sum_{a != b} k_p(theta_a, theta_b),
//
// with the kernel [stein.DefaultIMQ] and the score of [PosteriorScore].
// For an independent exact sample the off-diagonal part has mean zero
// (Stein's identity), so the diagonal sets the floor of [KSDFloor]; a
// negative off-diagonal part is an ensemble spread more evenly over the
// target than independent draws.
func KSDParts(t Target, prior stein.Prior, x *stein.Ensemble) (diagonal, offDiagonal float64, err error) {
	k := stein.DefaultIMQ()
	if err := k.Validate(); err != nil {
		return 0, 0, err
	}
	rows := x.Rows()
	n := float64(len(rows))
	if len(rows) == 0 {
		return 0, 0, errors.New("mvn: KSD parts: no particles")
	}
	scores := make([][]float64, len(rows))
	for a, theta := range rows {
		scores[a] = PosteriorScore(t, prior, theta)
	}
	for a := range rows {
		for b := range rows {
			v := k.Stein(rows[a], rows[b], scores[a], scores[b]) / (n * n)
			if a == b {
				diagonal += v
			} else {
				offDiagonal += v
			}
		}
	}
	return diagonal, offDiagonal, nil
}

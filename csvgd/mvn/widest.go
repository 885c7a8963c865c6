package mvn

import (
	"cmp"
	"math"
	"slices"
)

// StartMeanAbs is the mean |theta_3| of the flow's initial draw N(0, 1)
// per coordinate, E|Z| = sqrt(2/pi).
var StartMeanAbs = math.Sqrt(2 / math.Pi)

// WidestRow compares, for one prior alpha and kernel beta of a survey at
// its largest lambda, the mean |theta_3| that the widest fixed bandwidth
// leaves with those of the narrower ones and with that of the initial draw
// ([StartMeanAbs]).
type WidestRow struct {
	Alpha, Beta, Lambda float64
	WidestGamma         float64
	Widest              float64 // mean |theta_3| with the widest gamma
	NarrowLo, NarrowHi  float64 // smallest and largest mean |theta_3| over the other gammas
}

// OverNarrow is the widest kernel's mean |theta_3| over the largest of the
// narrower kernels'.
func (w WidestRow) OverNarrow() float64 { return w.Widest / w.NarrowHi }

// OfStart is the widest kernel's mean |theta_3| over the initial draw's.
func (w WidestRow) OfStart() float64 { return w.Widest / StartMeanAbs }

// WidestAtLargestLambda reads the survey points pts (failed runs left
// out): for every (alpha, beta), in the order of first appearance, the row
// at the largest lambda. A kernel much wider than the ensemble gives every
// particle nearly the same force, so the prior can pull the ensemble's
// mean to theta_3 = 0 but hardly its spread; the rows say how much of the
// initial draw's mean |theta_3| the widest kernel keeps, prior by prior.
// Pairs with fewer than two bandwidths are left out.
func WidestAtLargestLambda(pts []SurveyPoint) []WidestRow {
	type key struct{ a, b float64 }
	var keys []key
	top := map[key]float64{}
	for _, p := range pts {
		if p.Error != "" {
			continue
		}
		k := key{p.Alpha, p.Beta}
		l, seen := top[k]
		if !seen {
			keys = append(keys, k)
		}
		if !seen || p.Lambda > l {
			top[k] = p.Lambda
		}
	}
	var out []WidestRow
	for _, k := range keys {
		var at []SurveyPoint
		for _, p := range pts {
			if p.Error == "" && p.Alpha == k.a && p.Beta == k.b && p.Lambda == top[k] {
				at = append(at, p)
			}
		}
		if len(at) < 2 {
			continue
		}
		slices.SortFunc(at, func(x, y SurveyPoint) int { return cmp.Compare(x.Gamma, y.Gamma) })
		w := at[len(at)-1]
		r := WidestRow{Alpha: k.a, Beta: k.b, Lambda: top[k], WidestGamma: w.Gamma, Widest: w.L1Theta3,
			NarrowLo: math.Inf(1), NarrowHi: math.Inf(-1)}
		for _, p := range at[:len(at)-1] {
			r.NarrowLo, r.NarrowHi = math.Min(r.NarrowLo, p.L1Theta3), math.Max(r.NarrowHi, p.L1Theta3)
		}
		out = append(out, r)
	}
	return out
}

package metrics

import (
	"fmt"
	"math"
	"slices"

	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
)

// PushForward holds the push-forward W1 of the paper's Sec. 5.3
// (docs/reading.md section 13): at each test point p and stress component c,
//
//	W1(p, c) = int |F_pred(p, c)(s) - F_ref(p, c)(s)| ds,
//
// the [Wasserstein1] distance between the ensemble's predictions at p (one
// per particle, the push-forward of the particles through the model) and
// a reference sample of the noisy truth at p.
type PushForward struct {
	PerPoint    [][hyperelastic.NumComponents]float64 // [point][component]
	PerPointSum []float64                             // sum over components, per point (the curve over the test path)
	Sum         float64                               // sum over points and components
}

// PushForwardW1 computes the push-forward W1 of the paper's Sec. 5.3 from
// pred, the ensemble's predictions ([particle][point]), and ref, the
// reference sample [point][draw]. The number of draws may
// differ from point to point and from the number of particles.
//
// It returns an error, naming the offending index, when there are no
// particles or no points, when a particle predicts a different number of
// points than ref holds, when a point has no reference draws, or when a
// value is NaN or infinite (a diverged particle must be reported, not
// averaged away).
func PushForwardW1(pred hyperelastic.Predictions, ref [][]hyperelastic.Stress) (PushForward, error) {
	if len(pred) == 0 {
		return PushForward{}, fmt.Errorf("metrics: PushForwardW1: no particles")
	}
	points := len(ref)
	if points == 0 {
		return PushForward{}, fmt.Errorf("metrics: PushForwardW1: no test points in the reference")
	}
	for a, pa := range pred {
		if len(pa) != points {
			return PushForward{}, fmt.Errorf("metrics: PushForwardW1: particle %d predicts %d points, the reference has %d", a, len(pa), points)
		}
		for p := range pa {
			for c, v := range pa[p] {
				if math.IsNaN(v) || math.IsInf(v, 0) {
					return PushForward{}, fmt.Errorf("metrics: PushForwardW1: particle %d, point %d, component %d: prediction %v", a, p, c, v)
				}
			}
		}
	}
	for p, rp := range ref {
		if len(rp) == 0 {
			return PushForward{}, fmt.Errorf("metrics: PushForwardW1: point %d has no reference draws", p)
		}
		for d := range rp {
			for c, v := range rp[d] {
				if math.IsNaN(v) || math.IsInf(v, 0) {
					return PushForward{}, fmt.Errorf("metrics: PushForwardW1: reference point %d, draw %d, component %d: value %v", p, d, c, v)
				}
			}
		}
	}

	out := PushForward{
		PerPoint:    make([][hyperelastic.NumComponents]float64, points),
		PerPointSum: make([]float64, points),
	}
	x := make([]float64, len(pred))
	var y []float64
	for p := range points {
		for c := range hyperelastic.NumComponents {
			for a := range pred {
				x[a] = pred[a][p][c]
			}
			y = y[:0]
			for _, r := range ref[p] {
				y = append(y, r[c])
			}
			slices.Sort(x)
			slices.Sort(y)
			w := wasserstein1Sorted(x, y)
			out.PerPoint[p][c] = w
			out.PerPointSum[p] += w
		}
		out.Sum += out.PerPointSum[p]
	}
	return out, nil
}

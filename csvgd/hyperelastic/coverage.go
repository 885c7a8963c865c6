package hyperelastic

import (
	"errors"
	"math"
)

// MeanNearestInvariants is how far the test points lie from the training
// data in the space of the network's inputs: the mean, over the test
// points whose path parameter satisfies |D| <= delta, of the Euclidean
// distance in (I1, I2, I3) from the point to its nearest training point.
// It says how far, not on which side of the training cloud a path runs
// ([PathPlacement] says that). It reports an error
// when there is no training point or no test point within delta.
func MeanNearestInvariants(test, train []Sample, delta float64) (float64, error) {
	if len(train) == 0 {
		return 0, errors.New("hyperelastic: no training points")
	}
	sum, n := 0.0, 0
	for _, i := range WithinRange(test, delta) {
		t := test[i].Kinematics
		near := math.Inf(1)
		for _, s := range train {
			d := math.Hypot(math.Hypot(t.I1-s.I1, t.I2-s.I2), t.I3-s.I3)
			near = math.Min(near, d)
		}
		sum, n = sum+near, n+1
	}
	if n == 0 {
		return 0, errors.New("hyperelastic: no test point within the range")
	}
	return sum / float64(n), nil
}

// Placement is where a test path lies against the training inputs in the
// (I1, J) plane of the data figure's panel (c): over the path's points
// with |D| <= delta, and for each the training inputs whose I1 lies within
// a window of it, Below of those Pairs have a smaller J than the path
// point. Share is Below/Pairs: near 1 the path runs along the cloud's top
// edge (above nearly all the training inputs beside it), near 0 along its
// bottom edge, near one half through its middle.
type Placement struct {
	Below, Pairs int
	Share        float64
}

// The bounds of [Placement.Where] (docs/reading.md section 7): a share of
// at least PlacementEdge (at most 1 - PlacementEdge) is an edge, one
// within PlacementMiddle of one half the middle.
const (
	PlacementEdge   = 0.9
	PlacementMiddle = 0.1
)

// Where says in words where the path runs: "along the top edge of the
// training inputs" for a share of at least [PlacementEdge], "along the
// bottom edge" for one of at most 1 - PlacementEdge, "through the middle"
// within [PlacementMiddle] of one half, and "inside the training inputs,
// above (below) their middle" otherwise.
func (p Placement) Where() string {
	switch {
	case p.Share >= PlacementEdge:
		return "along the top edge of the training inputs"
	case p.Share <= 1-PlacementEdge:
		return "along the bottom edge of the training inputs"
	case math.Abs(p.Share-0.5) <= PlacementMiddle:
		return "through the middle of the training inputs"
	case p.Share > 0.5:
		return "inside the training inputs, above their middle"
	default:
		return "inside the training inputs, below their middle"
	}
}

// PathPlacement is the [Placement] of the test points with |D| <= delta
// against the training inputs: for each such point, the training inputs
// with |I1 - I1(point)| <= window, and of those the ones with a smaller J
// than the point's. It reports an error when window is not positive, when
// no test point lies within delta, or when no training input lies within
// the window of any of them.
func PathPlacement(test, train []Sample, delta, window float64) (Placement, error) {
	if !(window > 0) || math.IsInf(window, 0) {
		return Placement{}, errors.New("hyperelastic: the I1 window must be a positive number")
	}
	in := WithinRange(test, delta)
	if len(in) == 0 {
		return Placement{}, errors.New("hyperelastic: no test point within the range")
	}
	var p Placement
	for _, i := range in {
		t := test[i].Kinematics
		for _, s := range train {
			if math.Abs(s.I1-t.I1) <= window {
				p.Pairs++
				if s.J < t.J {
					p.Below++
				}
			}
		}
	}
	if p.Pairs == 0 {
		return Placement{}, errors.New("hyperelastic: no training input within the I1 window of the path")
	}
	p.Share = float64(p.Below) / float64(p.Pairs)
	return p, nil
}

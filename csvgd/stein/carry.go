package stein

import (
	"fmt"
	"math"

	"github.com/gomlx/gomlx/core/tensors"
)

// carried are the particles a step of a flow starts from, on the device,
// with their pairwise values ([Flow.pairNodes]): the kernel's distances
// and the values the bandwidth's median is taken of (the same tensor
// unless the rule needs others). After a step they are the particles it
// returned, which x holds pending until something reads them.
type carried struct {
	x                  *Ensemble
	theta, dist, pairs *tensors.Tensor
}

// holds reports whether x still holds the carried particles: pending on
// the device, or brought back to Data and unchanged since, bit for bit.
func (c carried) holds(x *Ensemble) bool {
	if c.x != x || c.theta == nil || !sameShape(c.theta, x) {
		return false
	}
	if x.dev != nil {
		return x.dev.t == c.theta
	}
	same := false
	err := tensors.ConstFlatData(c.theta, func(flat []float64) { same = equalBits(flat, x.Data) })
	return err == nil && same
}

// release frees the carried tensors on the device, except the particles
// while an ensemble still holds them pending.
func (c carried) release() {
	if c.x == nil || c.x.dev == nil || c.x.dev.t != c.theta {
		release(c.theta)
	}
	if c.pairs != c.dist {
		release(c.pairs)
	}
	release(c.dist)
}

// input is what the step on x starts from: the carried particles when x
// still holds them, otherwise x's values, checked on the host and sent to
// the device, with their pairwise values computed there.
func (f *Flow) input(x *Ensemble) (carried, error) {
	if f.carry.holds(x) {
		return f.carry, nil
	}
	if err := x.Sync(); err != nil {
		return carried{}, fmt.Errorf("stein: iteration %d: %w", f.Iter, err)
	}
	if len(x.Data) != x.N*x.D {
		return carried{}, fmt.Errorf("stein: iteration %d: the ensemble holds %d values, want %d x %d", f.Iter, len(x.Data), x.N, x.D)
	}
	if !x.Finite() {
		return carried{}, f.nonFinite(InputParticles)
	}
	theta := x.Tensor()
	out, err := f.execute(f.distances, x, "distances", []any{theta})
	if err != nil {
		return carried{}, fmt.Errorf("stein: iteration %d: %w", f.Iter, err)
	}
	f.carry.release()
	f.carry = carried{x: x, theta: theta, dist: out[0], pairs: out[len(out)-1]}
	return f.carry, nil
}

// release frees tensors on the device now rather than at the next garbage
// collection, which sees only their small host-side handles. Errors are
// ignored: a tensor that cannot be freed is freed by the collector.
func release(ts ...*tensors.Tensor) {
	for _, t := range ts {
		if t != nil && t.Ok() {
			_ = t.FinalizeAll()
		}
	}
}

// equalBits reports whether a and b hold the same values, bit for bit (so
// that -0 differs from 0, and a NaN equals the same NaN).
func equalBits(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i, v := range a {
		if math.Float64bits(v) != math.Float64bits(b[i]) {
			return false
		}
	}
	return true
}

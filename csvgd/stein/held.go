package stein

import (
	. "github.com/gomlx/gomlx/core/graph" //nolint:revive // GoMLX graph DSL.
)

// Held is an optimizer that moves only some coordinates of each particle:
// its last state tensor is a mask, 1 where a coordinate moves and 0 where
// it is held, and the update is Optimizer's with the Stein direction set
// to zero on the held coordinates, whose values then stay what they were
// bit for bit:
//
//	theta'_ai = theta_ai + update(phi)_ai  where mask_ai = 1,
//	theta'_ai = theta_ai                   where mask_ai = 0.
//
// The mask travels with the optimizer state (it is returned unchanged), so
// that it is an input of the compiled steps and not a constant of the
// graph: a flow whose held coordinates change (the weights outside a
// condensed template, icnn.Embedding) runs on the graphs it compiled once.
// Optimizer's own state stays zero on held coordinates when it starts at
// zero there (every optimizer of this package maps a zero direction on a
// zero state to a zero state).
type Held struct{ Optimizer Optimizer }

// Name implements [Optimizer]: the name of the optimizer it wraps.
func (h Held) Name() string { return h.Optimizer.Name() }

// NumState implements [Optimizer]: the wrapped optimizer's state and the
// mask, last.
func (h Held) NumState() int { return h.Optimizer.NumState() + 1 }

// Update implements [Optimizer].
func (h Held) Update(theta, phi, iter *Node, state []*Node) (*Node, []*Node) {
	n := h.Optimizer.NumState()
	mask := state[n]
	moves := GreaterThan(mask, ZerosLike(mask))
	next, inner := h.Optimizer.Update(theta, Where(moves, phi, ZerosLike(phi)), iter, state[:n])
	return Where(moves, next, theta), append(inner, mask)
}

package nuts

import (
	"math"
	"math/rand/v2"
)

// span is a stretch of trajectory seen from outside: the momenta and
// velocities M^-1 p at its two ends in time (minus: earliest, plus:
// latest), the sum rho of its states' momenta and the log of the sum of
// its states' weights exp(H0 - H).
type span struct {
	pMinus, pPlus, vMinus, vPlus, rho []float64
	logW                              float64
}

// subtree is a span with the state proposed from it.
type subtree struct {
	span
	propose point
}

// builder builds the trajectory of one transition from the initial energy
// h0 with step size eps, and keeps its statistics.
type builder struct {
	dyn       *dynamics
	rng       *rand.Rand
	eps, h0   float64
	maxDeltaH float64
	leapfrogs int
	sumAccept float64 // sum over the states of min(1, exp(H0 - H))
	divergent bool
	at        []float64 // the position of the first diverging state
}

// build extends the trajectory from z (which it moves along) by 2^depth
// leapfrog steps in the direction sign (+1 forward, -1 backward in time).
// It returns false when the new subtree diverged or makes a U-turn; the
// caller then discards it.
func (b *builder) build(z *point, depth int, sign float64) (subtree, bool) {
	if depth == 0 {
		return b.leaf(z, sign)
	}
	first, ok := b.build(z, depth-1, sign)
	if !ok {
		return first, false
	}
	second, ok := b.build(z, depth-1, sign)
	if !ok {
		return second, false
	}
	t := subtree{propose: first.propose}
	if logW := logAddExp(first.logW, second.logW); b.rng.Float64() < math.Exp(second.logW-logW) {
		t.propose = second.propose
	}
	back, front := &first.span, &second.span
	if sign < 0 {
		back, front = front, back
	}
	var ok2 bool
	t.span, ok2 = join(back, front)
	return t, ok2
}

// leaf takes one leapfrog step from z and makes it a subtree of one state.
func (b *builder) leaf(z *point, sign float64) (subtree, bool) {
	b.dyn.leapfrog(z, sign*b.eps)
	b.leapfrogs++
	h := b.dyn.energy(z)
	if h-b.h0 > b.maxDeltaH { // also when h = +Inf: outside the support
		b.divergent = true
		b.at = append([]float64(nil), z.q...)
	}
	b.sumAccept += math.Min(1, math.Exp(b.h0-h))
	t := subtree{span: singleSpan(b.dyn, z), propose: z.clone()}
	t.logW = b.h0 - h
	return t, !b.divergent
}

// singleSpan is the span of the one state z, of weight 1.
func singleSpan(d *dynamics, z *point) span {
	p := append([]float64(nil), z.p...)
	v := d.velocity(make([]float64, len(p)), p)
	return span{pMinus: p, pPlus: p, vMinus: v, vPlus: v, rho: append([]float64(nil), p...)}
}

// join merges two adjacent spans, back (earlier in time) and front, and
// reports whether the merged span satisfies the generalised no-U-turn
// criterion, both as a whole and across the seam: back extended by the
// first state of front, and front extended by the last state of back.
func join(back, front *span) (span, bool) {
	s := span{
		pMinus: back.pMinus, vMinus: back.vMinus, pPlus: front.pPlus, vPlus: front.vPlus,
		rho: sum(back.rho, front.rho), logW: logAddExp(back.logW, front.logW),
	}
	ok := noUTurn(s.vMinus, s.vPlus, s.rho) &&
		noUTurn(back.vMinus, front.vMinus, sum(back.rho, front.pMinus)) &&
		noUTurn(back.vPlus, front.vPlus, sum(front.rho, back.pPlus))
	return s, ok
}

// noUTurn is the generalised criterion v_minus . rho > 0 and v_plus . rho > 0.
func noUTurn(vMinus, vPlus, rho []float64) bool {
	return dot(vMinus, rho) > 0 && dot(vPlus, rho) > 0
}

func dot(a, b []float64) float64 {
	var s float64
	for i := range a {
		s += a[i] * b[i]
	}
	return s
}

// sum returns a new slice a + b.
func sum(a, b []float64) []float64 {
	s := make([]float64, len(a))
	for i := range a {
		s[i] = a[i] + b[i]
	}
	return s
}

// logAddExp is log(exp(a) + exp(b)), exact when either is -Inf.
func logAddExp(a, b float64) float64 {
	if a < b {
		a, b = b, a
	}
	if math.IsInf(b, -1) {
		return a
	}
	return a + math.Log1p(math.Exp(b-a))
}

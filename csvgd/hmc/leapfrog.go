package hmc

import (
	"math"
	"math/rand/v2"
	"slices"

	"github.com/csvgd/csvgd-go/csvgd/nuts"
)

// batch is the chains' current states and the scratch of their
// proposals, integrated in lockstep with one batched evaluation per
// leapfrog step.
type batch struct {
	f       BatchDensity
	reflect []bool    // reflect[i]: coordinate i is kept at x_i >= 0
	invMass []float64 // diagonal of M^-1, shared by the chains
	rngs    []*rand.Rand

	x, g   [][]float64 // current positions and gradients
	lp     []float64   // current log densities
	qx, qg [][]float64 // proposals
	p      [][]float64 // momenta, at the proposal after a trajectory
	qlp    []float64
	h0     []float64 // the energy at the start of the trajectory
	active []bool    // chains still integrating (not diverged)
	// gradients counts the evaluations per chain.
	gradients []int
}

func newBatch(f BatchDensity, dim int, c Config) *batch {
	n := c.Chains()
	b := &batch{f: f, invMass: make([]float64, dim), lp: make([]float64, n), qlp: make([]float64, n), h0: make([]float64, n),
		active: make([]bool, n), gradients: make([]int, n)}
	for i := range b.invMass {
		b.invMass[i] = 1
	}
	if len(c.NonNegative) > 0 {
		b.reflect = make([]bool, dim)
		for _, i := range c.NonNegative {
			b.reflect[i] = true
		}
	}
	grid := func() [][]float64 {
		out := make([][]float64, n)
		for k := range out {
			out[k] = make([]float64, dim)
		}
		return out
	}
	b.x, b.g, b.qx, b.qg, b.p = grid(), grid(), grid(), grid(), grid()
	for k, x := range c.Init {
		copy(b.x[k], x)
		b.rngs = append(b.rngs, rand.New(rand.NewPCG(nuts.ChainSeed(c.Seed, k))))
	}
	return b
}

// chains is the number of chains.
func (b *batch) chains() int { return len(b.x) }

// evaluate sets lp and g at x for every chain; it reports the first
// chain whose log density or gradient is not finite (-1: none).
func (b *batch) evaluate() int {
	b.f.Eval(b.x, b.g, b.lp, nil)
	bad := -1
	for k := range b.x {
		b.gradients[k]++
		if !finite(b.lp[k], b.g[k]) && bad < 0 {
			bad = k
		}
	}
	return bad
}

// finite reports whether lp and every entry of g are finite.
func finite(lp float64, g []float64) bool {
	if math.IsNaN(lp) || math.IsInf(lp, 0) {
		return false
	}
	for _, v := range g {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return false
		}
	}
	return true
}

// kinetic is 1/2 p^T M^-1 p.
func (b *batch) kinetic(p []float64) float64 {
	var k float64
	for i, v := range p {
		k += b.invMass[i] * v * v
	}
	return k / 2
}

// trajectory draws a momentum for every chain, integrates steps leapfrog
// steps of size eps from the current states and returns, per chain, the
// acceptance probability of the end point and where the trajectory
// diverged (nil: it did not). The proposals are left in qx, qg, qlp and
// their momenta in p.
func (b *batch) trajectory(eps float64, steps int, maxEnergyError float64) (accept []float64, divergedAt [][]float64) {
	n := b.chains()
	accept, divergedAt = make([]float64, n), make([][]float64, n)
	for k := range n {
		for i := range b.p[k] {
			b.p[k][i] = b.rngs[k].NormFloat64() / math.Sqrt(b.invMass[i])
		}
		copy(b.qx[k], b.x[k])
		copy(b.qg[k], b.g[k])
		b.qlp[k] = b.lp[k]
		b.h0[k] = -b.lp[k] + b.kinetic(b.p[k])
		b.active[k] = true
	}
	for range steps {
		for k := range n {
			if b.active[k] {
				b.kick(k, eps/2)
				b.drift(k, eps)
			}
		}
		b.f.Eval(b.qx, b.qg, b.qlp, b.active)
		for k := range n {
			if !b.active[k] {
				continue
			}
			b.gradients[k]++
			if !finite(b.qlp[k], b.qg[k]) || b.energy(k)-b.h0[k] > maxEnergyError {
				b.active[k] = false
				divergedAt[k] = slices.Clone(b.qx[k])
				continue
			}
			b.kick(k, eps/2)
		}
	}
	for k := range n {
		if divergedAt[k] == nil {
			accept[k] = math.Min(1, math.Exp(b.h0[k]-b.energy(k)))
			if math.IsNaN(accept[k]) {
				accept[k] = 0
			}
		}
	}
	return accept, divergedAt
}

// energy is H at chain k's proposal; +Inf outside the support.
func (b *batch) energy(k int) float64 {
	h := -b.qlp[k] + b.kinetic(b.p[k])
	if math.IsNaN(h) {
		return math.Inf(1)
	}
	return h
}

// kick is p <- p + h grad log p(q) for chain k's proposal.
func (b *batch) kick(k int, h float64) {
	p, g := b.p[k], b.qg[k]
	for i := range p {
		p[i] += h * g[i]
	}
}

// drift is q <- q + eps M^-1 p for chain k's proposal, with the elastic
// reflection at 0 of the non-negative coordinates (package nuts, "Hard
// boundaries").
func (b *batch) drift(k int, eps float64) {
	q, p := b.qx[k], b.p[k]
	for i := range q {
		q[i] += eps * b.invMass[i] * p[i]
		if b.reflect != nil && b.reflect[i] && q[i] < 0 {
			q[i], p[i] = -q[i], -p[i]
		}
	}
}

// accept makes chain k's proposal its state when a uniform draw of its
// stream falls below a, and returns whether it did and the energy of
// the state it keeps.
func (b *batch) accept(k int, a float64) (bool, float64) {
	if b.rngs[k].Float64() < a {
		b.x[k], b.qx[k] = b.qx[k], b.x[k]
		b.g[k], b.qg[k] = b.qg[k], b.g[k]
		b.lp[k] = b.qlp[k]
		return true, -b.lp[k] + b.kinetic(b.p[k])
	}
	return false, b.h0[k]
}

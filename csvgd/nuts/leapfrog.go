package nuts

import (
	"math"
	"math/rand/v2"
)

// dynamics is the Hamiltonian H(q, p) = -log p(q) + 1/2 p^T M^-1 p with a
// diagonal mass matrix, its leapfrog integrator and the reflecting walls
// at q_i = 0 of the non-negative coordinates.
type dynamics struct {
	f         LogDensity
	invMass   []float64 // diagonal of M^-1
	reflect   []bool    // reflect[i]: coordinate i is constrained to q_i >= 0
	gradients int       // evaluations of f so far
}

func newDynamics(f LogDensity, dim int, nonNegative []int) *dynamics {
	d := &dynamics{f: f, invMass: make([]float64, dim)}
	for i := range d.invMass {
		d.invMass[i] = 1
	}
	if len(nonNegative) > 0 {
		d.reflect = make([]bool, dim)
		for _, i := range nonNegative {
			d.reflect[i] = true
		}
	}
	return d
}

// evaluate sets z.logp and z.grad at z.q.
func (d *dynamics) evaluate(z *point) {
	d.gradients++
	z.logp = evaluate(d.f, z.q, z.grad)
}

// kinetic is 1/2 p^T M^-1 p.
func (d *dynamics) kinetic(p []float64) float64 {
	var k float64
	for i, pi := range p {
		k += d.invMass[i] * pi * pi
	}
	return k / 2
}

// energy is H(z); +Inf outside the support.
func (d *dynamics) energy(z *point) float64 {
	h := -z.logp + d.kinetic(z.p)
	if math.IsNaN(h) {
		return math.Inf(1)
	}
	return h
}

// velocity writes M^-1 p into dst (the "sharp" momentum of the no-U-turn
// criterion) and returns it.
func (d *dynamics) velocity(dst, p []float64) []float64 {
	for i, pi := range p {
		dst[i] = d.invMass[i] * pi
	}
	return dst
}

// drawMomentum sets p ~ N(0, M): p_i = z_i / sqrt(M^-1_ii).
func (d *dynamics) drawMomentum(rng *rand.Rand, p []float64) {
	for i := range p {
		p[i] = rng.NormFloat64() / math.Sqrt(d.invMass[i])
	}
}

// leapfrog advances z by one step of size eps (negative: backward in
// time). Outside the support (z.logp = -Inf after the drift) the second
// half-kick is skipped, so the momentum stays finite.
func (d *dynamics) leapfrog(z *point, eps float64) {
	kick(z, eps/2)
	for i := range z.q {
		z.q[i] += eps * d.invMass[i] * z.p[i]
		if d.reflect != nil && d.reflect[i] && z.q[i] < 0 {
			z.q[i], z.p[i] = -z.q[i], -z.p[i]
		}
	}
	d.evaluate(z)
	if !math.IsInf(z.logp, -1) {
		kick(z, eps/2)
	}
}

// kick is the momentum update p <- p + h grad log p(q).
func kick(z *point, h float64) {
	for i, g := range z.grad {
		z.p[i] += h * g
	}
}

package nuts

import (
	"math"
	"math/rand/v2"
)

// dynamics is the Hamiltonian H(q, p) = -log p(q) + 1/2 p^T M^-1 p, its
// leapfrog integrator and the reflecting walls at q_i = 0 of the
// non-negative coordinates. M^-1 is diagonal (invMass) or, for the dense
// metric, the full matrix cov with its Cholesky factor chol (cov = L L^T,
// L lower triangular, both row-major); invMass is then cov's diagonal.
type dynamics struct {
	f         LogDensity
	invMass   []float64 // diagonal of M^-1
	cov, chol []float64 // dense metric: M^-1 and its Cholesky factor, d x d (nil: diagonal)
	reflect   []bool    // reflect[i]: coordinate i is constrained to q_i >= 0
	gradients int       // evaluations of f so far
	v         []float64 // scratch: the velocity of a drift
}

func newDynamics(f LogDensity, dim int, nonNegative []int) *dynamics {
	d := &dynamics{f: f, invMass: make([]float64, dim), v: make([]float64, dim)}
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
	if d.cov != nil {
		return dot(p, d.velocity(d.v, p)) / 2
	}
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
	if d.cov != nil {
		n := len(p)
		for i := range dst {
			dst[i] = dot(d.cov[i*n:(i+1)*n], p)
		}
		return dst
	}
	for i, pi := range p {
		dst[i] = d.invMass[i] * pi
	}
	return dst
}

// drawMomentum sets p ~ N(0, M): p_i = z_i / sqrt(M^-1_ii) for the
// diagonal metric, and the solution of L^T p = z for the dense one
// (then p^T M^-1 p = |z|^2: cov(p) = L^-T L^-1 = M).
func (d *dynamics) drawMomentum(rng *rand.Rand, p []float64) {
	if d.cov == nil {
		for i := range p {
			p[i] = rng.NormFloat64() / math.Sqrt(d.invMass[i])
		}
		return
	}
	for i := range p {
		p[i] = rng.NormFloat64()
	}
	n := len(p)
	for i := n - 1; i >= 0; i-- { // back substitution with L^T
		s := p[i]
		for j := i + 1; j < n; j++ {
			s -= d.chol[j*n+i] * p[j]
		}
		p[i] = s / d.chol[i*n+i]
	}
}

// leapfrog advances z by one step of size eps (negative: backward in
// time). Outside the support (z.logp = -Inf after the drift) the second
// half-kick is skipped, so the momentum stays finite.
func (d *dynamics) leapfrog(z *point, eps float64) {
	kick(z, eps/2)
	if d.cov != nil {
		if !d.denseDrift(z, eps) {
			d.gradients++
			z.logp = math.Inf(-1)
			return
		}
	} else {
		for i := range z.q {
			z.q[i] += eps * d.invMass[i] * z.p[i]
			if d.reflect != nil && d.reflect[i] && z.q[i] < 0 {
				z.q[i], z.p[i] = -z.q[i], -z.p[i]
			}
		}
	}
	d.evaluate(z)
	if !math.IsInf(z.logp, -1) {
		kick(z, eps/2)
	}
}

// denseDrift is the drift q <- q + eps M^-1 p of the dense metric, with
// elastic reflections at the walls: the straight flight stops where the
// first non-negative coordinate i reaches 0, the momentum is reflected in
// the metric,
//
//	p <- p - 2 (v_i / M^-1_ii) e_i,  so that  v <- v - 2 v_i M^-1 e_i / M^-1_ii
//
// (v = M^-1 p: v_i changes sign and p^T M^-1 p is unchanged), and the
// flight goes on for the rest of the step. This is the exact free flight
// in the orthant, reversible and volume-preserving; with a diagonal M^-1
// it is the reflection of the diagonal drift. It reports false when the
// flight bounces more than maxBounces times per coordinate within one
// step (a corner it cannot leave), which the caller treats as a state
// outside the support: a divergence.
func (d *dynamics) denseDrift(z *point, eps float64) bool {
	n := len(z.q)
	v := d.velocity(d.v, z.p)
	rest := 1.0 // share of the step still to fly
	for range maxBounces * n {
		hit, at := -1, rest
		for i, r := range d.reflect {
			if r && eps*v[i] < 0 {
				if s := -z.q[i] / (eps * v[i]); s < at {
					hit, at = i, s
				}
			}
		}
		for i := range z.q {
			z.q[i] += at * eps * v[i]
		}
		if hit < 0 {
			return true
		}
		z.q[hit] = 0
		rest -= at
		c := 2 * v[hit] / d.cov[hit*n+hit]
		z.p[hit] -= c
		for i := range v {
			v[i] -= c * d.cov[i*n+hit]
		}
	}
	return false
}

// maxBounces is the most reflections per coordinate in one dense drift.
const maxBounces = 10

// kick is the momentum update p <- p + h grad log p(q).
func kick(z *point, h float64) {
	for i, g := range z.grad {
		z.p[i] += h * g
	}
}

package stein

import (
	"fmt"
	"math"
)

// IMQ is the inverse multiquadric kernel
//
//	k(x, y) = (c^2 + |x - y|^2)^beta,  c > 0, beta in (-1, 0),
//
// with which the kernel Stein discrepancy detects non-convergence as well
// as convergence (Gorham and Mackey, "Measuring sample quality with
// kernels", ICML 2017, Thm. 8): unlike a Gaussian kernel's, its KSD does not
// vanish for samples that drift away. [DefaultIMQ] is their choice c = 1,
// beta = -1/2, used throughout this project.
type IMQ struct {
	C    float64 // scale c > 0
	Beta float64 // exponent beta in (-1, 0)
}

// DefaultIMQ is c = 1, beta = -1/2.
func DefaultIMQ() IMQ { return IMQ{C: 1, Beta: -0.5} }

// Validate reports a scale or an exponent out of range.
func (k IMQ) Validate() error {
	if !(k.C > 0) || math.IsInf(k.C, 0) {
		return fmt.Errorf("IMQ kernel scale c = %v must be finite and > 0", k.C)
	}
	if !(k.Beta > -1 && k.Beta < 0) {
		return fmt.Errorf("IMQ kernel exponent beta = %v must lie in (-1, 0)", k.Beta)
	}
	return nil
}

// Eval is k(x, y).
func (k IMQ) Eval(x, y []float64) float64 {
	var r2 float64
	for i := range x {
		r2 += (x[i] - y[i]) * (x[i] - y[i])
	}
	return math.Pow(k.C*k.C+r2, k.Beta)
}

// Stein is the Stein kernel of k for a density p with score s = grad log p,
// at x and y with scores sx = s(x), sy = s(y):
//
//	k_p(x, y) = s(x).s(y) k + s(x).grad_y k + s(y).grad_x k + tr(grad_x grad_y k).
//
// With r = x - y, q = c^2 + |r|^2 and d the dimension, grad_x k =
// 2 beta q^(beta-1) r = -grad_y k and tr(grad_x grad_y k) =
// -2 beta d q^(beta-1) - 4 beta (beta-1) q^(beta-2) |r|^2, so
//
//	k_p = q^beta s(x).s(y) + 2 beta q^(beta-1) r.(s(y) - s(x))
//	    - 2 beta d q^(beta-1) - 4 beta (beta-1) q^(beta-2) |r|^2.
func (k IMQ) Stein(x, y, sx, sy []float64) float64 {
	var r2, ss, rs float64
	for i := range x {
		r := x[i] - y[i]
		r2 += r * r
		ss += sx[i] * sy[i]
		rs += r * (sy[i] - sx[i])
	}
	return k.stein(r2, ss, rs, len(x))
}

// stein is k_p from |r|^2, s(x).s(y), r.(s(y) - s(x)) and the dimension d.
func (k IMQ) stein(r2, ss, rs float64, d int) float64 {
	q := k.C*k.C + r2
	qb1 := math.Pow(q, k.Beta-1) // q^(beta-1)
	b := k.Beta
	return q*qb1*ss + 2*b*qb1*rs - 2*b*float64(d)*qb1 - 4*b*(b-1)*qb1/q*r2
}

// KSD is the kernel Stein discrepancy of the particles (N points of the
// same dimension) to the density whose score at each particle is given in
// scores, with the kernel k: the square root of the V-statistic
//
//	KSD^2 = 1/N^2 sum_{a,b} k_p(x_a, x_b),
//
// of the Stein kernel k_p ([IMQ.Stein]). It is zero in the limit of an
// exact sample of the density and grows as the particles move away from
// it; it needs only the particles and their scores, no normalising
// constant. For SVGD it is the rate at which a step of the flow can lower
// the KL divergence: with the step's kernel k in place of the IMQ one,
// -d/d eps KL(q_[eps] || p) = KSD_k(q, p)^2 at eps = 0 for the optimal
// (SVGD) direction (Liu and Wang 2016, Thm. 3.3); the IMQ kernel gives a
// measure that does not depend on the flow's bandwidth. The V-statistic
// of a positive definite kernel is >= 0 (rounding below 0 is clamped);
// with a finite sample it keeps a positive bias of order 1/sqrt(N).
//
// KSD is computed on the host in float64, in O(N^2 d). It fails on an
// invalid kernel, no particles, particles and scores of differing shapes,
// or a value that is not finite.
func KSD(particles, scores [][]float64, k IMQ) (float64, error) {
	n, _, err := checkKSDInput(particles, scores, k)
	if err != nil {
		return 0, err
	}
	var sum float64
	for a := range n {
		for b := a; b < n; b++ {
			v := k.Stein(particles[a], particles[b], scores[a], scores[b])
			if b > a {
				v *= 2 // k_p is symmetric
			}
			sum += v
		}
	}
	return math.Sqrt(math.Max(sum/float64(n*n), 0)), nil
}

// checkKSDInput is the check of [KSD]'s and [KSDPartsOf]'s input: a valid
// kernel, at least one particle, a score of the same shape for each and
// finite values; it returns the particles' number n and dimension d.
func checkKSDInput(particles, scores [][]float64, k IMQ) (n, d int, err error) {
	if err := k.Validate(); err != nil {
		return 0, 0, err
	}
	n = len(particles)
	if n == 0 || len(scores) != n {
		return 0, 0, fmt.Errorf("stein: KSD of %d particles with %d scores", n, len(scores))
	}
	d = len(particles[0])
	for a := range particles {
		if len(particles[a]) != d || len(scores[a]) != d {
			return 0, 0, fmt.Errorf("stein: KSD: particle %d has %d components and %d scores, particle 0 has %d", a, len(particles[a]), len(scores[a]), d)
		}
		for i := range d {
			if v, s := particles[a][i], scores[a][i]; math.IsNaN(v+s) || math.IsInf(v+s, 0) {
				return 0, 0, fmt.Errorf("stein: KSD: particle %d component %d = %v, score %v: not finite", a, i, v, s)
			}
		}
	}
	return n, d, nil
}

// KSDDimensionFloor is the level that the trace term of the Stein
// kernel's diagonal alone gives the KSD ([KSD]) of n particles in d
// dimensions, whatever their scores and however well they fit:
//
//	sqrt(-2 beta c^(2 beta - 2) d / n)   (= sqrt(d/n) for DefaultIMQ).
//
// It is a reference level, not a bound. On the diagonal r = 0, so
// [IMQ.Stein] gives k_p(x, x) = c^(2 beta) |s(x)|^2 - 2 beta d
// c^(2 beta - 2): the trace term tr(grad_x grad_y k) adds
// -2 beta c^(2 beta - 2) = 1 per dimension whatever the score. Then
// n KSD^2 = DiagTrace + DiagScore + OffTrace + OffScore ([KSDParts]),
// with DiagTrace = n floor^2. The off-diagonal terms carry the factors
// q^beta, q^(beta-1) and q^(beta-2)|r|^2 of q = c^2 + |x_a - x_b|^2,
// which fall as the particles move apart on the scale c; while they and
// the mean squared score stay small against d, the KSD lies near the
// level. It can lie above it (DiagScore >= 0, and OffTrace > 0 for
// d >= 3, which carries the factor d and so can make up most of
// n KSD^2 - d even where each pair's kernel is small) or below it (the
// off-diagonal score terms OffScore can be negative). For a network of
// d = 1020 weights and 10 particles the level is 10.1: a KSD that levels
// off there says how many weights the particles have, not how well they
// sample the posterior (docs/reading.md, "The KSD's dimension floor").
func KSDDimensionFloor(d, n int, k IMQ) float64 {
	return math.Sqrt(k.diagTrace(d) / float64(n))
}

// diagTrace is the trace term of the Stein kernel at r = 0 in d
// dimensions, tr(grad_x grad_y k)(x, x) = -2 beta c^(2 beta - 2) d.
func (k IMQ) diagTrace(d int) float64 {
	return -2 * k.Beta * math.Pow(k.C*k.C, k.Beta-1) * float64(d)
}

// KSDParts are the parts of N KSD^2 = 1/N sum_{a,b} k_p(x_a, x_b) ([KSD])
// by the terms of the Stein kernel ([IMQ.Stein]) and by whether a = b:
//
//	N KSD^2 = DiagTrace + DiagScore + OffTrace + OffScore.
//
// On the diagonal r = 0: DiagTrace = -2 beta c^(2 beta - 2) d (d for
// DefaultIMQ) and DiagScore = c^(2 beta) mean_a |s(x_a)|^2. Off it,
// OffTrace = 1/N sum_{a != b} tr(grad_x grad_y k)(x_a, x_b) depends on
// the pair distances |x_a - x_b| and d only ([OffDiagonalTrace]), and
// OffScore = 1/N sum_{a != b} (q^beta s_a.s_b + 2 beta q^(beta-1)
// r.(s_b - s_a)) holds the score terms.
type KSDParts struct {
	Particles            int
	DiagTrace, DiagScore float64
	OffTrace, OffScore   float64
}

// NKSD2 is N KSD^2, the sum of the parts.
func (p KSDParts) NKSD2() float64 { return p.DiagTrace + p.DiagScore + p.OffTrace + p.OffScore }

// KSDPartsOf splits N KSD^2 of the particles with their scores into the
// parts of [KSDParts]; it fails as [KSD] does.
func KSDPartsOf(particles, scores [][]float64, k IMQ) (KSDParts, error) {
	n, d, err := checkKSDInput(particles, scores, k)
	if err != nil {
		return KSDParts{}, err
	}
	p := KSDParts{Particles: n, DiagTrace: k.diagTrace(d)}
	for a := range n {
		var ss float64
		for _, v := range scores[a] {
			ss += v * v
		}
		p.DiagScore += math.Pow(k.C*k.C, k.Beta) * ss / float64(n)
		for b := range n {
			if b == a {
				continue
			}
			var r2, sab, rs float64
			for i := range d {
				r := particles[a][i] - particles[b][i]
				r2 += r * r
				sab += scores[a][i] * scores[b][i]
				rs += r * (scores[b][i] - scores[a][i])
			}
			tr := k.traceTerm(r2, d)
			p.OffTrace += tr / float64(n)
			p.OffScore += (k.stein(r2, sab, rs, d) - tr) / float64(n)
		}
	}
	return p, nil
}

// traceTerm is tr(grad_x grad_y k) at |x - y|^2 = r2 in d dimensions:
// -2 beta d q^(beta-1) - 4 beta (beta-1) q^(beta-2) r2 with q = c^2 + r2
// (= d q^(-3/2) - 3 r2 q^(-5/2) for DefaultIMQ, positive for d >= 3).
func (k IMQ) traceTerm(r2 float64, d int) float64 {
	return k.stein(r2, 0, 0, d)
}

// OffDiagonalTrace is the part OffTrace of [KSDParts] from the particles'
// pair distances alone: 1/N sum_{a != b} tr(grad_x grad_y k) at
// |x_a - x_b| = dist[a][b] in d dimensions. For DefaultIMQ each pair
// adds d q^(-3/2) - 3 |r|^2 q^(-5/2), q = 1 + |r|^2: it falls as the
// particles move apart, but carries the factor d, so that for a network
// of hundreds of weights it can outweigh the score terms while staying
// small against the diagonal's d. dist must be N x N (a training run's
// recorded pair distances); it fails otherwise, or on an invalid kernel.
func OffDiagonalTrace(dist [][]float64, d int, k IMQ) (float64, error) {
	if err := k.Validate(); err != nil {
		return 0, err
	}
	n := len(dist)
	if n == 0 {
		return 0, fmt.Errorf("stein: off-diagonal trace of no particles")
	}
	var sum float64
	for a, row := range dist {
		if len(row) != n {
			return 0, fmt.Errorf("stein: off-diagonal trace: distance row %d has %d entries, want %d", a, len(row), n)
		}
		for b, r := range row {
			if b != a {
				sum += k.traceTerm(r*r, d)
			}
		}
	}
	return sum / float64(n), nil
}

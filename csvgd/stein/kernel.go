package stein

import (
	"fmt"
	"math"

	. "github.com/gomlx/gomlx/core/graph" //nolint:revive // GoMLX graph DSL.
)

// Kernel is the beta-exponential kernel family of the paper's Sec. 3.2,
//
//	k(a, b) = exp(-|a - b|^beta / (gamma beta)),  |x|^beta = sum_i |x_i|^beta,
//
// with gradient in its first argument
//
//	grad_a k(a, b) = -(1/gamma) |a - b|^(beta-1) sign(a - b) k(a, b).
//
// beta = 2 is the RBF kernel; lower beta repels more strongly along the
// coordinate axes. The paper's eq. (prior_grad) writes exp(-gamma |.|^beta),
// which contradicts this definition; the definition is followed
// (docs/reading.md section 3).
//
// For beta <= 1 the factor |a_i - b_i|^(beta-1) sign(a_i - b_i) is undefined
// where a_i = b_i; it is set to 0 there, which makes the self term of the
// Stein sum zero as the paper defines (grad k(theta, theta) = 0). Pairwise
// differences are formed directly (never as |a|^2 + |b|^2 - 2 a.b), so there
// is no cancellation in the distances.
//
// Mask > 0 switches on the paper's Sec. 4 option to "mask kernel effects
// when particles are close to parameter axes": component i of the kernel
// gradient is zeroed where either particle has |theta_i| < Mask.
type Kernel struct {
	Beta float64 // order beta > 0
	Mask float64 // axis-mask threshold; 0 = no mask
}

// Validate reports an out-of-range beta or mask.
func (k Kernel) Validate() error {
	if !(k.Beta > 0) || math.IsInf(k.Beta, 0) {
		return fmt.Errorf("kernel order beta = %v must be finite and > 0", k.Beta)
	}
	if !(k.Mask >= 0) || math.IsInf(k.Mask, 0) {
		return fmt.Errorf("kernel mask threshold = %v must be finite and >= 0", k.Mask)
	}
	return nil
}

// Distance is |a - b|^beta = sum_i |a_i - b_i|^beta.
func (k Kernel) Distance(a, b []float64) float64 {
	var s float64
	switch k.Beta {
	case 2:
		for i := range a {
			s += (a[i] - b[i]) * (a[i] - b[i])
		}
	case 1:
		for i := range a {
			s += math.Abs(a[i] - b[i])
		}
	default:
		for i := range a {
			s += math.Pow(math.Abs(a[i]-b[i]), k.Beta)
		}
	}
	return s
}

// Eval is k(a, b) for bandwidth gamma.
func (k Kernel) Eval(a, b []float64, gamma float64) float64 {
	return math.Exp(-k.Distance(a, b) / (gamma * k.Beta))
}

// GradFirst writes grad_a k(a, b) into out (len(a)), applying the mask.
func (k Kernel) GradFirst(a, b []float64, gamma float64, out []float64) {
	kv := k.Eval(a, b, gamma)
	for i := range a {
		out[i] = 0
		d := a[i] - b[i]
		if d == 0 || k.masked(a[i], b[i]) {
			continue
		}
		out[i] = -math.Pow(math.Abs(d), k.Beta-1) * math.Copysign(1, d) * kv / gamma
	}
}

func (k Kernel) masked(a, b float64) bool {
	return k.Mask > 0 && (math.Abs(a) < k.Mask || math.Abs(b) < k.Mask)
}

// Matrix builds, for an ensemble x of shape [N, D], the kernel matrix
// K[b, a] = k(x_b, x_a) ([N, N]) and the kernel gradients
// G[b, a, :] = grad_{x_b} k(x_b, x_a) ([N, N, D]); gamma is a scalar node.
func (k Kernel) Matrix(x, gamma *Node) (kmat, grad *Node) {
	diff := pairDiff(x)
	return k.matrix(x, diff, ReduceSum(k.power(diff), -1), gamma)
}

// matrix is [Kernel.Matrix] from the pairwise differences diff
// ([N, N, D]) and the distances dist = |x_b - x_a|^beta ([N, N]).
func (k Kernel) matrix(x, diff, dist, gamma *Node) (kmat, grad *Node) {
	kmat = Exp(Neg(Div(dist, MulScalar(gamma, k.Beta))))
	grad = Neg(Mul(Div(k.slope(diff), gamma), ExpandAxes(kmat, -1)))
	if k.Mask > 0 {
		far := GreaterOrEqual(Abs(x), ConstAs(x, k.Mask)) // [N, D]
		both := LogicalAnd(ExpandAxes(far, 1), ExpandAxes(far, 0))
		grad = Where(both, grad, ZerosLike(grad))
	}
	return kmat, grad
}

// Distances builds the distances |x_b - x_a|^beta between all particles
// of x [N, D] ([N, N]) exactly as the kernel matrix of the Stein step
// uses them: for the RBF kernel without mask from the centred particles'
// Gram matrix ([Kernel.Repulsion]), otherwise from the pairwise
// differences. A step computes them once, for the particles it returns,
// and the next step's kernel and bandwidth rule both use them.
func (k Kernel) Distances(x *Node) *Node {
	if k.gram() {
		return gramDistances(centred(x))
	}
	return ReduceSum(k.power(pairDiff(x)), -1)
}

// gram reports whether the kernel is the RBF kernel without mask, which
// works from the Gram matrix instead of the pairwise differences.
func (k Kernel) gram() bool { return k.Beta == 2 && !(k.Mask > 0) }

// pairDiff is diff[b, a, i] = x_b,i - x_a,i ([N, N, D]).
func pairDiff(x *Node) *Node { return Sub(ExpandAxes(x, 1), ExpandAxes(x, 0)) }

// power is |d|^beta elementwise, 0 where d = 0.
func (k Kernel) power(diff *Node) *Node {
	switch k.Beta {
	case 2:
		return Square(diff)
	case 1:
		return Abs(diff)
	}
	nonzero, safe := nonzeroAbs(diff)
	return Where(nonzero, Pow(safe, ConstAs(diff, k.Beta)), ZerosLike(diff))
}

// slope is |d|^(beta-1) sign(d) elementwise, 0 where d = 0.
func (k Kernel) slope(diff *Node) *Node {
	switch k.Beta {
	case 2:
		return diff
	case 1:
		return Sign(diff)
	}
	nonzero, safe := nonzeroAbs(diff)
	return Where(nonzero, Mul(Pow(safe, ConstAs(diff, k.Beta-1)), Sign(diff)), ZerosLike(diff))
}

// nonzeroAbs is where d != 0, and |d| there (1 elsewhere, so that powers
// of it stay finite).
func nonzeroAbs(diff *Node) (nonzero, safe *Node) {
	absd := Abs(diff)
	nonzero = GreaterThan(absd, ZerosLike(diff))
	return nonzero, Where(nonzero, absd, OnesLike(absd))
}

package stein

import (
	"fmt"
	"math"

	. "github.com/gomlx/gomlx/core/graph" //nolint:revive // GoMLX graph DSL.
)

// PaperThreshold is the paper's pruning threshold, 1e-3 (Sec. 5.4: "a
// threshold of 10^-3 is employed to exclude negligible weights"), defined
// here, the lowest package that needs it: graph condensation prunes at it
// ([github.com/csvgd/csvgd-go/csvgd/condense.PaperThreshold]), the count
// of active weights uses it, and the prior's score is smoothed at it.
const PaperThreshold = 1e-3

// DefaultSmoothing is the default s in the smoothed magnitude
// |theta|_s = sqrt(theta^2 + s^2) that keeps the prior score finite at 0:
// the pruning threshold, below which a weight does not count anyway.
const DefaultSmoothing = PaperThreshold

// Prior is the alpha-exponential prior of the paper's Sec. 3.1, applied
// independently to every component:
//
//	p(theta) ∝ exp(-c |theta|^alpha),
//
// with the coefficient c set by lambda in one of the paper's two forms
// ([PriorForm], docs/reading.md section 2):
//
//	penalty (default), eqs. (prior_family), (log_post):  c = lambda,
//	normalized, eq. (sparprior):                        c = lambda^alpha c2(alpha),
//	c1(alpha) = alpha Gamma(3/alpha)^(1/2) / (2 Gamma(1/alpha)^(3/2)),
//	c2(alpha) = (Gamma(3/alpha) / Gamma(1/alpha))^(alpha/2).
//
// Either way the density is proper for lambda > 0; normalised it is
// alpha c^(1/alpha) / (2 Gamma(1/alpha)) exp(-c |theta|^alpha), which for
// the normalized form is eq. (sparprior)'s lambda c1(alpha) exp(...), of
// variance 1/lambda^2. Alpha = 2 is the Gaussian ("L2") member, alpha -> 0
// approaches L0. Lambda = 0 is the flat, uninformative prior (its score is
// zero).
//
// The score -c alpha |theta|^(alpha-1) sign(theta) is infinite at
// theta = 0 for alpha < 1. [Prior.Score] therefore differentiates the
// smoothed penalty c (theta^2 + s^2)^(alpha/2) with s = Smoothing, which
// is finite everywhere, equals the exact score up to a relative error of
// order (s/theta)^2 when |theta| >> s, and is exact for alpha = 2. The
// density ([Prior.LogDensity]) is the exact, unsmoothed one.
type Prior struct {
	Alpha     float64   // order alpha in (0, 2]
	Lambda    float64   // multiplier lambda >= 0
	Smoothing float64   // s > 0 of the smoothed |theta|; 0 means DefaultSmoothing
	Form      PriorForm // how lambda sets the coefficient; the zero value is PenaltyForm
	// Hyper is the number of trailing components of a particle that the
	// prior leaves alone: a model's own hyper-parameters (the log noise
	// and weight precisions of package regress), which carry priors of
	// their own in the model's score. 0, the default: every component.
	Hyper int
}

// Validate reports an out-of-range alpha, lambda or smoothing, or an
// unknown form.
func (p Prior) Validate() error {
	switch {
	case !(p.Alpha > 0 && p.Alpha <= 2):
		return fmt.Errorf("prior order alpha = %v is outside (0, 2]", p.Alpha)
	case !(p.Lambda >= 0) || math.IsInf(p.Lambda, 0):
		return fmt.Errorf("prior multiplier lambda = %v must be finite and >= 0", p.Lambda)
	case !(p.Smoothing >= 0) || math.IsInf(p.Smoothing, 0):
		return fmt.Errorf("prior smoothing s = %v must be finite and >= 0", p.Smoothing)
	case p.Hyper < 0:
		return fmt.Errorf("prior: %d hyper-parameters outside the prior must be >= 0", p.Hyper)
	}
	return p.Form.Validate()
}

// C1 is the normalising constant c1(alpha) of eq. (sparprior).
func C1(alpha float64) float64 {
	lg3, _ := math.Lgamma(3 / alpha)
	lg1, _ := math.Lgamma(1 / alpha)
	return alpha / 2 * math.Exp(0.5*lg3-1.5*lg1)
}

// C2 is the scale constant c2(alpha) of eq. (sparprior), which makes the
// variance 1/lambda^2 for every alpha.
func C2(alpha float64) float64 {
	lg3, _ := math.Lgamma(3 / alpha)
	lg1, _ := math.Lgamma(1 / alpha)
	return math.Exp(alpha / 2 * (lg3 - lg1))
}

// Coefficient is the coefficient c of |theta|^alpha in -log p at the
// multiplier lambda: lambda in the penalty form; lambda^alpha c2(alpha) in
// the normalized form, about 3.4, 0.74, 0.22, 0.071 and 0.0013 for
// alpha = 1/4, 1/2, 3/4, 1, 2 at lambda = 0.05.
func (p Prior) Coefficient(lambda float64) float64 {
	switch {
	case lambda == 0:
		return 0
	case p.Form == NormalizedForm:
		return math.Pow(lambda, p.Alpha) * C2(p.Alpha)
	}
	return lambda
}

// Penalty is the coefficient c of |theta|^alpha in -log p at the prior's
// own Lambda ([Prior.Coefficient]).
func (p Prior) Penalty() float64 { return p.Coefficient(p.Lambda) }

// coefficientNode is [Prior.Coefficient] times alpha in the graph, for a
// scalar node lambda: the factor of the score.
func (p Prior) coefficientNode(lambda *Node) *Node {
	if p.Form == NormalizedForm {
		return Mul(Pow(lambda, ConstAs(lambda, p.Alpha)), ConstAs(lambda, C2(p.Alpha)*p.Alpha))
	}
	return MulScalar(lambda, p.Alpha)
}

// logNorm is the log of the normalising factor alpha c^(1/alpha) /
// (2 Gamma(1/alpha)) of exp(-c |theta|^alpha); -Inf for lambda = 0.
func (p Prior) logNorm() float64 {
	lg1, _ := math.Lgamma(1 / p.Alpha)
	return math.Log(p.Alpha/2) + math.Log(p.Penalty())/p.Alpha - lg1
}

// Variance is the variance of one component, Gamma(3/alpha) /
// (Gamma(1/alpha) c^(2/alpha)): 1/lambda^2 in the normalized form; +Inf
// for lambda = 0.
func (p Prior) Variance() float64 {
	lg3, _ := math.Lgamma(3 / p.Alpha)
	lg1, _ := math.Lgamma(1 / p.Alpha)
	return math.Exp(lg3 - lg1 - 2*math.Log(p.Penalty())/p.Alpha)
}

func (p Prior) smoothing() float64 {
	if p.Smoothing == 0 {
		return DefaultSmoothing
	}
	return p.Smoothing
}

// LogDensity1D is the exact log density of one component, log p(theta).
// It is -Inf everywhere when lambda = 0 (the improper flat prior).
func (p Prior) LogDensity1D(theta float64) float64 {
	return p.logNorm() - p.Penalty()*math.Pow(math.Abs(theta), p.Alpha)
}

// LogDensity is the exact log density of a vector: the sum over components.
func (p Prior) LogDensity(theta []float64) float64 {
	var s float64
	for _, t := range theta {
		s += p.LogDensity1D(t)
	}
	return s
}

// SmoothedLogDensity1D is log p with |theta| replaced by sqrt(theta^2+s^2),
// up to the constant; [Prior.Score1D] is its exact derivative.
func (p Prior) SmoothedLogDensity1D(theta float64) float64 {
	s := p.smoothing()
	return p.logNorm() - p.Penalty()*math.Pow(theta*theta+s*s, p.Alpha/2)
}

// Score1D is the smoothed prior score of one component:
//
//	d/dtheta log p = -c alpha theta (theta^2 + s^2)^(alpha/2 - 1),  c = [Prior.Penalty].
func (p Prior) Score1D(theta float64) float64 {
	s := p.smoothing()
	return -p.Penalty()*p.Alpha*theta*math.Pow(theta*theta+s*s, p.Alpha/2-1) + 0 // + 0 turns -0 into 0
}

// Score builds the smoothed prior score in the graph, element-wise over
// theta of any shape (for an ensemble: [particles, dims]), zero on the
// last Hyper components of the last axis. lambda is a scalar node so that
// a changing lambda does not recompile the graph.
func (p Prior) Score(theta, lambda *Node) *Node {
	s := p.smoothing()
	pen := p.coefficientNode(lambda)
	mag2 := AddScalar(Square(theta), s*s)
	score := Neg(Mul(pen, Mul(theta, powConst(mag2, p.Alpha/2-1))))
	if p.Hyper == 0 {
		return score
	}
	return Mul(score, p.mask(theta))
}

// mask is 1 on the components the prior acts on and 0 on the last Hyper
// of theta's last axis, a constant broadcast over the other axes.
func (p Prior) mask(theta *Node) *Node {
	d := theta.Shape().Dimensions
	m := make([]float64, d[len(d)-1])
	for i := range m {
		if i < len(m)-p.Hyper {
			m[i] = 1
		}
	}
	c := ConstAs(theta, m)
	for range len(d) - 1 {
		c = ExpandAxes(c, 0)
	}
	return c
}

// powConst is x^e for x > 0 and a constant e. The paper's orders alpha =
// 2, 1, 1/2 and 1/4 give e = 0, -1/2, -3/4 and -7/8, written with square
// roots; other exponents as exp(e log x). Both agree with math.Pow to a
// few units in the last place, and cost a fraction of a general power in
// the pure-Go backend (math.Pow is about ten times slower than a square
// root there).
func powConst(x *Node, e float64) *Node {
	switch e {
	case 0:
		return OnesLike(x)
	case -0.5:
		return Rsqrt(x)
	case -0.75: // x^-1/2 x^-1/4
		r := Rsqrt(x)
		return Mul(r, Sqrt(r))
	case -0.875: // x^-1/2 x^-1/4 x^-1/8
		r := Rsqrt(x)
		r4 := Sqrt(r)
		return Mul(Mul(r, r4), Sqrt(r4))
	}
	return Exp(MulScalar(Log(x), e))
}

package stein

import (
	"math"
	"strings"
	"testing"

	. "github.com/gomlx/gomlx/core/graph" //nolint:revive // GoMLX graph DSL.
	"gonum.org/v1/gonum/integrate/quad"
)

// moment integrates |x|^k p(x) over the real line as 2 int_0^inf. For
// alpha < 1 the substitution x = u^(1/alpha) removes the cusp at 0 and the
// long tail; for alpha >= 1 the integrand is smooth on [0, inf) as it is.
func moment(p Prior, k float64) float64 {
	pen := p.Penalty()
	f := func(x float64) float64 { return 2 * math.Pow(x, k) * math.Exp(p.LogDensity1D(x)) }
	upper := math.Pow(80/pen, 1/p.Alpha) // exp(-80) is negligible beyond
	if p.Alpha < 1 {
		fx := f
		f = func(u float64) float64 {
			if u == 0 {
				return 0
			}
			x := math.Pow(u, 1/p.Alpha)
			return fx(x) * x / (p.Alpha * u) // dx/du = x / (alpha u)
		}
		upper = 80 / pen
	}
	var sum float64
	const pieces = 400
	for i := 0; i < pieces; i++ {
		a, b := upper*float64(i)/pieces, upper*float64(i+1)/pieces
		sum += quad.Fixed(f, a, b, 20, quad.Legendre{}, 0)
	}
	return sum
}

// TestPriorDensityIsNormalised: in both forms the density integrates to
// 1, and its variance is Prior.Variance: 1/lambda^2 in the normalized form
// (eq. sparprior), Gamma(3/alpha) / (Gamma(1/alpha) lambda^(2/alpha)) in
// the penalty form.
func TestPriorDensityIsNormalised(t *testing.T) {
	for _, form := range []PriorForm{PenaltyForm, NormalizedForm} {
		for _, alpha := range []float64{0.25, 0.5, 1, 2} {
			for _, lambda := range []float64{0.05, 1, 3} {
				p := Prior{Alpha: alpha, Lambda: lambda, Form: form}
				if got := moment(p, 0); math.Abs(got-1) > 1e-8 {
					t.Errorf("%v alpha=%v lambda=%v: integral of the density = %.12f, want 1", form, alpha, lambda, got)
				}
				want := closedFormVariance(form, alpha, lambda)
				if got := moment(p, 2); math.Abs(got-want) > 1e-6*want {
					t.Errorf("%v alpha=%v lambda=%v: variance = %.10g, want %.10g", form, alpha, lambda, got, want)
				}
				if got := p.Variance(); math.Abs(got-want) > 1e-12*want {
					t.Errorf("%v alpha=%v lambda=%v: Variance() = %.10g, want %.10g", form, alpha, lambda, got, want)
				}
			}
		}
	}
}

// closedFormVariance is the variance of one component of the prior.
func closedFormVariance(form PriorForm, alpha, lambda float64) float64 {
	if form == NormalizedForm {
		return 1 / (lambda * lambda)
	}
	return math.Gamma(3/alpha) / math.Gamma(1/alpha) / math.Pow(lambda, 2/alpha)
}

// TestPriorCoefficient: the coefficient of |theta|^alpha is lambda itself
// in the penalty form (eq. log_post) and lambda^alpha c2(alpha) in the
// normalized form (eq. sparprior), about 3.4, 0.74, 0.22, 0.071 and 0.0013
// for alpha = 1/4 ... 2 at lambda = 0.05 (docs/reading.md section 2).
func TestPriorCoefficient(t *testing.T) {
	for _, c := range []struct{ alpha, want, tol float64 }{
		{0.25, 3.4, 0.05}, {0.5, 0.74, 0.01}, {0.75, 0.22, 0.005}, {1, 0.071, 0.001}, {2, 0.0013, 0.0001},
	} {
		if got := (Prior{Alpha: c.alpha, Lambda: 0.05, Form: NormalizedForm}).Penalty(); math.Abs(got-c.want) > c.tol {
			t.Errorf("normalized alpha=%v: coefficient = %v, want %v +- %v", c.alpha, got, c.want, c.tol)
		}
		if got := (Prior{Alpha: c.alpha, Lambda: 0.05}).Penalty(); got != 0.05 {
			t.Errorf("penalty alpha=%v: coefficient = %v, want lambda = 0.05", c.alpha, got)
		}
	}
	for _, form := range []PriorForm{PenaltyForm, NormalizedForm} {
		if got := (Prior{Alpha: 0.5, Form: form}).Penalty(); got != 0 {
			t.Errorf("%v at lambda = 0: coefficient = %v, want 0 (the flat prior)", form, got)
		}
	}
}

func TestPriorScoreAgainstFiniteDifferences(t *testing.T) {
	const h = 1e-6
	for _, form := range []PriorForm{PenaltyForm, NormalizedForm} {
		for _, alpha := range []float64{0.25, 0.5, 1, 1.5, 2} {
			p := Prior{Alpha: alpha, Lambda: 0.7, Smoothing: 1e-2, Form: form}
			for _, x := range []float64{-2.5, -0.3, -1e-3, 0, 2e-3, 0.05, 1, 4} {
				fd := (p.SmoothedLogDensity1D(x+h) - p.SmoothedLogDensity1D(x-h)) / (2 * h)
				got := p.Score1D(x)
				if math.Abs(got-fd) > 1e-6*(1+math.Abs(fd)) {
					t.Errorf("%v alpha=%v x=%v: score %v, finite difference %v", form, alpha, x, got, fd)
				}
			}
		}
	}
}

func TestPriorScoreFiniteEverywhereAndExactAwayFromZero(t *testing.T) {
	for _, alpha := range []float64{0.1, 0.25, 0.5, 0.75, 1, 2} {
		p := Prior{Alpha: alpha, Lambda: 0.05}
		for _, x := range []float64{0, 1e-300, -1e-12, 1e-6, 1e-3} {
			if s := p.Score1D(x); math.IsNaN(s) || math.IsInf(s, 0) {
				t.Errorf("alpha=%v: score(%v) = %v is not finite", alpha, x, s)
			}
		}
		for _, x := range []float64{-3, 0.5, 10} {
			exact := -p.Penalty() * alpha * math.Pow(math.Abs(x), alpha-1) * math.Copysign(1, x)
			if got := p.Score1D(x); math.Abs(got-exact) > 1e-5*math.Abs(exact) {
				t.Errorf("alpha=%v x=%v: smoothed score %v, exact %v", alpha, x, got, exact)
			}
		}
	}
}

func TestPriorValidate(t *testing.T) {
	for _, p := range []Prior{{Alpha: 0}, {Alpha: 2.5}, {Alpha: math.NaN()}, {Alpha: 1, Lambda: -1}, {Alpha: 1, Smoothing: -1}, {Alpha: 1, Form: 7}, {Alpha: 1, Hyper: -1}} {
		if p.Validate() == nil {
			t.Errorf("%+v: want an error", p)
		}
	}
	if err := (Prior{Alpha: 2, Lambda: 0}).Validate(); err != nil {
		t.Errorf("lambda = 0 is the flat prior and valid: %v", err)
	}
}

// TestPriorScoreGraphMatchesHost: the graph's prior score (square roots
// for the paper's orders, exp-log otherwise) equals Score1D (math.Pow) to
// a few units in the last place, at every order the paper uses and others.
func TestPriorScoreGraphMatchesHost(t *testing.T) {
	b := testBackend(t)
	xs := []float64{-3, -0.7, -1e-3, -1e-6, 0, 2e-5, 1e-3, 0.02, 0.5, 4}
	for _, form := range []PriorForm{PenaltyForm, NormalizedForm} {
		for _, alpha := range []float64{0.1, 0.25, 0.5, 0.75, 1, 1.5, 2} {
			p := Prior{Alpha: alpha, Lambda: 0.3, Smoothing: 1e-3, Form: form}
			out := MustExecOnce(b, func(theta, lambda *Node) *Node { return p.Score(theta, lambda) }, xs, 0.3)
			got := out.Value().([]float64)
			for i, x := range xs {
				want := p.Score1D(x)
				if math.Abs(got[i]-want) > 1e-14*math.Abs(want) {
					t.Errorf("%v alpha=%v x=%v: graph score %v, host %v", form, alpha, x, got[i], want)
				}
			}
		}
	}
}

// TestPriorHyperComponents: with Hyper = h the graph's score is zero on
// the last h components of every particle and Score1D's elsewhere.
func TestPriorHyperComponents(t *testing.T) {
	b := testBackend(t)
	xs := [][]float64{{-0.5, 0.2, 3, -2}, {0.7, -0.01, 1, 4}}
	for _, h := range []int{0, 1, 2, 4} {
		p := Prior{Alpha: 0.5, Lambda: 0.3, Hyper: h}
		out := MustExecOnce(b, func(theta, lambda *Node) *Node { return p.Score(theta, lambda) }, xs, 0.3)
		got := out.Value().([][]float64)
		for a, row := range xs {
			for i, x := range row {
				want := p.Score1D(x)
				if i >= len(row)-h {
					want = 0
				}
				if math.Abs(got[a][i]-want) > 1e-14*math.Abs(want) {
					t.Errorf("hyper %d, particle %d, component %d: score %v, want %v", h, a, i, got[a][i], want)
				}
			}
		}
	}
}

// TestPriorFormText: the form reads what it writes, and a bad value is an
// error that names it.
func TestPriorFormText(t *testing.T) {
	for _, f := range []PriorForm{PenaltyForm, NormalizedForm} {
		b, err := f.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var back PriorForm
		if err := back.UnmarshalText(b); err != nil || back != f {
			t.Errorf("%v: read back %v, %v", f, back, err)
		}
	}
	if f, err := ParsePriorForm("normalised"); err != nil || f != NormalizedForm {
		t.Errorf("normalised: %v, %v", f, err)
	}
	if _, err := ParsePriorForm("gaussian"); err == nil || !strings.Contains(err.Error(), `"gaussian"`) {
		t.Errorf("gaussian: error %v, want one naming the value", err)
	}
	if _, err := PriorForm(5).MarshalText(); err == nil {
		t.Error("an unknown form was written")
	}
}

// TestCurvatureMajorizes: the prior curvature of the Newton updates is
// -Score1D(theta)/theta, positive, at least the second derivative of the
// smoothed penalty (by central differences of Score1D) wherever that is
// positive, at most its value at 0, c alpha s^(alpha-2), and equal to
// the exact second derivative 2c for alpha = 2.
func TestCurvatureMajorizes(t *testing.T) {
	for _, alpha := range []float64{0.25, 0.5, 1, 2} {
		p := Prior{Alpha: alpha, Lambda: 0.05}
		top := p.Penalty() * alpha * math.Pow(DefaultSmoothing, alpha-2)
		for _, theta := range []float64{-3, -0.2, -1e-2, -1e-3, -1e-4, 0, 2e-4, 5e-3, 0.1, 1.5} {
			lam := p.Curvature1D(theta)
			if !(lam > 0) || lam > top*(1+1e-12) {
				t.Errorf("alpha %v, theta %v: curvature %v outside (0, %v]", alpha, theta, lam, top)
			}
			if theta != 0 && math.Abs(lam+p.Score1D(theta)/theta) > 1e-12*lam {
				t.Errorf("alpha %v, theta %v: curvature %v, -score/theta %v", alpha, theta, lam, -p.Score1D(theta)/theta)
			}
			h := 1e-6 * math.Max(math.Abs(theta), 1e-3)
			f2 := -(p.Score1D(theta+h) - p.Score1D(theta-h)) / (2 * h)
			if lam < f2*(1-1e-5) {
				t.Errorf("alpha %v, theta %v: curvature %v below the second derivative %v", alpha, theta, lam, f2)
			}
			if alpha == 2 && math.Abs(lam-2*p.Penalty()) > 1e-12 {
				t.Errorf("alpha = 2, theta %v: curvature %v, want 2c = %v", theta, lam, 2*p.Penalty())
			}
		}
	}
	if c := (Prior{Alpha: 0.5, Lambda: 0}).Curvature1D(0.3); c != 0 {
		t.Errorf("lambda = 0: curvature %v, want 0", c)
	}
}

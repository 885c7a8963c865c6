package nuts

import (
	"math"
	"testing"
)

// TestNonFiniteIsOutsideSupport: a log density of NaN or +-Inf, or a
// gradient with a NaN or Inf, becomes -Inf.
func TestNonFiniteIsOutsideSupport(t *testing.T) {
	for _, c := range []struct {
		name     string
		lp, grad float64
		want     float64
	}{
		{"finite", -1.5, 2, -1.5},
		{"NaN density", math.NaN(), 0, math.Inf(-1)},
		{"+Inf density", math.Inf(1), 0, math.Inf(-1)},
		{"-Inf density", math.Inf(-1), 0, math.Inf(-1)},
		{"NaN gradient", 0, math.NaN(), math.Inf(-1)},
		{"Inf gradient", 0, math.Inf(-1), math.Inf(-1)},
	} {
		f := func(x, g []float64) float64 { g[0] = c.grad; return c.lp }
		if got := evaluate(f, []float64{0}, []float64{0}); got != c.want {
			t.Errorf("%s: evaluate = %v, want %v", c.name, got, c.want)
		}
	}
}

// TestLeapfrogEnergyErrorIsSecondOrder: on a Gaussian with a non-unit
// mass matrix, the largest energy error over a unit time halves by a
// factor 4 when the step size halves (ratio within [3.6, 4.4]).
func TestLeapfrogEnergyErrorIsSecondOrder(t *testing.T) {
	maxErr := func(eps float64) float64 {
		d := newDynamics(gaussian([]float64{0, 1}, []float64{2, 0.5, 0.5, 1}), 2, nil)
		d.invMass = []float64{0.7, 1.3}
		z := newPoint(2)
		z.q[0], z.q[1], z.p[0], z.p[1] = 0.3, -0.4, 1.1, -0.6
		d.evaluate(&z)
		h0, worst := d.energy(&z), 0.0
		for range int(math.Round(1 / eps)) {
			d.leapfrog(&z, eps)
			worst = math.Max(worst, math.Abs(d.energy(&z)-h0))
		}
		return worst
	}
	e1, e2 := maxErr(0.02), maxErr(0.01)
	if r := e1 / e2; r < 3.6 || r > 4.4 {
		t.Fatalf("energy error %.3g at eps 0.02, %.3g at 0.01: ratio %.3f, want 4 +- 0.4", e1, e2, r)
	}
}

// TestReflectionIsReversible: 200 leapfrog steps that bounce off the walls
// of two non-negative coordinates, then 200 more after flipping the
// momentum, return to the start to 1e-9; no position is ever negative.
func TestReflectionIsReversible(t *testing.T) {
	d := newDynamics(gaussian([]float64{-1, 0.5, 0.2}, []float64{1, 0.3, 0, 0.3, 1, 0, 0, 0, 4}), 3, []int{0, 2})
	z := newPoint(3)
	copy(z.q, []float64{0.5, 0.1, 0.05})
	copy(z.p, []float64{-1.5, 0.7, -2})
	d.evaluate(&z)
	start := z.clone()
	bounces := 0
	for pass := range 2 {
		for range 200 {
			before := z.p[0]
			d.leapfrog(&z, 0.05)
			if z.q[0] < 0 || z.q[2] < 0 {
				t.Fatalf("position %v left x_0, x_2 >= 0", z.q)
			}
			if z.q[0] < 0.2 && before*z.p[0] < 0 {
				bounces++
			}
		}
		if pass == 0 {
			for i := range z.p {
				z.p[i] = -z.p[i]
			}
		}
	}
	for i := range z.q {
		if math.Abs(z.q[i]-start.q[i]) > 1e-9 || math.Abs(z.p[i]+start.p[i]) > 1e-9 {
			t.Fatalf("after forward and back: q %v p %v, want q %v p %v", z.q, z.p, start.q, neg(start.p))
		}
	}
	if bounces == 0 {
		t.Fatal("the trajectory never bounced off x_0 = 0")
	}
}

func neg(x []float64) []float64 {
	out := make([]float64, len(x))
	for i, v := range x {
		out[i] = -v
	}
	return out
}

// TestReflectionPreservesVolume: the Jacobian determinant of a leapfrog
// step that crosses the wall at 0 is 1 (central differences, to 1e-6).
func TestReflectionPreservesVolume(t *testing.T) {
	d := newDynamics(gaussian([]float64{0.3}, []float64{2}), 1, []int{0})
	step := func(q, p float64) (float64, float64) {
		z := newPoint(1)
		z.q[0], z.p[0] = q, p
		d.evaluate(&z)
		d.leapfrog(&z, 0.4)
		return z.q[0], z.p[0]
	}
	q0, p0, h := 0.1, -1.2, 1e-6
	if q, _ := step(q0, p0); q <= 0 || q0+0.4*p0 > 0 {
		t.Fatalf("the step from q = %v, p = %v does not cross the wall", q0, p0)
	}
	qq1, pq1 := step(q0+h, p0)
	qq0, pq0 := step(q0-h, p0)
	qp1, pp1 := step(q0, p0+h)
	qp0, pp0 := step(q0, p0-h)
	det := ((qq1-qq0)*(pp1-pp0) - (qp1-qp0)*(pq1-pq0)) / (4 * h * h)
	if math.Abs(det-1) > 1e-6 {
		t.Fatalf("Jacobian determinant %.9f, want 1", det)
	}
}

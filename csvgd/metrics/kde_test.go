package metrics

import (
	"math"
	"testing"
)

// TestGaussianKDE: the estimate integrates to 1 (trapezoid rule on a wide
// grid), peaks at a single value's 1/(h sqrt(2 pi)), and at the midpoint of
// two values 2h apart is exp(-1/2) / (h sqrt(2 pi)).
func TestGaussianKDE(t *testing.T) {
	const n = 2801
	xs := make([]float64, n)
	for i := range xs {
		xs[i] = -6 + 14*float64(i)/(n-1)
	}
	ys := GaussianKDE([]float64{-1, 0, 0.5, 2}, 0.3, xs)
	sum := 0.0
	for i := 1; i < n; i++ {
		sum += (ys[i] + ys[i-1]) / 2 * (xs[i] - xs[i-1])
	}
	if math.Abs(sum-1) > 1e-6 {
		t.Errorf("KDE integrates to %v", sum)
	}
	for _, c := range []struct {
		vals    []float64
		h, x    float64
		want    float64
		comment string
	}{
		{[]float64{0.25}, 0.5, 0.25, 1 / (0.5 * math.Sqrt(2*math.Pi)), "peak of one value"},
		{[]float64{-0.5, 0.5}, 0.5, 0, math.Exp(-0.5) / (0.5 * math.Sqrt(2*math.Pi)), "midpoint of two"},
	} {
		if got := GaussianKDE(c.vals, c.h, []float64{c.x})[0]; math.Abs(got-c.want) > 1e-12 {
			t.Errorf("%s: %v, want %v", c.comment, got, c.want)
		}
	}
}

// TestReflectedKDE: for values of a quantity bounded below by 0 the
// reflected estimate is 0 below the bound, integrates to 1 above it
// (where the plain estimate of values near 0 loses mass below it), has a
// zero slope at the bound, and far from the bound equals the plain one.
func TestReflectedKDE(t *testing.T) {
	vals := []float64{0, 0.05, 0.3, 1.2, 2}
	const h = 0.2
	xs, ys := BoundedDensityCurve(vals, h, 0)
	if xs[0] != 0 {
		t.Fatalf("curve starts at %v, want the bound 0", xs[0])
	}
	integral := func(xs, ys []float64) float64 {
		s := 0.0
		for i := 1; i < len(xs); i++ {
			s += (ys[i] + ys[i-1]) / 2 * (xs[i] - xs[i-1])
		}
		return s
	}
	// the curve ends DensityReach = 3 bandwidths above the largest value:
	// the tail beyond holds 0.00135 of that value's 1/5 of the mass
	if got := integral(xs, ys); math.Abs(got-(1-0.00135/5)) > 2e-5 {
		t.Errorf("reflected KDE integrates to %v over its curve, want 1 but the far tail", got)
	}
	if got := integral(xs, GaussianKDE(vals, h, xs)); !(got < 0.9) {
		t.Errorf("the plain KDE keeps %v of its mass above 0: want the test to need the reflection", got)
	}
	below := ReflectedKDE(vals, h, 0, []float64{-0.1, -1e-9})
	if below[0] != 0 || below[1] != 0 {
		t.Errorf("density below the bound %v, want 0", below)
	}
	const eps = 1e-6
	d := ReflectedKDE(vals, h, 0, []float64{0, eps})
	if slope := (d[1] - d[0]) / eps; math.Abs(slope) > 1e-3*d[0]/h {
		t.Errorf("slope at the bound %v (density %v): want 0", slope, d[0])
	}
	far := []float64{2}
	if a, b := ReflectedKDE(vals, h, 0, far)[0], GaussianKDE(vals, h, far)[0]; math.Abs(a-b) > 1e-12*b {
		t.Errorf("far from the bound: reflected %v, plain %v", a, b)
	}
}

// TestSilverman: the rule on values whose sd and IQR are known, with the
// IQR deciding, the sd deciding (ties make the IQR 0), and equal values.
func TestSilverman(t *testing.T) {
	n5 := math.Pow(5, -0.2)
	for _, c := range []struct {
		vals []float64
		want float64
	}{
		{[]float64{5, 1, 4, 2, 3}, 0.9 * (2 / 1.34) * n5},     // sd sqrt(2.5), IQR 2 (type 7)
		{[]float64{0, 0, 0, 0, 1}, 0.9 * math.Sqrt(0.2) * n5}, // IQR 0: sd alone
		{[]float64{3, 3, 3}, 0},
	} {
		in := append([]float64(nil), c.vals...)
		if got := Silverman(c.vals); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("Silverman(%v) = %v, want %v", c.vals, got, c.want)
		}
		for i := range in {
			if in[i] != c.vals[i] {
				t.Fatalf("Silverman modified its argument: %v, was %v", c.vals, in)
			}
		}
	}
}

// TestMeanSD: the mean and the 1/(n-1) standard deviation.
func TestMeanSD(t *testing.T) {
	m, sd := MeanSD([]float64{2, 4, 4, 4, 5, 5, 7, 9})
	if math.Abs(m-5) > 1e-12 || math.Abs(sd-math.Sqrt(32.0/7)) > 1e-12 {
		t.Errorf("MeanSD = %v, %v; want 5, %v", m, sd, math.Sqrt(32.0/7))
	}
}

// TestQuantileSorted: type-7 quantiles, interpolated between order
// statistics, and the ends.
func TestQuantileSorted(t *testing.T) {
	for _, c := range []struct {
		v       []float64
		q, want float64
	}{
		{[]float64{5}, 0.05, 5},
		{[]float64{0, 10}, 0, 0},
		{[]float64{0, 10}, 0.05, 0.5},
		{[]float64{0, 10}, 0.95, 9.5},
		{[]float64{0, 10, 30}, 0.75, 20},
		{[]float64{0, 10, 30}, 1, 30},
	} {
		if got := QuantileSorted(c.v, c.q); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("quantile %v of %v = %v, want %v", c.q, c.v, got, c.want)
		}
	}
}

// TestKDEPanics: each function panics on input it cannot use.
func TestKDEPanics(t *testing.T) {
	for name, f := range map[string]func(){
		"GaussianKDE no values":   func() { GaussianKDE(nil, 1, []float64{0}) },
		"GaussianKDE h 0":         func() { GaussianKDE([]float64{1}, 0, []float64{0}) },
		"GaussianKDE h NaN":       func() { GaussianKDE([]float64{1}, math.NaN(), []float64{0}) },
		"Silverman one value":     func() { Silverman([]float64{1}) },
		"MeanSD no values":        func() { MeanSD(nil) },
		"QuantileSorted empty":    func() { QuantileSorted(nil, 0.5) },
		"QuantileSorted q 1.5":    func() { QuantileSorted([]float64{1}, 1.5) },
		"QuantileSorted q is NaN": func() { QuantileSorted([]float64{1}, math.NaN()) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", name)
				}
			}()
			f()
		}()
	}
}

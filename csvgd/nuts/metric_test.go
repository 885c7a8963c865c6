package nuts

import (
	"math"
	"testing"
)

// TestDenseMetricSamplesCorrelatedGaussians: the dense metric on the 2-D
// Gaussian of correlation 0.99 and scales 1 and 100, free and truncated
// to x_0 >= 0 (reflection in the metric): moments within 5 Monte Carlo
// standard errors, R-hat < 1.01, no divergence; the adapted M^-1 is the
// covariance within 30%, and the trees are shallower than with the
// diagonal metric, which cannot follow the correlation.
func TestDenseMetricSamplesCorrelatedGaussians(t *testing.T) {
	mu, prec, cov := correlated2D()
	ft, meanT, covT := truncated2D(0.5, -1, 1, 2, 0.9)
	for _, c := range []struct {
		name      string
		f         LogDensity
		mean, cov []float64
		nonNeg    []int
	}{
		{"correlated 2-D", gaussian(mu, prec), mu, cov, nil},
		{"truncated correlated 2-D", ft, meanT, covT, []int{0}},
	} {
		t.Run(c.name, func(t *testing.T) {
			depth := map[Metric]float64{}
			for _, m := range []Metric{Diagonal, Dense} {
				cfg := DefaultConfig()
				cfg.Seed, cfg.Metric, cfg.NonNegative = 31, m, c.nonNeg
				r, err := Sample(c.f, 2, cfg)
				if err != nil {
					t.Fatal(err)
				}
				depth[m] = r.Stats().TreeDepthMean
				if m == Diagonal {
					continue
				}
				checkHealthy(t, r)
				checkMoments(t, r, c.mean, c.cov, 5)
				if c.nonNeg != nil {
					break
				}
				for k, ch := range r.Chains {
					for i, v := range ch.InvMetric {
						if math.Abs(v-c.cov[i]) > 0.3*math.Sqrt(c.cov[3*(i/2)]*c.cov[3*(i%2)]) {
							t.Errorf("chain %d: M^-1 %v, want about %v", k, ch.InvMetric, c.cov)
						}
					}
				}
			}
			t.Logf("mean tree depth: diagonal %.2f, dense %.2f", depth[Diagonal], depth[Dense])
			if !(depth[Dense] < depth[Diagonal]) {
				t.Errorf("mean tree depth %.2f with the dense metric, %.2f with the diagonal one", depth[Dense], depth[Diagonal])
			}
		})
	}
}

// TestDenseDriftIsReversible: with a dense metric, 200 leapfrog steps
// that bounce off the walls of two non-negative coordinates, then 200 more
// after flipping the momentum, return to the start to 1e-9; no position is
// ever negative, and the drift, bounces included, keeps the kinetic
// energy.
func TestDenseDriftIsReversible(t *testing.T) {
	d := newDynamics(gaussian([]float64{-1, 0.5, 0.2}, []float64{1, 0.3, 0, 0.3, 1, 0, 0, 0, 4}), 3, []int{0, 2})
	setDense(t, d, []float64{1, 0.5, -0.3, 0.5, 2, 0.2, -0.3, 0.2, 0.5})
	z := newPoint(3)
	copy(z.q, []float64{0.5, 0.1, 0.05})
	copy(z.p, []float64{-1.5, 0.7, -2})
	d.evaluate(&z)
	start := z.clone()
	bounces := 0
	const eps = 0.05
	for pass := range 2 {
		for range 200 {
			kick(&z, eps/2) // the leapfrog of dynamics.leapfrog, by hand
			k0, v0 := d.kinetic(z.p), d.velocity(make([]float64, 3), z.p)
			if !d.denseDrift(&z, eps) {
				t.Fatal("the drift gave up")
			}
			if k1 := d.kinetic(z.p); math.Abs(k1-k0) > 1e-12*k0 {
				t.Fatalf("the drift changed the kinetic energy from %v to %v", k0, k1)
			}
			if v1 := d.velocity(make([]float64, 3), z.p); v1[0]*v0[0] < 0 || v1[2]*v0[2] < 0 {
				bounces++
			}
			if z.q[0] < 0 || z.q[2] < 0 {
				t.Fatalf("position %v left x_0, x_2 >= 0", z.q)
			}
			d.evaluate(&z)
			kick(&z, eps/2)
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
		t.Fatal("the trajectory never bounced")
	}
}

// setDense gives d the dense metric cov (row-major), through the
// estimator's own factorisation.
func setDense(t *testing.T, d *dynamics, cov []float64) {
	t.Helper()
	n := len(d.invMass)
	e := newCovarianceEstimator(n)
	if err := e.update(d); err == nil {
		t.Fatal("a window without draws was accepted")
	}
	// Two draws whose regularised covariance is not cov: replace it.
	e.Add(make([]float64, n))
	e.Add(make([]float64, n))
	if err := e.update(d); err != nil {
		t.Fatal(err)
	}
	copy(d.cov, cov)
	l, ok := cholesky(cov, n)
	if !ok {
		t.Fatal("cov is not positive definite")
	}
	copy(d.chol, l)
	for i := range n {
		d.invMass[i] = cov[i*n+i]
	}
}

// cholesky is the lower Cholesky factor of the n x n matrix a.
func cholesky(a []float64, n int) ([]float64, bool) {
	l := make([]float64, n*n)
	for i := range n {
		for j := 0; j <= i; j++ {
			s := a[i*n+j]
			for k := range j {
				s -= l[i*n+k] * l[j*n+k]
			}
			if i == j {
				if s <= 0 {
					return nil, false
				}
				l[i*n+i] = math.Sqrt(s)
			} else {
				l[i*n+j] = s / l[j*n+j]
			}
		}
	}
	return l, true
}

// TestDenseMomentumHasCovarianceM: momenta drawn with the dense metric
// have covariance M = (M^-1)^-1 within 1.5% of its largest entry
// (200000 draws: the standard error is about 0.3%).
func TestDenseMomentumHasCovarianceM(t *testing.T) {
	d := newDynamics(standardNormal(2), 2, nil)
	setDense(t, d, []float64{4, 1.8, 1.8, 1})
	// M = inverse of [[4, 1.8], [1.8, 1]] = [[1, -1.8], [-1.8, 4]] / 0.76.
	want := []float64{1 / 0.76, -1.8 / 0.76, -1.8 / 0.76, 4 / 0.76}
	rng := newRNG(4)
	var got [4]float64
	p := make([]float64, 2)
	const n = 200000
	for range n {
		d.drawMomentum(rng, p)
		got[0] += p[0] * p[0] / n
		got[1] += p[0] * p[1] / n
		got[2] += p[1] * p[0] / n
		got[3] += p[1] * p[1] / n
	}
	for i := range got {
		if math.Abs(got[i]-want[i]) > 0.015*math.Abs(want[3]) {
			t.Errorf("cov(p) %v, want %v", got, want)
			break
		}
	}
}

// TestParseMetric: the names round-trip; others are refused.
func TestParseMetric(t *testing.T) {
	for _, m := range []Metric{Diagonal, Dense} {
		b, err := m.MarshalText()
		var back Metric
		if err != nil || back.UnmarshalText(b) != nil || back != m {
			t.Errorf("%v: %s, %v, back %v", m, b, err, back)
		}
	}
	if _, err := ParseMetric("unit"); err == nil {
		t.Error("metric unit accepted")
	}
	if err := Metric(7).Validate(); err == nil {
		t.Error("Metric(7) accepted")
	}
}

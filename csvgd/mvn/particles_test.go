package mvn

import (
	"math"
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/stein"
)

func TestPaperParticlesConfig(t *testing.T) {
	for _, quick := range []bool{false, true} {
		s := PaperParticles(quick)
		if s.Base.Alpha != 1 || s.Base.Beta != 2 {
			t.Errorf("quick=%v: alpha, beta = %v, %v; want 1, 2", quick, s.Base.Alpha, s.Base.Beta)
		}
		pts := s.Points()
		if len(pts) != len(s.Lambdas)*len(s.Gammas) {
			t.Fatalf("quick=%v: %d points for %d lambdas x %d gammas", quick, len(pts), len(s.Lambdas), len(s.Gammas))
		}
		// lambda-major order, fixed bandwidths
		for i, c := range pts {
			l, g := s.Lambdas[i/len(s.Gammas)], s.Gammas[i%len(s.Gammas)]
			if c.Lambda != l || c.Bandwidth.Gamma != g || c.Bandwidth.Rule != stein.Fixed {
				t.Errorf("quick=%v: point %d has lambda %v, bandwidth %v; want %v, fixed %v", quick, i, c.Lambda, c.Bandwidth, l, g)
			}
			if err := c.Validate(); err != nil {
				t.Errorf("quick=%v: point %d: %v", quick, i, err)
			}
		}
	}
	if full, quick := PaperParticles(false).Base, PaperParticles(true).Base; full.Particles != 128 || quick.Particles >= full.Particles || quick.Iters >= full.Iters {
		t.Errorf("full %d particles x %d iterations, quick %d x %d", full.Particles, full.Iters, quick.Particles, quick.Iters)
	}
}

// TestParticlesStudy runs a tiny study: results come back in Points order
// with finite particles, and a diverging run leaves nil and an error naming
// it while the others complete.
func TestParticlesStudy(t *testing.T) {
	b := testBackend(t)
	s := PaperParticles(true)
	s.Gammas = []float64{0.1, 10}
	s.Base.Particles, s.Base.Iters = 8, 40
	res, err := ParticlesStudy(b, PaperTarget(), s)
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range s.Points() {
		r := res[i]
		if r == nil || r.Config.Lambda != c.Lambda || r.Config.Bandwidth != c.Bandwidth {
			t.Fatalf("result %d does not match point %d (%+v)", i, i, c)
		}
		if r.Particles.N != 8 || !r.Particles.Finite() || math.IsNaN(r.L1Theta3) {
			t.Errorf("result %d: %d particles, finite %v, L1 %v", i, r.Particles.N, r.Particles.Finite(), r.L1Theta3)
		}
	}

	s.Base.Optimizer, s.Base.StepSize = "sgd", 1e307 // overflows at the first step
	s.Lambdas, s.Gammas = []float64{1}, []float64{1}
	res, err = ParticlesStudy(b, PaperTarget(), s)
	if err == nil || len(res) != 1 || res[0] != nil || !strings.Contains(err.Error(), "lambda 1, gamma 1") {
		t.Fatalf("diverging run: results %v, error %v", res, err)
	}

	if _, err := ParticlesStudy(b, PaperTarget(), ParticlesConfig{Base: s.Base}); err == nil {
		t.Error("an empty study was accepted")
	}
}

// TestPaperParticlesClaim checks the caption of Fig. mvn_particles on the
// quick study: the larger multiplier sparsifies theta_3 (smaller mean
// |theta_3|) for every bandwidth, and at lambda = 0.1 the widest bandwidth
// spreads the ensemble along theta_3 more than the narrowest.
func TestPaperParticlesClaim(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the quick particles study (a few seconds)")
	}
	s := PaperParticles(true)
	res, err := ParticlesStudy(testBackend(t), PaperTarget(), s)
	if err != nil {
		t.Fatal(err)
	}
	ng := len(s.Gammas)
	for j, g := range s.Gammas {
		lo, hi := res[j], res[ng+j] // lambda = 0.1, lambda = 1
		if !(hi.L1Theta3 < lo.L1Theta3) {
			t.Errorf("gamma %g: mean |theta_3| %.3g at lambda 1, %.3g at lambda 0.1", g, hi.L1Theta3, lo.L1Theta3)
		}
	}
	if narrow, wide := res[0].Cov.At(2, 2), res[ng-1].Cov.At(2, 2); !(wide > narrow) {
		t.Errorf("lambda 0.1: var theta_3 %.3g at gamma %g, %.3g at gamma %g", narrow, s.Gammas[0], wide, s.Gammas[ng-1])
	}
}

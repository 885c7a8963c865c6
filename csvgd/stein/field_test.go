package stein

import (
	"math"
	"testing"
)

// TestPriorFieldMatchesForces checks the host-side two-particle (and
// three-particle) field against the graph: PriorField.Phi at theta must equal
// Likelihood + Prior + Repulsion of Flow.Forces for particle 0 of the
// ensemble {theta, fixed...}, with no likelihood and the same lambda.
func TestPriorFieldMatchesForces(t *testing.T) {
	const tol = 1e-12
	b := testBackend(t)
	cases := []struct {
		name  string
		prior Prior
		k     Kernel
		gamma float64
		fixed [][]float64
	}{
		{"Fig. mvn_gradient, fixed at origin", Prior{Alpha: 1, Lambda: 1}, Kernel{Beta: 2}, 0.1, [][]float64{{0, 0}}},
		{"Fig. mvn_gradient, fixed near origin", Prior{Alpha: 1, Lambda: 1}, Kernel{Beta: 2}, 0.1, [][]float64{{0.3, 0.2}}},
		{"Fig. mvn_gradient, fixed away", Prior{Alpha: 1, Lambda: 1}, Kernel{Beta: 2}, 0.1, [][]float64{{1.5, 1}}},
		{"beta=1, alpha=0.25", Prior{Alpha: 0.25, Lambda: 0.3}, Kernel{Beta: 1}, 0.7, [][]float64{{-0.4, 0.9}}},
		{"beta=1.5, masked, two fixed", Prior{Alpha: 0.5, Lambda: 2}, Kernel{Beta: 1.5, Mask: 0.05}, 1, [][]float64{{0.02, 0.6}, {-0.3, -0.8}}},
		{"lambda=0", Prior{Alpha: 1, Lambda: 0}, Kernel{Beta: 2}, 0.5, [][]float64{{0.1, -0.2}}},
	}
	thetas := [][]float64{{0.25, -0.4}, {0.7, 0.35}, {-1.1, 0.05}, {0.3, 0.2}}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			field := PriorField{Prior: c.prior, Kernel: c.k, Gamma: c.gamma, Fixed: c.fixed}
			if err := field.Validate(); err != nil {
				t.Fatal(err)
			}
			cfg := Config{Prior: c.prior, Kernel: c.k, Bandwidth: Bandwidth{Gamma: c.gamma}, Optimizer: SGD{LR: 1}}
			flow, err := NewFlow(b, cfg, nil)
			if err != nil {
				t.Fatal(err)
			}
			for _, theta := range thetas {
				x, err := EnsembleFromRows(append([][]float64{theta}, c.fixed...))
				if err != nil {
					t.Fatal(err)
				}
				ff, err := flow.Forces(x, c.gamma)
				if err != nil {
					t.Fatal(err)
				}
				want := make([]float64, x.D)
				for i := range want {
					want[i] = ff.Likelihood.Particle(0)[i] + ff.Prior.Particle(0)[i] + ff.Repulsion.Particle(0)[i]
					if ff.Likelihood.Particle(0)[i] != 0 {
						t.Errorf("theta=%v: likelihood force %v without a likelihood", theta, ff.Likelihood.Particle(0))
					}
				}
				got := field.Phi(theta)
				if d := maxAbsDiff(got, want); d > tol*(1+maxAbs(want)) {
					t.Errorf("theta=%v: Phi = %v, Forces sum = %v (max diff %.3g)", theta, got, want, d)
				}
			}
		})
	}
}

// TestPriorFieldPseudopotential checks P(theta) against its definition
// written out for two particles, its limits and its symmetry.
func TestPriorFieldPseudopotential(t *testing.T) {
	const tol = 1e-14
	p := Prior{Alpha: 1, Lambda: 1}
	k := Kernel{Beta: 2}
	density := func(x []float64) float64 { // the Laplace density lambda/2 exp(-lambda |x_i|) per component
		d := 1.0
		for _, v := range x {
			d *= 0.5 * math.Exp(-math.Abs(v))
		}
		return d
	}
	fixed := []float64{0.3, -0.2}
	f := PriorField{Prior: p, Kernel: k, Gamma: 0.1, Fixed: [][]float64{fixed}}
	for _, theta := range [][]float64{{0, 0}, {0.3, -0.2}, {1, 2}, {-0.5, 0.1}} {
		d2 := (theta[0]-fixed[0])*(theta[0]-fixed[0]) + (theta[1]-fixed[1])*(theta[1]-fixed[1])
		want := (density(theta) + math.Exp(-d2/(2*0.1))*density(fixed)) / 2
		if got := f.Pseudopotential(theta); math.Abs(got-want) > tol {
			t.Errorf("P(%v) = %v, want %v", theta, got, want)
		}
	}
	// With no fixed particle, P is the prior density and phi its score.
	alone := PriorField{Prior: p, Kernel: k, Gamma: 0.1}
	theta := []float64{0.4, -1.3}
	if got, want := alone.Pseudopotential(theta), density(theta); math.Abs(got-want) > tol {
		t.Errorf("single particle: P = %v, want the prior density %v", got, want)
	}
	if got := alone.Phi(theta); math.Abs(got[0]-p.Score1D(0.4)) > tol || math.Abs(got[1]-p.Score1D(-1.3)) > tol {
		t.Errorf("single particle: phi = %v, want the prior score", got)
	}
	// lambda = 0: the flat prior has no density to smooth.
	flat := PriorField{Prior: Prior{Alpha: 1}, Kernel: k, Gamma: 1, Fixed: [][]float64{fixed}}
	if got := flat.Pseudopotential(theta); got != 0 {
		t.Errorf("lambda = 0: P = %v, want 0", got)
	}
}

func TestPriorFieldValidate(t *testing.T) {
	ok := PriorField{Prior: Prior{Alpha: 1, Lambda: 1}, Kernel: Kernel{Beta: 2}, Gamma: 0.1, Fixed: [][]float64{{0, 0}}}
	bad := map[string]PriorField{}
	g := ok
	g.Gamma = 0
	bad["gamma = 0"] = g
	g = ok
	g.Gamma = math.Inf(1)
	bad["gamma = Inf"] = g
	g = ok
	g.Prior.Alpha = 3
	bad["alpha = 3"] = g
	g = ok
	g.Kernel.Beta = 0
	bad["beta = 0"] = g
	g = ok
	g.Fixed = [][]float64{{0, 0}, {1}}
	bad["ragged"] = g
	if err := ok.Validate(); err != nil {
		t.Errorf("valid field: %v", err)
	}
	for name, f := range bad {
		if f.Validate() == nil {
			t.Errorf("%s: Validate accepted it", name)
		}
	}
}

func maxAbs(v []float64) float64 {
	var m float64
	for _, x := range v {
		m = math.Max(m, math.Abs(x))
	}
	return m
}

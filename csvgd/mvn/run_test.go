package mvn

import (
	"math"
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/backend/backendtest"
	"github.com/csvgd/csvgd-go/csvgd/stein"
	"github.com/gomlx/compute"
)

func testBackend(t testing.TB) compute.Backend { return backendtest.Backend(t) }

// TestGraphLikelihoodMatchesHost checks the graph's log-likelihood score
// against the host-side formula through a Stein step with a flat kernel
// and a single particle (phi = score there).
func TestGraphLikelihoodMatchesHost(t *testing.T) {
	target := PaperTarget()
	cfg := stein.Config{Prior: stein.Prior{Alpha: 1}, Kernel: stein.Kernel{Beta: 2},
		Bandwidth: stein.Bandwidth{Gamma: 1}, Optimizer: stein.SGD{LR: 1}}
	f, err := stein.NewFlow(testBackend(t), cfg, target.LogLikelihood)
	if err != nil {
		t.Fatal(err)
	}
	x, _ := stein.EnsembleFromRows([][]float64{{0.3, -1, 7}})
	ff, err := f.Forces(x, 1)
	if err != nil {
		t.Fatal(err)
	}
	want := target.Score1(x.Particle(0))
	for i, w := range want {
		if got := ff.Likelihood.Data[i]; math.Abs(got-w) > 1e-13 {
			t.Errorf("score[%d] = %v, want %v", i, got, w)
		}
	}
}

func TestSameSeedSameResult(t *testing.T) {
	c := DefaultConfig()
	c.Particles, c.Iters = 16, 50
	b := testBackend(t)
	r1, err1 := Run(b, PaperTarget(), c)
	r2, err2 := Run(b, PaperTarget(), c)
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	for i := range r1.Particles.Data {
		if r1.Particles.Data[i] != r2.Particles.Data[i] {
			t.Fatalf("value %d differs between two runs with the same seed", i)
		}
	}
	c.Seed++
	r3, _ := Run(b, PaperTarget(), c)
	if r3.Particles.Data[0] == r1.Particles.Data[0] {
		t.Error("a different seed gave the same particles")
	}
}

func TestConfigValidateNamesTheValue(t *testing.T) {
	for _, c := range []struct {
		mod  func(*Config)
		want string
	}{
		{func(c *Config) { c.Alpha = 3 }, "alpha = 3"},
		{func(c *Config) { c.Beta = 0 }, "beta = 0"},
		{func(c *Config) { c.Lambda = -1 }, "lambda = -1"},
		{func(c *Config) { c.Particles = 1 }, "particles = 1"},
		{func(c *Config) { c.Iters = 0 }, "iterations = 0"},
		{func(c *Config) { c.Optimizer = "rmsprop" }, "rmsprop"},
		{func(c *Config) { c.Bandwidth = stein.Bandwidth{Gamma: -2} }, "gamma = -2"},
	} {
		cfg := DefaultConfig()
		c.mod(&cfg)
		err := cfg.Validate()
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("want an error containing %q, got %v", c.want, err)
		}
	}
}

// TestPaperClaims checks the paper's Sec. 4 claims with the default
// iterations: without a prior the 128-particle ensemble recovers the
// Gaussian (Bhattacharyya <= 0.01); with lambda = 1, alpha = 1, beta = 2
// theta_3 is sparsified (mean |theta_3| <= 1).
func TestPaperClaims(t *testing.T) {
	if testing.Short() {
		t.Skip("two 2000-iteration runs of 128 particles")
	}
	b := testBackend(t)
	c := DefaultConfig()
	r, err := Run(b, PaperTarget(), c)
	if err != nil {
		t.Fatal(err)
	}
	if r.Bhattacharyya > 0.01 {
		t.Errorf("lambda = 0: Bhattacharyya distance %v > 0.01 (mean %v)", r.Bhattacharyya, r.Mean)
	}
	c.Lambda = 1
	r, err = Run(b, PaperTarget(), c)
	if err != nil {
		t.Fatal(err)
	}
	if r.L1Theta3 > 1 {
		t.Errorf("lambda = 1: mean |theta_3| = %v > 1", r.L1Theta3)
	}
	t.Logf("lambda = 1: mean |theta_3| = %.3g, Bhattacharyya %.3g", r.L1Theta3, r.Bhattacharyya)
}

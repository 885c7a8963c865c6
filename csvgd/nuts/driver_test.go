package nuts

import (
	"math"
	"reflect"
	"strings"
	"testing"
)

// TestSameSeedSameDraws: chains run in parallel and one after another give
// identical draws and statistics for one seed, and another seed gives other
// draws.
func TestSameSeedSameDraws(t *testing.T) {
	mu, prec, _ := correlated2D()
	run := func(seed uint64, workers int) *Result {
		c := DefaultConfig()
		c.Chains, c.Warmup, c.Draws, c.Seed, c.Workers = 3, 200, 100, seed, workers
		r, err := Sample(gaussian(mu, prec), 2, c)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	parallel, sequential := run(5, 0), run(5, 1)
	if !reflect.DeepEqual(parallel.Chains, sequential.Chains) {
		t.Fatal("parallel and sequential chains differ")
	}
	if reflect.DeepEqual(parallel.Chains[0].Draws, parallel.Chains[1].Draws) {
		t.Fatal("chains 0 and 1 drew the same values")
	}
	if other := run(6, 0); reflect.DeepEqual(other.Chains[0].Draws, parallel.Chains[0].Draws) {
		t.Fatal("seeds 5 and 6 gave the same draws")
	}
}

// TestWarmupAdaptsMassMatrix: on N(0, diag(1e-4, 1, 1e4)) the adapted
// M^-1 is each coordinate's variance within 30% (it estimates it from the
// last window's 500 draws, shrunk by 1%), and the step size of the whitened
// 3-D standard normal lies in [0.4, 1.5].
func TestWarmupAdaptsMassMatrix(t *testing.T) {
	variance := []float64{1e-4, 1, 1e4}
	c := DefaultConfig()
	c.Draws, c.Seed = 10, 3
	r, err := Sample(gaussian([]float64{0, 0, 0}, []float64{1e4, 0, 0, 0, 1, 0, 0, 0, 1e-4}), 3, c)
	if err != nil {
		t.Fatal(err)
	}
	for k, ch := range r.Chains {
		for i, v := range ch.InvMass {
			if math.Abs(v/variance[i]-1) > 0.3 {
				t.Errorf("chain %d: M^-1 %v, want %v", k, ch.InvMass, variance)
			}
		}
		if ch.StepSize < 0.4 || ch.StepSize > 1.5 {
			t.Errorf("chain %d: step size %v", k, ch.StepSize)
		}
	}
	s := r.Stats()
	if s.WarmupGradients < c.Chains*c.Warmup || s.Gradients < s.Draws || s.Draws != c.Chains*c.Draws {
		t.Errorf("stats %+v", s)
	}
}

func TestConfigValidate(t *testing.T) {
	for _, c := range []struct {
		change func(*Config)
		want   string
	}{
		{func(c *Config) { c.Chains = 0 }, "chains = 0"},
		{func(c *Config) { c.Warmup = -1 }, "warmup = -1"},
		{func(c *Config) { c.Draws = 0 }, "draws = 0"},
		{func(c *Config) { c.Workers = -2 }, "workers = -2"},
		{func(c *Config) { c.MaxDepth = 0 }, "depth = 0"},
		{func(c *Config) { c.MaxEnergyError = math.NaN() }, "energy error = NaN"},
		{func(c *Config) { c.InitRadius = 0 }, "radius = 0"},
		{func(c *Config) { c.Init = [][]float64{{0, 0}} }, "1 initial points for 4 chains"},
		{func(c *Config) { c.NonNegative = []int{2} }, "coordinate 2"},
		{func(c *Config) { c.Adapt.TargetAccept = 0 }, "target acceptance = 0"},
		{func(c *Config) {
			c.Chains, c.NonNegative, c.Init = 1, []int{1}, [][]float64{{0, -1}}
		}, "x[1] = -1"},
	} {
		cfg := DefaultConfig()
		c.change(&cfg)
		_, err := Sample(standardNormal(2), 2, cfg)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("error %v, want one naming %q", err, c.want)
		}
	}
}

// TestInitialPointOutsideSupport: a start where the log density is -Inf
// is an error naming the chain; a density that is -Inf everywhere fails
// after Stan's 100 random starts.
func TestInitialPointOutsideSupport(t *testing.T) {
	c := DefaultConfig()
	c.Chains, c.Init = 1, [][]float64{{3}}
	positive := func(x, g []float64) float64 {
		g[0] = -1
		if x[0] > 2 {
			return math.Inf(-1)
		}
		return -x[0]
	}
	if _, err := Sample(positive, 1, c); err == nil || !strings.Contains(err.Error(), "chain 0") {
		t.Errorf("error %v, want one naming chain 0", err)
	}
	c.Init = nil
	nowhere := func(x, g []float64) float64 { return math.NaN() }
	if _, err := Sample(nowhere, 1, c); err == nil || !strings.Contains(err.Error(), "100 random initial points") {
		t.Errorf("error %v, want one about the random initial points", err)
	}
}

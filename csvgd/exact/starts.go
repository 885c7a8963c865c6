package exact

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"sync"

	"github.com/csvgd/csvgd-go/csvgd/nuts"
)

// starts are the chains' starting points of c on post: those of
// c.Starts, from the Stein particles or from c.Chains initialisations.
func (c Config) starts(post *Posterior, particles [][]float64) ([][]float64, error) {
	if c.Starts == InitStarts {
		return c.initStarts(post), nil
	}
	return c.steinStarts(post, particles)
}

// WithStarts is c with its chains starting at s and the settings that
// belong to those starts: initialisation starts have no overdispersed
// chains and take DefaultOptimizeSteps(quick) steps of Adam each; Stein
// starts take none (and keep c's overdispersed chains). It is the one
// definition of a run's starts that the studies and csvgd nuts template
// share, so that a run of either is the other's for the same seed.
func (c Config) WithStarts(s Starts, quick bool) Config {
	c.Starts, c.OptimizeSteps = s, 0
	if s == InitStarts {
		c.Overdispersed, c.OptimizeSteps = 0, DefaultOptimizeSteps(quick)
	}
	return c
}

// steinStarts: chain k starts at particle floor(k N / Chains) of the N
// Stein particles, perturbed ([Perturb]) for the last c.Overdispersed
// chains.
func (c Config) steinStarts(post *Posterior, particles [][]float64) ([][]float64, error) {
	if len(particles) == 0 {
		return nil, errors.New("no Stein particles to start the chains at")
	}
	spread := Spread(particles)
	cons := post.Arch.Constrained()
	out := make([][]float64, c.Chains)
	for k := range out {
		start := particles[k*len(particles)/c.Chains]
		if len(start) != post.Dim() {
			return nil, fmt.Errorf("particle of %d weights for a template of %d", len(start), post.Dim())
		}
		if k >= c.Chains-c.Overdispersed {
			start = Perturb(start, spread, cons, rand.New(rand.NewPCG(nuts.ChainSeed(c.Seed, perturbStream+k))))
		}
		out[k] = start
	}
	return out, nil
}

// initStream offsets the chain index of the initialisations' PCG streams
// from the chains' own and the perturbations'.
const initStream = 2 << 20

// initStarts: chain k starts at an initialisation of the template as
// training draws it ([icnn.Arch.Init]), from its own PCG stream of the
// seed, optimised by c.OptimizeSteps steps of Adam ([Optimize]); the
// chains are optimised on one goroutine per CPU.
func (c Config) initStarts(post *Posterior) [][]float64 {
	out := make([][]float64, c.Chains)
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), c.Chains) {
		wg.Go(func() {
			for k := range next {
				rng := rand.New(rand.NewPCG(nuts.ChainSeed(c.Seed, initStream+k)))
				out[k] = Optimize(post, post.Arch.Init(1, rng).Particle(0), c.OptimizeSteps)
			}
		})
	}
	for k := range out {
		next <- k
	}
	close(next)
	wg.Wait()
	return out
}

// The settings of [Optimize]: Adam's step size and moment rates, those of
// training (train.Config's defaults).
const (
	OptimizeRate = 0.01
	adamBeta1    = 0.9
	adamBeta2    = 0.999
	adamEps      = 1e-8
)

// Optimize takes steps steps of Adam (step size OptimizeRate) up the log
// posterior from theta and returns the end point; the constrained weights
// are clipped at 0 after each step, as training keeps them (the
// projection of [icnn.Arch.Project]). A step whose gradient is not finite
// ends the ascent where it was. theta is not changed.
func Optimize(post *Posterior, theta []float64, steps int) []float64 {
	x := append([]float64(nil), theta...)
	cons := post.Arch.Constrained()
	m, v, g := make([]float64, len(x)), make([]float64, len(x)), make([]float64, len(x))
	for n := 1; n <= steps; n++ {
		post.LogDensity(x, g)
		if !finiteSlice(g) {
			break
		}
		c1, c2 := 1-math.Pow(adamBeta1, float64(n)), 1-math.Pow(adamBeta2, float64(n))
		for i := range x {
			m[i] = adamBeta1*m[i] + (1-adamBeta1)*g[i]
			v[i] = adamBeta2*v[i] + (1-adamBeta2)*g[i]*g[i]
			x[i] += OptimizeRate * (m[i] / c1) / (math.Sqrt(v[i]/c2) + adamEps)
			if cons[i] && x[i] < 0 {
				x[i] = 0
			}
		}
	}
	return x
}

// finiteSlice reports whether every entry of v is finite.
func finiteSlice(v []float64) bool {
	for _, x := range v {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return false
		}
	}
	return true
}

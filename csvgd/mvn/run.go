package mvn

import (
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/csvgd/csvgd-go/csvgd/stein"
	"github.com/gomlx/compute"
	"gonum.org/v1/gonum/mat"
)

// Config is one Stein run of the illustrative example: the Stein
// settings every flow shares and what is particular to this example.
type Config struct {
	stein.Settings
	Mask      float64 // kernel axis mask threshold (0: off)
	InitStd   float64 // particles start as N(0, InitStd^2) per component
	Snapshots []int   // iterations (0 = initial) at which to keep a copy of the particles
	Every     int     `json:",omitempty"` // history interval in iterations (0: no history)
}

// DefaultConfig is the configuration the command line and notebooks start
// from: 128 particles, Liu & Wang's median bandwidth, their Adagrad with
// momentum at step size 0.05 for 2000 iterations, beta = 2, alpha = 1, no
// prior (lambda = 0; the penalty form lambda |theta|^alpha once lambda is
// set), particles drawn from N(0, I).
func DefaultConfig() Config {
	return Config{
		Settings: stein.Settings{
			Alpha: 1, Beta: 2, Lambda: 0,
			Bandwidth: stein.Bandwidth{Rule: stein.MedianLiuWang},
			Particles: 128, Iters: 2000,
			Optimizer: stein.AdagradName, StepSize: 0.05, Seed: 1,
		},
		InitStd: 1,
	}
}

// Validate reports the first out-of-range setting, naming its value.
func (c Config) Validate() error {
	if err := c.Settings.Validate(); err != nil {
		return err
	}
	if !(c.InitStd > 0) {
		return fmt.Errorf("initial standard deviation = %v must be > 0", c.InitStd)
	}
	if c.Every < 0 {
		return fmt.Errorf("history interval = %d must be >= 0", c.Every)
	}
	_, err := c.steinConfig()
	return err
}

func (c Config) steinConfig() (stein.Config, error) { return c.FlowConfig(c.Mask, 0) }

// Result is the outcome of [Run].
type Result struct {
	Config        Config
	Particles     *stein.Ensemble
	Mean          []float64
	Cov           *mat.SymDense
	Bhattacharyya float64 // to the likelihood's moments
	L1Theta3      float64 // mean |theta_3|
	KSD           float64 // kernel Stein discrepancy to the flow's target ([KSD])
	Gamma         float64 // bandwidth of the last step
	Iterations    int
	Seconds       float64
	Snapshots     map[int]*stein.Ensemble
	History       []HistoryPoint // every Config.Every iterations, from 0, and at the end
}

// Run runs the Stein flow of the illustrative example on backend b.
func Run(b compute.Backend, t Target, c Config) (*Result, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	sc, _ := c.steinConfig()
	flow, err := stein.NewFlow(b, sc, t.LogLikelihood)
	if err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(c.Seed, 0x5eed))
	x := stein.GaussianEnsemble(c.Particles, make([]float64, t.Dim()), c.InitStd, rng)
	res := &Result{Config: c, Snapshots: map[int]*stein.Ensemble{}}
	keep := map[int]bool{}
	for _, k := range c.Snapshots {
		keep[k] = true
	}
	if keep[0] {
		res.Snapshots[0] = x.Clone()
	}
	h, err := newHistory(t, c, res, x)
	if err != nil {
		return nil, err
	}
	start := time.Now()
	err = flow.Run(x, c.Iters, nil, func(done int, x *stein.Ensemble) bool {
		if keep[done] {
			res.Snapshots[done] = x.Clone()
		}
		return h.observe(done, x)
	})
	res.Seconds = time.Since(start).Seconds()
	if err == nil {
		err = h.err
	}
	res.Iterations, res.Gamma, res.Particles = flow.Iter, flow.LastGamma, x
	if err != nil {
		return res, fmt.Errorf("mvn: %w", err)
	}
	return res, res.measure(t)
}

func (r *Result) measure(t Target) error {
	cov, err := t.Covariance()
	if err != nil {
		return err
	}
	r.Mean, r.Cov = Moments(r.Particles)
	r.L1Theta3 = L1Theta3(r.Particles)
	if r.Bhattacharyya, err = Bhattacharyya(r.Mean, r.Cov, t.Mean, cov); err != nil {
		return err
	}
	r.KSD, err = KSD(t, r.Config.SteinPrior(), r.Particles)
	return err
}

package collapse

import (
	"fmt"
	"math"
	"math/rand/v2"
	"time"

	"github.com/csvgd/csvgd-go/csvgd/stein"
	"github.com/csvgd/csvgd-go/csvgd/svn"
	"github.com/gomlx/compute"
	"gonum.org/v1/gonum/mat"
)

// Config is one run of the experiment.
type Config struct {
	Update    svn.Update // svgd (the first-order flow of package stein), newton or snewton (package svn)
	Particles int        // N >= 2
	Iters     int        // iterations; 0: [DefaultIters] of the update
	Seed      uint64     // seed of the initial particles and of the noise
	// StepSize is the step size: 0 for the update's default (svgd: Liu &
	// Wang's Adagrad with momentum at 0.05, the optimizer of Sec. 4; the
	// Newton updates: [svn.DefaultStep]).
	StepSize float64
}

// DefaultIters is the number of iterations of a run of u when Config sets
// none: enough for every update to reach its fixed point (svgd, newton)
// or its stationary law (snewton) on the targets of this package at up to
// 100 dimensions and 50 particles, from particles drawn from N(0, I).
func DefaultIters(u svn.Update) int {
	switch u.Or() {
	case svn.Newton:
		return 300
	case svn.StochasticNewton:
		return 1000
	}
	return 2000
}

// Validate reports a configuration that cannot run.
func (c Config) Validate() error {
	if err := c.Update.Validate(); err != nil {
		return fmt.Errorf("collapse: %w", err)
	}
	switch {
	case c.Particles < 2:
		return fmt.Errorf("collapse: particles = %d: need at least 2", c.Particles)
	case c.Iters < 0:
		return fmt.Errorf("collapse: iterations = %d must be >= 0 (0: the update's default)", c.Iters)
	case !(c.StepSize >= 0) || math.IsInf(c.StepSize, 0):
		return fmt.Errorf("collapse: step size = %v must be finite and >= 0 (0: the update's default)", c.StepSize)
	}
	return nil
}

// Result is the ensemble of a run measured against the target.
type Result struct {
	Dim        int        `json:"dim"`
	Particles  int        `json:"particles"`
	Update     svn.Update `json:"update"`
	Seed       uint64     `json:"seed"`
	Iterations int        `json:"iterations"`
	StepSize   float64    `json:"step_size"`
	// VarianceRatio is the mean over coordinates of the ensemble's
	// unbiased variance over the target's.
	VarianceRatio float64 `json:"variance_ratio"`
	// VarianceRatioSE is the standard error of VarianceRatio for N
	// independent draws of a Gaussian of the target's covariance,
	// sqrt(2 sum_ij rho_ij^2 / (N - 1)) / D with rho the target's
	// correlations: how far an exact sample's ratio strays from 1.
	VarianceRatioSE float64 `json:"variance_ratio_se"`
	// WhitenedRatio is tr(Sigma^-1 C) / D, C the ensemble's unbiased
	// covariance: the mean variance ratio in the coordinates that make the
	// target N(0, I), which [FixedPointVariance] predicts for the
	// deterministic updates on a Gaussian. It averages 1 for independent
	// draws of the target too.
	WhitenedRatio float64 `json:"whitened_ratio"`
	// MeanError is sqrt(1/D sum_i (m_i - mu_i)^2 / Sigma_ii), the error of
	// the ensemble's mean in the target's standard deviations.
	MeanError float64 `json:"mean_error"`
	// MeanErrorIID is the root mean square of MeanError for N independent
	// draws of the target, 1/sqrt(N).
	MeanErrorIID float64   `json:"mean_error_iid"`
	Ratios       []float64 `json:"ratios"` // per coordinate: the ensemble's variance over the target's
	// RatioSE is the standard error of one coordinate's ratio in Ratios
	// for N independent draws of a Gaussian, sqrt(2 / (N - 1)) (the
	// unbiased variance of N normal draws is sigma^2 chi^2_{N-1}/(N-1)):
	// the yardstick of a single coordinate, larger than VarianceRatioSE,
	// which is that of their mean; a heavier-tailed marginal scatters
	// more still.
	RatioSE   float64 `json:"ratio_se"`
	Seconds   float64 `json:"seconds"`
	MsPerIter float64 `json:"ms_per_iter"`
	// Final are the final particles (not in the JSON).
	Final [][]float64 `json:"-"`
}

// Run runs c on p: the particles start from N(0, I) (seeded by c.Seed),
// svgd runs on backend b (the graphs of package stein, with Liu & Wang's
// median bandwidth and the RBF kernel), the Newton updates on the host.
func Run(b compute.Backend, p Problem, c Config) (*Result, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	if c.Iters == 0 {
		c.Iters = DefaultIters(c.Update)
	}
	x := stein.GaussianEnsemble(c.Particles, make([]float64, p.Dim()), 1, rand.New(rand.NewPCG(c.Seed, 0xc011a95e)))
	step, err := c.step(b, p)
	if err != nil {
		return nil, err
	}
	start := time.Now()
	for t := 0; t < c.Iters; t++ {
		if err := step.fn(x); err != nil {
			return nil, fmt.Errorf("collapse: %s, dimension %d, %d particles: %w", c.Update.Or(), p.Dim(), c.Particles, err)
		}
	}
	if err := x.Sync(); err != nil {
		return nil, err
	}
	secs := time.Since(start).Seconds()
	r := measure(p, x)
	r.Final = x.Rows()
	r.Update, r.Seed, r.Iterations, r.StepSize = c.Update.Or(), c.Seed, c.Iters, step.size
	r.Seconds, r.MsPerIter = secs, 1000*secs/float64(max(c.Iters, 1))
	return r, nil
}

// stepper is one iteration of the configured update and its step size.
type stepper struct {
	fn   func(x *stein.Ensemble) error
	size float64
}

func (c Config) step(b compute.Backend, p Problem) (stepper, error) {
	if !c.Update.SecondOrder() {
		eps := c.StepSize
		if eps == 0 {
			eps = 0.05
		}
		opt, err := stein.NewOptimizer(stein.AdagradName, eps)
		if err != nil {
			return stepper{}, err
		}
		cfg := stein.Config{Prior: p.Prior, Kernel: stein.Kernel{Beta: 2}, Bandwidth: stein.Bandwidth{Rule: stein.MedianLiuWang}, Optimizer: opt}
		f, err := stein.NewFlow(b, cfg, p.Target.LogLikelihood)
		if err != nil {
			return stepper{}, err
		}
		return stepper{f.Step, eps}, nil
	}
	eps := c.StepSize
	if eps == 0 {
		eps = svn.DefaultStep(c.Update)
	}
	f, err := svn.NewFlow(p.Target, svn.Config{Update: c.Update, Prior: p.Prior, StepSize: eps, Seed: c.Seed})
	if err != nil {
		return stepper{}, err
	}
	return stepper{f.Step, eps}, nil
}

// measure compares the ensemble x with the target of p.
func measure(p Problem, x *stein.Ensemble) *Result {
	d, n := p.Dim(), x.N
	r := &Result{Dim: d, Particles: n, Ratios: make([]float64, d), MeanErrorIID: 1 / math.Sqrt(float64(n))}
	var me, corr float64
	for i := 0; i < d; i++ {
		c := x.Component(i)
		var m, v float64
		for _, u := range c {
			m += u
		}
		m /= float64(n)
		for _, u := range c {
			v += (u - m) * (u - m)
		}
		sii := p.Cov.At(i, i)
		r.Ratios[i] = v / float64(n-1) / sii
		r.VarianceRatio += r.Ratios[i] / float64(d)
		me += (m - p.Mean[i]) * (m - p.Mean[i]) / sii / float64(d)
		for j := 0; j < d; j++ {
			rho := p.Cov.At(i, j) / math.Sqrt(sii*p.Cov.At(j, j))
			corr += rho * rho
		}
	}
	r.MeanError = math.Sqrt(me)
	r.WhitenedRatio = whitened(p, x)
	r.VarianceRatioSE = math.Sqrt(2*corr/float64(n-1)) / float64(d)
	r.RatioSE = math.Sqrt(2 / float64(n-1))
	return r
}

// whitened is tr(Sigma^-1 C) / D for the ensemble x (C its unbiased
// covariance) and the target covariance Sigma of p.
func whitened(p Problem, x *stein.Ensemble) float64 {
	var chol mat.Cholesky
	if !chol.Factorize(p.Cov) {
		return math.NaN()
	}
	d, n := p.Dim(), x.N
	c := mat.NewDense(d, n, nil) // the centred particles as columns
	for i := 0; i < d; i++ {
		comp := x.Component(i)
		var m float64
		for _, u := range comp {
			m += u / float64(n)
		}
		for a, u := range comp {
			c.Set(i, a, u-m)
		}
	}
	var s mat.Dense
	if err := chol.SolveTo(&s, c); err != nil {
		return math.NaN()
	}
	var tr float64
	for i := 0; i < d; i++ {
		for a := 0; a < n; a++ {
			tr += c.At(i, a) * s.At(i, a)
		}
	}
	return tr / float64(n-1) / float64(d)
}

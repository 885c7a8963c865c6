package reference

import (
	"errors"
	"fmt"
	"math"
	"runtime"

	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/stein"
)

// Step is the reference of one Stein step of the ICNN ensemble with the
// Gaussian stress likelihood -Weight sum_{m,k} (S_mk - S^data_mk)^2: the
// host twin of a [stein.Flow] built with [icnn.Arch.LogLikelihood]
// (Weight = 1/(2 sigma^2)) or [icnn.Arch.MeanLogLikelihood]
// (Weight = 1/(2 sigma^2 M)). Like the flow it keeps the optimizer state
// and the iteration count from step to step.
//
// A Step is not safe for concurrent use: its methods share scratch
// buffers.
type Step struct {
	// Arch and Batch are the network and the data, read by NewStep:
	// changing them afterwards has no effect.
	Arch   icnn.Arch
	Batch  icnn.Batch
	Weight float64 // w of the log-likelihood -w sum (S - S^data)^2

	// Config is the flow's configuration. Its Optimizer must be a
	// [stein.Adam] or a [stein.SGD]. Its Project, when not nil, is taken
	// to be [icnn.Arch.Project] of Arch: the reference clips the
	// constrained weights at zero itself and never calls the function.
	Config stein.Config

	Lambda    float64 // prior multiplier of the next step (starts at Config.Prior.Lambda), as [stein.Flow.Lambda]
	Iter      int     // steps done since the optimizer state was last reset, as [stein.Flow.Iter]
	LastGamma float64 // bandwidth of the last step or Stein direction

	// Workers is the number of goroutines that share the work of a step:
	// 0 means runtime.GOMAXPROCS(0), 1 runs everything on the calling
	// goroutine. The results do not depend on it.
	Workers int

	data        batchData
	net         network
	constrained []bool // icnn.Arch.Constrained of Arch

	// Ensemble-sized buffers, allocated for n particles by ensure.
	n          int
	rows       [][]float64 // views of the particles, for the bandwidth rule
	scoreL     []float64   // [N*D] likelihood scores
	scoreP     []float64   // [N*D] prior scores
	kmat       []float64   // [N*N] K[b*N+a] = k(theta_b, theta_a)
	rep        []float64   // [N*D] repulsion, not yet divided by N
	phi        []float64   // [N*D] Stein direction
	next       []float64   // [N*D] updated particles
	xc         []float64   // [N*D] centred particles (RBF kernel)
	sq         []float64   // [N] squared norms of the centred particles
	state, upd [][]float64 // optimizer state (m, v for Adam) and its update
	work       []*workspace
}

// NewStep validates the network, the batch, the weight and the
// configuration and returns a step with a fresh optimizer state.
func NewStep(arch icnn.Arch, b icnn.Batch, weight float64, cfg stein.Config) (*Step, error) {
	data, err := newModel(arch, b, weight)
	if err != nil {
		return nil, err
	}
	if err := cfg.Validate(); err != nil {
		return nil, fmt.Errorf("reference: %w", err)
	}
	switch cfg.Optimizer.(type) {
	case stein.Adam, stein.SGD:
	default:
		return nil, fmt.Errorf("reference: optimizer %s (%T): only adam and sgd are written out", cfg.Optimizer.Name(), cfg.Optimizer)
	}
	return &Step{
		Arch: arch, Batch: b, Weight: weight, Config: cfg, Lambda: cfg.Prior.Lambda,
		data: data, net: newNetwork(arch), constrained: arch.Constrained(),
	}, nil
}

// Reset zeroes the optimizer state and the iteration count, as
// [stein.Flow.ResetState].
func (s *Step) Reset() {
	for _, st := range s.state {
		clear(st)
	}
	s.Iter = 0
}

// workers is the number of goroutines for n tasks.
func (s *Step) workers(n int) int {
	w := s.Workers
	if w <= 0 {
		w = runtime.GOMAXPROCS(0)
	}
	return max(1, min(w, n))
}

// ensure sizes the buffers for n particles. A change of n or of the
// optimizer's number of state tensors (or the first call) resets the
// optimizer state, as [stein.Flow.Step] does when the ensemble's shape
// changes.
func (s *Step) ensure(n int) {
	nw := s.workers(n)
	for len(s.work) < nw {
		s.work = append(s.work, s.net.newWorkspace(s.data.m))
	}
	if s.n == n && s.scoreL != nil && len(s.state) == s.Config.Optimizer.NumState() {
		return
	}
	d := s.net.params
	s.n = n
	s.rows = make([][]float64, n)
	s.scoreL, s.scoreP = make([]float64, n*d), make([]float64, n*d)
	s.kmat = make([]float64, n*n)
	s.rep, s.phi, s.next = make([]float64, n*d), make([]float64, n*d), make([]float64, n*d)
	s.xc, s.sq = make([]float64, n*d), make([]float64, n)
	k := s.Config.Optimizer.NumState()
	s.state, s.upd = make([][]float64, k), make([][]float64, k)
	for i := range s.state {
		s.state[i], s.upd[i] = make([]float64, n*d), make([]float64, n*d)
	}
	s.Iter = 0
}

// check reports an ensemble that does not fit the network.
func (s *Step) check(x *stein.Ensemble) error {
	switch {
	case s.Config.Optimizer == nil:
		return errors.New("reference: no optimizer")
	case x == nil || x.N < 1:
		return errors.New("reference: empty ensemble")
	case x.D != s.net.params:
		return fmt.Errorf("reference: particles have %d components, network %v has %d parameters", x.D, s.Arch.Widths, s.net.params)
	case len(x.Data) != x.N*x.D:
		return fmt.Errorf("reference: ensemble holds %d values, want %d x %d", len(x.Data), x.N, x.D)
	}
	return nil
}

// nonFinite is the error of the current step for quantity q.
func (s *Step) nonFinite(q stein.Quantity) error {
	return fmt.Errorf("reference: %w", &stein.NonFiniteError{Iter: s.Iter, Lambda: s.Lambda, Gamma: s.LastGamma, Quantity: q})
}

// Phi writes the Stein direction of eq. (stein_grad) for the ensemble x
// into out (shaped like x), with the bandwidth of the configured rule
// (stored in LastGamma) and the step's Lambda:
//
//	phi_a = 1/N sum_b K[b, a] (grad log p(D | theta_b) + grad log p(theta_b)) + 1/N R[a].
//
// It leaves the optimizer state alone. A non-finite quantity gives an
// error wrapping a [*stein.NonFiniteError] that names it.
func (s *Step) Phi(x, out *stein.Ensemble) error {
	if err := s.check(x); err != nil {
		return err
	}
	if out == nil || out.N != x.N || out.D != x.D || len(out.Data) != len(x.Data) {
		return errors.New("reference: the Stein direction needs an ensemble shaped like the particles")
	}
	if err := s.direction(x); err != nil {
		return err
	}
	copy(out.Data, s.phi)
	return nil
}

// Do performs one Stein step on x in place: scores, bandwidth, kernel,
// Stein direction, optimizer update and projection, exactly as one
// [stein.Flow.Step]. A change in the number of particles restarts the
// optimizer, as in the flow. When a quantity is not finite, x and the
// optimizer state are left unchanged and the error wraps a
// [*stein.NonFiniteError] naming the first one.
func (s *Step) Do(x *stein.Ensemble) error {
	if err := s.check(x); err != nil {
		return err
	}
	if err := s.direction(x); err != nil {
		return err
	}
	if err := s.update(x.Data); err != nil {
		return err
	}
	copy(x.Data, s.next)
	s.state, s.upd = s.upd, s.state
	s.Iter++
	return nil
}

// direction computes the scores, the bandwidth, the kernel terms and phi
// for x into the step's buffers, checking each for NaN and Inf.
func (s *Step) direction(x *stein.Ensemble) error {
	s.ensure(x.N)
	n, d := x.N, x.D
	for a := range s.rows {
		s.rows[a] = x.Data[a*d : (a+1)*d]
	}
	s.LastGamma = s.Config.Bandwidth.Of(s.rows, s.Config.Kernel)
	if !finite(x.Data) {
		return s.nonFinite(stein.InputParticles)
	}
	pen := s.penalty()
	s.parallel(n, func(w, lo, hi int) {
		ws := s.work[w]
		for a := lo; a < hi; a++ {
			theta := x.Data[a*d : (a+1)*d]
			s.net.score(ws, &s.data, s.Weight, theta, s.scoreL[a*d:(a+1)*d])
			s.priorScore(pen, theta, s.scoreP[a*d:(a+1)*d])
		}
	})
	if !finite(s.scoreL) {
		return s.nonFinite(stein.LikelihoodGradient)
	}
	if !finite(s.scoreP) {
		return s.nonFinite(stein.PriorScore)
	}
	s.kernel(x.Data, n, d, s.LastGamma)
	if !finite(s.kmat) || !finite(s.rep) {
		return s.nonFinite(stein.KernelTerms)
	}
	s.stein(n, d)
	if !finite(s.phi) {
		return s.nonFinite(stein.SteinDirection)
	}
	return nil
}

// stein is phi_a = 1/N (sum_b K[b, a] (scoreL_b + scoreP_b) + R[a]), eq.
// (stein_grad), row by row.
func (s *Step) stein(n, d int) {
	inv := 1 / float64(n)
	s.parallel(n, func(_, lo, hi int) {
		for a := lo; a < hi; a++ {
			out := s.phi[a*d : (a+1)*d]
			copy(out, s.rep[a*d:(a+1)*d])
			for b := 0; b < n; b++ {
				k := s.kmat[b*n+a]
				sl, sp := s.scoreL[b*d:(b+1)*d], s.scoreP[b*d:(b+1)*d]
				for i := range out {
					out[i] += k * (sl[i] + sp[i])
				}
			}
			for i := range out {
				out[i] *= inv
			}
		}
	})
}

// finite reports whether every value of v is finite.
func finite(v []float64) bool {
	for _, x := range v {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return false
		}
	}
	return true
}

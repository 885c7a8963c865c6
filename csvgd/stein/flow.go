package stein

import (
	"errors"
	"fmt"
	"time"

	"github.com/gomlx/compute"
	. "github.com/gomlx/gomlx/core/graph" //nolint:revive // GoMLX graph DSL.
	"github.com/gomlx/gomlx/core/tensors"
)

// Config holds the ingredients of a Stein flow (Alg. svgd without stages).
type Config struct {
	Prior     Prior
	Kernel    Kernel
	Bandwidth Bandwidth
	Optimizer Optimizer
	// Project, when not nil, maps the updated particles back onto the
	// feasible set inside the step graph (for example the non-negative
	// weights of an input-convex network).
	Project func(theta *Node) *Node
	// Independent drops the kernel from the steps: the direction of
	// particle a is its own score, phi_a = grad log p(theta_a) (the
	// likelihood's and the prior's), so that each particle is an
	// independent gradient ascent on the log posterior, a MAP fit, with
	// its own optimizer state: a deep ensemble. It is SVGD's update with
	// the kernel k(x, y) = N [x = y] (the identity scaled by the
	// ensemble's size, so that a particle's step is the one it would take
	// alone) and no repulsion. The forces of [Flow.Forces] stay the
	// kernel's.
	Independent bool
}

// Validate checks every part of the configuration.
func (c Config) Validate() error {
	if err := c.Prior.Validate(); err != nil {
		return err
	}
	if err := c.Kernel.Validate(); err != nil {
		return err
	}
	if !c.Bandwidth.Rule.known() {
		return fmt.Errorf("bandwidth rule %d: want fixed, median, median-matrix or paper", int(c.Bandwidth.Rule))
	}
	if c.Bandwidth.Rule == Fixed && !(c.Bandwidth.Gamma > 0) {
		return fmt.Errorf("fixed bandwidth gamma = %v must be > 0", c.Bandwidth.Gamma)
	}
	if c.Optimizer == nil {
		return errors.New("stein: no optimizer")
	}
	return nil
}

// Flow runs SVGD iterations theta_a += eps phi(theta_a) for all particles in
// one compiled GoMLX graph: score (autodiff of the log-likelihood plus the
// prior score), kernel matrix and gradients, the Stein direction, the
// optimizer update and a finiteness check that names the first non-finite
// quantity ([NonFiniteError]). One execution runs any number of steps
// ([Flow.Steps]), a While loop on the device: each step computes the
// pairwise distances of the particles it returns ([Kernel.Distances]),
// which the next step's kernel uses and whose median (selected on the
// device, [Flow.Selection], or on the host, [Flow.HostMedian]) gives the
// next bandwidth. The particles, their distances, the
// iteration count and the optimizer state stay on the device from step to
// step and from call to call ([Ensemble] says when they come back); a call
// of k steps makes the same host transfers as a call of one. Every graph
// execution runs under a watchdog ([Flow.Watchdog]), so that a stalled
// backend ends in an error wrapping [ErrStalled] instead of a hang.
type Flow struct {
	Config
	Lambda    float64 // the prior multiplier used by the next step (starts at Prior.Lambda)
	Iter      int     // iterations done
	LastGamma float64 // bandwidth used by the last step

	// Mode is how [Flow.Steps] runs its steps on the device: the
	// default for the backend ([StepsModeFor]) unless changed.
	Mode StepsMode
	// HostMedian: with chained steps ([ChainedSteps]), the host takes the
	// bandwidth's median between them, from the distances the last step
	// left, as [Bandwidth.Of] does (bit for bit). The default where the
	// backend's buffers are the host's memory (the pure-Go backend), so that
	// reading them copies nothing: there the host's selection costs a few
	// microseconds where the graph's costs as much as the rest of a step at
	// 100 particles (docs/speed.md). The loop in the graph always takes it
	// on the device.
	HostMedian bool
	// Selection is how the steps find the median on the device
	// ([RadixSelection] by default); set it with [Flow.UseMedianSelection].
	Selection MedianSelection
	// ModeNote says why Mode is not the one asked for (the backend could
	// not compile the loop in the graph), or is empty.
	ModeNote string
	// Executions counts the graph executions of the steps and Reads the
	// times the host read their results back: once per call of
	// [Flow.Steps], whatever its number of steps, and once per step for
	// the host's median ([Flow.HostMedian]).
	Executions, Reads int

	// Watchdog is the time limit of one graph execution. 0 (the default)
	// means max(DefaultWatchdog, WatchdogFactor x the slowest execution
	// seen so far), and CompileWatchdog instead of DefaultWatchdog for the
	// first execution of a graph, which compiles it: limits no healthy run
	// reaches. A negative value switches the watchdog off.
	Watchdog time.Duration

	score       Score
	batch       BatchScore // the steps' data score, when it depends on the iteration (NewFlowBatch)
	backend     compute.Backend
	loops       map[stepsKey]*Exec // the steps (loopGraph or chainGraph), by bandwidth rule and mode
	distances   *Exec              // the pairwise distances of particles that come from the host
	forces      *Exec
	diagnosis   *Exec // the step with a check per quantity, run after a failure
	posterior   *Exec // the posterior's score alone (PosteriorScore)
	state       []*tensors.Tensor
	carry       carried                 // the particles of the last step and their distances, on the device
	pairs       []float64               // the pairwise values the host's median is taken of (HostMedian)
	scalars     map[any]*tensors.Tensor // scalar inputs, kept on the device ([Flow.scalar])
	iter        iterOnDevice            // the iteration count on the device ([Flow.iterTensor])
	backendName string                  // the backend's name, for the stall error
	// euclidPairs: the graphs give squared Euclidean distances besides
	// the kernel's ([Flow.pairNodes]), fixed when the flow is made.
	euclidPairs bool

	ran     map[execKey]bool // graphs executed at least once (compiled)
	slowest time.Duration    // slowest execution that did not compile
	stalled error            // set once the watchdog fired; the flow is then unusable

	// execHook, when set by a test, replaces Exec.Exec (to simulate a stall).
	execHook func(e *Exec, args []any) ([]*tensors.Tensor, error)
}

// NewFlow compiles (lazily, at the first call) the Stein step for cfg and the
// log-likelihood like on backend b; the data score is like's gradient by
// autodiff.
func NewFlow(b compute.Backend, cfg Config, like LogLikelihood) (*Flow, error) {
	return NewFlowScore(b, cfg, like.Score())
}

// NewFlowScore is [NewFlow] with the data score given directly (for
// example in closed form), not derived from a log-likelihood.
func NewFlowScore(b compute.Backend, cfg Config, score Score) (*Flow, error) {
	return newFlow(b, cfg, score, nil)
}

// NewFlowBatch is [NewFlowScore] with a data score for the steps that
// depends on the iteration, such as a mini-batch estimate of the full
// score (package regress draws its batches from the iteration count, as
// Liu & Wang's code does); full is the score of all the data, which
// [Flow.Forces], [Flow.PosteriorScore] and [Flow.KSD] use.
func NewFlowBatch(b compute.Backend, cfg Config, full Score, batch BatchScore) (*Flow, error) {
	if batch == nil {
		return nil, errors.New("stein: NewFlowBatch needs a batch score")
	}
	return newFlow(b, cfg, full, batch)
}

// BatchScore builds, for an ensemble theta [N, D] and the 0-based
// iteration number iter (a scalar of theta's dtype: the count the
// optimizer sees, [Flow.Iter]), the data score a step follows, [N, D].
type BatchScore func(theta, iter *Node) *Node

func newFlow(b compute.Backend, cfg Config, score Score, batch BatchScore) (*Flow, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	f := &Flow{Config: cfg, Lambda: cfg.Prior.Lambda, score: score, batch: batch, Mode: StepsModeFor(b), HostMedian: b.HasSharedBuffers(),
		backend: b, backendName: b.Name()}
	f.euclidPairs = f.needsEuclidPairs()
	var err error
	if _, err = f.steps(); err != nil {
		return nil, fmt.Errorf("stein: %w", err)
	}
	if f.distances, err = NewExec(b, f.pairNodes); err != nil {
		return nil, fmt.Errorf("stein: building the distances graph: %w", err)
	}
	if f.forces, err = NewExec(b, f.forcesGraph); err != nil {
		return nil, fmt.Errorf("stein: building the forces graph: %w", err)
	}
	if f.diagnosis, err = NewExec(b, f.diagnoseGraph); err != nil {
		return nil, fmt.Errorf("stein: building the diagnosis graph: %w", err)
	}
	if f.posterior, err = NewExec(b, f.posteriorGraph); err != nil {
		return nil, fmt.Errorf("stein: building the posterior score graph: %w", err)
	}
	return f, nil
}

// pairNodes are the pairwise values of the particles x [N, D] that the
// next step needs: the kernel's distances, which its kernel matrix and
// (Liu & Wang's rule, or the paper's with the RBF kernel, whose distances
// are squared Euclidean) its bandwidth use, and for the paper's rule with
// another kernel the squared Euclidean distances besides.
func (f *Flow) pairNodes(x *Node) []*Node {
	dist := f.Kernel.Distances(x)
	if f.euclidPairs {
		return []*Node{dist, ReduceSum(Square(pairDiff(x)), -1)}
	}
	return []*Node{dist}
}

// needsEuclidPairs reports whether the bandwidth rule takes its median of
// squared Euclidean distances that differ from the kernel's.
func (f *Flow) needsEuclidPairs() bool { return f.Bandwidth.euclidean() && f.Kernel.Beta != 2 }

// numPairs is the number of outputs of [Flow.pairNodes].
func (f *Flow) numPairs() int {
	if f.euclidPairs {
		return 2
	}
	return 1
}

// stepParts are the nodes of one SVGD step: the terms of the Stein
// direction, phi, the new particles and the new optimizer state.
type stepParts struct {
	terms
	phi, next *Node
	state     []*Node
}

// stepNodes builds one SVGD step from theta, its distances and the
// optimizer state.
func (f *Flow) stepNodes(theta, dist, gamma, lambda, iter *Node, state []*Node) stepParts {
	score := f.score
	if f.batch != nil {
		score = func(t *Node) *Node { return f.batch(t, iter) }
	}
	s := stepParts{terms: directionTerms(theta, dist, gamma, lambda, score, f.Prior, f.Kernel)}
	if f.Independent {
		s.phi = Add(s.scoreL, s.scoreP)
	} else {
		s.phi = f.Kernel.phi(theta, dist, gamma, Add(s.scoreL, s.scoreP))
	}
	s.next, s.state = f.Optimizer.Update(theta, s.phi, iter, state)
	if f.Project != nil {
		s.next = f.Project(s.next)
	}
	return s
}

// forcesGraph: inputs theta, gamma, lambda; outputs the three forces.
func (f *Flow) forcesGraph(theta, gamma, lambda *Node) []*Node {
	d := directionTerms(theta, f.Kernel.Distances(theta), gamma, lambda, f.score, f.Prior, f.Kernel).forces
	return []*Node{d.Likelihood, d.Prior, d.Repulsion}
}

// Gamma is the bandwidth the configured rule gives for x.
func (f *Flow) Gamma(x *Ensemble) float64 { return f.Bandwidth.Of(x.Rows(), f.Kernel) }

// Step performs one SVGD iteration on x in place: [Flow.Steps] with k = 1.
// The new particles stay on the device, and x's Data is nil, until
// something reads them ([Ensemble]); the next step starts from them there
// unless x was changed in between. When a quantity of the step is not
// finite, x and the optimizer state are left unchanged and the error is a
// [*NonFiniteError] (wrapping [ErrNonFinite]) naming it; when the
// execution outlives the watchdog, the error wraps [ErrStalled].
func (f *Flow) Step(x *Ensemble) error { return f.Steps(x, 1) }

// nonFinite is the error of the current iteration for quantity q.
func (f *Flow) nonFinite(q Quantity) error {
	return &NonFiniteError{Iter: f.Iter, Lambda: f.Lambda, Gamma: f.LastGamma, Quantity: q}
}

// ResetState zeroes the optimizer state for an ensemble shaped like x and
// restarts the iteration count seen by the optimizer.
func (f *Flow) ResetState(x *Ensemble) {
	f.state = make([]*tensors.Tensor, f.Optimizer.NumState())
	for i := range f.state {
		f.state[i] = NewEnsemble(x.N, x.D).Tensor()
	}
	f.Iter = 0
}

// Run performs iters steps on x. When observe is not nil it is called
// after the steps that stops names, with the number of steps done;
// returning false stops early. stops(done) is the next count of steps
// done at which to observe (a value past iters observes at iters); a nil
// stops observes after every step. The steps between two observations run
// in one graph execution ([Flow.Steps]). x's Data holds the particles
// whenever observe is called and when Run returns.
func (f *Flow) Run(x *Ensemble, iters int, stops func(done int) int, observe func(done int, x *Ensemble) bool) (err error) {
	defer func() {
		if serr := x.Sync(); err == nil {
			err = serr
		}
	}()
	if observe == nil {
		return f.Steps(x, iters)
	}
	for done := 0; done < iters; {
		next := done + 1
		if stops != nil {
			next = min(max(stops(done), done+1), iters)
		}
		if err := f.Steps(x, next-done); err != nil {
			return err
		}
		done = next
		if err := x.Sync(); err != nil {
			return err
		}
		if !observe(done, x) {
			return nil
		}
	}
	return nil
}

// Every is a stops function for [Flow.Run]: every k steps (k >= 1).
func Every(k int) func(done int) int {
	return func(done int) int { return (done/k + 1) * k }
}

// ForceField is the host-side value of [Forces] for an ensemble.
type ForceField struct {
	Likelihood, Prior, Repulsion *Ensemble
}

// Forces evaluates the three terms of eq. (stein_grad) for x with bandwidth
// gamma (the configured rule's value when gamma <= 0) and the flow's lambda.
func (f *Flow) Forces(x *Ensemble, gamma float64) (ForceField, error) {
	if gamma <= 0 {
		gamma = f.Gamma(x)
	}
	out, err := f.execute(f.forces, x, "forces", []any{x.Tensor(), gamma, f.Lambda})
	if err != nil {
		return ForceField{}, fmt.Errorf("stein: forces: %w", err)
	}
	ff := ForceField{NewEnsemble(x.N, x.D), NewEnsemble(x.N, x.D), NewEnsemble(x.N, x.D)}
	for i, e := range []*Ensemble{ff.Likelihood, ff.Prior, ff.Repulsion} {
		if err := e.setFromTensor(out[i]); err != nil {
			return ForceField{}, err
		}
	}
	return ff, nil
}

// State returns a copy of the optimizer state: one ensemble per state
// tensor, each shaped like the particles (empty before the first step).
func (f *Flow) State() ([]*Ensemble, error) {
	out := make([]*Ensemble, len(f.state))
	for i, t := range f.state {
		d := t.Shape().Dimensions
		out[i] = NewEnsemble(d[0], d[1])
		if err := out[i].setFromTensor(t); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// SetState replaces the optimizer state and the iteration count the
// optimizer sees, for example after the particles were pruned and permuted
// (graph condensation) and the state was carried along. An empty state
// starts the optimizer afresh at the next step.
func (f *Flow) SetState(state []*Ensemble, iter int) error {
	if len(state) == 0 {
		f.state, f.Iter = nil, iter
		return nil
	}
	if len(state) != f.Optimizer.NumState() {
		return fmt.Errorf("stein: %d state tensors for optimizer %s, which keeps %d", len(state), f.Optimizer.Name(), f.Optimizer.NumState())
	}
	f.state = make([]*tensors.Tensor, len(state))
	for i, s := range state {
		f.state[i] = s.Tensor()
	}
	f.Iter = iter
	return nil
}

func sameShape(t *tensors.Tensor, x *Ensemble) bool {
	d := t.Shape().Dimensions
	return d[0] == x.N && d[1] == x.D
}

package stein

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	. "github.com/gomlx/gomlx/core/graph" //nolint:revive // GoMLX graph DSL.
)

// linear is a log-likelihood c * sum(theta): its gradient is c everywhere.
func linear(c float64) LogLikelihood {
	return func(theta *Node) *Node { return ReduceSum(MulScalar(theta, c), -1) }
}

// TestNonFiniteNamesTheQuantity provokes a NaN or Inf in each watched
// quantity and checks that the error names that one (not a later one that
// inherits it), with the iteration, lambda and gamma, and that the
// particles and the iteration count are left as they were.
func TestNonFiniteNamesTheQuantity(t *testing.T) {
	base := Config{Prior: Prior{Alpha: 1, Lambda: 0.1}, Kernel: Kernel{Beta: 2}, Bandwidth: Bandwidth{Gamma: 1}, Optimizer: SGD{LR: 0.01}}
	cases := []struct {
		name string
		mod  func(c *Config)
		like LogLikelihood
		prep func(f *Flow, x *Ensemble) // runs after two good steps
		want Quantity
	}{
		{name: "NaN likelihood gradient", like: linear(math.NaN()), want: LikelihoodGradient},
		{name: "prior penalty overflows", like: testTarget.graph, // alpha lambda = 2 MaxFloat64
			mod:  func(c *Config) { c.Prior.Alpha = 2 },
			prep: func(f *Flow, _ *Ensemble) { f.Lambda = math.MaxFloat64 }, want: PriorScore},
		{name: "subnormal bandwidth, beta = 1", like: testTarget.graph,
			mod: func(c *Config) { c.Bandwidth.Gamma, c.Kernel.Beta = 5e-324, 1 }, want: KernelTerms}, // (the RBF fast path stays finite: its repulsion is exactly 0 there)
		{name: "smoothing sum overflows", like: linear(1e308), // finite score, but sum_b k(b, a) 1e308 is not
			mod: func(c *Config) { c.Bandwidth.Gamma = 100 }, want: SteinDirection},
		{name: "Adam's second moment overflows", like: linear(1e200),
			mod: func(c *Config) { c.Optimizer = Adam{LR: 0.01, Beta1: 0.9, Beta2: 0.999, Eps: 1e-8} }, want: OptimizerState},
		{name: "absurd step size", like: testTarget.graph,
			mod: func(c *Config) { c.Optimizer = SGD{LR: math.MaxFloat64} }, want: UpdatedParticles},
		{name: "NaN particle", like: testTarget.graph,
			prep: func(_ *Flow, x *Ensemble) { x.Data[3] = math.NaN() }, want: InputParticles},
		{name: "NaN particle, median bandwidth", like: testTarget.graph,
			mod:  func(c *Config) { c.Bandwidth = Bandwidth{Rule: MedianPaper} },
			prep: func(_ *Flow, x *Ensemble) { x.Data[3] = math.NaN() }, want: InputParticles},
	}
	b := testBackend(t)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg := base
			if c.mod != nil {
				c.mod(&cfg)
			}
			f, err := NewFlow(b, cfg, c.like)
			if err != nil {
				t.Fatal(err)
			}
			x := randomEnsemble(5, 4, 3, 3)
			iter := 0
			if c.prep != nil { // two good steps first: the error must name iteration 2
				if err := f.Run(x, 2, nil, nil); err != nil {
					t.Fatal(err)
				}
				c.prep(f, x)
				iter = 2
			}
			checkNonFinite(t, f, x, iter, c.want)
		})
	}
}

// checkNonFinite takes one step that must fail at quantity want.
func checkNonFinite(t *testing.T, f *Flow, x *Ensemble, iter int, want Quantity) {
	t.Helper()
	before := x.Clone()
	err := f.Step(x)
	var nf *NonFiniteError
	if !errors.As(err, &nf) || !errors.Is(err, ErrNonFinite) {
		t.Fatalf("want a *NonFiniteError wrapping ErrNonFinite, got %v", err)
	}
	if nf.Quantity != want {
		t.Fatalf("error names %v, want %v: %v", nf.Quantity, want, err)
	}
	msg := err.Error()
	for _, part := range []string{want.String() + " is not finite", fmt.Sprintf("iteration %d ", iter),
		fmt.Sprintf("lambda %g,", f.Lambda), fmt.Sprintf("gamma %g)", f.LastGamma), ErrNonFinite.Error()} {
		if !strings.Contains(msg, part) {
			t.Errorf("message %q lacks %q", msg, part)
		}
	}
	if f.Iter != iter {
		t.Errorf("iteration count %d after a failed step, want %d", f.Iter, iter)
	}
	for i := range x.Data {
		if x.Data[i] != before.Data[i] && !(math.IsNaN(x.Data[i]) && math.IsNaN(before.Data[i])) {
			t.Fatalf("value %d changed by a failed step", i)
		}
	}
	t.Log(msg)
}

// TestNonFiniteStateIsKept: after a failed step the optimizer state is the
// one of the last good step, so that fixing the cause (here lambda) lets
// the flow go on exactly as if the failed step had never been tried.
func TestNonFiniteStateIsKept(t *testing.T) {
	cfg := Config{Prior: Prior{Alpha: 1, Lambda: 0.1}, Kernel: Kernel{Beta: 2}, Bandwidth: Bandwidth{Gamma: 1},
		Optimizer: Adam{LR: 0.01, Beta1: 0.9, Beta2: 0.999, Eps: 1e-8}}
	b := testBackend(t)
	ref, err := NewFlow(b, cfg, testTarget.graph)
	if err != nil {
		t.Fatal(err)
	}
	f, err := NewFlow(b, cfg, testTarget.graph)
	if err != nil {
		t.Fatal(err)
	}
	x, y := randomEnsemble(6, 5, 3, 1), randomEnsemble(6, 5, 3, 1)
	if err := ref.Run(x, 4, nil, nil); err != nil {
		t.Fatal(err)
	}
	if err := f.Run(y, 2, nil, nil); err != nil {
		t.Fatal(err)
	}
	f.Lambda = math.MaxFloat64
	if err := f.Step(y); !errors.Is(err, ErrNonFinite) {
		t.Fatalf("want ErrNonFinite, got %v", err)
	}
	f.Lambda = cfg.Prior.Lambda
	if err := f.Run(y, 2, nil, nil); err != nil {
		t.Fatal(err)
	}
	if d := maxAbsDiff(x.Data, y.Data); d != 0 {
		t.Fatalf("particles differ by %g from a run without the failed step", d)
	}
}

// TestStepsStopAtTheFirstNonFiniteStep: a flow whose score turns NaN once
// a particle passes 2 (the square root of 2 - theta) stops k steps, in
// either mode, at the step single steps stop at, with the same error (its
// iteration and quantity) and the particles before that step.
func TestStepsStopAtTheFirstNonFiniteStep(t *testing.T) {
	score := func(theta *Node) *Node { return Sqrt(Sub(ConstAs(theta, 2), theta)) }
	cfg := Config{Prior: Prior{Alpha: 2, Lambda: 0}, Kernel: Kernel{Beta: 2}, Bandwidth: Bandwidth{Gamma: 1}, Optimizer: SGD{LR: 0.5}}
	run := func(mode StepsMode) (error, []float64, int) {
		f, err := NewFlowScore(testBackend(t), cfg, score)
		if err != nil {
			t.Fatal(err)
		}
		x := randomEnsemble(2, 4, 2, 0.1)
		if mode < 0 {
			for err == nil {
				err = f.Step(x)
			}
		} else {
			f.Mode = mode
			err = f.Steps(x, 50)
		}
		return err, x.Clone().Data, f.Iter
	}
	wantErr, want, wantIter := run(-1)
	var nf *NonFiniteError
	if !errors.As(wantErr, &nf) || wantIter < 2 {
		t.Fatalf("single steps: %v after %d iterations; want a NonFiniteError after a few good steps", wantErr, wantIter)
	}
	for _, mode := range []StepsMode{LoopInGraph, ChainedSteps} {
		err, got, iter := run(mode)
		if err == nil || err.Error() != wantErr.Error() || iter != wantIter || !equalBits(got, want) {
			t.Errorf("%v: %v after %d iterations; single steps: %v after %d (particles equal: %v)",
				mode, err, iter, wantErr, wantIter, equalBits(got, want))
		}
	}
}

package speed

import (
	"fmt"
	"io"
	"math/rand/v2"
	"runtime"

	"github.com/csvgd/csvgd-go/csvgd/backend"
	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"github.com/csvgd/csvgd-go/csvgd/reference"
	"github.com/csvgd/csvgd-go/csvgd/stein"
	"github.com/csvgd/csvgd-go/csvgd/train"
	"github.com/gomlx/compute"
)

// Problem is the training problem a case is measured on: the defaults of
// the command line with the prior of Sec. 5.4 (alpha = 0.5, lambda =
// 0.05), the case's particles and network, and the 80 training points at
// 10% noise drawn from seed.
func Problem(c Case, seed uint64) (train.Problem, error) {
	if err := c.Validate(); err != nil {
		return train.Problem{}, err
	}
	tr, te, err := hyperelastic.Generate(hyperelastic.PaperData(0.1, seed))
	if err != nil {
		return train.Problem{}, fmt.Errorf("training data: %w", err)
	}
	cfg := train.DefaultConfig()
	cfg.Particles, cfg.Arch, cfg.Lambda, cfg.Seed = c.Particles, c.Arch(), 0.05, seed
	return train.NewProblem(cfg, train.Data{Noise: 0.1, Train: tr, Test: te}), nil
}

// Run measures every case on backend b, the graph first and the reference
// second, each from the same initial particles, and writes one line per
// case to log (when not nil).
func Run(b compute.Backend, cases []Case, o Options, log io.Writer) (*Report, error) {
	o = o.withDefaults()
	r := &Report{Backend: b.Name(), Description: b.Description(), DType: "float64",
		CPUs: runtime.NumCPU(), GoMaxProcs: runtime.GOMAXPROCS(0), ReferenceWorkers: workersOf(o.Workers)}
	r.GoVersion, r.GoExperiment, r.GoMLX = BuildOf()
	if cfg := backend.ConfigOf(b); cfg != "" {
		r.Backend = cfg
	}
	if twin := backend.ForWork(b, 0); twin != b {
		r.SmallSteps = backend.ConfigOf(twin)
	}
	for _, c := range cases {
		res, err := runCase(b, c, o)
		if err != nil {
			return nil, fmt.Errorf("%d particles, width %d: %w", c.Particles, c.Width, err)
		}
		r.Results = append(r.Results, res)
		if log != nil {
			fmt.Fprintf(log, "bench: %3d particles, width %2d (%4d weights): graph %8.3f ms (%.3f ms in calls of %d), reference %8.3f ms (%.2fx)\n",
				c.Particles, c.Width, res.Params, res.MsPerIter, res.MsPerIterSteps, res.StepsPerCall, res.ReferenceMsPerIter, res.Ratio)
		}
	}
	r.Targets = r.evaluate()
	return r, nil
}

// steppers are one step of a case with each implementation, each on its
// own copy of the same initial particles, and the graph's steps in calls
// of many (steps of them per call).
type steppers struct {
	params      int
	mode        func() string // the steps' mode (known after they ran)
	median      func() string // how the steps take the median ([stein.Flow.MedianBy])
	graph, hand func() error
	steps       func(k int) error
}

// newSteppers builds the graph's flows (their steps run in o.Mode, unless
// it is the backend's, with the median selected by o.Selection) and the
// reference for case c.
func newSteppers(b compute.Backend, c Case, o Options) (steppers, error) {
	p, err := Problem(c, o.Seed)
	if err != nil {
		return steppers{}, err
	}
	init := p.Arch.Init(c.Particles, rand.New(rand.NewPCG(o.Seed, 0x1c22)))
	flow, err := p.Flow(b)
	if err != nil {
		return steppers{}, err
	}
	sc, err := p.SteinConfig()
	if err != nil {
		return steppers{}, err
	}
	ref, err := reference.NewStep(p.Arch, p.Train, p.Weight(), sc)
	if err != nil {
		return steppers{}, err
	}
	ref.Workers = o.Workers
	many, err := p.Flow(b)
	if err != nil {
		return steppers{}, err
	}
	for _, f := range []*stein.Flow{flow, many} {
		f.UseStepsMode(o.Mode)
		f.UseMedianSelection(o.Selection)
	}
	x, y, z := init.Clone(), init.Clone(), init.Clone()
	return steppers{
		params: p.Arch.NumParams(), median: many.MedianBy,
		mode: func() string {
			if many.ModeNote != "" {
				return many.Mode.String() + "; " + many.ModeNote
			}
			return many.Mode.String()
		},
		graph: func() error { return flow.Step(x) },
		hand:  func() error { return ref.Do(y) },
		steps: func(k int) error { return many.Steps(z, k) },
	}, nil
}

// runCase measures one case.
func runCase(b compute.Backend, c Case, o Options) (Result, error) {
	s, err := newSteppers(b, c, o)
	if err != nil {
		return Result{}, err
	}
	graph, err := measure(o, s.graph)
	if err != nil {
		return Result{}, fmt.Errorf("graph: %w", err)
	}
	res := Result{Particles: c.Particles, Width: c.Width, Params: s.params, MsPerIter: ms(graph.median), Iters: graph.iters}
	if o.Steps > 0 {
		calls, err := measure(o.forCalls(o.Steps), func() error { return s.steps(o.Steps) })
		if err != nil {
			return Result{}, fmt.Errorf("graph, %d steps per call: %w", o.Steps, err)
		}
		res.MsPerIterSteps, res.StepsPerCall = ms(calls.median)/float64(o.Steps), o.Steps
	}
	res.StepsMode, res.MedianBy = s.mode(), s.median()
	if o.NoReference {
		return res, nil
	}
	hand, err := measure(o, s.hand)
	if err != nil {
		return Result{}, fmt.Errorf("reference: %w", err)
	}
	res.ReferenceMsPerIter, res.ReferenceIters = ms(hand.median), hand.iters
	res.Ratio = res.MsPerIter / res.ReferenceMsPerIter
	return res, nil
}

// workersOf is the number of goroutines the reference uses.
func workersOf(w int) int {
	if w <= 0 {
		return runtime.GOMAXPROCS(0)
	}
	return w
}

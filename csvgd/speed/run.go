package speed

import (
	"fmt"
	"io"
	"math/rand/v2"
	"runtime"

	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"github.com/csvgd/csvgd-go/csvgd/reference"
	"github.com/csvgd/csvgd-go/csvgd/train"
	"github.com/gomlx/gomlx/backends"
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
func Run(b backends.Backend, cases []Case, o Options, log io.Writer) (*Report, error) {
	o = o.withDefaults()
	r := &Report{Backend: b.Name(), Description: b.Description(), DType: "float64",
		CPUs: runtime.NumCPU(), GoMaxProcs: runtime.GOMAXPROCS(0)}
	for _, c := range cases {
		res, err := runCase(b, c, o)
		if err != nil {
			return nil, fmt.Errorf("%d particles, width %d: %w", c.Particles, c.Width, err)
		}
		r.ReferenceWorkers = res.workers
		r.Results = append(r.Results, res.Result)
		if log != nil {
			fmt.Fprintf(log, "bench: %3d particles, width %2d (%4d weights): graph %8.3f ms, reference %8.3f ms (%.2fx)\n",
				c.Particles, c.Width, res.Params, res.MsPerIter, res.ReferenceMsPerIter, res.Ratio)
		}
	}
	r.Targets = r.evaluate()
	return r, nil
}

type caseResult struct {
	Result
	workers int
}

// runCase measures one case.
func runCase(b backends.Backend, c Case, o Options) (caseResult, error) {
	p, err := Problem(c, o.Seed)
	if err != nil {
		return caseResult{}, err
	}
	init := p.Arch.Init(c.Particles, rand.New(rand.NewPCG(o.Seed, 0x1c22)))
	flow, err := p.Flow(b)
	if err != nil {
		return caseResult{}, err
	}
	x := init.Clone()
	graph, err := measure(o, func() error { return flow.Step(x) })
	if err != nil {
		return caseResult{}, fmt.Errorf("graph: %w", err)
	}
	sc, err := p.SteinConfig()
	if err != nil {
		return caseResult{}, err
	}
	ref, err := reference.NewStep(p.Arch, p.Train, p.Weight(), sc)
	if err != nil {
		return caseResult{}, err
	}
	ref.Workers = o.Workers
	y := init.Clone()
	hand, err := measure(o, func() error { return ref.Do(y) })
	if err != nil {
		return caseResult{}, fmt.Errorf("reference: %w", err)
	}
	res := Result{Particles: c.Particles, Width: c.Width, Params: p.Arch.NumParams(),
		MsPerIter: ms(graph.median), Iters: graph.iters,
		ReferenceMsPerIter: ms(hand.median), ReferenceIters: hand.iters}
	res.Ratio = res.MsPerIter / res.ReferenceMsPerIter
	return caseResult{Result: res, workers: workersOf(o.Workers)}, nil
}

// workersOf is the number of goroutines the reference uses.
func workersOf(w int) int {
	if w <= 0 {
		return runtime.GOMAXPROCS(0)
	}
	return w
}

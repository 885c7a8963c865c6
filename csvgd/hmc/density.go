package hmc

import (
	"runtime"
	"sync"

	"github.com/csvgd/csvgd-go/csvgd/nuts"
)

// BatchDensity evaluates a log density and its gradient at many points in
// one call, the call the sampler makes once per leapfrog step for all
// chains: for every c with active[c] (every c when active is nil) it sets
// lp[c] = log p(x[c]) and grad[c] = grad log p(x[c]), leaving the other
// entries alone. A value of -Inf or NaN, or a gradient that is not
// finite, marks a point outside the support. It must not keep x or grad.
type BatchDensity interface {
	Eval(x, grad [][]float64, lp []float64, active []bool)
}

// Parallel is the BatchDensity that evaluates f at each point, sharing
// the points out over workers goroutines (0: one per CPU). f must be safe
// for concurrent calls. The values do not depend on the number of
// workers.
func Parallel(f nuts.LogDensity, workers int) BatchDensity {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	return parallel{f: f, workers: workers}
}

type parallel struct {
	f       nuts.LogDensity
	workers int
}

func (p parallel) Eval(x, grad [][]float64, lp []float64, active []bool) {
	var wg sync.WaitGroup
	n := len(x)
	for w := range min(p.workers, n) {
		wg.Go(func() {
			for c := w; c < n; c += p.workers {
				if active == nil || active[c] {
					lp[c] = p.f(x[c], grad[c])
				}
			}
		})
	}
	wg.Wait()
}

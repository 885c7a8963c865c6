package mvn

import (
	"runtime"
	"sync"

	"github.com/gomlx/compute"
)

// RunAll runs every configuration on backend b, two at a time on two or
// more cores (the pure-Go backend is mostly single-threaded for graphs this
// small), and returns the results and errors in the order of cfgs: a failed
// run has a nil result and its error, and does not stop the others.
// progress, when not nil, is called after each run with the count done.
func RunAll(b compute.Backend, t Target, cfgs []Config, progress func(done, total int)) ([]*Result, []error) {
	out := make([]*Result, len(cfgs))
	errs := make([]error, len(cfgs))
	jobs := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	done := 0
	for w := 0; w < min(2, runtime.GOMAXPROCS(0)); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				out[i], errs[i] = Run(b, t, cfgs[i])
				if errs[i] != nil {
					out[i] = nil
				}
				mu.Lock()
				done++
				if progress != nil {
					progress(done, len(cfgs))
				}
				mu.Unlock()
			}
		}()
	}
	for i := range cfgs {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	return out, errs
}

package svn

import (
	"runtime"
	"sync"
)

// parallel calls f(lo, hi) for contiguous ranges that cover 0..n-1, one
// per worker, and waits. Every index is handled by one call in a fixed
// order, so a computation that writes only to its own indices gives the
// same result whatever the number of workers.
func parallel(n, workers int, f func(lo, hi int)) {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, n)
	if workers <= 1 {
		f(0, n)
		return
	}
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		lo, hi := w*n/workers, (w+1)*n/workers
		wg.Add(1)
		go func() {
			defer wg.Done()
			f(lo, hi)
		}()
	}
	wg.Wait()
}

package reference

import "sync"

// parallel calls f(w, lo, hi) for contiguous ranges [lo, hi) that cover
// 0..n-1, one range per worker w (0 <= w < s.workers(n)). With one worker
// it runs f on the calling goroutine. The ranges depend on n and the
// number of workers only, and every index is handled by one call, so a
// computation that writes only to its own indices is deterministic.
func (s *Step) parallel(n int, f func(w, lo, hi int)) {
	nw := s.workers(n)
	if nw == 1 {
		f(0, 0, n)
		return
	}
	var wg sync.WaitGroup
	wg.Add(nw)
	for w := 0; w < nw; w++ {
		lo, hi := w*n/nw, (w+1)*n/nw
		go func() {
			defer wg.Done()
			f(w, lo, hi)
		}()
	}
	wg.Wait()
}

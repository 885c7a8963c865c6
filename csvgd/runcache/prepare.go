package runcache

import (
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/csvgd/csvgd-go/csvgd/internal/syncio"
)

// Summary is what [Cache.Prepare] did.
type Summary struct {
	Jobs    int           // jobs asked for
	Cached  int           // found in the cache at the start
	Ran     int           // run here (computed, or waited for while another process computed them)
	Failed  int           // of those run, failed
	Work    time.Duration // the summed times of the jobs run
	Wall    time.Duration // the time they took together
	Workers int
}

// String is the summary in one line.
func (m Summary) String() string {
	line := fmt.Sprintf("%d jobs: %d run, %d cached", m.Jobs, m.Ran, m.Cached)
	if m.Failed > 0 {
		line += fmt.Sprintf(", %d failed", m.Failed)
	}
	if m.Ran == 0 {
		return line
	}
	return line + fmt.Sprintf("; %.1f s of runs in %.1f s with %s (%.2fx)", m.Work.Seconds(), m.Wall.Seconds(), plural(m.Workers, "worker"),
		m.Work.Seconds()/max(m.Wall.Seconds(), 1e-9))
}

// Prepare computes the jobs that are not cached yet, up to workers at a
// time, in the order given ([Schedule] gives a good one), so that the
// figures and tables then find everything in the cache. Each job runs in a
// copy of c counting it as [i/n] on the log; with more than one worker the
// progress bars are left out and the log takes whole lines only. The runs
// share c.Backend; every run has its own graphs and seeds, so its result
// does not depend on what runs beside it. A failed job does not stop the
// others; the error joins every failure. Cancelling c.Context stops the
// runs in progress (training and NUTS runs write their checkpoint; ChEES
// runs start again next time) and starts no more.
func (c *Cache) Prepare(jobs []Job, workers int) (Summary, error) {
	if workers < 1 {
		return Summary{}, fmt.Errorf("runcache: %d workers: want at least 1", workers)
	}
	start := time.Now()
	m := Summary{Jobs: len(jobs), Workers: workers}
	var todo []Job
	for _, j := range jobs {
		if ok, _ := j.Cached(c); ok {
			m.Cached++
		} else {
			todo = append(todo, j) // a damaged file: the job reports it
		}
	}
	m.Workers = max(1, min(workers, len(todo)))
	c.logf("prepare: %d jobs, %d cached, %d to run with %s\n", len(jobs), m.Cached, len(todo), plural(m.Workers, "worker"))
	errs := c.runAll(todo, m.Workers, func(d time.Duration, err error) {
		m.Ran, m.Work = m.Ran+1, m.Work+d
		if err != nil {
			m.Failed++
		}
	})
	m.Wall = time.Since(start)
	return m, errs
}

// plural is "1 worker", "2 workers", ...
func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// runAll runs the jobs on workers goroutines, calling done (one call at a
// time) after each with its time and error, and returns the errors joined.
func (c *Cache) runAll(todo []Job, workers int, done func(time.Duration, error)) error {
	log := c.Log
	if workers > 1 && log != nil {
		log = &syncio.Writer{W: log}
	}
	next := make(chan int)
	var mu sync.Mutex
	var errs []error
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				w := *c
				w.Log, w.Count, w.NoBars = log, [2]int{i + 1, len(todo)}, c.NoBars || workers > 1
				t := time.Now()
				err := todo[i].Run(&w)
				mu.Lock()
				if err != nil {
					errs = append(errs, fmt.Errorf("%s (%s): %w", todo[i].Label, todo[i].Key, err))
					w.logf("%s%s failed: %v\n", w.counter(), todo[i].Label, err)
				}
				done(time.Since(t), err)
				mu.Unlock()
			}
		}()
	}
	ctx := c.context()
dispatch:
	for i := range todo {
		select {
		case next <- i:
		case <-ctx.Done():
			mu.Lock()
			errs = append(errs, fmt.Errorf("runcache: stopped before %d of %d jobs: %w", len(todo)-i, len(todo), ctx.Err()))
			mu.Unlock()
			break dispatch
		}
	}
	close(next)
	wg.Wait()
	return errors.Join(errs...)
}

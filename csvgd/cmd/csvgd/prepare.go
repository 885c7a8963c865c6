package main

import (
	"fmt"
	"io"
	"runtime"

	"github.com/csvgd/csvgd-go/csvgd/study"
)

// jobsFlag registers -jobs: how many runs figures and reproduce train at
// once.
func jobsFlag(fs *flagSet) *int {
	return fs.Int("jobs", runtime.NumCPU(), "runs to train at the same time (default: the number of CPUs); 1: one after the other, with progress bars")
}

// checkJobs refuses a -jobs value below 1.
func checkJobs(n int) error {
	if n < 1 {
		return fmt.Errorf("-jobs = %d: want at least 1", n)
	}
	return nil
}

// prepare computes, jobs at a time, every cached job of the studies named
// (all when none is) that is not cached yet, and writes a summary line,
// so that the figures and tables then read everything from the cache.
func prepare(store *study.Store, jobs int, names []string, stderr io.Writer) error {
	todo, err := store.Jobs(names...)
	if err != nil {
		return err
	}
	m, err := store.Prepare(todo, jobs)
	fmt.Fprintf(stderr, "prepare: %s\n", m)
	return err
}

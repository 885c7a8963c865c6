package runcache

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/backend/backendtest"
)

// mixedSpec is tinySpec(seed), with hidden layers wide enough for the
// parallel pure-Go backend when the seed is even (backend.ForWork runs the
// narrow ones on its sequential twin).
func mixedSpec(seed uint64) Spec {
	s := tinySpec(seed)
	if seed%2 == 0 {
		s.Config.Arch.Widths = []int{3, 24, 24, 1}
	}
	return s
}

// tinyJobs are training runs of mixedSpec with the given seeds, as jobs.
func tinyJobs(t *testing.T, seeds ...uint64) []Job {
	t.Helper()
	var jobs []Job
	for _, seed := range seeds {
		j, err := mixedSpec(seed).Job()
		if err != nil {
			t.Fatal(err)
		}
		jobs = append(jobs, j)
	}
	return jobs
}

// TestPrepareInParallel: runs trained two at a time on one backend (on
// its parallel and its sequential executor) end with the same particles, bit for bit, as the same runs trained one after
// the other; the second Prepare finds them all cached.
func TestPrepareInParallel(t *testing.T) {
	b := backendtest.Backend(t)
	seeds := []uint64{11, 12, 13, 14}
	jobs := tinyJobs(t, seeds...)
	var log bytes.Buffer
	par := &Cache{Backend: b, Dir: t.TempDir(), Log: &log}
	m, err := par.Prepare(jobs, 2)
	if err != nil {
		t.Fatal(err)
	}
	if m.Ran != 4 || m.Cached != 0 || m.Workers != 2 || m.Work <= 0 {
		t.Errorf("summary %+v, want 4 run with 2 workers", m)
	}
	if strings.Contains(log.String(), "train [") || strings.Contains(log.String(), "\r") {
		t.Errorf("a progress bar in the log of parallel runs:\n%s", log.String())
	}
	seq := &Cache{Backend: b, Dir: t.TempDir()}
	if _, err := seq.Prepare(jobs, 1); err != nil {
		t.Fatal(err)
	}
	for _, seed := range seeds {
		p, err := par.Result(mixedSpec(seed))
		if err != nil {
			t.Fatal(err)
		}
		q, err := seq.Result(mixedSpec(seed))
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(p.Particles.Data, q.Particles.Data) || p.W1.Sum != q.W1.Sum || len(p.History) != len(q.History) {
			t.Errorf("seed %d: the run trained beside others differs from the one trained alone", seed)
		}
	}
	again, err := par.Prepare(jobs, 2)
	if err != nil || again.Cached != 4 || again.Ran != 0 {
		t.Errorf("second Prepare: %+v, %v; want all 4 cached", again, err)
	}
}

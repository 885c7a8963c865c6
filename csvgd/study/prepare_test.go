package study

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
	var b jobBuilder
	var specs []Spec
	for _, seed := range seeds {
		specs = append(specs, mixedSpec(seed))
	}
	jobs := b.runs(specs...)
	if b.err != nil {
		t.Fatal(b.err)
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
	par := &Store{Backend: b, Dir: t.TempDir(), Log: &log}
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
	seq := &Store{Backend: b, Dir: t.TempDir()}
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

// TestPlanJobs: the jobs of all studies hold every run of every study
// once by key, the NUTS runs and the two studies of Sec. 4; the studies of
// Sec. 4 come first and the NUTS runs last; a study's name selects its
// jobs, and an unknown name is an error listing the known ones.
func TestPlanJobs(t *testing.T) {
	for _, p := range []Plan{{}, {Quick: true}} {
		jobs, err := p.Jobs()
		if err != nil {
			t.Fatal(err)
		}
		keys := map[string]JobKind{}
		for i, j := range jobs {
			if _, dup := keys[j.Key]; dup {
				t.Errorf("quick %v: key %s twice", p.Quick, j.Key)
			}
			keys[j.Key] = j.Kind
			if i > 0 && j.weight < jobs[i-1].weight {
				t.Errorf("quick %v: %s (%s) after %s (%s)", p.Quick, j.Label, j.Kind, jobs[i-1].Label, jobs[i-1].Kind)
			}
		}
		importance, assignment := p.AlignmentRuns()
		forms, normalized := p.PriorFormRuns()
		all := slices.Concat(p.PaperRuns(), importance, assignment, slices.Concat(forms...), normalized, slices.Concat(p.CalibrationRuns()...))
		for _, n := range p.ExactRuns() {
			all = append(all, n.Run)
			if k, _ := n.Key(); keys[k] != NUTSJob {
				t.Errorf("quick %v: no NUTS job for %s", p.Quick, n.Run.Label)
			}
		}
		for _, s := range all {
			if k, _ := s.Key(); keys[k] != RunJob {
				t.Errorf("quick %v: no job for the run %s", p.Quick, s.Label)
			}
		}
		if keys["mvn_survey"] != MVNJob || keys["mvn_marginal"] != MVNJob || jobs[0].Kind != MVNJob {
			t.Errorf("quick %v: the studies of Sec. 4 are not the first jobs", p.Quick)
		}
		one, err := p.Jobs("convergence_noise")
		if err != nil || len(one) != len(PaperNoiseLevels) {
			t.Errorf("quick %v: convergence_noise: %d jobs, %v; want %d", p.Quick, len(one), err, len(PaperNoiseLevels))
		}
	}
	if _, err := (Plan{}).Jobs("no_such_study"); err == nil || !strings.Contains(err.Error(), "adaptive_penalty") {
		t.Errorf("unknown study: %v, want an error listing the known ones", err)
	}
}

package study

import (
	"slices"
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/runcache"
)

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
		keys := map[string]runcache.JobKind{}
		rank := map[runcache.JobKind]int{runcache.MVNJob: 0, runcache.RunJob: 1, runcache.NUTSJob: 2}
		for i, j := range jobs {
			if _, dup := keys[j.Key]; dup {
				t.Errorf("quick %v: key %s twice", p.Quick, j.Key)
			}
			keys[j.Key] = j.Kind
			if i > 0 && rank[j.Kind] < rank[jobs[i-1].Kind] {
				t.Errorf("quick %v: %s (%s) after %s (%s)", p.Quick, j.Label, j.Kind, jobs[i-1].Label, jobs[i-1].Kind)
			}
		}
		importance, assignment := p.AlignmentRuns()
		forms, normalized := p.PriorFormRuns()
		all := slices.Concat(p.PaperRuns(), importance, assignment, slices.Concat(forms...), normalized, slices.Concat(p.CalibrationRuns()...))
		for _, n := range p.ExactRuns() {
			all = append(all, n.Run)
			if k, _ := n.Key(); keys[k] != runcache.NUTSJob {
				t.Errorf("quick %v: no NUTS job for %s", p.Quick, n.Run.Label)
			}
		}
		for _, s := range all {
			if k, _ := s.Key(); keys[k] != runcache.RunJob {
				t.Errorf("quick %v: no job for the run %s", p.Quick, s.Label)
			}
		}
		if keys["mvn_survey"] != runcache.MVNJob || keys["mvn_marginal"] != runcache.MVNJob || jobs[0].Kind != runcache.MVNJob {
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

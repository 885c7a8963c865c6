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

// TestParts: the paper's part holds every figure and table of the paper
// and no NUTS run (the references are beyond it); the part beyond it
// holds the NUTS runs; together the two parts' jobs are all jobs, and
// the runs of the paper's notebooks are in the paper's part.
func TestParts(t *testing.T) {
	for _, e := range Entries() {
		if !e.Beyond && e.Part != PaperPart {
			t.Errorf("%s: a figure or table of the paper in part %q", e.Name, e.Part)
		}
		if _, err := ParsePart(string(e.Part)); err != nil {
			t.Errorf("%s: %v", e.Name, err)
		}
	}
	for _, p := range []Plan{{}, {Quick: true}} {
		all, err := p.Jobs()
		if err != nil {
			t.Fatal(err)
		}
		kinds := map[Part]map[runcache.JobKind]int{}
		keys := map[string]bool{}
		for _, part := range Parts {
			names, err := p.PartStudies(part)
			if err != nil {
				t.Fatal(err)
			}
			jobs, err := p.Jobs(names...)
			if err != nil {
				t.Fatal(err)
			}
			kinds[part] = map[runcache.JobKind]int{}
			for _, j := range jobs {
				kinds[part][j.Kind]++
				keys[j.Key] = true
			}
			if part == PaperPart && !slices.Contains(names, NotebookStudy) {
				t.Errorf("quick %v: the paper's studies %v lack %s", p.Quick, names, NotebookStudy)
			}
		}
		if kinds[PaperPart][runcache.NUTSJob] != 0 || kinds[BeyondPart][runcache.NUTSJob] == 0 {
			t.Errorf("quick %v: NUTS jobs by part %v: want none in the paper's, some beyond", p.Quick, kinds)
		}
		if len(keys) != len(all) {
			t.Errorf("quick %v: the parts hold %d distinct jobs, all studies %d", p.Quick, len(keys), len(all))
		}
	}
	if _, err := ParsePart("papers"); err == nil || !strings.Contains(err.Error(), `"papers"`) {
		t.Errorf("ParsePart(papers): %v", err)
	}
}

package study

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/backend/backendtest"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/train"
)

// tinySpec is a run of a few iterations on a small network.
func tinySpec(seed uint64) Spec {
	c := train.DefaultConfig()
	c.Arch = icnn.Arch{Widths: []int{3, 4, 4, 1}}
	c.Particles, c.Iters, c.Stage, c.Every, c.RefDraws, c.Lambda = 3, 6, 3, 3, 20, 0.05
	c.Seed = seed
	return Spec{Label: "tiny", Noise: 0.1, Config: c}
}

// TestStoreCaches: the second request of a run reads the cache file and
// gives the same result; another seed is another file.
func TestStoreCaches(t *testing.T) {
	var log bytes.Buffer
	s := &Store{Backend: backendtest.Backend(t), Dir: t.TempDir(), Log: &log}
	first, err := s.Result(tinySpec(1))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(log.String(), "training tiny") {
		t.Errorf("first request did not train; log:\n%s", log.String())
	}
	log.Reset()
	second, err := s.Result(tinySpec(1))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(log.String(), "cached tiny") || strings.Contains(log.String(), "training") {
		t.Errorf("second request was not read from the cache; log:\n%s", log.String())
	}
	if !slices.Equal(first.Particles.Data, second.Particles.Data) || first.W1.Sum != second.W1.Sum ||
		len(first.History) != len(second.History) || len(first.Stages) != len(second.Stages) {
		t.Error("the cached result differs from the trained one")
	}
	if _, err := s.Result(tinySpec(2)); err != nil {
		t.Fatal(err)
	}
	if files, _ := filepath.Glob(filepath.Join(s.Dir, "*.json")); len(files) != 2 {
		t.Errorf("%d cache files for two configurations, want 2", len(files))
	}
}

// TestStoreDamagedFile: a damaged cache file is reported with its path and
// left in place, not silently replaced.
func TestStoreDamagedFile(t *testing.T) {
	s := &Store{Backend: backendtest.Backend(t), Dir: t.TempDir()}
	path, err := s.Path(tinySpec(1))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(`{"version": 1, "result": {`), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = s.Result(tinySpec(1))
	if err == nil || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "damaged") {
		t.Errorf("damaged cache file: error %v, want one naming %s", err, path)
	}
	if raw, _ := os.ReadFile(path); string(raw) != `{"version": 1, "result": {` {
		t.Error("the damaged file was replaced")
	}
}

func TestSpecKey(t *testing.T) {
	a, _ := tinySpec(1).Key()
	b := tinySpec(1)
	b.Label = "another label"
	kb, _ := b.Key()
	c := tinySpec(1)
	c.Noise = 0.2
	kc, _ := c.Key()
	if a != kb || a == kc || len(a) != 16 {
		t.Errorf("keys %q, %q (same run, other label), %q (other noise): want the first two equal, 16 hex digits", a, kb, kc)
	}
}

func TestSpreadIters(t *testing.T) {
	var h []train.Record
	for i := 0; i <= 20; i++ {
		h = append(h, train.Record{Iter: 100 * i})
	}
	for _, tc := range []struct {
		n    int
		want []int
	}{
		{3, []int{0, 1000, 2000}},
		{5, []int{0, 500, 1000, 1500, 2000}},
		{30, nil}, // all 21
	} {
		got := SpreadIters(h, tc.n)
		if tc.want == nil && len(got) != 21 || tc.want != nil && !slices.Equal(got, tc.want) {
			t.Errorf("SpreadIters(%d) = %v, want %v", tc.n, got, tc.want)
		}
	}
}

// TestPaperFigures: the registry holds the paper's figures of docs/reading.md
// section 14, once each, in the paper's order of sections.
func TestPaperFigures(t *testing.T) {
	want := []string{"prior_family", "mvn_gradient", "mvn_survey", "mvn_particles",
		"graph_condense_sequence", "graph_distance_evolution", "weight_distributions", "graph_condense_speedup",
		"convergence_priors", "convergence_ensemble", "convergence_noise", "noisy_pushforwards", "adaptive_penalty"}
	var got []string
	for _, f := range PaperFigures() {
		got = append(got, f.Name)
		if f.Make == nil || f.Section == "" {
			t.Errorf("%s: no maker or section", f.Name)
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("figures %v, want %v", got, want)
	}
}

// TestStoreResumes: a run stopped half-way (its context cancelled) leaves a
// checkpoint beside the cache file, and the next request resumes it to the
// result of an uninterrupted run.
func TestStoreResumes(t *testing.T) {
	b := backendtest.Backend(t)
	spec := tinySpec(3)
	spec.Config.Iters, spec.Config.Every = 30, 5
	whole, err := (&Store{Backend: b}).Result(spec)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	var log bytes.Buffer
	s := &Store{Backend: b, Dir: t.TempDir(), Log: cancelAfter{&log, cancel, "training tiny"}, Context: ctx}
	if _, err := s.Result(spec); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled run: error %v, want context.Canceled", err)
	}
	if files, _ := filepath.Glob(filepath.Join(s.Dir, "*.checkpoint.json")); len(files) != 1 {
		t.Fatalf("checkpoints after a cancelled run: %v, want one", files)
	}
	s.Context, s.Log = nil, &log
	res, err := s.Result(spec)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(log.String(), "resuming") {
		t.Errorf("the second request did not resume; log:\n%s", log.String())
	}
	if !slices.Equal(res.Particles.Data, whole.Particles.Data) {
		t.Error("the resumed run's particles differ from an uninterrupted run's")
	}
	if files, _ := filepath.Glob(filepath.Join(s.Dir, "*.checkpoint.json")); len(files) != 0 {
		t.Errorf("checkpoints left after the run finished: %v", files)
	}
}

// cancelAfter is a log that cancels once it has seen mark.
type cancelAfter struct {
	w      *bytes.Buffer
	cancel context.CancelFunc
	mark   string
}

func (c cancelAfter) Write(p []byte) (int, error) {
	if strings.Contains(string(p), c.mark) {
		c.cancel()
	}
	return c.w.Write(p)
}

// specKeys are the keys of specs.
func specKeys(t *testing.T, specs []Spec) []string {
	t.Helper()
	var out []string
	for _, s := range specs {
		k, err := s.Key()
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, k)
	}
	return out
}

// TestStudiesShareRuns: runs that are the same in two studies have the
// same key, so they are trained once.
func TestStudiesShareRuns(t *testing.T) {
	keys := func(specs []Spec) []string { return specKeys(t, specs) }
	for _, quick := range []bool{false, true} {
		fixed, adaptive := Plan{Quick: quick}.AdaptiveRuns()
		with, _ := Plan{Quick: quick}.SpeedupRuns()
		noise := Plan{Quick: quick}.ConvergenceNoiseRuns()
		for j, a := range adaptive { // the paper's budget, twice the others', for the whole adaptive study
			if f := fixed[1][j]; f.Config.Iters != 2*noise[j].Config.Iters || a.Config.Iters != f.Config.Iters {
				t.Errorf("quick %v: adaptive study at %g%% noise: %d and %d iterations, want twice the noise study's %d",
					quick, 100*f.Noise, f.Config.Iters, a.Config.Iters, noise[j].Config.Iters)
			}
		}
		if keys(with)[0] != keys([]Spec{Plan{Quick: quick}.SequenceRun()})[0] {
			t.Errorf("quick %v: the alpha = 1/4 run is not the graph sequence run", quick)
		}
		if !slices.Equal(keys(Plan{Quick: quick}.ConvergencePriorsRuns()), keys(with)) {
			t.Errorf("quick %v: the alpha study is not the cSVGD half of the speed-up study", quick)
		}
		if keys(noise)[2] != keys(with)[1] || keys(Plan{Quick: quick}.MethodRuns())[0] != keys(with)[1] {
			t.Errorf("quick %v: the 10%% noise, alpha = 0.5 run is not shared", quick)
		}
		if keys(Plan{Quick: quick}.ConvergenceEnsembleRuns())[1] != keys([]Spec{Plan{Quick: quick}.GraphRun()})[0] {
			t.Errorf("quick %v: the 20-particle run is not the graph run", quick)
		}
	}
}

// TestBeyondFigures: the figures beyond the paper are registered once
// each, with makers, under names that no paper figure uses.
func TestBeyondFigures(t *testing.T) {
	seen := map[string]bool{}
	for _, f := range PaperFigures() {
		seen[f.Name] = true
	}
	var got []string
	for _, f := range BeyondFigures() {
		if seen[f.Name] || f.Make == nil || f.Section == "" {
			t.Errorf("%s: a duplicate name, or no maker or section", f.Name)
		}
		seen[f.Name] = true
		got = append(got, f.Name)
	}
	if want := []string{"alignment", "mvn_ksd", "ksd_convergence", "mvn_exact", "stein_vs_nuts", "calibration", "nuts_diagnostics", "variance_collapse"}; !slices.Equal(got, want) {
		t.Errorf("figures %v, want %v", got, want)
	}
}

// TestAlignmentRuns: the importance runs of the alignment study are those
// of Figs. convergence_priors (10 particles) and GraphRun (20), shared by
// key; each assignment run differs from its importance twin only in
// Config.Align.
func TestAlignmentRuns(t *testing.T) {
	for _, quick := range []bool{false, true} {
		imp, asg := Plan{Quick: quick}.AlignmentRuns()
		with, _ := Plan{Quick: quick}.SpeedupRuns()
		for i, want := range []Spec{with[1], Plan{Quick: quick}.GraphRun()} {
			k1, _ := imp[i].Key()
			k2, _ := want.Key()
			k3, _ := asg[i].Key()
			if k1 != k2 || k1 == k3 {
				t.Errorf("quick %v, size %d: keys %s (want %s) and %s", quick, AlignmentSizes[i], k1, k2, k3)
			}
			twin := asg[i].Config
			twin.Align = ""
			if twin.Particles != AlignmentSizes[i] || asg[i].Config.Align != "assignment" || fmt.Sprint(twin) != fmt.Sprint(imp[i].Config) {
				t.Errorf("quick %v: assignment run %+v is not the importance run %+v with Align set", quick, asg[i].Config, imp[i].Config)
			}
		}
	}
}

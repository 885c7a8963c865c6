package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/backend/backendtest"
	"github.com/csvgd/csvgd-go/csvgd/ensemble"
	"github.com/csvgd/csvgd-go/csvgd/exact"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/runcache"
	"github.com/csvgd/csvgd-go/csvgd/study"
	"github.com/csvgd/csvgd-go/csvgd/train"
)

// tinyStudyRun is a training run of a study on a small template that
// keeps its last stage: 3 particles of [3, 4, 4, 1], two stages of 3
// iterations, alpha 0.5, lambda 0.05, seed 7.
func tinyStudyRun() runcache.Spec {
	c := train.DefaultConfig()
	c.Arch = icnn.Arch{Widths: []int{3, 4, 4, 1}}
	c.Particles, c.Iters, c.Stage, c.Every, c.RefDraws = 3, 6, 3, 3, 20
	c.Alpha, c.Lambda, c.Seed, c.KeepLastStage = 0.5, 0.05, 7, true
	return runcache.Spec{Label: "tiny", Noise: 0.1, Config: c}
}

// TestNUTSTemplateReproducesStudyRuns: csvgd nuts template, run on the
// file that csvgd train -save-last-stage writes of a training run, with
// the flags that name a study's sampler run of that run's last-stage
// template (its starts, seed, iterations and kept draws; everything else
// the command's defaults, of quick mode or not as the study's plan), draws
// bit for bit what the study's cache draws (study.Plan.AgreementRuns
// through runcache.Cache.NUTS): the same posterior, the same starting
// points, the same sampler settings and streams. Both kinds of starts:
// the Stein particles with overdispersed chains (seed 1) and optimised
// initialisations (seed 2). The full-size settings take seconds and are
// left out with -short.
func TestNUTSTemplateReproducesStudyRuns(t *testing.T) {
	dir := t.TempDir()
	cache := &runcache.Cache{Backend: backendtest.Backend(t), Dir: filepath.Join(dir, "runs")}
	run := tinyStudyRun()
	res, err := cache.Result(run)
	if err != nil {
		t.Fatal(err)
	}
	last := filepath.Join(dir, "last.json")
	if err := ensemble.Save(last, lastStageFile(res, summarize(res, run.Noise)), ensemble.KeepExisting); err != nil {
		t.Fatal(err)
	}
	for _, quick := range []bool{true, false} {
		if !quick && testing.Short() {
			t.Log("-short: the full-size settings (trees of up to 511 steps, 1000 steps of Adam) left out")
			break
		}
		plan := study.Plan{Quick: quick}
		base := study.ReferenceConfig(plan.Quick)
		base.Warmup, base.Draws, base.Keep = 10, 8, 16
		for _, n := range plan.AgreementRuns(run, base)[:2] {
			c := n.Config
			t.Run(fmt.Sprintf("quick=%v/%s", quick, c.Starts), func(t *testing.T) {
				want, err := cache.NUTS(n)
				if err != nil {
					t.Fatal(err)
				}
				saved := filepath.Join(dir, fmt.Sprintf("draws-%v-%d.json", quick, c.Seed))
				got := savedDraws(t, saved, runCLI, "nuts", "template", "-ensemble", last, "-quick="+strconv.FormatBool(quick), "-starts", c.Starts.String(),
					"-seed", strconv.FormatUint(c.Seed, 10), "-warmup", strconv.Itoa(c.Warmup), "-draws", strconv.Itoa(c.Draws), "-keep", strconv.Itoa(c.Keep), "-save", saved)
				if err := sameDraws(got, want.Draws); err != nil {
					t.Errorf("%s: csvgd nuts template's draws differ from the study's: %v", n.Name(), err)
				}
			})
		}
	}
}

// savedDraws runs csvgd with args through run and returns the draws the
// run saved at path (csvgd nuts template -save path); it fails the test
// when the run failed.
func savedDraws(t *testing.T, path string, run func(args ...string) (int, string, string), args ...string) [][]float64 {
	t.Helper()
	code, _, errOut := run(args...)
	if code != exitOK {
		t.Fatalf("csvgd nuts template: exit %d: %s", code, errOut)
	}
	got, err := ensemble.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	return got.Particles
}

// sameDraws reports the first draw and weight at which got and want are
// not bit for bit equal.
func sameDraws(got, want [][]float64) error {
	if len(got) != len(want) {
		return fmt.Errorf("%d draws, want %d", len(got), len(want))
	}
	for i := range want {
		if !slices.EqualFunc(got[i], want[i], func(a, b float64) bool { return math.Float64bits(a) == math.Float64bits(b) }) {
			return fmt.Errorf("draw %d: %v, want %v", i, got[i], want[i])
		}
	}
	return nil
}

// TestNUTSTemplateByHandIsTheStudysRun: csvgd nuts template run by hand
// on the last-stage file that csvgd runs export writes of a cached
// training run (runcache.Cache.EnsembleFile), with only the flags that
// name a run of the quick studies (-quick, -sampler, -starts, -seed; the
// iterations, kept draws, optimisation steps and target acceptance left
// to the command's defaults), draws bit for bit what the study's cache
// draws for that run: the two reference runs of the template
// (study.Plan.ReferenceRuns: NUTS from the Stein particles with seed 1,
// from optimised initialisations with seed 2) and the agreement study's
// ChEES runs of both starts (study.Plan.AgreementRuns). The command runs
// a second time on one CPU (runtime.GOMAXPROCS(1)), where the chains and
// the optimisations of the initialisations take turns instead of running
// at once: the draws do not depend on it either.
func TestNUTSTemplateByHandIsTheStudysRun(t *testing.T) {
	dir := t.TempDir()
	cache := &runcache.Cache{Backend: backendtest.Backend(t), Dir: filepath.Join(dir, "runs")}
	run := tinyStudyRun()
	if _, err := cache.Result(run); err != nil {
		t.Fatal(err)
	}
	_, last, err := cache.EnsembleFile(run)
	if err != nil {
		t.Fatal(err)
	}
	exported := filepath.Join(dir, "tiny"+runcache.LastStageSuffix)
	if err := ensemble.Save(exported, last, ensemble.KeepExisting); err != nil {
		t.Fatal(err)
	}
	plan := study.Plan{Quick: true}
	specs := append(plan.ReferenceRuns(run), plan.AgreementRuns(run, exact.DefaultCHEESConfig(plan.Quick))[:2]...)
	for _, n := range specs {
		c := n.Config
		t.Run(fmt.Sprintf("%s/%s/seed=%d", c.Sampler, c.Starts, c.Seed), func(t *testing.T) {
			want, err := cache.NUTS(n)
			if err != nil {
				t.Fatal(err)
			}
			for _, procs := range []int{0, 1} {
				saved := filepath.Join(t.TempDir(), "draws.json")
				onCPUs := func(args ...string) (int, string, string) { return runOnCPUs(procs, args...) }
				got := savedDraws(t, saved, onCPUs, "nuts", "template", "-ensemble", exported, "-quick", "-sampler", c.Sampler.String(),
					"-starts", c.Starts.String(), "-seed", strconv.FormatUint(c.Seed, 10), "-save", saved)
				if err := sameDraws(got, want.Draws); err != nil {
					t.Errorf("%s, GOMAXPROCS %d (0: all CPUs): csvgd nuts template's draws differ from the study's: %v", n.Name(), procs, err)
				}
			}
		})
	}
}

// runOnCPUs is runCLI with runtime.GOMAXPROCS(procs) while it runs (0:
// unchanged).
func runOnCPUs(procs int, args ...string) (int, string, string) {
	if procs > 0 {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
	}
	return runCLI(args...)
}

// TestNUTSTemplateFlagsNameTheStudysRuns: the configuration that csvgd
// nuts template takes from the flags that name a study's sampler run
// (-quick, -sampler, -starts, -seed, and -warmup and -draws for the
// agreement study's longer NUTS chains) is that run's configuration,
// every setting of it (the iterations, kept draws, overdispersed chains,
// optimisation steps, target acceptance and limits of the defaults), in
// quick mode and in full mode: the reference runs (study.Plan.ReferenceRuns)
// and every run of every sampler setting of the agreement study
// (study.AgreementSamplers, study.Plan.AgreementRuns). No sampling: the
// full-size runs take hours.
func TestNUTSTemplateFlagsNameTheStudysRuns(t *testing.T) {
	run := tinyStudyRun()
	for _, quick := range []bool{true, false} {
		plan := study.Plan{Quick: quick}
		specs := plan.ReferenceRuns(run)
		for _, c := range study.AgreementSamplers(quick) {
			specs = append(specs, plan.AgreementRuns(run, c)...)
		}
		for _, n := range specs {
			c := n.Config
			args := []string{"-quick=" + strconv.FormatBool(quick), "-sampler", c.Sampler.String(), "-starts", c.Starts.String(), "-seed", strconv.FormatUint(c.Seed, 10)}
			def := exact.DefaultConfig(quick)
			if c.Sampler == exact.CHEESSampler {
				def = exact.DefaultCHEESConfig(quick)
			}
			if c.Warmup != def.Warmup || c.Draws != def.Draws {
				args = append(args, "-warmup", strconv.Itoa(c.Warmup), "-draws", strconv.Itoa(c.Draws))
			}
			f := newNUTSTemplateFlags(io.Discard)
			if err := f.fs.Parse(args); err != nil {
				t.Fatalf("%v: %v", args, err)
			}
			got, _ := json.Marshal(f.config())
			want, _ := json.Marshal(c)
			if string(got) != string(want) {
				t.Errorf("quick %v, %s: csvgd nuts template %v samples with\n%s, the study with\n%s", quick, n.Name(), args, got, want)
			}
		}
	}
}

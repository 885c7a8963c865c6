package speed

import (
	"strings"
	"testing"
	"time"

	"github.com/csvgd/csvgd-go/csvgd/backend/backendtest"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/stein"
	"github.com/csvgd/csvgd-go/csvgd/train"
)

// TestTargets: the four speed targets are checked with their bounds, on
// the 10-particle cases only.
func TestTargets(t *testing.T) {
	r := &Report{Results: []Result{
		{Particles: 10, Width: 30, MsPerIter: 15, Ratio: 1.5},
		{Particles: 10, Width: 8, MsPerIter: 4, Ratio: 3.01},
		{Particles: 10, Width: 4, MsPerIter: 3, Ratio: 2},
		{Particles: 100, Width: 4, MsPerIter: 1, Ratio: 9},
	}}
	got := r.evaluate()
	want := []struct {
		value float64
		met   bool
	}{{1.5, true}, {3.01, false}, {2, true}, {5, true}}
	if len(got) != len(want) {
		t.Fatalf("%d targets, want %d: %+v", len(got), len(want), got)
	}
	for i, w := range want {
		if got[i].Value != w.value || got[i].Met != w.met {
			t.Errorf("target %q: value %v met %v, want %v and %v", got[i].Name, got[i].Value, got[i].Met, w.value, w.met)
		}
	}
	if ts := (&Report{Results: r.Results[:1]}).evaluate(); len(ts) != 1 {
		t.Errorf("only width 30 measured: %d targets, want 1", len(ts))
	}
}

// TestRunTiny measures two tiny cases end to end: both implementations
// run, the parameter counts are the networks', and the table lists them.
func TestRunTiny(t *testing.T) {
	b := backendtest.Backend(t)
	cases := []Case{{Particles: 3, Width: 2}, {Particles: 4, Width: 3}}
	rep, err := Run(b, cases, Options{Warmup: 1, MinIters: 3, MinTime: time.Millisecond}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Results) != 2 {
		t.Fatalf("%d results, want 2", len(rep.Results))
	}
	for i, res := range rep.Results {
		c := cases[i]
		if res.Params != c.Arch().NumParams() || res.Iters < 3 || res.ReferenceIters < 3 ||
			!(res.MsPerIter > 0) || !(res.ReferenceMsPerIter > 0) || res.Ratio != res.MsPerIter/res.ReferenceMsPerIter {
			t.Errorf("case %+v: result %+v", c, res)
		}
	}
	var md strings.Builder
	if err := rep.WriteMarkdown(&md); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(md.String(), "| 3 | 2 | 12 |") || !strings.Contains(md.String(), "| 4 | 3 | 21 |") {
		t.Errorf("table:\n%s", md.String())
	}
}

// TestRunInEachStepsMode: the graph's steps run in the mode asked for,
// the report says which, and a name that is no mode is refused.
func TestRunInEachStepsMode(t *testing.T) {
	b := backendtest.Backend(t)
	for _, name := range []string{"loop", "chained", "backend"} {
		mode, err := stein.ParseStepsMode(name)
		if err != nil {
			t.Fatal(err)
		}
		o := Options{Warmup: 1, MinIters: 2, MinTime: time.Millisecond, Steps: 3, NoReference: true, Mode: mode}
		rep, err := Run(b, []Case{{Particles: 3, Width: 2}}, o, nil)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		want := mode
		if mode == stein.BackendSteps {
			want = stein.StepsModeFor(b)
		}
		if got := rep.Results[0].StepsMode; got != want.String() || !(rep.Results[0].MsPerIterSteps > 0) {
			t.Errorf("%s: steps ran %q (%v ms a step in calls of 3), want %q", name, got, rep.Results[0].MsPerIterSteps, want)
		}
		if text, _ := mode.MarshalText(); string(text) != name {
			t.Errorf("mode %v writes %q, want %q", mode, text, name)
		}
	}
	if _, err := stein.ParseStepsMode("while"); err == nil || !strings.Contains(err.Error(), `"while"`) {
		t.Errorf("ParseStepsMode(while): error %v", err)
	}
}

// TestRunWithEachMedianSelection: the bench's steps take the bandwidth's
// median as asked (by default the backend's way; a sort on the device in
// chained steps), the report says how, and a name that is no selection is
// refused.
func TestRunWithEachMedianSelection(t *testing.T) {
	b := backendtest.Backend(t)
	byDefault := "radix" // the loop in the graph takes it on the device
	if stein.StepsModeFor(b) == stein.ChainedSteps {
		byDefault = "host" // the pure-Go backend's chained steps, on the host
	}
	for _, c := range []struct {
		name string
		mode stein.StepsMode
		want string
	}{
		{"radix", stein.BackendSteps, byDefault},
		{"sort", stein.ChainedSteps, "sort"},
		{"radix", stein.ChainedSteps, "radix"},
	} {
		sel, err := stein.ParseMedianSelection(c.name)
		if err != nil {
			t.Fatal(err)
		}
		o := Options{Warmup: 1, MinIters: 2, MinTime: time.Millisecond, Steps: 3, NoReference: true, Mode: c.mode, Selection: sel}
		rep, err := Run(b, []Case{{Particles: 30, Width: 2}}, o, nil)
		if err != nil {
			t.Fatalf("%s, %v: %v", c.name, c.mode, err)
		}
		if got := rep.Results[0].MedianBy; got != c.want {
			t.Errorf("%s, %v: the median was taken by %q, want %q", c.name, c.mode, got, c.want)
		}
	}
	if _, err := stein.ParseMedianSelection("heap"); err == nil || !strings.Contains(err.Error(), `"heap"`) {
		t.Errorf("ParseMedianSelection(heap): error %v", err)
	}
}

// TestProblemIsTheTrainingStep: the measured problem is the command line's
// training run with the prior of Sec. 5.4 on 80 points at 10% noise.
func TestProblemIsTheTrainingStep(t *testing.T) {
	if _, err := Problem(Case{Particles: 1, Width: 4}, 1); err == nil || !strings.Contains(err.Error(), "particles = 1") {
		t.Errorf("one particle: error %v", err)
	}
	p, err := Problem(Case{Particles: 10, Width: 30}, 1)
	if err != nil {
		t.Fatal(err)
	}
	if p.Train.Len() != 80 || p.Arch.NumParams() != 1020 || p.Config.Lambda != 0.05 || p.Config.Alpha != 0.5 || p.Config.Particles != 10 {
		t.Errorf("problem %+v", p.Config)
	}
	if p.Sigma != train.CalibratedSigma || p.Arch.Inputs != icnn.Raw {
		t.Errorf("sigma %v, inputs %v: want the training run's %v and raw inputs", p.Sigma, p.Arch.Inputs, train.CalibratedSigma)
	}
}

// TestTargetsNeedTheReference: without the reference timed (NoReference)
// no target against it is reported, met or not.
func TestTargetsNeedTheReference(t *testing.T) {
	o := Options{Warmup: 1, MinIters: 2, MinTime: time.Millisecond, Steps: -1, NoReference: true}
	rep, err := Run(backendtest.Backend(t), []Case{{Particles: 10, Width: 4}}, o, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tg := range rep.Targets {
		if strings.Contains(tg.Name, "reference") {
			t.Errorf("target %q reported (%.2f, met %v) without the reference", tg.Name, tg.Value, tg.Met)
		}
	}
}

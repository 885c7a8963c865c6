package train

import (
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/csvgd/csvgd-go/csvgd/backend/backendtest"
	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/gomlx/compute"
)

func testBackend(t testing.TB) compute.Backend { return backendtest.Backend(t) }

func testData(t testing.TB, noise float64) Data {
	t.Helper()
	c := hyperelastic.PaperData(noise, 1)
	c.NTest = 50
	tr, te, err := hyperelastic.Generate(c)
	if err != nil {
		t.Fatal(err)
	}
	return Data{Noise: noise, Train: tr, Test: te}
}

func smallConfig() Config {
	c := DefaultConfig()
	c.Method, c.Arch = "svgd", icnn.Arch{Widths: []int{3, 8, 8, 1}}
	c.Particles, c.Iters, c.Every, c.RefDraws = 4, 150, 50, 200
	return c
}

// TestTrainingReducesErrorAndRecordsHistory: a small network fits the
// data (training error falls well below its initial value), the history
// holds the start, every interval and the end, and the records are sane.
func TestTrainingReducesErrorAndRecordsHistory(t *testing.T) {
	c := smallConfig()
	res, err := Run(testBackend(t), c, testData(t, 0.1), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.History) != 4 || res.History[0].Iter != 0 || res.History[3].Iter != c.Iters {
		t.Fatalf("history iterations: %+v", res.History)
	}
	first, last := res.History[0], res.History[len(res.History)-1]
	if !(last.TrainRMSE < 0.5*first.TrainRMSE) {
		t.Errorf("training RMSE went from %v to %v: want at least halved", first.TrainRMSE, last.TrainRMSE)
	}
	if !(last.W1Sum < first.W1Sum) || math.Abs(res.W1.Sum-last.W1Sum) > 1e-9*last.W1Sum {
		t.Errorf("W1 sum: first %v, last %v, final %v", first.W1Sum, last.W1Sum, res.W1.Sum)
	}
	// Every record has the in-range part of its W1, a strict part of the
	// whole path's sum (the test path leaves the training range), and the
	// last one is the final ensemble's.
	for _, h := range res.History {
		if !(h.W1InRange > 0 && h.W1InRange < h.W1Sum) {
			t.Errorf("iteration %d: W1 in range %v, whole path %v", h.Iter, h.W1InRange, h.W1Sum)
		}
	}
	if math.Abs(res.W1InRange-last.W1InRange) > 1e-9*last.W1InRange {
		t.Errorf("W1 in range: last record %v, final %v", last.W1InRange, res.W1InRange)
	}
	if len(last.Distances) != c.Particles || last.Distances[1][1] != 0 || !(last.Distances[0][1] > 0) {
		t.Errorf("distance matrix %v", last.Distances)
	}
	if n := float64(c.Arch.NumParams()); !(last.ActiveWeights > 0 && last.ActiveWeights <= n) {
		t.Errorf("active weights %v outside (0, %v]", last.ActiveWeights, n)
	}
	for _, v := range res.Particles.Data[c.Arch.Layers()[1].Offset:c.Arch.NumParams()] {
		if v < 0 {
			t.Fatalf("a constrained weight of particle 0 is negative: %v", v)
		}
	}
}

func TestSameSeedSameEnsemble(t *testing.T) {
	c := smallConfig()
	c.Iters, c.Every = 20, 0
	d := testData(t, 0.1)
	r1, err1 := Run(testBackend(t), c, d, nil)
	r2, err2 := Run(testBackend(t), c, d, nil)
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	for i := range r1.Particles.Data {
		if r1.Particles.Data[i] != r2.Particles.Data[i] {
			t.Fatalf("parameter %d differs between two runs with the same seed", i)
		}
	}
}

func TestConfigValidateNamesTheValue(t *testing.T) {
	for _, c := range []struct {
		mod  func(*Config)
		want string
	}{
		{func(c *Config) { c.Method = "mcmc" }, `"mcmc"`},
		{func(c *Config) { c.Method = Ensemble }, `method "ensemble" is for regression fits`},
		{func(c *Config) { c.Particles = 1 }, "particles = 1"},
		{func(c *Config) { c.Iters = 0 }, "iterations = 0"},
		{func(c *Config) { c.Alpha = 0 }, "alpha = 0"},
		{func(c *Config) { c.Sigma = -1 }, "sigma = -1"},
		{func(c *Config) { c.StepSize = 0 }, "step size = 0"},
		{func(c *Config) { c.Method = "sequential" }, "alpha = 0.5: the sequential method"},
		{func(c *Config) { c.Arch.Inputs = 7 }, "inputs 7"},
	} {
		cfg := DefaultConfig()
		c.mod(&cfg)
		if err := cfg.Validate(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("want an error naming %s, got %v", c.want, err)
		}
	}
}

// TestCondensedStagesShrinkTheTemplate: with a strong sparsifying prior the
// csvgd method condenses after every stage; the template never grows, the
// particles always match it, the optimizer state follows them (no error at
// the next stage's first step) and every stage is recorded.
func TestCondensedStagesShrinkTheTemplate(t *testing.T) {
	c := smallConfig()
	c.Method, c.Stage, c.Iters, c.Every = "csvgd", 50, 150, 50
	c.Alpha, c.Lambda = 0.5, 2
	res, err := Run(testBackend(t), c, testData(t, 0.1), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Stages) != 3 {
		t.Fatalf("%d stages, want 3", len(res.Stages))
	}
	prev := c.Arch.NumParams()
	for _, s := range res.Stages {
		next := icnn.Arch{Widths: s.CondensedTo}.NumParams()
		if s.TemplateParams > prev || next > s.TemplateParams || !(s.MsPerIter > 0) || !(s.W1InRange > 0 && s.W1InRange < s.W1Sum) {
			t.Fatalf("stage %+v after a template of %d parameters", s, prev)
		}
		prev = next
	}
	if res.Arch.NumParams() >= c.Arch.NumParams() || res.Particles.D != res.Arch.NumParams() {
		t.Fatalf("final template %v (%d parameters), particles of %d", res.Arch.Widths, res.Arch.NumParams(), res.Particles.D)
	}
	// The start, then the end of each stage before and after its condensation.
	h := res.History
	if len(h) != 7 || h[0].Condensation != "" || h[6].Iter != 150 {
		t.Fatalf("history %+v", h)
	}
	for k := 1; k < len(h); k += 2 {
		before, after := h[k], h[k+1]
		if before.Iter != 50*(k+1)/2 || after.Iter != before.Iter || before.Condensation != Before || after.Condensation != After {
			t.Fatalf("records %d, %d: iterations %d, %d, condensation %q, %q: want the end of stage %d before and after", k, k+1,
				before.Iter, after.Iter, before.Condensation, after.Condensation, (k+1)/2)
		}
		// Pruning at 1e-3 barely changes what the networks predict.
		if d := math.Abs(after.TrainRMSE - before.TrainRMSE); d > 1e-3*before.TrainRMSE {
			t.Errorf("iteration %d: condensation moved the training error from %v to %v", before.Iter, before.TrainRMSE, after.TrainRMSE)
		}
	}
}

// TestAdaptivePenaltySchedule: lambda grows by the factor after every stage
// until the training error rises past the tolerance over its best; then it
// reverts to its initial value for one last stage on a fixed template (no
// condensation after it), which runs for the rest of the budget. When the
// error never rises that far (a tolerance no error reaches), the last stage
// of the budget is that final stage all the same.
func TestAdaptivePenaltySchedule(t *testing.T) {
	for _, tc := range []struct {
		name      string
		tolerance float64
		rises     bool // the error rises past the tolerance before the budget ends
	}{
		{"error rises", 0, true},
		{"error never rises", 1e9, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := smallConfig()
			c.Method, c.Adaptive, c.Stage, c.Iters, c.Every = "csvgd", true, 40, 400, 0
			c.Alpha, c.Lambda, c.Growth, c.Tolerance = 0.5, 0.1, 10, tc.tolerance
			res, err := Run(testBackend(t), c, testData(t, 0.1), nil)
			if err != nil {
				t.Fatal(err)
			}
			st := res.Stages
			last := st[len(st)-1]
			if last.Lambda != c.Lambda || last.CondensedTo != nil {
				t.Fatalf("last stage %+v: want lambda back at %v and no condensation", last, c.Lambda)
			}
			if res.Iterations != c.Iters || (!tc.rises && last.Iterations != c.Stage) || (tc.rises && last.Iterations <= c.Stage) {
				t.Fatalf("%d iterations, the last stage %d: want the budget %d used, the final stage taking its rest", res.Iterations, last.Iterations, c.Iters)
			}
			if h := res.History[len(res.History)-1]; h.Iter != res.Iterations {
				t.Fatalf("the history ends at iteration %d, the run at %d", h.Iter, res.Iterations)
			}
			best := math.Inf(1)
			for k, s := range st[:len(st)-1] {
				if want := c.Lambda * math.Pow(c.Growth, float64(k)); math.Abs(s.Lambda-want) > 1e-12*want || s.CondensedTo == nil {
					t.Fatalf("stage %d: %+v, want lambda %v and a condensation", k, s, want)
				}
				best = math.Min(best, s.TrainRMSE)
				rose := s.TrainRMSE > best*(1+c.Tolerance)
				if endsGrowth := tc.rises && k == len(st)-2; rose != endsGrowth || s.ErrorRose != rose {
					t.Fatalf("stage %d: error %v (best %v): rose %v (recorded %v), but the growth ended %v", k, s.TrainRMSE, best, rose, s.ErrorRose, endsGrowth)
				}
			}
		})
	}
}

// TestSequentialBaseline: one network is sparsified (MAP, alpha = 2 prior)
// and pruned first, then the ensemble runs on its pruned structure without
// condensation: two stages, the second on the pruned template, the budget
// spent exactly.
func TestSequentialBaseline(t *testing.T) {
	c := smallConfig()
	c.Method, c.Stage, c.Iters, c.Every = "sequential", 60, 150, 0
	c.Alpha, c.Lambda = 2, 1
	res, err := Run(testBackend(t), c, testData(t, 0.1), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Stages) != 2 || res.Iterations != c.Iters || res.Stages[0].Iterations != 60 {
		t.Fatalf("stages %+v, %d iterations", res.Stages, res.Iterations)
	}
	if got := res.Stages[1].Widths; !slices.Equal(got, res.Stages[0].CondensedTo) || res.Stages[1].CondensedTo != nil {
		t.Fatalf("the SVGD stage ran on %v, the pruned network is %v", got, res.Stages[0].CondensedTo)
	}
	if res.Particles.N != c.Particles || res.Particles.D != res.Arch.NumParams() {
		t.Fatalf("final ensemble %d x %d on %v", res.Particles.N, res.Particles.D, res.Arch.Widths)
	}
}

// TestKeepRecordsParticlesOnTheirTemplate: with Keep, every history record
// holds a copy of the particles, as long as its template's parameter count.
func TestKeepRecordsParticlesOnTheirTemplate(t *testing.T) {
	c := smallConfig()
	c.Method, c.Stage, c.Iters, c.Every, c.Keep = "csvgd", 40, 80, 40, true
	c.Alpha, c.Lambda = 0.5, 2
	res, err := Run(testBackend(t), c, testData(t, 0.1), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range res.History {
		want := icnn.Arch{Widths: h.Widths}.NumParams()
		if len(h.Particles) != c.Particles || len(h.Particles[0]) != want {
			t.Fatalf("iteration %d: %d particles of %d values on %v", h.Iter, len(h.Particles), len(h.Particles[0]), h.Widths)
		}
	}
}

// TestKeepLastStage: with KeepLastStage a csvgd run keeps the particles
// as its last stage ended, on the template that stage ran on: the same as
// the history's record of that iteration before the condensation, while
// the final ensemble is the condensed one; without the option there is
// none, and the run ends with the same particles (the option records, it
// does not train).
func TestKeepLastStage(t *testing.T) {
	c := smallConfig()
	c.Method, c.Stage, c.Iters, c.Every, c.Keep, c.KeepLastStage = "csvgd", 40, 80, 40, true, true
	c.Alpha, c.Lambda = 0.5, 2
	res, err := Run(testBackend(t), c, testData(t, 0.1), nil)
	if err != nil {
		t.Fatal(err)
	}
	last := res.LastStage
	if last == nil || !slices.Equal(last.Widths, res.Stages[len(res.Stages)-1].Widths) {
		t.Fatalf("last stage %+v, want the template %v of the last stage", last, res.Stages[len(res.Stages)-1].Widths)
	}
	var before *Record
	for i := range res.History {
		if h := &res.History[i]; h.Iter == c.Iters && h.Condensation == Before {
			before = h
		}
	}
	if before == nil || !reflect.DeepEqual(before.Particles, last.Particles) {
		t.Fatalf("last stage's particles differ from the history's record before the final condensation")
	}
	if f := last.File(res, nil); f.Validate() != nil || f.Inputs != res.Arch.Inputs.String() {
		t.Errorf("the last stage's file is not valid: %v", f.Validate())
	}
	c.KeepLastStage = false
	without, err := Run(testBackend(t), c, testData(t, 0.1), nil)
	if err != nil || without.LastStage != nil {
		t.Fatalf("without KeepLastStage: last stage %v, %v", without.LastStage, err)
	}
	// Keeping the last stage records it and changes nothing of the run.
	if !slices.Equal(without.Particles.Data, res.Particles.Data) || !slices.Equal(without.Arch.Widths, res.Arch.Widths) || without.W1InRange != res.W1InRange {
		t.Errorf("without KeepLastStage the run ends elsewhere: in-range W1 %v against %v, template %v against %v", without.W1InRange, res.W1InRange, without.Arch.Widths, res.Arch.Widths)
	}
}

func TestWriteStages(t *testing.T) {
	var b strings.Builder
	stages := []StageRecord{
		{Stage: 0, Lambda: 0.05, Widths: []int{3, 30, 30, 1}, TemplateParams: 1020, CondensedTo: []int{3, 8, 2, 1}, ActiveWeights: 210.5, TrainRMSE: 0.1234, W1Sum: 987.6, W1InRange: 80.04, MsPerIter: 60.2},
		{Stage: 1, Lambda: 0.1, Widths: []int{3, 8, 2, 1}, TemplateParams: 42, ActiveWeights: 13.1, TrainRMSE: 0.11, W1Sum: 970.66, W1InRange: 70.06, MsPerIter: 6.5},
	}
	if err := WriteStages(&b, stages); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimRight(b.String(), "\n"), "\n")
	if len(lines) != 4 {
		t.Fatalf("%d lines, want a header, 2 stages and a note:\n%s", len(lines), b.String())
	}
	for i, want := range [][]string{
		{"stage", "lambda", "ran", "on", "params", "condensed", "to"},
		{"0", "0.05", "3-30-30-1", "1020", "3-8-2-1", "210.5", "0.1234", "987.6", "80.0", "60.2"},
		{"1", "0.1", "3-8-2-1", "42", "–", "13.1", "0.1100", "970.7", "70.1", "6.5"},
	} {
		if got := strings.Fields(lines[i]); len(got) < len(want) || !slices.Equal(got[:len(want)], want) {
			t.Errorf("line %d = %q, want fields %q", i, lines[i], want)
		}
	}
	if utf8.RuneCountInString(lines[1]) != utf8.RuneCountInString(lines[2]) {
		t.Errorf("rows not aligned:\n%s", b.String())
	}
}

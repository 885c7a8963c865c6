package main

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd"

	"github.com/csvgd/csvgd-go/csvgd/ensemble"
	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
)

func TestTrainAndPredictBadInput(t *testing.T) {
	dir := t.TempDir()
	existing := filepath.Join(dir, "exists.csv")
	if err := os.WriteFile(existing, []byte("mine\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	paperData, err := csvgd.DataDir(0.1)
	if err != nil {
		t.Fatal(err)
	}
	damaged := filepath.Join(dir, "damaged.json")
	if err := os.WriteFile(damaged, []byte(`{"format": "csvgd-ensemble", "version": 1, "widths": [3, 2`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"train", "-method", "mcmc"}, exitUsage, `"mcmc"`},
		{[]string{"train", "-particles", "1"}, exitUsage, "particles = 1"},
		{[]string{"train", "-iters", "0"}, exitUsage, "iterations = 0"},
		{[]string{"train", "-alpha", "5"}, exitUsage, "alpha = 5"},
		{[]string{"train", "-lambda", "-0.1"}, exitUsage, "lambda = -0.1"},
		{[]string{"train", "-noise", "-1"}, exitUsage, "noise = -1"},
		{[]string{"train", "-gamma", "none"}, exitUsage, `"none"`},
		{[]string{"train", "-data", filepath.Join(dir, "nowhere"), "-iters", "1"}, exitUsage, "nowhere/data.json does not exist"},
		{[]string{"train", "-data", filepath.Join(dir, "nowhere"), "-noise", "0.1", "-iters", "1"}, exitUsage, "nowhere/train.csv"},
		{[]string{"train", "-data", paperData, "-noise", "0.2", "-iters", "1"}, exitUsage, "-noise 0.2 conflicts with"},
		{[]string{"train", "-inputs", "centred"}, exitUsage, `inputs "centred"`},
		{[]string{"train", "-prior", "laplace"}, exitUsage, `prior "laplace"`},
		{[]string{"mvn", "-prior", "cauchy"}, exitUsage, `prior "cauchy"`},
		{[]string{"train", "-sigma", "-1"}, exitUsage, `sigma = "-1"`},
		{[]string{"train", "-sigma", "auto"}, exitUsage, `sigma = "auto"`},
		{[]string{"train", "-method", "sequential", "-alpha", "0.5"}, exitUsage, "alpha = 0.5: the sequential method"},
		{[]string{"train", "-likelihood", "max"}, exitUsage, `"max"`},
		{[]string{"train", "-save", existing}, exitUsage, "exists.csv: the file exists"},
		{[]string{"train", "-checkpoint", existing}, exitUsage, "pass -resume"},
		{[]string{"train", "-resume"}, exitUsage, "-resume needs -checkpoint"},
		{[]string{"train", "-checkpoint", filepath.Join(dir, "none.json"), "-resume"}, exitUsage, "nothing to resume"},
		{[]string{"train", "-checkpoint-every", "0"}, exitUsage, "-checkpoint-every = 0"},
		{[]string{"train", "-align", "sorted"}, exitUsage, `"sorted"`},
		{[]string{"train", "-align", "assignment", "-align-ref", "mean"}, exitUsage, `"mean"`},
		{[]string{"train", "-align", "assignment", "-method", "svgd"}, exitUsage, "needs method csvgd"},
		// A flag that would have no effect is refused, not silently ignored.
		{[]string{"train", "-iters", "1", "-growth", "3"}, exitUsage, "-growth 3 applies only with -adaptive"},
		{[]string{"train", "-iters", "1", "-tolerance", "0.5"}, exitUsage, "-tolerance 0.5 applies only with -adaptive"},
		{[]string{"train", "-iters", "1", "-newton-step", "0.3"}, exitUsage, "-newton-step 0.3 applies only with -update newton or snewton"},
		{[]string{"train", "-iters", "1", "-curvature", "graph"}, exitUsage, "-curvature graph applies only with -update newton or snewton"},
		{[]string{"train", "-iters", "1", "-align-ref", "barycenter"}, exitUsage, "-align-ref applies only with -align assignment"},
		{[]string{"train", "-iters", "1", "-checkpoint-every", "5"}, exitUsage, "-checkpoint-every 5 applies only with -checkpoint"},
		{[]string{"train", "-iters", "1", "-method", "svgd", "-stage", "5"}, exitUsage, "-stage 5 applies only with -method csvgd or sequential"},
		{[]string{"condense", "-ensemble", damaged, "-out", filepath.Join(dir, "c.json"), "-align-ref", "barycenter"}, exitUsage, "-align-ref applies only with -align assignment"},
		{[]string{"condense", "-ensemble", damaged, "-out", filepath.Join(dir, "c.json"), "-align", "hungarian"}, exitUsage, `"hungarian"`},
		{[]string{"reproduce", "-docs", dir, "-out", filepath.Join(dir, "figs"), "-quick=false", "-bogus"}, exitUsage, "bogus"},
		{[]string{"reproduce", "-docs", dir, "-out", filepath.Join(dir, "figs"), "-quick=false"}, exitUsage, "results.md"},
		{[]string{"reproduce", "-docs", filepath.Join(dir, "nope"), "-quick=false"}, exitUsage, "nope/results.md"},
		{[]string{"predict", "-data", existing, "-out", filepath.Join(dir, "o.csv")}, exitUsage, "-ensemble is required"},
		{[]string{"predict", "-ensemble", damaged, "-data", existing, "-out", existing}, exitUsage, "exists.csv: the file exists"},
		// Outputs are checked before the work, so that a mistyped path does not cost the run's result.
		{[]string{"train", "-iters", "1", "-save", filepath.Join(dir, "nowhere", "e.json")}, exitUsage, "nowhere does not exist"},
		{[]string{"train", "-iters", "1", "-save", dir, "-force"}, exitUsage, "is a folder, not a file"},
		{[]string{"train", "-iters", "1", "-save-last-stage", filepath.Join(dir, "nowhere", "e.json")}, exitUsage, "nowhere does not exist"},
		{[]string{"train", "-iters", "1", "-save-last-stage", filepath.Join(existing, "e.json")}, exitUsage, "exists.csv is not a folder"},
		{[]string{"condense", "-ensemble", damaged, "-out", existing}, exitUsage, "exists.csv: the file exists"},
		{[]string{"condense", "-ensemble", damaged, "-out", filepath.Join(dir, "nowhere", "c.json")}, exitUsage, "nowhere does not exist"},
		{[]string{"predict", "-ensemble", damaged, "-data", existing, "-out", filepath.Join(dir, "nowhere", "o.csv")}, exitUsage, "nowhere does not exist"},
		{[]string{"predict", "-ensemble", damaged, "-data", existing, "-out", dir, "-force"}, exitUsage, "is a folder, not a file"},
		{[]string{"predict", "-ensemble", damaged, "-data", existing, "-out", filepath.Join(dir, "o.csv")}, exitUsage, "damaged.json"},
	} {
		code, out, errOut := runCLI(c.args...)
		if code != c.code || out != "" || strings.Count(strings.TrimSpace(errOut), "\n") != 0 || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d (want %d), stdout %q, stderr %q (want one line naming %s)", c.args, code, c.code, out, errOut, c.want)
		}
	}
	if raw, _ := os.ReadFile(existing); string(raw) != "mine\n" {
		t.Fatal("predict overwrote an existing file")
	}
}

// TestTrainSaveAndPredict runs the contract end to end on a tiny budget:
// train -json prints the fields other tools rely on and saves an ensemble
// that predict turns into one row per particle and point.
func TestTrainSaveAndPredict(t *testing.T) {
	dir := t.TempDir()
	ens := filepath.Join(dir, "ens.json")
	code, out, errOut := runCLI("train", "-method", "svgd", "-noise", "0.1", "-seed", "2", "-particles", "2", "-iters", "3",
		"-alpha", "0.5", "-lambda", "0.05", "-save", ens, "-json", "-quiet")
	if code != exitOK {
		t.Fatalf("train: exit %d: %s", code, errOut)
	}
	var got map[string]any
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("train -json: %v\n%s", err, out)
	}
	for _, k := range []string{"w1_sum", "w1_sum_in_range", "mean_error_in_range", "active_weights", "template_params", "iterations", "seconds", "backend", "align", "kernel_groups"} {
		if _, ok := got[k]; !ok {
			t.Errorf("train -json lacks %q", k)
		}
	}
	if got["template_params"] != float64(1020) || got["iterations"] != float64(3) || got["align"] != "importance" || got["prior"] != "penalty" {
		t.Errorf("template_params %v, iterations %v, align %v, prior %v", got["template_params"], got["iterations"], got["align"], got["prior"])
	}
	if in, all := got["w1_sum_in_range"].(float64), got["w1_sum"].(float64); !(in > 0 && in < all) {
		t.Errorf("w1_sum_in_range %v: want a positive part of w1_sum %v", in, all)
	}
	if e := got["mean_error_in_range"].(float64); !(e > 0 && e < 10) {
		t.Errorf("mean_error_in_range %v: want a relative error", e)
	}
	for _, h := range got["history"].([]any) {
		if v, ok := h.(map[string]any)["ksd"].(float64); !ok || !(v > 0) {
			t.Errorf("history entry %v: ksd missing or not positive", h)
		}
	}
	if code, _, errOut := runCLI("train", "-particles", "2", "-iters", "1", "-save", ens, "-quiet"); code != exitUsage || !strings.Contains(errOut, "ens.json") {
		t.Errorf("a second -save over the same file: exit %d, %s", code, errOut)
	}
	root, _ := os.Getwd()
	data := filepath.Join(root, "..", "..", "..", "data", "hyperelastic", "noise-0.10", "train.csv")
	pred := filepath.Join(dir, "pred.csv")
	if code, _, errOut := runCLI("predict", "-ensemble", ens, "-data", data, "-out", pred, "-level", "0.9"); code != exitUsage || !strings.Contains(errOut, "-level 0.9 applies only with") {
		t.Errorf("predict -level with input-convex networks: exit %d, %s; want a usage error", code, errOut)
	}
	if code, _, errOut := runCLI("predict", "-ensemble", ens, "-data", data, "-out", pred); code != exitOK {
		t.Fatalf("predict: exit %d: %s", code, errOut)
	}
	raw, err := os.ReadFile(pred)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(raw)), "\n")
	if lines[0] != "particle,point,S11,S22,S33,S23,S13,S12" || len(lines) != 1+2*80 {
		t.Fatalf("predictions: header %q, %d lines", lines[0], len(lines))
	}
}

// TestCondenseCommand condenses a trained ensemble: the output is a valid
// ensemble file on a template no wider than the input, with the input's
// prior form, it is not written
// over an existing file, and bad flags are usage errors. (What condensation
// preserves is tested in package condense.)
func TestCondenseCommand(t *testing.T) {
	dir := t.TempDir()
	ens, small := filepath.Join(dir, "ens.json"), filepath.Join(dir, "small.json")
	if code, _, errOut := runCLI("train", "-particles", "3", "-iters", "20", "-lambda", "0.05", "-prior", "normalized", "-save", ens, "-quiet"); code != exitOK {
		t.Fatalf("train: %s", errOut)
	}
	code, out, errOut := runCLI("condense", "-ensemble", ens, "-out", small)
	if code != exitOK || out != "" || !strings.Contains(errOut, "->") {
		t.Fatalf("condense: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	f, err := ensemble.Load(small)
	if err != nil {
		t.Fatal(err)
	}
	if f.Prior != ensemble.PriorNormalized {
		t.Errorf("the condensed file says prior %q, the trained one was %q", f.Prior, ensemble.PriorNormalized)
	}
	for i, w := range f.Widths {
		if w > icnn.Paper().Widths[i] {
			t.Fatalf("condensed widths %v are wider than the paper's", f.Widths)
		}
	}
	if code, _, errOut := runCLI("condense", "-ensemble", ens, "-out", small); code != exitUsage || !strings.Contains(errOut, "small.json") {
		t.Fatalf("condense over an existing file: exit %d, %s", code, errOut)
	}
	aligned := filepath.Join(dir, "aligned.json")
	if code, _, errOut := runCLI("condense", "-ensemble", ens, "-out", aligned, "-align", "assignment", "-align-ref", "barycenter"); code != exitOK {
		t.Fatalf("condense -align assignment: exit %d, %s", code, errOut)
	}
	sameStress(t, small, aligned, dir)
	for _, args := range [][]string{
		{"condense", "-out", small},
		{"condense", "-ensemble", ens, "-out", filepath.Join(dir, "x.json"), "-threshold", "-1"},
	} {
		if code, _, errOut := runCLI(args...); code != exitUsage {
			t.Errorf("%v: exit %d (%s), want %d", args, code, errOut, exitUsage)
		}
	}
}

// TestTrainRecordsInputsAndNoise: a data folder without data.json trains
// with the -noise given; the network's inputs go into the JSON output and
// the saved file, and predict uses them, also for a file of format
// version 1 (shifted inputs, with a note on stderr). The JSON output
// carries the kernel's health.
func TestTrainRecordsInputsAndNoise(t *testing.T) {
	dir := t.TempDir()
	paper, err := csvgd.DataDir(0.2)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"train.csv", "test.csv"} {
		raw, err := os.ReadFile(filepath.Join(paper, name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), raw, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ens := filepath.Join(dir, "ens.json")
	code, out, errOut := runCLI("train", "-data", dir, "-noise", "0.2", "-inputs", "shifted", "-particles", "2", "-iters", "3",
		"-every", "1", "-save", ens, "-json", "-quiet")
	if code != exitOK {
		t.Fatalf("train: exit %d: %s", code, errOut)
	}
	var got struct {
		Noise        float64  `json:"noise"`
		Inputs       string   `json:"inputs"`
		KernelMedian *float64 `json:"kernel_median"`
		History      []struct {
			KernelMedian *float64 `json:"kernel_median"`
		} `json:"history"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	// History: iterations 0, 1, 2 and 3 before and after the condensation that ends the one stage.
	if got.Noise != 0.2 || got.Inputs != "shifted" || got.KernelMedian == nil || !(*got.KernelMedian > 0) || len(got.History) != 5 {
		t.Fatalf("train -json: noise %v, inputs %q, kernel_median %v, %d history records", got.Noise, got.Inputs, got.KernelMedian, len(got.History))
	}
	for i, h := range got.History {
		if h.KernelMedian == nil || !(*h.KernelMedian > 0 && *h.KernelMedian <= 1) {
			t.Errorf("history record %d: kernel_median %v, want a value in (0, 1]", i, h.KernelMedian)
		}
	}
	f, err := ensemble.Load(ens)
	if err != nil {
		t.Fatal(err)
	}
	if f.Inputs != ensemble.InputsShifted {
		t.Fatalf("saved inputs %q, want shifted", f.Inputs)
	}
	samples, err := hyperelastic.ReadCSVFile(filepath.Join(dir, "train.csv"))
	if err != nil {
		t.Fatal(err)
	}
	shifted := icnn.Arch{Widths: f.Widths, Inputs: icnn.Shifted}
	want := shifted.HostStress(f.Particles[1], samples[0].Kinematics)

	// The same networks in a version 1 file, which has no inputs and no
	// prior field.
	v1 := filepath.Join(dir, "v1.json")
	raw, _ := os.ReadFile(ens)
	old := strings.Replace(string(raw), `"version": 3`, `"version": 1`, 1)
	old = strings.Replace(strings.Replace(old, "  \"inputs\": \"shifted\",\n", "", 1), "  \"prior\": \"penalty\",\n", "", 1)
	if err := os.WriteFile(v1, []byte(old), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, file := range []string{ens, v1} {
		pred := filepath.Join(dir, filepath.Base(file)+".csv")
		code, _, errOut := runCLI("predict", "-ensemble", file, "-data", filepath.Join(dir, "train.csv"), "-out", pred)
		if code != exitOK {
			t.Fatalf("predict %s: exit %d: %s", file, code, errOut)
		}
		if note := strings.Contains(errOut, "version 1"); note != (file == v1) {
			t.Errorf("predict %s: stderr %q: a note on the format version %v, want %v", file, errOut, note, file == v1)
		}
		rows, err := os.ReadFile(pred)
		if err != nil {
			t.Fatal(err)
		}
		// Row 1 + 80: particle 1, point 0.
		fields := strings.Split(strings.Split(string(rows), "\n")[1+80], ",")
		for c := range 6 {
			v, _ := strconv.ParseFloat(fields[2+c], 64)
			if math.Abs(v-want[c]) > 1e-9*(1+math.Abs(want[c])) {
				t.Errorf("predict %s: particle 1, point 0, S[%d] = %v, the shifted network gives %v", file, c, v, want[c])
			}
		}
	}
}

// sameStress fails unless the ensembles saved in files a and b predict the
// same stresses at the training points, particle by particle (1e-9
// relative): alignment only permutes hidden nodes.
func sameStress(t *testing.T, a, b, dir string) {
	t.Helper()
	root, _ := os.Getwd()
	data := filepath.Join(root, "..", "..", "..", "data", "hyperelastic", "noise-0.10", "train.csv")
	var preds [2][]string
	for i, f := range []string{a, b} {
		out := filepath.Join(dir, fmt.Sprintf("pred%d.csv", i))
		if code, _, errOut := runCLI("predict", "-ensemble", f, "-data", data, "-out", out); code != exitOK {
			t.Fatalf("predict %s: %s", f, errOut)
		}
		raw, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		preds[i] = strings.Split(strings.TrimSpace(string(raw)), "\n")
	}
	if len(preds[0]) != len(preds[1]) {
		t.Fatalf("%d and %d prediction rows", len(preds[0]), len(preds[1]))
	}
	for r := 1; r < len(preds[0]); r++ {
		x, y := strings.Split(preds[0][r], ","), strings.Split(preds[1][r], ",")
		for c := 2; c < len(x); c++ {
			u, _ := strconv.ParseFloat(x[c], 64)
			v, _ := strconv.ParseFloat(y[c], 64)
			if math.Abs(u-v) > 1e-9*(1+math.Abs(u)) {
				t.Fatalf("row %d column %d: %v importance-sorted, %v aligned", r, c, u, v)
			}
		}
	}
}

// TestTrainSaveLastStage: -save-last-stage writes the ensemble of the last
// stage before its condensation, on the template that stage ran on, beside
// the condensed one of -save; the same path for both is refused.
func TestTrainSaveLastStage(t *testing.T) {
	dir := t.TempDir()
	ens, last := filepath.Join(dir, "ens.json"), filepath.Join(dir, "last.json")
	code, out, errOut := runCLI("train", "-particles", "2", "-iters", "4", "-stage", "2", "-alpha", "0.5", "-lambda", "2",
		"-save", ens, "-save-last-stage", last, "-json", "-quiet")
	if code != exitOK {
		t.Fatalf("train: exit %d: %s", code, errOut)
	}
	var got struct {
		Stages []struct {
			Widths      []int `json:"widths"`
			CondensedTo []int `json:"condensed_to"`
		} `json:"stages"`
		SavedLastStage string `json:"saved_last_stage"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	f, err := ensemble.Load(last)
	if err != nil {
		t.Fatal(err)
	}
	final := got.Stages[len(got.Stages)-1]
	if !slices.Equal(f.Widths, final.Widths) || len(f.Particles) != 2 || got.SavedLastStage != last {
		t.Errorf("last stage's file: widths %v, %d particles; the last stage ran on %v (condensed to %v)", f.Widths, len(f.Particles), final.Widths, final.CondensedTo)
	}
	if code, _, errOut := runCLI("train", "-particles", "2", "-iters", "1", "-save", ens, "-save-last-stage", ens, "-force", "-quiet"); code != exitUsage || !strings.Contains(errOut, "is the -save file") {
		t.Errorf("one path for both: exit %d, %s", code, errOut)
	}
}

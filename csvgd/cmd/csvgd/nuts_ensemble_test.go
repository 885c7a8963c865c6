package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd"
	"github.com/csvgd/csvgd-go/csvgd/ensemble"
	"github.com/csvgd/csvgd-go/csvgd/exact"
)

// tinyMeta is the training record of a csvgd train -save file: what the
// posterior of the template needs.
func tinyMeta(drop string) map[string]any {
	rec := map[string]any{"noise": 0.1, "sigma": 0.07, "likelihood": "mean", "alpha": 0.5, "lambda": 0.01,
		"threshold": 0.001, "stages": []any{map[string]any{"lambda": 0.05}}}
	delete(rec, drop)
	return map[string]any{"train": rec}
}

// tinyEnsemble writes an ensemble of 4 particles of the template [3, 2, 1]
// (the last two weights non-negative) with meta, and returns its path.
func tinyEnsemble(t *testing.T, meta map[string]any, last float64) string {
	t.Helper()
	f := ensemble.New([]int{3, 2, 1}, [][]float64{
		{0.3, 0.2, 0.1, -0.2, 0.4, 0.1, 0.5, 0.3},
		{0.2, 0.3, 0.1, -0.1, 0.3, 0.2, 0.4, 0.4},
		{0.4, 0.1, 0.2, -0.3, 0.5, 0.1, 0.6, 0.2},
		{0.3, 0.3, 0.2, -0.2, 0.2, 0.3, 0.3, last},
	}, meta)
	path := filepath.Join(t.TempDir(), "tiny.json")
	if err := ensemble.Save(path, f, ensemble.KeepExisting); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestNUTSEnsembleJSONAndSave: "csvgd nuts -ensemble FILE -json" prints
// the settings read from the file's meta (lambda of the last stage) and
// the report's fields; -save writes the kept draws as an ensemble file
// that csvgd calibrate reads (its settings through source_meta), with
// coverage at 50% and 90% in [0, 1].
func TestNUTSEnsembleJSONAndSave(t *testing.T) {
	in := tinyEnsemble(t, tinyMeta(""), 0.3)
	saved := filepath.Join(t.TempDir(), "draws.json")
	code, out, errOut := runCLI("nuts", "-ensemble", in, "-chains", "2", "-warmup", "60", "-draws", "30", "-keep", "40",
		"-max-depth", "6", "-seed", "3", "-save", saved, "-json")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got map[string]any
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("stdout is not one JSON object: %v\n%s", err, out)
	}
	for _, k := range []string{"rhat_max", "ess_bulk_min", "ess_tail_min", "ess_per_second", "divergences", "accept_rate", "seconds", "weights_rhat_max",
		"ebfmi_min", "accept_target", "max_depth_share", "log_density_rhat", "log_density_ess_bulk", "log_density_ess_tail"} {
		if _, ok := got[k].(float64); !ok {
			t.Errorf("%s missing or not a number in %s", k, out)
		}
	}
	if _, ok := got["misses"].([]any); !ok || got["accept_target"] != exact.DefaultConfig(csvgd.Quick()).Accept || got["metric"] != "diag" || got["overdispersed"] != 2.0 {
		t.Errorf("misses %v, accept_target %v, metric %v, overdispersed %v", got["misses"], got["accept_target"], got["metric"], got["overdispersed"])
	}
	if got["lambda"] != 0.05 || got["sigma"] != 0.07 || got["params"] != 8.0 || got["watched"] != 150.0 {
		t.Errorf("settings: lambda %v, sigma %v, params %v, watched %v", got["lambda"], got["sigma"], got["params"], got["watched"])
	}
	f, err := ensemble.Load(saved)
	if err != nil || len(f.Particles) != 40 || f.Widths[1] != 2 {
		t.Fatalf("saved draws: %v, %+v", err, f)
	}
	for _, theta := range f.Particles {
		if theta[6] < 0 || theta[7] < 0 {
			t.Fatalf("a saved draw has W1 = %v < 0", theta[6:])
		}
	}
	code, out, errOut = runCLI("calibrate", "-ensemble", saved, "-json")
	if code != exitOK {
		t.Fatalf("calibrate: exit %d: %s", code, errOut)
	}
	var cov struct {
		Truth      map[string]float64 `json:"coverage_truth"`
		Predictive map[string]float64 `json:"coverage_predictive"`
	}
	if err := json.Unmarshal([]byte(out), &cov); err != nil {
		t.Fatal(err)
	}
	for _, m := range []map[string]float64{cov.Truth, cov.Predictive} {
		if len(m) != 2 || !(m["50"] >= 0 && m["50"] <= m["90"] && m["90"] <= 1) {
			t.Errorf("coverage %v: want keys 50 and 90, 0 <= 50%% <= 90%% <= 1", m)
		}
	}
}

// TestNUTSEnsembleBadInput: missing settings, a start that breaks the
// sign constraint, bad values and clashing flags exit 2 with one line
// naming the problem; so do bad calibrate flags.
func TestNUTSEnsembleBadInput(t *testing.T) {
	good := tinyEnsemble(t, tinyMeta(""), 0.3)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"nuts", "-ensemble", tinyEnsemble(t, tinyMeta("threshold"), 0.3)}, `"threshold"`},
		{[]string{"nuts", "-ensemble", tinyEnsemble(t, tinyMeta("sigma"), 0.3)}, `"sigma"`},
		{[]string{"nuts", "-ensemble", tinyEnsemble(t, nil, 0.3)}, `"train"`},
		{[]string{"nuts", "-ensemble", tinyEnsemble(t, tinyMeta(""), -0.1)}, "particle 3, weight 7 = -0.1"},
		{[]string{"nuts", "-ensemble", good, "-keep", "0"}, "keep = 0"},
		{[]string{"nuts", "-ensemble", good, "-draws", "2"}, "draws = 2"},
		{[]string{"nuts", "-ensemble", good, "-accept", "1"}, "acceptance = 1"},
		{[]string{"nuts", "-ensemble", good, "-mvn"}, "exclude"},
		{[]string{"nuts", "-ensemble", good, "-max-leapfrog", "0"}, "-max-leapfrog 0 applies only with -sampler chees"},
		{[]string{"nuts", "-ensemble", good, "-sampler", "chees", "-max-depth", "5"}, "-max-depth 5 applies only with -sampler nuts"},
		{[]string{"nuts", "-ensemble", good, "-optimize-steps", "50"}, "-optimize-steps 50 applies only with -starts init"},
		{[]string{"nuts", "-ensemble", good, "-save", good}, "exists"},
		{[]string{"nuts", "-ensemble", good, "-save", filepath.Join(t.TempDir(), "nowhere", "d.json")}, "nowhere does not exist"},
		{[]string{"nuts", "-ensemble", good, "-data", t.TempDir()}, "train.csv"},
		{[]string{"nuts", "-ensemble=" + filepath.Join(t.TempDir(), "none.json")}, "none.json"},
		{[]string{"calibrate"}, "-ensemble is required"},
		{[]string{"calibrate", "-ensemble", good, "-seed", "1"}, "-seed 1"},
		{[]string{"calibrate", "-ensemble", tinyEnsemble(t, tinyMeta("noise"), 0.3)}, `"noise"`},
	} {
		code, out, errOut := runCLI(c.args...)
		lines := strings.Split(strings.TrimSpace(errOut), "\n")
		if code != exitUsage || out != "" || len(lines) != 1 || !strings.Contains(errOut, c.want) || strings.Contains(errOut, "goroutine") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q: want exit 2 and one line naming %s", c.args, code, out, errOut, c.want)
		}
	}
	code, out, errOut := runCLI("nuts", "-ensemble", good, "-chains", "2", "-warmup", "10", "-draws", "10", "-max-depth", "3", "-json")
	if !strings.Contains(out, `"keep": 20`) {
		t.Errorf("2 chains of 10 draws and the default -keep: exit %d, %s; want all 20 kept", code, errOut)
	}
	if code, out, _ := runCLI("nuts", "-ensemble", good, "-h"); code != exitOK || !strings.Contains(out, "Usage: csvgd nuts template -ensemble") {
		t.Errorf("nuts -ensemble -h: exit %d, stdout %q", code, out)
	}
}

// TestNUTSEnsembleQuick: -quick takes quick mode's chains, iterations and
// draws, and flags given beside it override them.
func TestNUTSEnsembleQuick(t *testing.T) {
	in := tinyEnsemble(t, tinyMeta(""), 0.3)
	code, out, errOut := runCLI("nuts", "-ensemble", in, "-quick", "-draws", "12", "-keep", "10", "-json")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got struct{ Chains, Warmup, Draws, Keep int }
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	q := exact.DefaultConfig(true)
	if got.Chains != q.Chains || got.Warmup != q.Warmup || got.Draws != 12 || got.Keep != 10 {
		t.Errorf("quick run: %+v, want quick mode's %d chains and %d warm-up, and the 12 draws and 10 kept given", got, q.Chains, q.Warmup)
	}
}

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/backend"
	"github.com/csvgd/csvgd-go/csvgd/compare"
	"github.com/csvgd/csvgd-go/csvgd/ensemble"
	"github.com/csvgd/csvgd-go/csvgd/explore"
	"github.com/csvgd/csvgd-go/csvgd/stein"
	"github.com/csvgd/csvgd-go/csvgd/train"
)

// TestExitCodeRule: exitCode gives 2 to an error in what the user gave,
// marked by badInput or badUsage (also under further wrapping) or one of
// the packages' errors that say so, and 1 to every other error; fail
// prints one line, pointing at -h only for an error in the flags.
func TestExitCodeRule(t *testing.T) {
	plain := errors.New("boom")
	for _, c := range []struct {
		name string
		err  error
		code int
		hint bool
	}{
		{"bad input", badInput(plain), exitUsage, false},
		{"bad input, wrapped", fmt.Errorf("-compare x: %w", badInput(plain)), exitUsage, false},
		{"bad usage", badUsage(plain), exitUsage, true},
		{"bad usage marked as input too", badInput(fmt.Errorf("-data x: %w", badUsage(plain))), exitUsage, true},
		{"an existing output kept", fmt.Errorf("saving: %w", ensemble.ErrExists), exitUsage, false},
		{"a checkpoint that cannot be resumed", fmt.Errorf("train: %w", train.ErrBadCheckpoint), exitUsage, false},
		{"ensembles that cannot be compared", fmt.Errorf("compare: %w", compare.ErrMismatch), exitUsage, false},
		{"an entry not in the ensemble", fmt.Errorf("explore: %w", explore.ErrNotInEnsemble), exitUsage, false},
		{"a failure while running", plain, exitFailure, false},
		{"numerical trouble", fmt.Errorf("train: %w", stein.ErrNonFinite), exitFailure, false},
		{"an interrupt", fmt.Errorf("stopped: %w", context.Canceled), exitFailure, false},
	} {
		var stderr bytes.Buffer
		code := fail(newFlagSet("cmd", "", nil), &stderr, c.err)
		hint := strings.Contains(stderr.String(), "(see 'csvgd cmd -h')")
		if code != c.code || hint != c.hint || !oneLine(stderr.String()) || !strings.HasPrefix(stderr.String(), "csvgd cmd: ") {
			t.Errorf("%s: exit %d, stderr %q; want %d, one line, -h hint %v", c.name, code, stderr.String(), c.code, c.hint)
		}
	}
	if badInput(nil) != nil || badUsage(nil) != nil {
		t.Error("a nil error marked is not nil")
	}
}

// TestExitCodes: across the commands, a missing or damaged input file, an
// input of the wrong kind, inputs that do not fit together, an existing
// output without -force and an output path that cannot be written (a
// file where the output folder goes or on its way, a missing folder)
// exit 2, the last before any run; numerical trouble while running exits
// 1. Each gives one line on stderr naming the file or value at
// fault, and nothing on stdout.
func TestExitCodes(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	missing := filepath.Join(dir, "none.json")
	existing := write("exists.csv", "mine\n")
	damaged := write("damaged.json", `{"format": "csvgd-ensemble", "version": 1, "widths": [3, 2`)
	regression := write("regression.csv", "x,y\n1,2\n2,3\n")
	damagedCk := write("damaged-checkpoint.json", "{")
	futureCk := write("future-checkpoint.json", `{"version": 9}`)
	otherCk := filepath.Join(dir, "other-checkpoint.json")
	interruptedCheckpoint(t, otherCk)
	tiny := tinyEnsemble(t, tinyMeta(""), 0.3)
	other := filepath.Join(dir, "other-template.json")
	f := ensemble.New([]int{3, 1, 1}, [][]float64{{1, 2, 3, 1}, {1, 1, 1, 1}, {0, 1, 2, 1}, {2, 2, 2, 2}, {1, 0, 1, 1}}, tinyMeta(""))
	if err := ensemble.Save(other, f, ensemble.KeepExisting); err != nil {
		t.Fatal(err)
	}
	views := filepath.Join(dir, "views")
	if err := os.Mkdir(views, 0o755); err != nil {
		t.Fatal(err)
	}
	write("views/weight_distributions.png", "mine")
	dataDir := filepath.Join(dir, "data")
	if err := os.Mkdir(dataDir, 0o755); err != nil {
		t.Fatal(err)
	}
	write("data/train.csv", "mine\n")
	out := filepath.Join(dir, "out.csv")
	cache := filepath.Join(dir, "cache")          // never written: the commands stop before any run
	trainWith := func(flags ...string) []string { // a small run
		return append([]string{"train", "-particles", "4", "-iters", "2", "-quiet"}, flags...)
	}
	for _, c := range []struct {
		name string
		args []string
		code int
		want string
	}{
		// Missing.
		{"predict, missing ensemble", []string{"predict", "-ensemble", missing, "-data", existing, "-out", out}, exitUsage, missing},
		{"condense, missing ensemble", []string{"condense", "-ensemble", missing, "-out", out}, exitUsage, missing},
		{"compare, missing reference", []string{"compare", "-ensemble", tiny, "-reference", missing}, exitUsage, missing},
		{"calibrate, missing ensemble", []string{"calibrate", "-ensemble", missing}, exitUsage, missing},
		{"nuts template, missing ensemble", []string{"nuts", "template", "-ensemble", missing}, exitUsage, missing},
		{"nuts agree, missing draws", []string{"nuts", "agree", missing}, exitUsage, missing},
		{"explore, missing ensemble", []string{"explore", "-ensemble", missing, "-out", filepath.Join(dir, "v")}, exitUsage, missing},
		{"explore, unknown run", []string{"explore", "-run", "0123456789abcdef", "-out", filepath.Join(dir, "v")}, exitUsage, "0123456789abcdef"},
		{"fit, missing data", []string{"fit", "-data", filepath.Join(dir, "none.csv"), "-target", "y"}, exitUsage, "none.csv"},
		{"train, missing data", trainWith("-data", filepath.Join(dir, "nowhere"), "-noise", "0.1"), exitUsage, "nowhere"},
		{"train, missing checkpoint", trainWith("-checkpoint", missing, "-resume"), exitUsage, missing},
		// Damaged, or of the wrong kind.
		{"predict, damaged ensemble", []string{"predict", "-ensemble", damaged, "-data", existing, "-out", out}, exitUsage, damaged},
		{"predict, data of the wrong kind", []string{"predict", "-ensemble", tiny, "-data", regression, "-out", out}, exitUsage, regression},
		{"condense, damaged ensemble", []string{"condense", "-ensemble", damaged, "-out", out}, exitUsage, damaged},
		{"compare, damaged ensemble", []string{"compare", "-ensemble", damaged, "-reference", tiny}, exitUsage, damaged},
		{"explore, damaged ensemble", []string{"explore", "-ensemble", damaged, "-out", filepath.Join(dir, "v")}, exitUsage, damaged},
		{"nuts agree, not draws", []string{"nuts", "agree", tiny}, exitUsage, tiny},
		{"fit, damaged data", []string{"fit", "-data", existing, "-target", "y"}, exitUsage, existing},
		{"train, damaged checkpoint", trainWith("-checkpoint", damagedCk, "-resume"), exitUsage, damagedCk},
		{"train, checkpoint of another version", trainWith("-checkpoint", futureCk, "-resume"), exitUsage, futureCk},
		// Inputs that do not fit together.
		{"compare, reference of another template", []string{"compare", "-ensemble", tiny, "-reference", other}, exitUsage, "the reference's [3 1 1]"},
		{"train, checkpoint of another run", trainWith("-seed", "9", "-checkpoint", otherCk, "-resume"), exitUsage, otherCk},
		{"explore, layer not in the ensemble", []string{"explore", "-ensemble", tiny, "-out", filepath.Join(dir, "v"), "-layer", "9"}, exitUsage, "layer k = 9"},
		// An existing output without -force.
		{"predict, existing output", []string{"predict", "-ensemble", tiny, "-data", existing, "-out", existing}, exitUsage, existing},
		{"condense, existing output", []string{"condense", "-ensemble", tiny, "-out", existing}, exitUsage, existing},
		{"data, existing output", []string{"data", "-out", dataDir}, exitUsage, filepath.Join(dataDir, "train.csv")},
		{"explore, existing view", []string{"explore", "-ensemble", tiny, "-out", views}, exitUsage, filepath.Join(views, "weight_distributions.png")},
		{"train, existing output", trainWith("-save", existing), exitUsage, existing},
		{"fit, existing output", []string{"fit", "-data", regression, "-target", "y", "-save", existing}, exitUsage, existing},
		{"nuts template, existing output", []string{"nuts", "template", "-ensemble", tiny, "-save", existing}, exitUsage, existing},
		// An output path that cannot be written, checked before any run.
		{"data, output folder a file", []string{"data", "-out", existing}, exitUsage, existing + " is a file, not a folder"},
		{"explore, output folder a file", []string{"explore", "-ensemble", tiny, "-out", existing}, exitUsage, existing + " is a file, not a folder"},
		{"runs export, output folder a file", []string{"runs", "export", "-quick", "-cache", cache, "-out", existing}, exitUsage, existing + " is a file, not a folder"},
		{"runs export, output folder under a file", []string{"runs", "export", "-quick", "-cache", cache, "-out", filepath.Join(existing, "ensembles")}, exitUsage, existing + " is a file, not a folder"},
		{"figures, output folder a file", []string{"figures", "-quick", "-cache", cache, "-only", "weight_distributions", "-out", existing}, exitUsage, existing + " is a file, not a folder"},
		{"reproduce, output folder a file", []string{"reproduce", "-quick", "-cache", cache, "-docs", "none", "-only", "weight_distributions", "-out", existing}, exitUsage, existing + " is a file, not a folder"},
		{"bench, profile in a missing folder", []string{"bench", "-cpuprofile", filepath.Join(dir, "nowhere", "cpu.prof")}, exitUsage, filepath.Join(dir, "nowhere") + " does not exist"},
		{"train, checkpoint under a file", trainWith("-checkpoint", filepath.Join(existing, "ck.json")), exitUsage, existing + " is not a folder"},
		// A failure while running on good input.
		{"train, not finite", trainWith("-optimizer", "sgd", "-lr", "1e300"), exitFailure, "not finite"},
	} {
		code, stdout, stderr := runCLI(c.args...)
		if code != c.code || stdout != "" || !oneLine(stderr) || !strings.Contains(stderr, c.want) || strings.Contains(stderr, "goroutine") {
			t.Errorf("%s: exit %d (want %d), stdout %q, stderr %q (want one line naming %s)", c.name, code, c.code, stdout, stderr, c.want)
		}
	}
	if raw, _ := os.ReadFile(existing); string(raw) != "mine\n" {
		t.Error("a refused command replaced an existing file")
	}
	if exists(cache) {
		t.Errorf("a command refused for its output path wrote to its cache %s", cache)
	}
}

// interruptedCheckpoint writes to path the checkpoint of a small training
// run (4 particles, 2 iterations, seed 1) stopped by a cancelled context.
func interruptedCheckpoint(t *testing.T, path string) {
	t.Helper()
	c := train.DefaultConfig()
	c.Particles, c.Iters, c.Seed = 4, 2, 1
	data, err := train.LoadPaperData(0.1)
	if err != nil {
		t.Fatal(err)
	}
	b, err := backend.Default()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := train.RunWith(b, c, data, train.Options{Checkpoint: path, Context: ctx}); !errors.Is(err, context.Canceled) {
		t.Fatalf("interrupted run: %v, want one stopped by its context", err)
	}
	if !exists(path) {
		t.Fatalf("interrupted run wrote no checkpoint to %s", path)
	}
}

// TestDivergedRunsFail: a flow whose particles run off towards the largest
// floats stays finite itself, and its moments do not; mvn and collapse
// then still print their results (nothing is lost), as text or, with
// -json, as one JSON object whose values that are not finite are null,
// name the results that are not finite on stderr and exit 1, while the
// same runs with a sound step size exit 0.
func TestDivergedRunsFail(t *testing.T) {
	for _, c := range []struct {
		name  string
		args  []string
		want  []string
		nulls []string // the JSON's results that are null
		kept  []string // and some that are finite
	}{
		{"mvn", []string{"mvn", "-optimizer", "sgd", "-iters", "50"}, []string{"covariance +Inf", "Bhattacharyya distance"},
			[]string{"bhattacharyya", "cov[0][0]", "cov[2][2]"}, []string{"mean[0]", "l1_theta3", "step_size"}},
		{"collapse", []string{"collapse", "-dim", "3", "-iters", "50"}, []string{"variance ratio +Inf"},
			[]string{"variance_ratio", "mean_error", "ratios[0]"}, []string{"variance_ratio_se", "step_size"}},
	} {
		for _, asJSON := range []bool{false, true} {
			args := append(slices.Clone(c.args), "-lr", "1e300")
			name := c.name + ", -lr 1e300"
			if asJSON {
				args, name = append(args, "-json"), name+" -json"
			}
			code, stdout, stderr := runCLI(args...)
			if code != exitFailure || stdout == "" || !oneLine(stderr) || !strings.Contains(stderr, "diverged") {
				t.Errorf("%s: exit %d (want %d), stdout %q (want the results), stderr %q (want one line)", name, code, exitFailure, stdout, stderr)
			}
			for _, w := range c.want {
				if !strings.Contains(stderr, w) {
					t.Errorf("%s: stderr %q does not name %q", name, stderr, w)
				}
			}
			if !asJSON {
				continue
			}
			var got map[string]any
			if err := json.Unmarshal([]byte(stdout), &got); err != nil {
				t.Errorf("%s: stdout is not one JSON object: %v\n%s", name, err, stdout)
				continue
			}
			for _, key := range c.nulls {
				if v, ok := jsonAt(got, key); !ok || v != nil {
					t.Errorf("%s: %s = %v (given %v), want null", name, key, v, ok)
				}
			}
			for _, key := range c.kept {
				if v, ok := jsonAt(got, key); !ok || v == nil {
					t.Errorf("%s: %s = %v (given %v), want a number", name, key, v, ok)
				}
			}
		}
		if code, _, stderr := runCLI(c.args...); code != exitOK {
			t.Errorf("%s with its default step: exit %d, stderr %q", c.name, code, stderr)
		}
	}
}

// jsonAt is the value of a decoded JSON object at key, a name followed by
// indices ("cov[0][1]"), and whether it is there.
func jsonAt(obj map[string]any, key string) (any, bool) {
	name, rest, _ := strings.Cut(key, "[")
	v, ok := obj[name]
	for rest != "" && ok {
		var i int
		if _, err := fmt.Sscanf(rest, "%d]", &i); err != nil {
			return nil, false
		}
		list, isList := v.([]any)
		if !isList || i < 0 || i >= len(list) {
			return nil, false
		}
		v = list[i]
		_, rest, _ = strings.Cut(rest, "[")
	}
	return v, ok
}

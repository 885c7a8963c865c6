package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/csvgd/csvgd-go/csvgd"
	"github.com/csvgd/csvgd-go/csvgd/study"
)

// The tests of the cluster path: two csvgd processes on one cache, the
// GNU parallel example of docs/studies.md and the Slurm script, each on a
// few quick runs; and -jobs 2 against -jobs 1.

// requireToolsEnv, set to 1 (as make test does), turns a missing tool into
// a failure instead of a skip, as for the notebooks (internal/nbrun).
const requireToolsEnv = "CSVGD_REQUIRE_NOTEBOOKS"

// requireTool skips the test when the command name is not installed, or
// fails it under CSVGD_REQUIRE_NOTEBOOKS=1; version is an argument that
// makes it say what it is, and want a text the answer must hold.
func requireTool(t *testing.T, name, version, want string) {
	t.Helper()
	out, err := exec.Command(name, version).CombinedOutput()
	if err == nil && !strings.Contains(string(out), want) {
		err = &exec.Error{Name: name, Err: os.ErrNotExist}
	}
	if err == nil {
		return
	}
	if os.Getenv(requireToolsEnv) == "1" {
		t.Fatalf("%s=1 but %s (%s) is missing (run `make setup`): %v", requireToolsEnv, name, want, err)
	}
	t.Skipf("skipping: %s (%s) is missing: %v (set %s=1 to fail instead)", name, want, err, requireToolsEnv)
}

// repoRoot is the repository's root.
func repoRoot(t *testing.T) string {
	t.Helper()
	root, err := csvgd.FindRoot(".")
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// tempRoot is a repository root for CSVGD_ROOT with the committed data
// and an empty cache, so that commands without -cache leave the
// repository's cache alone.
func tempRoot(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "data"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(repoRoot(t), "data", "hyperelastic"), filepath.Join(root, "data", "hyperelastic")); err != nil {
		t.Fatal(err)
	}
	return root
}

// waitDone waits for p to exit, failing the test after e2eTimeout.
func waitDone(t *testing.T, p *proc) {
	t.Helper()
	select {
	case <-p.done:
	case <-time.After(e2eTimeout):
		t.Fatalf("csvgd %v still runs after %v", p.cmd.Args[1:], e2eTimeout)
	}
}

// TestRunsTrainTwoProcesses: two csvgd runs train of one key on one cache,
// the second started while the first holds the run's lock: the first
// trains, the second waits and then reads the result; the run is trained
// once, cached once, and no lock or checkpoint is left.
func TestRunsTrainTwoProcesses(t *testing.T) {
	skipE2E(t)
	bin := csvgdBinary(t)
	cache := t.TempDir()
	spec := (study.Plan{Quick: true}).GraphRun()
	key, _ := spec.Key()
	args := []string{"runs", "train", "-quick", "-cache", cache, key}
	first := startBinary(t, bin, args...)
	lock := filepath.Join(cache, "runs", key+".lock")
	for _, err := os.Stat(lock); err != nil; _, err = os.Stat(lock) {
		select {
		case <-first.done:
			t.Fatalf("the first process ended before its lock was seen; stderr:\n%s", first.stderr.String())
		case <-time.After(5 * time.Millisecond):
		}
	}
	second := startBinary(t, bin, args...)
	waitDone(t, first)
	waitDone(t, second)
	log1, log2 := first.stderr.String(), second.stderr.String()
	if first.cmd.ProcessState.ExitCode() != 0 || second.cmd.ProcessState.ExitCode() != 0 {
		t.Fatalf("exit codes %d and %d; stderr:\n%s\n--\n%s", first.cmd.ProcessState.ExitCode(), second.cmd.ProcessState.ExitCode(), log1, log2)
	}
	if n := strings.Count(log1+log2, "training "+spec.Label); n != 1 {
		t.Errorf("trained %d times, want once; stderr:\n%s\n--\n%s", n, log1, log2)
	}
	if !strings.Contains(log2, "waiting for "+spec.Label) || !strings.Contains(log2, "cached "+spec.Label) {
		t.Errorf("the second process did not wait and read the cache; stderr:\n%s", log2)
	}
	_, out, _ := runCLI("runs", "list", "-quick", "-cache", cache, "-study", "weight_distributions")
	if !strings.HasPrefix(out, key+"\tcached\t") {
		t.Errorf("runs list after both: %q, want the run cached", out)
	}
	if ents, _ := os.ReadDir(filepath.Join(cache, "runs")); len(ents) != 1 || ents[0].Name() != key+".json" {
		t.Errorf("files in the cache: %v, want %s.json alone", ents, key)
	}
}

// TestFiguresJobsMatch: the runs of a figure trained two at a time are
// those trained one after the other, bit for bit (timings aside), and so
// is the figure.
func TestFiguresJobsMatch(t *testing.T) {
	if testing.Short() {
		t.Skip("trains four quick runs twice (seconds); skipped in -short mode")
	}
	dirs := [2]string{t.TempDir(), t.TempDir()}
	var logs [2]string
	for i, jobs := range []string{"1", "2"} {
		var code int
		code, _, logs[i] = runCLI("figures", "-quick", "-only", "convergence_noise", "-jobs", jobs,
			"-cache", filepath.Join(dirs[i], "cache"), "-out", filepath.Join(dirs[i], "out"))
		if code != exitOK {
			t.Fatalf("-jobs %s: exit %d:\n%s", jobs, code, logs[i])
		}
	}
	if !strings.Contains(logs[1], "with 2 workers") || strings.Contains(logs[1], "train [") {
		t.Errorf("-jobs 2: want two workers and no progress bar; log:\n%s", logs[1])
	}
	sameCaches(t, filepath.Join(dirs[0], "cache"), filepath.Join(dirs[1], "cache"))
	a, _ := os.ReadFile(filepath.Join(dirs[0], "out", "convergence_noise.png"))
	b, _ := os.ReadFile(filepath.Join(dirs[1], "out", "convergence_noise.png"))
	if len(a) == 0 || !bytes.Equal(a, b) {
		t.Error("the figure drawn from the runs trained in parallel differs")
	}
}

// sameCaches checks that every cached run of the cache folder a is in b
// with the same content but for its timings, and that b has no other.
func sameCaches(t *testing.T, a, b string) {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(a, "runs", "*.json"))
	others, _ := filepath.Glob(filepath.Join(b, "runs", "*.json"))
	if len(files) == 0 || len(files) != len(others) {
		t.Fatalf("%d and %d cached runs", len(files), len(others))
	}
	for _, f := range files {
		x, y := untimed(t, f), untimed(t, filepath.Join(b, "runs", filepath.Base(f)))
		if !reflect.DeepEqual(x, y) {
			t.Errorf("%s differs between the two caches", filepath.Base(f))
		}
	}
}

// untimed is the JSON file at path without its timings (seconds, ms per
// iteration, compiling), numbers as float64: equal for equal bits.
func untimed(t *testing.T, path string) any {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return dropKeys(v, "Seconds", "ms_per_iter", "compile_ms", "ESSPerSecond")
}

// dropKeys removes the keys from every object inside v.
func dropKeys(v any, keys ...string) any {
	switch x := v.(type) {
	case map[string]any:
		for _, k := range keys {
			delete(x, k)
		}
		for k, e := range x {
			x[k] = dropKeys(e, keys...)
		}
	case []any:
		for i, e := range x {
			x[i] = dropKeys(e, keys...)
		}
	}
	return v
}

// docBlockAfter is the first ```sh block of the document after the line
// marker.
func docBlockAfter(t *testing.T, doc, marker string) string {
	t.Helper()
	raw, err := os.ReadFile(doc)
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(raw), marker+"\n")
	if ok {
		_, rest, ok = strings.Cut(rest, "```sh\n")
	}
	block, _, closed := strings.Cut(rest, "\n```")
	if !ok || !closed {
		t.Fatalf("%s: no ```sh block after %q", doc, marker)
	}
	return block
}

// shell runs script with bash -euo pipefail, csvgd on PATH and env added.
func shell(t *testing.T, bin, script string, env ...string) (code int, stdout, stderr string) {
	t.Helper()
	cmd := exec.Command("bash", "-euo", "pipefail", "-c", script)
	cmd.Env = append(os.Environ(), append(env, "PATH="+filepath.Dir(bin)+string(os.PathListSeparator)+os.Getenv("PATH"))...)
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err := cmd.Run()
	if err != nil && cmd.ProcessState == nil {
		t.Fatal(err)
	}
	return cmd.ProcessState.ExitCode(), o.String(), e.String()
}

// TestParallelExample runs the GNU parallel example of docs/studies.md as
// it is written, on a repository root of its own: it trains the missing
// runs of a quick study, two processes at a time, each once, and lists
// them as cached.
func TestParallelExample(t *testing.T) {
	skipE2E(t)
	requireTool(t, "parallel", "--version", "GNU parallel")
	bin := csvgdBinary(t)
	block := docBlockAfter(t, filepath.Join(repoRoot(t), "docs", "studies.md"), "<!-- run by TestParallelExample -->")
	code, out, errOut := shell(t, bin, block, csvgd.RootEnv+"="+tempRoot(t))
	if code != 0 {
		t.Fatalf("the example exits %d; stderr:\n%s", code, errOut)
	}
	specs := (study.Plan{Quick: true}).ConvergenceNoiseRuns()
	for _, s := range specs {
		key, _ := s.Key()
		if !strings.Contains(out, key+"\tcached\t") {
			t.Errorf("%s (%s) is not listed as cached; stdout:\n%s", key, s.Label, out)
		}
		if n := strings.Count(errOut, "runs train: "+key+" "); n != 1 {
			t.Errorf("%s (%s) computed %d times, want once; stderr:\n%s", key, s.Label, n, errOut)
		}
	}
	if n := strings.Count(errOut, "\ntraining "); n != len(specs) {
		t.Errorf("%d runs trained, want %d", n, len(specs))
	}
}

// TestSlurmArrayScript: scripts/slurm-array.sh is valid bash; run by
// hand as task 1 of an array over a quick study it trains that study's
// first job into the cache, and again it finds it cached; a task number
// past the list, or no task number, fails with a line saying so.
func TestSlurmArrayScript(t *testing.T) {
	skipE2E(t)
	script := filepath.Join(repoRoot(t), "scripts", "slurm-array.sh")
	if out, err := exec.Command("bash", "-n", script).CombinedOutput(); err != nil {
		t.Fatalf("bash -n %s: %v\n%s", script, err, out)
	}
	bin := csvgdBinary(t)
	root := tempRoot(t)
	env := []string{csvgd.RootEnv + "=" + root, "CSVGD=" + bin}
	task := func(id string) (int, string) {
		cmd := exec.Command("bash", script, "-quick", "-study", "graph_condense_sequence")
		cmd.Env = append(os.Environ(), env...)
		if id != "" {
			cmd.Env = append(cmd.Env, "SLURM_ARRAY_TASK_ID="+id)
		}
		out, _ := cmd.CombinedOutput()
		return cmd.ProcessState.ExitCode(), string(out)
	}
	label := (study.Plan{Quick: true}).SequenceRun().Label
	for _, c := range []struct {
		id   string
		code int
		want string
	}{
		{"1", 0, "training " + label},
		{"1", 0, "is cached already"},
		{"2", 1, "task 2: no such line"},
		{"", 1, "not a task of a job array"}, // bash's exit status for ${VAR:?}
	} {
		if code, out := task(c.id); code != c.code || !strings.Contains(out, c.want) {
			t.Errorf("task %q: exit %d, output:\n%s\nwant exit %d and %q", c.id, code, out, c.code, c.want)
		}
	}
}

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd"
	"github.com/csvgd/csvgd-go/csvgd/study"
)

// TestRunsList: one tab-separated line per job of the studies (key,
// status, label, the command that trains it), the same jobs as
// study.Plan.Jobs in the same order; -study keeps that study's jobs.
func TestRunsList(t *testing.T) {
	cache := t.TempDir()
	code, out, errOut := runCLI("runs", "list", "-quick", "-cache", cache)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	jobs, err := (study.Plan{Quick: true}).Jobs()
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != len(jobs) {
		t.Fatalf("%d lines, want %d", len(lines), len(jobs))
	}
	for i, line := range lines {
		f := strings.Split(line, "\t")
		want := "csvgd runs train -quick -cache " + cache + " " + jobs[i].Key
		if len(f) != 4 || f[0] != jobs[i].Key || f[1] != "missing" || f[2] != jobs[i].Label || f[3] != want {
			t.Errorf("line %d: %q, want %s, missing, %s, %s", i+1, line, jobs[i].Key, jobs[i].Label, want)
		}
	}
	code, out, _ = runCLI("runs", "list", "-quick", "-cache", cache, "-study", "convergence_noise")
	if n := strings.Count(out, "\n"); code != exitOK || n != len(study.PaperNoiseLevels) {
		t.Errorf("-study convergence_noise: exit %d, %d lines, want %d", code, n, len(study.PaperNoiseLevels))
	}
	file := filepath.Join(cache, "a-file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut = runCLI("runs", "list", "-cache", file); code != exitUsage || !strings.Contains(errOut, file+" is a file, not a folder") {
		t.Errorf("-cache naming a file: exit %d, %s; want a usage error naming it", code, errOut)
	}
}

// TestRunsDamagedFile: a damaged cache file is listed as damaged, and
// runs train reports it instead of replacing it: exit 2, naming the file,
// as explore -run does for the same file (a cached run the user names is
// an input).
func TestRunsDamagedFile(t *testing.T) {
	root := t.TempDir() // explore -run reads the repository's cache: this one
	t.Setenv(csvgd.RootEnv, root)
	cache := filepath.Join(root, "data", "cache")
	spec := (study.Plan{Quick: true}).GraphRun()
	key, _ := spec.Key()
	path := filepath.Join(cache, "runs", key+".json")
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte("{"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, out, _ := runCLI("runs", "list", "-quick", "-cache", cache, "-study", "weight_distributions")
	if !strings.HasPrefix(out, key+"\tdamaged\t") {
		t.Errorf("list: %q, want %s as damaged", out, key)
	}
	code, _, errOut := runCLI("runs", "train", "-quick", "-cache", cache, key)
	if code != exitUsage || !strings.Contains(errOut, path) || strings.Count(errOut, "\n") != 1 {
		t.Errorf("train: exit %d, stderr %q; want %d and one line naming %s", code, errOut, exitUsage, path)
	}
	code, _, errOut = runCLI("explore", "-run", key, "-out", filepath.Join(root, "views"))
	if code != exitUsage || !strings.Contains(errOut, path) || strings.Count(errOut, "\n") != 1 {
		t.Errorf("explore -run: exit %d, stderr %q; want %d and one line naming %s", code, errOut, exitUsage, path)
	}
	if raw, _ := os.ReadFile(path); string(raw) != "{" {
		t.Error("the damaged file was replaced")
	}
}

// TestRunsUnknownKey: an unknown key is a usage error that says how to
// list the keys, and a key of the other size says which flag to change.
func TestRunsUnknownKey(t *testing.T) {
	t.Setenv(csvgd.QuickEnv, "") // the full-size listing, whatever the caller's mode
	key, _ := (study.Plan{Quick: true}).GraphRun().Key()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"runs", "train", "-quick", "0123456789abcdef"}, "list the keys with 'csvgd runs list -quick'"},
		{[]string{"runs", "train", key}, "add -quick"},
		{[]string{"runs", "train", "-quick", "-study", "convergence_noise", key}, "csvgd runs list -quick -study convergence_noise"},
		{[]string{"runs", "train", "-quick"}, "no KEY"},
	} {
		code, out, errOut := runCLI(c.args...)
		if code != exitUsage || out != "" || !strings.Contains(errOut, c.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and one line with %q", c.args, code, errOut, c.want)
		}
	}
}

func TestShellQuote(t *testing.T) {
	for in, want := range map[string]string{"/data/cache": "/data/cache", "my cache": "'my cache'", "it's": `'it'\''s'`} {
		if got := shellQuote(in); got != want {
			t.Errorf("shellQuote(%q) = %s, want %s", in, got, want)
		}
	}
}

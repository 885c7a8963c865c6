package main

import (
	"os"
	"strings"
	"testing"
)

// TestNewtonCLIBadInput: bad Newton flags of train, an unknown -only name
// of reproduce and export without -out exit 2 with one line naming them.
func TestNewtonCLIBadInput(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"train", "-update", "adam"}, "adam"},
		{[]string{"train", "-update", "newton", "-newton-max-params", "-3"}, "-3"},
		{[]string{"train", "-update", "snewton", "-newton-radius", "-1"}, "-1"},
		{[]string{"train", "-update", "newton", "-curvature", "gpu"}, "gpu"},
		{[]string{"reproduce", "-quick", "-only", "nosuchtable"}, "nosuchtable"},
		{[]string{"runs", "export", "-quick"}, "-out"},
	} {
		code, out, errOut := runCLI(c.args...)
		if code != exitUsage || out != "" || strings.Count(strings.TrimSpace(errOut), "\n") != 0 || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q: want exit 2 and one line naming %s", c.args, code, out, errOut, c.want)
		}
	}
}

// TestRunsExportNeverTrains: with an empty cache, export names every run
// of the study as not cached on stderr and writes no file.
func TestRunsExportNeverTrains(t *testing.T) {
	cache, out := t.TempDir(), t.TempDir()
	code, stdout, stderr := runCLI("runs", "export", "-quick", "-study", "newton", "-cache", cache, "-out", out)
	if code != exitOK || stdout != "" || !strings.Contains(stderr, "is not cached: skipped") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	if files, _ := os.ReadDir(out); len(files) != 0 {
		t.Errorf("wrote %d files", len(files))
	}
}

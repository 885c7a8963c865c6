package main

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
)

// TestDataBadInput: every bad flag or value exits 2 with one line on stderr
// that names it, writes nothing.
func TestDataBadInput(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-noise", "-0.1", "-out", out}, "noise level = -0.1"},
		{[]string{"-noise", "NaN", "-out", out}, "noise level = NaN"},
		{[]string{"-noise", "inf", "-out", out}, "noise level = +Inf"},
		{[]string{"-noise", "ten", "-out", out}, `"ten"`},
		{[]string{"-seed", "-1", "-out", out}, `"-1"`},
		{[]string{"-seed", "1.5", "-out", out}, `"1.5"`},
		{[]string{"-noise", "0.1"}, `-out = ""`},
		{[]string{"-out", out, "stray"}, `"stray"`},
		{[]string{"-bogus", "-out", out}, "-bogus"},
	} {
		code, stdout, stderr := runCLI(append([]string{"data"}, c.args...)...)
		if code != exitUsage {
			t.Errorf("%v: exit code %d, want %d", c.args, code, exitUsage)
		}
		lines := strings.Split(strings.TrimSpace(stderr), "\n")
		if stdout != "" || len(lines) != 1 || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: stdout %q, stderr %q: want one line naming %s", c.args, stdout, stderr, c.want)
		}
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("bad input created %s", out)
	}
}

func TestDataWritesBothFiles(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "new", "folder")
	code, stdout, stderr := runCLI("data", "-noise", "0.05", "-seed", "3", "-out", dir)
	if code != exitOK || stdout != "" {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	train, test, err := hyperelastic.Generate(hyperelastic.PaperData(0.05, 3))
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string][]hyperelastic.Sample{"train.csv": train, "test.csv": test} {
		path := filepath.Join(dir, name)
		got, err := hyperelastic.ReadCSVFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(want) || got[0] != want[0] || got[len(got)-1] != want[len(want)-1] {
			t.Errorf("%s: %d rows (want %d) or other samples", name, len(got), len(want))
		}
		if !strings.Contains(stderr, "wrote "+path) {
			t.Errorf("stderr %q does not say it wrote %s", stderr, path)
		}
	}
	if len(train) != 80 || len(test) != 1000 {
		t.Errorf("%d training and %d test points, want 80 and 1000", len(train), len(test))
	}
}

// TestDataDoesNotOverwrite: a second run with the same flags keeps the
// files; other data, or an edited file, is refused (exit 2, one line naming
// the file) unless -force.
func TestDataDoesNotOverwrite(t *testing.T) {
	dir := t.TempDir()
	trainPath := filepath.Join(dir, "train.csv")
	if code, _, stderr := runCLI("data", "-out", dir); code != exitOK {
		t.Fatalf("first run: exit %d: %s", code, stderr)
	}
	orig, _ := os.ReadFile(trainPath)
	if code, _, stderr := runCLI("data", "-out", dir); code != exitOK || !strings.Contains(stderr, "unchanged") {
		t.Errorf("same flags again: exit %d, stderr %q", code, stderr)
	}
	code, _, stderr := runCLI("data", "-out", dir, "-seed", "2")
	if lines := strings.Split(strings.TrimSpace(stderr), "\n"); code != exitUsage || len(lines) != 1 ||
		!strings.Contains(stderr, trainPath) || !strings.Contains(stderr, "-force") {
		t.Errorf("other seed: exit %d, stderr %q: want 2 and one line naming %s and -force", code, stderr, trainPath)
	}
	if now, _ := os.ReadFile(trainPath); string(now) != string(orig) {
		t.Error("the refused run changed train.csv")
	}
	if err := os.WriteFile(trainPath, append(orig, "\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := runCLI("data", "-out", dir); code != exitUsage || !strings.Contains(stderr, trainPath) {
		t.Errorf("edited file: exit %d, stderr %q", code, stderr)
	}
	if code, _, stderr := runCLI("data", "-out", dir, "-seed", "2", "-force"); code != exitOK {
		t.Errorf("-force: exit %d, stderr %q", code, stderr)
	}
	got, err := hyperelastic.ReadCSVFile(trainPath)
	want, _, _ := hyperelastic.Generate(hyperelastic.PaperData(0.1, 2))
	if err != nil || got[0] != want[0] {
		t.Errorf("after -force train.csv does not hold seed 2's data (%v)", err)
	}
}

// TestCommittedDataIsCurrent: data/hyperelastic/noise-S/{train,test}.csv
// (seed 1) are what Generate gives now: the deformations and d exactly, the
// stresses to 1e-12 relative (the last bits of log and exp may differ
// between platforms). Regenerate them with
//
//	go run ./csvgd/cmd/csvgd data -noise S -seed 1 -out data/hyperelastic/noise-S -force
func TestCommittedDataIsCurrent(t *testing.T) {
	for _, noise := range []float64{0, 0.05, 0.10, 0.20} {
		train, test, err := hyperelastic.Generate(hyperelastic.PaperData(noise, 1))
		if err != nil {
			t.Fatal(err)
		}
		dir := filepath.Join("..", "..", "..", "data", "hyperelastic", fmt.Sprintf("noise-%.2f", noise))
		for name, want := range map[string][]hyperelastic.Sample{"train.csv": train, "test.csv": test} {
			path := filepath.Join(dir, name)
			got, err := hyperelastic.ReadCSVFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(want) {
				t.Fatalf("%s: %d samples, Generate gives %d", path, len(got), len(want))
			}
			for i := range got {
				if got[i].F != want[i].F || got[i].D != want[i].D || !near(got[i].S, want[i].S) || !near(got[i].STrue, want[i].STrue) {
					t.Fatalf("%s: sample %d differs from what Generate gives now (stale: regenerate it)", path, i+1)
				}
			}
		}
	}
}

func near(a, b hyperelastic.Stress) bool {
	for i := range a {
		if math.Abs(a[i]-b[i]) > 1e-12*math.Max(1, math.Abs(b[i])) {
			return false
		}
	}
	return true
}

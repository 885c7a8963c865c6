package main

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/ensemble"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
)

// savedEnsemble writes n seeded particles of the network [3, 5, 4, 1] to
// dir/name, as a saved ensemble file.
func savedEnsemble(t *testing.T, dir, name string, n int, seed uint64) string {
	t.Helper()
	arch := icnn.Arch{Widths: []int{3, 5, 4, 1}}
	path := filepath.Join(dir, name)
	f := ensemble.New(arch.Widths, arch.Init(n, rand.New(rand.NewPCG(seed, 2))).Rows(), nil)
	if err := ensemble.Save(path, f, ensemble.KeepExisting); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestExploreCommand: the views of a saved ensemble, alone and beside
// another, written as PNG and SVG, never over existing ones without
// -force; bad flags are one-line usage errors.
func TestExploreCommand(t *testing.T) {
	dir := t.TempDir()
	a, b := savedEnsemble(t, dir, "a.json", 5, 1), savedEnsemble(t, dir, "b.json", 6, 2)
	out := filepath.Join(dir, "views")
	code, stdout, stderr := runCLI("explore", "-ensemble", a, "-compare", b, "-out", out, "-x", "0,1,1", "-y", "1,2,1")
	if code != exitOK || stdout != "" {
		t.Fatalf("explore: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	for _, name := range []string{"weight_distributions", "weight_pair", "template_graph", "side_by_side"} {
		for _, ext := range []string{".png", ".svg"} {
			if fi, err := os.Stat(filepath.Join(out, name+ext)); err != nil || fi.Size() == 0 {
				t.Errorf("%s%s: %v", name, ext, err)
			}
		}
	}
	if code, _, stderr := runCLI("explore", "-ensemble", a, "-out", out); code != exitUsage || !strings.Contains(stderr, "exists; pass -force") {
		t.Errorf("explore over existing views: exit %d, %s", code, stderr)
	}
	if code, _, stderr := runCLI("explore", "-ensemble", a, "-out", out, "-force"); code != exitOK {
		t.Errorf("explore -force: exit %d, %s", code, stderr)
	}
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"-out", out}, exitUsage, "one of -ensemble FILE and -run KEY"},
		{[]string{"-ensemble", a, "-run", "abc", "-out", out}, exitUsage, "one of -ensemble FILE and -run KEY"},
		{[]string{"-ensemble", a}, exitUsage, "-out is required"},
		{[]string{"-ensemble", a, "-out", out, "-layer", "-1"}, exitUsage, "-layer -1"},
		{[]string{"-ensemble", a, "-out", out, "-force", "-layer", "99"}, exitUsage, "layer k = 99 out of range"},
		{[]string{"-ensemble", a, "-out", out, "-x", "0,1,1"}, exitUsage, "both -x and -y"},
		{[]string{"-ensemble", a, "-out", out, "-x", "0,0,1", "-y", "0,1,1"}, exitUsage, `"0,0,1"`},
		{[]string{"-ensemble", a, "-out", out, "-compare", b, "-compare", b, "-compare", b, "-compare", b}, exitUsage, "4 times"},
		{[]string{"-ensemble", a, "-out", out, "-force", "-x", "5,1,1", "-y", "0,1,1"}, exitUsage, "entry W₅(1, 1)"},
		{[]string{"-ensemble", filepath.Join(dir, "none.json"), "-out", out}, exitUsage, "none.json"},
		{[]string{"-run", "0123456789abcdef", "-out", out}, exitUsage, `"0123456789abcdef"`},
		{[]string{"-ensemble", a, "-out", out, "-compare", "nokey"}, exitUsage, "-compare nokey"},
	} {
		code, stdout, stderr := runCLI(append([]string{"explore"}, c.args...)...)
		if code != c.code || stdout != "" || !oneLine(stderr) || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d (want %d), stdout %q, stderr %q (want one line naming %s)", c.args, code, c.code, stdout, stderr, c.want)
		}
	}
}

// TestExploreList: -list prints the cached runs as a table, or says there
// are none.
func TestExploreList(t *testing.T) {
	code, stdout, stderr := runCLI("explore", "-list")
	if code != exitOK || !(strings.HasPrefix(stdout, "KEY") || strings.HasPrefix(stdout, "no cached runs")) {
		t.Errorf("explore -list: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}

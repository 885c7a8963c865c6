package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd"
)

// TestSavedFilesHoldNoMachinePath: the files that train -save and
// -save-last-stage, condense and nuts -save write, given absolute paths,
// hold no absolute path of this machine (what grep -r of a shared file
// would find): the files they name are relative to the working directory,
// or their names alone outside it.
func TestSavedFilesHoldNoMachinePath(t *testing.T) {
	dir := t.TempDir()
	work := filepath.Join(dir, "work")
	if err := os.Mkdir(work, 0o755); err != nil {
		t.Fatal(err)
	}
	ens, last := filepath.Join(work, "ens.json"), filepath.Join(work, "last.json")
	small, draws := filepath.Join(dir, "small.json"), filepath.Join(work, "draws.json")
	root, err := csvgd.FindRoot(".")
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv(csvgd.RootEnv, root) // the committed data, from outside the repository
	t.Chdir(work)
	steps := [][]string{
		{"train", "-particles", "3", "-iters", "20", "-lambda", "0.05", "-save", ens, "-save-last-stage", last, "-quiet"},
		{"condense", "-ensemble", ens, "-out", small},
		{"nuts", "-ensemble", last, "-quick", "-seed", "2", "-save", draws},
	}
	for _, args := range steps {
		if code, _, errOut := runCLI(args...); code != exitOK {
			t.Fatalf("%v: exit %d: %s", args, code, errOut)
		}
	}
	for _, path := range []string{ens, last, small, draws} {
		raw, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(raw), dir) {
			t.Errorf("%s holds the machine's folder %s", filepath.Base(path), dir)
		}
	}
	for path, want := range map[string]string{last: `"saved": "ens.json"`, small: `"condensed_from": "ens.json"`, draws: `"source": "last.json"`} {
		raw, _ := os.ReadFile(path)
		if !strings.Contains(string(raw), want) {
			t.Errorf("%s does not name its source as %s", filepath.Base(path), want)
		}
	}
	if got := metaPath(small); got != "small.json" {
		t.Errorf("metaPath of a file outside the working directory = %q, want its name", got)
	}
	if got := metaPath(filepath.Join(work, "a", "b.json")); got != filepath.Join("a", "b.json") {
		t.Errorf("metaPath of a file below the working directory = %q, want a/b.json", got)
	}
}

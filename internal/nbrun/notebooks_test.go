package nbrun

import (
	"context"
	"path/filepath"
	"testing"
)

// TestNotebooks executes every notebooks/*.ipynb of the repository (in quick
// mode when CSVGD_QUICK=1, which the Makefile's test target sets) into a
// temporary folder, never over the notebooks themselves, and fails on any
// problem (failures, progress bars or log lines in the outputs), on a code
// cell without output, or when a notebook shows fewer images than the
// metadata.csvgd.min_images it declares.
//
// The notebooks run side by side, as many at a time as go test's -parallel
// allows (GOMAXPROCS by default), as make notebooks runs them -jobs at a
// time: a notebook's cells build one after the other and leave a core idle
// for much of the time. Runs that two notebooks share are computed once,
// under the cache's lock.
func TestNotebooks(t *testing.T) {
	root, paths := repoNotebooks(t)
	if len(paths) == 0 {
		t.Log("no notebooks/*.ipynb yet: nothing to execute")
		return
	}
	requireNotebooks(t)
	out := t.TempDir()
	for _, path := range paths {
		t.Run(filepath.Base(path), func(t *testing.T) {
			t.Parallel()
			src, err := ReadNotebook(path)
			if err != nil {
				t.Fatal(err)
			}
			opts := Options{Root: root, OutputDir: out}
			res, err := Run(context.Background(), path, opts)
			if err != nil {
				t.Fatal(err)
			}
			problems := res.Problems
			if p := src.ImagesProblem(res.Images); p != nil {
				problems = append(problems, *p)
			}
			kept, err := ReadNotebook(res.Executed)
			if err != nil {
				t.Fatal(err)
			}
			problems = append(problems, kept.Stale(ModeOf(opts.Env))...)
			for _, p := range problems {
				t.Errorf("%s", p)
			}
			t.Logf("%d image(s) in %v", res.Images, res.Duration.Round(1e8))
		})
	}
}

// repoNotebooks are the repository's root and its notebooks, each of
// which declares its part ([Notebooks]).
func repoNotebooks(t *testing.T) (root string, paths []string) {
	t.Helper()
	root, err := FindRoot(".")
	if err != nil {
		t.Fatal(err)
	}
	if paths, err = Notebooks(root, ""); err != nil {
		t.Fatal(err)
	}
	return root, paths
}

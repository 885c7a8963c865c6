package nbrun

import (
	"context"
	"path/filepath"
	"testing"
)

// TestNotebooks executes every notebooks/*.ipynb of the repository (in quick
// mode when CSVGD_QUICK=1, which the Makefile's test target sets) and fails on
// any problem, or when a notebook shows fewer images than the
// metadata.csvgd.min_images it declares. Executed copies go to a temporary
// folder.
func TestNotebooks(t *testing.T) {
	root, err := FindRoot(".")
	if err != nil {
		t.Fatal(err)
	}
	paths, err := filepath.Glob(filepath.Join(root, "notebooks", "*.ipynb"))
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) == 0 {
		t.Log("no notebooks/*.ipynb yet: nothing to execute")
		return
	}
	requireNotebooks(t)
	out := t.TempDir()
	for _, path := range paths {
		t.Run(filepath.Base(path), func(t *testing.T) {
			src, err := ReadNotebook(path)
			if err != nil {
				t.Fatal(err)
			}
			res, err := Run(context.Background(), path, Options{Root: root, OutputDir: out})
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range res.Problems {
				t.Errorf("%s", p)
			}
			if min := src.Metadata.Csvgd.MinImages; res.Images < min {
				t.Errorf("%d image(s), but the notebook's metadata.csvgd.min_images is %d", res.Images, min)
			}
			t.Logf("%d image(s) in %v", res.Images, res.Duration.Round(1e8))
		})
	}
}

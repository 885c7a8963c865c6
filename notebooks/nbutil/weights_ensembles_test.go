package nbutil

import (
	"math/rand/v2"
	"path/filepath"
	"slices"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/ensemble"
	"github.com/csvgd/csvgd-go/csvgd/explore"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
)

// TestExploredEnsembleFile: with CSVGD_ENSEMBLE set, notebook 07 explores
// that file, condensed as explore.Condensed condenses it, labelled with
// its name; without it there are no files.
func TestExploredEnsembleFile(t *testing.T) {
	t.Setenv(EnsembleEnv, "")
	if files := EnsembleFiles(); files != nil {
		t.Errorf("files %v without %s", files, EnsembleEnv)
	}
	arch := icnn.Arch{Widths: []int{3, 6, 5, 1}}
	particles := arch.Init(4, rand.New(rand.NewPCG(1, 1))).Rows()
	path := filepath.Join(t.TempDir(), "e.json")
	if err := ensemble.Save(path, ensemble.New(arch.Widths, particles, nil), ensemble.KeepExisting); err != nil {
		t.Fatal(err)
	}
	t.Setenv(EnsembleEnv, path)
	if files := EnsembleFiles(); !slices.Equal(files, []string{path}) {
		t.Fatalf("files %v, want [%s]", files, path)
	}
	want := Must(explore.Condensed(Must(explore.LoadFile(path))))
	got := ExploredEnsemble()
	if got.Label != "e.json" || !slices.Equal(got.Arch.Widths, want.Arch.Widths) || !slices.EqualFunc(got.Particles, want.Particles, slices.Equal) {
		t.Errorf("explored %s on %v, want e.json condensed to %v", got.Label, got.Arch.Widths, want.Arch.Widths)
	}
}

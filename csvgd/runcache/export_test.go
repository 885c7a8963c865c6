package runcache

import (
	"slices"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/backend/backendtest"
)

// TestEnsembleFileLastStage: a cached run that kept its last stage exports
// both its final ensemble and the last stage's, on the template the stage
// ran on with its particles; a run that kept none exports only the final
// one.
func TestEnsembleFileLastStage(t *testing.T) {
	s := &Cache{Backend: backendtest.Backend(t), Dir: t.TempDir()}
	kept := tinySpec(1)
	kept.Config.KeepLastStage = true
	for _, spec := range []Spec{kept, tinySpec(1)} {
		res, err := s.Result(spec)
		if err != nil {
			t.Fatal(err)
		}
		final, last, err := s.EnsembleFile(spec)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(final.Widths, res.Arch.Widths) || len(final.Particles) != spec.Config.Particles {
			t.Errorf("keep %v: final ensemble %v with %d particles, want %v", spec.Config.KeepLastStage, final.Widths, len(final.Particles), res.Arch.Widths)
		}
		if !spec.Config.KeepLastStage {
			if last != nil {
				t.Errorf("a run without its last stage exported one")
			}
			continue
		}
		if last == nil || !slices.Equal(last.Widths, res.LastStage.Widths) || !slices.Equal(last.Particles[0], res.LastStage.Particles[0]) {
			t.Fatalf("last stage %+v, want template %v and the stage's particles", last, res.LastStage.Widths)
		}
		if last.Meta["last_stage"] != true || last.Meta["label"] != spec.Label {
			t.Errorf("last stage meta %v", last.Meta)
		}
	}
}

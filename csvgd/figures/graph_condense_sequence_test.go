package figures

import (
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/condense"
	"github.com/csvgd/csvgd-go/csvgd/figures/plotkit"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/train"
)

// TestGraphCondenseSequencePadded: a record whose template is wider than a
// particle's live graph (padded nodes) draws the padding as dead.
func TestGraphCondenseSequencePadded(t *testing.T) {
	arch := icnn.Arch{Widths: []int{3, 4, 1}}
	live := []float64{1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0}
	full := []float64{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}
	hist := []train.Record{{Iter: 7, Widths: arch.Widths, Particles: [][]float64{live, full}}}
	f := GraphCondenseSequence(hist, []int{0, 1}, []int{7})
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	g, err := newNetGraph(condense.NetworkOf(arch), condense.Options{Threshold: condense.PaperThreshold}, live)
	if err != nil {
		t.Fatal(err)
	}
	if got := plotkit.JoinInts(g.live, "-"); got != "3-2-1" {
		t.Errorf("live counts %s, want 3-2-1", got)
	}
	if _, err := f.Render("png"); err != nil {
		t.Fatal(err)
	}
}

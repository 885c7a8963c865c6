package study

import (
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/metrics"
)

// TestAlignmentSummary: aligning after training keeps the networks and
// changes only the distance and the modality; aligning at every
// condensation ends on other networks, each measure said lower or higher
// than the importance run's (or the same, as printed); a row after
// training whose networks differ is reported as a fault; rows not in
// threes are an error.
func TestAlignmentSummary(t *testing.T) {
	mod := func(uni, drawn int) []metrics.LayerModality {
		return []metrics.LayerModality{{Unimodal: uni, Drawn: drawn}}
	}
	imp := AlignmentRow{Particles: 10, Alignment: "importance", MeanDistance: 15.02, Final: Final{Template: 67, Active: 20, W1: 628.2, W1In: 39.3}, Modality: mod(5, 26)}
	post := imp
	post.MeanDistance, post.Modality = 13.12, mod(1, 28)
	every := AlignmentRow{Particles: 10, MeanDistance: 13.34, Final: Final{Template: 51, Active: 18.4, W1: 717.6, W1In: 39.33}, Modality: mod(5, 23)}
	out, err := alignmentSummary([]AlignmentRow{imp, post, every})
	if err != nil {
		t.Fatal(err)
	}
	containsAll(t, out,
		"**10 particles.** Aligned after training, the final networks stay the same (template 67, 20.0 active weights, W1 628.2, 39.3 in range): only the comparison of their weights changes, the mean distance 15.02 → 13.12 and the unimodal entries 19% → 4%.",
		"Aligned at every condensation, the run ends on other networks: template 51 against 67 parameters, 18.4 against 20.0 active weights, W1 717.6 against 628.2 over the whole path, 39.3 against 39.3 inside the training range, mean distance 13.34 against 15.02, unimodal entries 22% against 19%",
		"; lower with assignment: template, active weights, mean distance; higher: W1 over the whole path, unimodal share; the same: W1 inside the training range.",
	)
	moved := post
	moved.W1 = 700
	if out, err := alignmentSummary([]AlignmentRow{imp, moved, every}); err != nil || !strings.Contains(out, "a fault of the measurement") || strings.Contains(out, "stay the same") {
		t.Errorf("networks changed by aligning after training: %v\n%s", err, out)
	}
	if _, err := alignmentSummary([]AlignmentRow{imp, post}); err == nil {
		t.Error("two rows accepted")
	}
}

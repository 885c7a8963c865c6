package study

import (
	"math"
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/metrics"
	"github.com/csvgd/csvgd-go/csvgd/train"
)

// TestAlignmentSeeds: each measure's gap between the orderings is set
// against the gap between the two seeds, and named larger or no larger;
// the directions of the after-training alignment are given for both
// seeds; rows of another ensemble size are an error.
func TestAlignmentSeeds(t *testing.T) {
	mod := func(uni, drawn int) []metrics.LayerModality {
		return []metrics.LayerModality{{Unimodal: uni, Drawn: drawn}}
	}
	imp := AlignmentRow{Particles: 10, MeanDistance: 14, Final: Final{Template: 57, Active: 20, W1: 600, W1In: 40}, Modality: mod(2, 10)}
	post := imp
	post.MeanDistance, post.Modality = 13, mod(1, 10)
	every := AlignmentRow{Particles: 10, MeanDistance: 13.5, Final: Final{Template: 57, Active: 19, W1: 500, W1In: 41}, Modality: mod(0, 10)}
	imp2 := AlignmentRow{Particles: 10, MeanDistance: 15, Final: Final{Template: 60, Active: 23, W1: 550, W1In: 42}, Modality: mod(3, 10)}
	post2 := imp2
	post2.MeanDistance, post2.Modality = 13.5, mod(4, 10)

	gaps := alignmentSeedGaps(imp, every, imp2)
	want := map[string]bool{"template": false, "active weights": false, "W1 over the whole path": true,
		"W1 inside the training range": false, "mean distance": false, "unimodal share": true}
	if len(gaps) != len(want) {
		t.Fatalf("%d gaps, want %d", len(gaps), len(want))
	}
	for _, g := range gaps {
		if w, ok := want[g.Name]; !ok || g.Exceeds() != w {
			t.Errorf("%s: alignment's gap %v, seeds' %v: exceeds %v, want %v", g.Name, g.Align, g.Seed, g.Exceeds(), w)
		}
	}
	out, err := alignmentSeeds([]AlignmentRow{imp, post, every}, imp2, post2)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{
		"template 60 (57), 23.0 (20.0) active weights, W1 550.0 (600.0) over the whole path and 42.0 (40.0) inside the training range, mean distance 15.00 (14.00), unimodal entries 30% (20%).",
		"seed 2's mean distance falls, 15.00 → 13.50 (seed 1: falls), and its unimodal share rises, 30% → 40% (seed 1: falls).",
		"larger than the two seeds' gap for W1 over the whole path (100 against 50), unimodal share (20 against 10 percentage points), and no larger for template (0 against 3 parameters), active weights (1 against 3 weights), W1 inside the training range (1 against 2), mean distance (0.5 against 1)",
	} {
		if !strings.Contains(out, s) {
			t.Errorf("the paragraph lacks %q:\n%s", s, out)
		}
	}
	other := imp2
	other.Particles = 20
	if _, err := alignmentSeeds([]AlignmentRow{imp, post, every}, other, other); err == nil {
		t.Error("rows of another ensemble size accepted")
	}
}

// TestW1CoursesOf: the start, the first lowest with its iteration and the
// end of each sum; an empty history or a NaN sum is an error.
func TestW1CoursesOf(t *testing.T) {
	h := []train.Record{{Iter: 0, W1Sum: 10, W1InRange: 5}, {Iter: 100, W1Sum: 3, W1InRange: 2}, {Iter: 200, W1Sum: 3, W1InRange: 1}, {Iter: 300, W1Sum: 6, W1InRange: 1.5}}
	whole, in, err := W1CoursesOf(h)
	if err != nil {
		t.Fatal(err)
	}
	if want := (W1Course{Start: 10, Lowest: 3, End: 6, LowestIter: 100}); whole != want {
		t.Errorf("whole path %+v, want %+v", whole, want)
	}
	if want := (W1Course{Start: 5, Lowest: 1, End: 1.5, LowestIter: 200}); in != want {
		t.Errorf("in range %+v, want %+v", in, want)
	}
	if _, _, err := W1CoursesOf(nil); err == nil {
		t.Error("an empty history: no error")
	}
	h[2].W1InRange = math.NaN()
	if _, _, err := W1CoursesOf(h); err == nil {
		t.Error("a NaN sum: no error")
	}
}

package study

import (
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/train"
)

// TestPenaltySummary: the paragraph counts the noise levels at which the
// schedule reverted and ends sparser than λ = 0.05, names the most
// accurate fixed λ per noise level, and gives the schedule's accuracy
// against the best fixed λ's, from made-up runs chosen to decide each.
func TestPenaltySummary(t *testing.T) {
	f := newFakeStore(t)
	fixed, adaptive := f.AdaptiveRuns()
	for i, row := range fixed { // λ = 0.01, 0.05, 0.1: in range 0.05 is best, over the whole path 0.1
		for _, spec := range row {
			f.put(spec, final([]float64{300, 250, 200}[i], []float64{50, 40, 45}[i], []float64{300, 120, 70}[i], 60))
		}
	}
	for j, spec := range adaptive { // reverted at all but the last; 150 on the whole path, 44 in range
		active := []float64{100, 130, 100, 100}[j]
		r := final(150, 44, active, 30)
		r.Stages = []train.StageRecord{{Lambda: 0.01, CondensedTo: []int{3, 4, 3, 1}}, {Lambda: 0.02, ErrorRose: j < 3}, {Lambda: 0.01, ActiveWeights: active}}
		f.put(spec, r)
	}
	var b strings.Builder
	if err := PenaltySummary(&b, f.Store); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{
		"At 3 of 4 noise levels the training error rose",
		"It ends with 100.0, 130.0, 100.0, 100.0 active weights at 0, 5, 10 and 20% noise, against 120.0, 120.0, 120.0, 120.0 for λ = 0.05: sparser at 3 of 4 noise levels.",
		"inside the training range is 0.05, 0.05, 0.05, 0.05 at 0, 5, 10 and 20% noise, and over the whole path 0.1, 0.1, 0.1, 0.1.",
		"is 1.10, 1.10, 1.10, 1.10 times the best fixed λ's; over the whole path it is lower than every fixed λ's at 4 of 4 noise levels.",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the summary lacks %q:\n%s", want, out)
		}
	}
}

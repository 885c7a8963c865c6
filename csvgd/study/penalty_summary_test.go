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
			r := final([]float64{300, 250, 200}[i], []float64{50, 40, 45}[i], []float64{300, 120, 70}[i], 60)
			r.MeanErrorInRange = []float64{0.04, 0.05, 0.06}[i] // by the mean's error 0.01 is best
			f.put(spec, r)
		}
	}
	for j, spec := range adaptive { // reverted at all but the last; 150 on the whole path, 44 in range
		active := []float64{100, 130, 100, 100}[j]
		r := final(150, 44, active, 30)
		r.MeanErrorInRange = 0.048
		r.Stages = []train.StageRecord{{Lambda: 0.01, CondensedTo: []int{3, 4, 3, 1}}, {Lambda: 0.02, ErrorRose: j < 3}, {Lambda: 0.01, ActiveWeights: active}}
		f.put(spec, r)
	}
	var b strings.Builder
	if err := PenaltySummary(&b, f.Store); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	containsAll(t, out,
		"At 3 of 4 noise levels the training error rose",
		"It ends with 100.0, 130.0, 100.0, 100.0 active weights at 0, 5, 10 and 20% noise, against 120.0, 120.0, 120.0, 120.0 for λ = 0.05: sparser at 3 of 4 noise levels.",
		"Of the test path's 1000 points, 500 lie inside the training range (|δ| ≤ 0.2) and 500 beyond it; the points beyond carry 71% to 84% of these runs' W1 sums over the whole path.", // 1 - 44/150, 1 - 40/250
		"inside the training range is 0.05, 0.05, 0.05, 0.05 at 0, 5, 10 and 20% noise, and over the whole path 0.1, 0.1, 0.1, 0.1.",
		"is 1.10, 1.10, 1.10, 1.10 times the best fixed λ's; over the whole path it is lower than every fixed λ's at 4 of 4 noise levels.",
		"the most accurate fixed λ is 0.01, 0.01, 0.01, 0.01, and the schedule's error is 1.20, 1.20, 1.20, 1.20 times its.",
		"which, unlike W1, an ensemble cannot lower by spreading like the noise",
		"one training seed",
	)
}

// TestPenaltyClaims: the scorecard's rows of Sec. 5.6 decide accuracy by
// the stated measures. The schedule's W1 is the lowest everywhere (a wide
// ensemble), but its mean's error is within 1.1× the best fixed λ's at
// two noise levels only: in part, and at one level only it would not
// hold. λ = 0.05 is the most accurate fixed λ by one measure of twelve:
// does not hold; by all three at every level: holds.
func TestPenaltyClaims(t *testing.T) {
	for _, c := range []struct {
		name          string
		errAdaptive   []float64 // per noise level; the best fixed λ's error is 0.05
		bestIsNear    bool      // λ = 0.05 the most accurate by every measure
		optimal, near Verdict
		in            string
	}{
		{"mean error within 1.1x at 2 of 4", []float64{0.05, 0.054, 0.06, 0.07}, false, DoesNotHold, HoldsPartly, "both conditions met at 2 of 4 noise levels (0%, 5%)"},
		{"mean error within 1.1x at 1 of 4", []float64{0.05, 0.06, 0.06, 0.07}, false, DoesNotHold, DoesNotHold, "both conditions met at 1 of 4 noise levels (0%)"},
		{"0.05 best everywhere", []float64{0.05, 0.05, 0.05, 0.05}, true, Holds, Holds, "λ = 0.05 in 12 of 12 cases"},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := newFakeStore(t)
			fixed, adaptive := f.AdaptiveRuns()
			for i, row := range fixed { // λ = 0.01, 0.05, 0.1
				for _, spec := range row {
					// λ = 0.01 has the lowest error and W1 unless 0.05 is to be best; λ = 0.05 is best by whole-path W1 at 20% only
					w1, w1In, e := []float64{300, 310, 400}[i], []float64{40, 42, 45}[i], []float64{0.05, 0.06, 0.07}[i]
					if c.bestIsNear {
						w1, w1In, e = []float64{310, 300, 400}[i], []float64{42, 40, 45}[i], []float64{0.06, 0.05, 0.07}[i]
					} else if i == 1 && spec.Noise == 0.2 {
						w1 = 290
					}
					r := final(w1, w1In, []float64{30, 15, 10}[i], 60)
					r.MeanErrorInRange = e
					f.put(spec, r)
				}
			}
			for j, spec := range adaptive {
				r := final(200, 30, 12, 30) // the lowest W1 of all, and sparser than λ = 0.05
				r.MeanErrorInRange = c.errAdaptive[j]
				f.put(spec, r)
			}
			v, ev, err := checkAdaptiveNearOptimal(f.Store)
			if err != nil || v != c.near || !strings.Contains(ev, c.in) && !c.bestIsNear {
				t.Errorf("near optimal: %v, %q, %v: want %v with %q", v, ev, err, c.near, c.in)
			}
			v, ev, err = checkOptimalLambda(f.Store)
			if err != nil || v != c.optimal || c.bestIsNear && !strings.Contains(ev, c.in) {
				t.Errorf("optimal λ: %v, %q, %v: want %v", v, ev, err, c.optimal)
			}
			if !c.bestIsNear && !strings.Contains(ev, "λ = 0.05 in 1 of 12 cases") {
				t.Errorf("optimal λ: %q, want 1 of 12", ev)
			}
		})
	}
}

// TestPenaltyTable: each cell gives W1, the mean's error and the active
// weights, under a row with the noise-free truth's own W1 (the reference level),
// which grows with the noise and is zero without it.
func TestPenaltyTable(t *testing.T) {
	f := newFakeStore(t)
	fixed, adaptive := f.AdaptiveRuns()
	for _, row := range append(fixed, adaptive) {
		for _, spec := range row {
			r := final(300, 40, 15, 60)
			r.MeanErrorInRange = 0.0567
			f.put(spec, r)
		}
	}
	var b strings.Builder
	if err := PenaltyTable(&b, f.Store); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if !strings.Contains(out, "| λ = 0.05 | 300 (40.0) / 5.67% / 15.0 |") || !strings.Contains(out, "| noise-free truth (reference level) | 0 (0.0) / 0 / – | ") {
		t.Errorf("table:\n%s", out)
	}
	var floors []float64
	for _, spec := range adaptive {
		fl, err := NoiseFloorOf(spec)
		if err != nil {
			t.Fatal(err)
		}
		floors = append(floors, fl.TruthIn)
	}
	for i := 1; i < len(floors); i++ {
		if !(floors[i] > floors[i-1]) {
			t.Errorf("in-range floors %v do not grow with the noise", floors)
		}
	}
}

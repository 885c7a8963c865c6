package figures

import (
	"math"
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/figures/plotkit"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/train"
)

// TestGraphCondenseSpeedupRanges: the accuracy axis starts at 0 and holds every
// W1 sum; the count axis is logarithmic and holds the initial count, every
// mean active count and every template size.
func TestGraphCondenseSpeedupRanges(t *testing.T) {
	alphas, with, without := speedupRuns()
	f := GraphCondenseSpeedup(alphas, with, without)
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	pa, pb := f.Panels[0][0], f.Panels[0][1]
	if pa.X.Min > 0.25 || pa.X.Max < 2 {
		t.Errorf("alpha axis %v..%v", pa.X.Min, pa.X.Max)
	}
	for _, rs := range [][]train.Result{with, without} {
		for _, r := range rs {
			if r.W1.Sum < pa.Y.Min || r.W1.Sum > pa.Y.Max {
				t.Errorf("W1 %v outside %v..%v", r.W1.Sum, pa.Y.Min, pa.Y.Max)
			}
			for _, v := range []float64{r.History[1].ActiveWeights, float64(r.Arch.NumParams()), 1020} {
				if v < pb.Y.Min || v > pb.Y.Max {
					t.Errorf("count %v outside %v..%v", v, pb.Y.Min, pb.Y.Max)
				}
			}
		}
	}
	// a stage record, when there is one, gives the final active count
	staged := append([]train.Result(nil), with...)
	staged[1].Stages = []train.StageRecord{{ActiveWeights: 5000}, {ActiveWeights: 3}}
	if g := GraphCondenseSpeedup(alphas, staged, without); g.Err() != nil || g.Panels[0][1].Y.Min != 1.5 {
		t.Errorf("count axis from %v with 3 active weights in the last stage (error %v)", g.Panels[0][1].Y.Min, g.Err())
	}
	if pa.Y.Min != 0 {
		t.Errorf("accuracy axis starts at %v", pa.Y.Min)
	}
	// the smallest count is the 22.5 active weights at alpha = 0.25, the
	// largest the initial 1020
	if math.Abs(pb.Y.Min-22.5/2) > 1e-9 || math.Abs(pb.Y.Max-1020*2) > 1e-9 {
		t.Errorf("count axis %v..%v, want %v..%v", pb.Y.Min, pb.Y.Max, 22.5/2, 1020*2)
	}
	svg, err := f.Render("svg")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(svg), "initial count, 1020") {
		t.Error("the legend does not give the initial count 1020")
	}
	var labels []string
	for _, tk := range (plotkit.CountTicks{}).Ticks(10, 2000) {
		if tk.Label != "" {
			labels = append(labels, tk.Label)
		}
	}
	if strings.Join(labels, ",") != "10,20,50,100,200,500,1000,2000" {
		t.Errorf("count ticks labelled %v", labels)
	}
}

// TestGraphCondenseSpeedupZeroActive: a run whose weights were all pruned (0
// active) is drawn at the bottom of the log axis, not refused.
func TestGraphCondenseSpeedupZeroActive(t *testing.T) {
	alphas := []float64{0.25, 0.5}
	small := icnn.Arch{Widths: []int{3, 2, 2, 1}}
	with := []train.Result{fakeRun(small, 900, 0), fakeRun(small, 950, 12)}
	without := []train.Result{fakeRun(icnn.Paper(), 910, 30), fakeRun(icnn.Paper(), 940, 40)}
	f := GraphCondenseSpeedup(alphas, with, without)
	if _, err := f.PNG(); err != nil {
		t.Fatalf("a run with 0 active weights: %v", err)
	}
}

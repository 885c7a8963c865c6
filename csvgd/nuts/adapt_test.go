package nuts

import (
	"math"
	"slices"
	"testing"
)

func TestWindowsKnownLayouts(t *testing.T) {
	for _, c := range []struct {
		warmup int
		want   []Window
	}{
		{1000, []Window{{75, 100}, {100, 150}, {150, 250}, {250, 450}, {450, 950}}},
		{2000, []Window{{75, 100}, {100, 150}, {150, 250}, {250, 450}, {450, 850}, {850, 1950}}},
		{200, []Window{{75, 100}, {100, 150}}},
		{150, []Window{{75, 100}}},
		{100, []Window{{15, 90}}}, // 75 + 25 + 50 > 100: 15%, 75%, 10%
		{19, nil},
	} {
		if got := DefaultAdaptation().Windows(c.warmup); !slices.Equal(got, c.want) {
			t.Errorf("warmup %d: windows %v, want %v", c.warmup, got, c.want)
		}
	}
}

// stanWindowEnds replays Stan's windowed_adaptation counter (restart,
// adaptation_window, end_adaptation_window, compute_next_window) and
// returns the iterations at which the metric is updated, an independent
// formulation of the schedule.
func stanWindowEnds(warmup int, a Adaptation) []int {
	if warmup < 20 {
		return nil
	}
	init, term, base := a.InitBuffer, a.TermBuffer, a.BaseWindow
	if init+base+term > warmup {
		init, term = int(0.15*float64(warmup)), int(0.1*float64(warmup))
		base = warmup - (init + term)
	}
	size, next := base, init+base-1
	var ends []int
	for counter := range warmup {
		if counter == next {
			ends = append(ends, counter)
			if next != warmup-term-1 {
				size *= 2
				next = counter + size
				if next != warmup-term-1 && next+2*size >= warmup-term {
					next = warmup - term - 1
				}
			}
		}
	}
	return ends
}

// TestWindowsMatchStanCounter: for every warm-up length up to 3000, the
// windows end where Stan's counter updates the metric, and they tile
// [init buffer, warmup - term buffer) without gaps.
func TestWindowsMatchStanCounter(t *testing.T) {
	a := DefaultAdaptation()
	for warmup := range 3001 {
		w := a.Windows(warmup)
		var ends []int
		for i, x := range w {
			ends = append(ends, x.End-1)
			if i > 0 && x.Start != w[i-1].End || x.End <= x.Start {
				t.Fatalf("warmup %d: windows %v do not tile", warmup, w)
			}
		}
		if want := stanWindowEnds(warmup, a); !slices.Equal(ends, want) {
			t.Fatalf("warmup %d: windows end at %v, Stan's counter at %v", warmup, ends, want)
		}
	}
}

// TestRegularizedVariance: the draws 1, 2, 3, 4 and 0, 0, 0, 2 have
// variances 5/3 and 1; shrunk by Stan's rule with n = 4:
// 4/9 var + 1e-3 5/9.
func TestRegularizedVariance(t *testing.T) {
	v := NewVarianceEstimator(2)
	for _, x := range [][]float64{{1, 0}, {2, 0}, {3, 0}, {4, 2}} {
		v.Add(x)
	}
	got := make([]float64, 2)
	if err := v.Regularized(got); err != nil {
		t.Fatal(err)
	}
	want := []float64{4.0/9*5/3 + 1e-3*5/9, 4.0/9 + 1e-3*5/9}
	for i := range got {
		if math.Abs(got[i]-want[i]) > 1e-14 {
			t.Errorf("coordinate %d: %.15g, want %.15g", i, got[i], want[i])
		}
	}
	v.Reset()
	v.Add([]float64{1, 1})
	if err := v.Regularized(got); err == nil {
		t.Error("no error from a window of one draw")
	}
}

func TestAdaptationValidate(t *testing.T) {
	for _, c := range []struct {
		change func(*Adaptation)
		want   string
	}{
		{func(a *Adaptation) { a.TargetAccept = 1 }, "target acceptance = 1"},
		{func(a *Adaptation) { a.Gamma = 0 }, "gamma = 0"},
		{func(a *Adaptation) { a.T0 = -1 }, "t0 = -1"},
		{func(a *Adaptation) { a.Kappa = 0.5 }, "kappa = 0.5"},
		{func(a *Adaptation) { a.BaseWindow = 0 }, "window 0"},
	} {
		a := DefaultAdaptation()
		c.change(&a)
		if err := a.Validate(); err == nil || !contains(err.Error(), c.want) {
			t.Errorf("error %v, want one naming %q", err, c.want)
		}
	}
	if err := DefaultAdaptation().Validate(); err != nil {
		t.Fatal(err)
	}
}

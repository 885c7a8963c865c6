package plotkit

import (
	"math"
	"strings"
	"testing"

	"gonum.org/v1/plot"
)

func TestCleanTicks(t *testing.T) {
	cases := []struct {
		lo, hi float64
		want   string
	}{
		{-1.5, 3.5, "-1 0 1 2 3"},
		{0.1, 0.9, "0.2 0.4 0.6 0.8"},
		{-20, 60, "-20 0 20 40 60"},
		{-0.35, 0.35, "-0.3 -0.2 -0.1 0 0.1 0.2 0.3"},
		{-2.7, 2.7, "-2 -1 0 1 2"},
		{0, 12.5, "0 2.5 5 7.5 10 12.5"},
	}
	for _, c := range cases {
		var labels []string
		for _, tk := range (cleanTicks{}).Ticks(c.lo, c.hi) {
			if tk.Value < c.lo-1e-12 || tk.Value > c.hi+1e-12 {
				t.Errorf("[%v, %v]: tick %v outside the range", c.lo, c.hi, tk.Value)
			}
			if tk.Label != "" {
				labels = append(labels, tk.Label)
			}
		}
		if got := strings.Join(labels, " "); got != c.want {
			t.Errorf("[%v, %v]: labels %q, want %q", c.lo, c.hi, got, c.want)
		}
	}
}

// TestCountTicks: a log axis over decades labels 1, 2 and 5 times the
// powers of ten; one narrower than a decade labels every tick.
func TestCountTicks(t *testing.T) {
	labels := func(lo, hi float64) []string {
		var out []string
		for _, tk := range (CountTicks{}).Ticks(lo, hi) {
			if tk.Label != "" {
				out = append(out, tk.Label)
			}
		}
		return out
	}
	if got := strings.Join(labels(3, 300), ","); got != "5,10,20,50,100,200" {
		t.Errorf("labels from 3 to 300: %s", got)
	}
	if got := strings.Join(labels(230, 900), ","); got != "300,400,500,600,700,800,900" {
		t.Errorf("labels from 230 to 900: %s", got)
	}
}

// TestSetLogLabelled: the axis holds lo to hi and both of its ends are
// labelled ticks, so that no value lies beyond the last label (the
// adaptive penalty's whole-path W1, 422 to 1138 padded by 1.3, ran past
// the label 1000 of plain [SetLog] with [CountTicks]); an axis that
// already ends on labels is kept.
func TestSetLogLabelled(t *testing.T) {
	for _, c := range []struct {
		lo, hi, min, max float64
	}{
		{422 / 1.3, 1138 * 1.3, 300, 2000},
		{16 / 1.3, 71.1 * 1.3, 10, 100},
		{33 / 1.3, 620 * 1.3, 20, 1000},
		{2, 9, 2, 9},
		{0.031, 0.047, 0.03, 0.05},
		{1, 1000, 1, 1000},
	} {
		var ax plot.Axis
		SetLogLabelled(&ax, c.lo, c.hi)
		if math.Abs(ax.Min/c.min-1) > 1e-9 || math.Abs(ax.Max/c.max-1) > 1e-9 {
			t.Errorf("%v..%v: axis %v..%v, want %v..%v", c.lo, c.hi, ax.Min, ax.Max, c.min, c.max)
		}
		if ax.Min > c.lo || ax.Max < c.hi {
			t.Errorf("%v..%v: axis %v..%v does not hold them", c.lo, c.hi, ax.Min, ax.Max)
		}
		ts := ax.Tick.Marker.Ticks(ax.Min, ax.Max)
		var labelled []float64
		for _, tk := range ts {
			if tk.Label != "" {
				labelled = append(labelled, tk.Value)
			}
		}
		if len(labelled) < 2 || math.Abs(labelled[0]/ax.Min-1) > 1e-9 || math.Abs(labelled[len(labelled)-1]/ax.Max-1) > 1e-9 {
			t.Errorf("%v..%v: labels %v do not reach the axis' ends %v..%v", c.lo, c.hi, labelled, ax.Min, ax.Max)
		}
	}
}

// TestSetLabelledRange: the linear axis holds lo to hi and both of its
// ends are labelled ticks (the alignment figure's mean distances, 4.2 to
// 17.4, ran past the label 15 of an axis ending at the data).
func TestSetLabelledRange(t *testing.T) {
	for _, c := range []struct{ lo, hi, min, max float64 }{
		{4.2, 17.4, 2.5, 17.5},
		{0, 1.05, 0, 1.25},
		{-3.2, 2.1, -4, 4},
		{0, 10, 0, 10},
	} {
		var ax plot.Axis
		SetLabelledRange(&ax, c.lo, c.hi)
		if math.Abs(ax.Min-c.min) > 1e-9 || math.Abs(ax.Max-c.max) > 1e-9 {
			t.Errorf("%v..%v: axis %v..%v, want %v..%v", c.lo, c.hi, ax.Min, ax.Max, c.min, c.max)
		}
		var labelled []float64
		for _, tk := range (cleanTicks{}).Ticks(ax.Min, ax.Max) {
			if tk.Label != "" {
				labelled = append(labelled, tk.Value)
			}
		}
		if len(labelled) < 2 || math.Abs(labelled[0]-ax.Min) > 1e-9 || math.Abs(labelled[len(labelled)-1]-ax.Max) > 1e-9 {
			t.Errorf("%v..%v: labels %v do not reach the axis' ends %v..%v", c.lo, c.hi, labelled, ax.Min, ax.Max)
		}
	}
}

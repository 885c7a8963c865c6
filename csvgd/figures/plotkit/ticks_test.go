package plotkit

import (
	"strings"
	"testing"
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

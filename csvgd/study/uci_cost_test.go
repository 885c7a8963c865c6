package study

import (
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/regress"
)

// TestUCICost: the cost sums every fit's seconds per setting and in all,
// counts the fits (a setting without results counts none) and writes
// both, with the hours.
func TestUCICost(t *testing.T) {
	fits := func(sec ...float64) []regress.SplitResult {
		r := make([]regress.SplitResult, len(sec))
		for i, s := range sec {
			r[i] = regress.SplitResult{Split: i, Seconds: s}
		}
		return r
	}
	in := []UCISetInput{
		{Set: "yacht", Results: map[string][]regress.SplitResult{"svgd": fits(10, 20), "csvgd": fits(5, 7), "ensemble": fits(100, 3500)}},
		{Set: "boston", Results: map[string][]regress.SplitResult{"svgd": fits(30), "csvgd-strong": fits(1.5)}},
	}
	c := uciCost(in)
	want := map[string]struct {
		fits int
		sec  float64
	}{"svgd": {3, 60}, "csvgd": {2, 12}, "csvgd-strong": {1, 1.5}, "csvgd-adaptive": {0, 0}, "ensemble": {2, 3600}}
	for _, sc := range c.BySetting {
		if w := want[sc.Setting.Key]; sc.Fits != w.fits || !near(sc.Seconds, w.sec, 1e-12) {
			t.Errorf("%s: %d fits, %v s; want %d, %v", sc.Setting.Key, sc.Fits, sc.Seconds, w.fits, w.sec)
		}
	}
	if c.Fits != 8 || !near(c.Seconds, 3673.5, 1e-12) || len(c.BySetting) != len(UCISettings()) {
		t.Fatalf("in all: %d fits, %v s, %d settings; want 8, 3673.5, %d", c.Fits, c.Seconds, len(c.BySetting), len(UCISettings()))
	}
	var b strings.Builder
	writeCost(&b, c)
	containsAll(t, b.String(), "the table's 8 fits took 3674 s (1.0 h) in all", "SVGD 60 s (3 fits), ", "deep ensemble (no kernel) 3600 s (2 fits).")
}

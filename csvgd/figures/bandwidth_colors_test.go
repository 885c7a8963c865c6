package figures

import (
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/stein"
)

// TestBandValueNamesEveryRule: every bandwidth rule has its own name in
// the legends, and a fixed gamma its value.
func TestBandValueNamesEveryRule(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range []struct {
		b    stein.Bandwidth
		want string
	}{
		{stein.Bandwidth{Rule: stein.Fixed, Gamma: 0.5}, "0.5"},
		{stein.Bandwidth{Rule: stein.MedianLiuWang}, "median rule"},
		{stein.Bandwidth{Rule: stein.MedianMatrix}, "median rule over the N × N matrix"},
		{stein.Bandwidth{Rule: stein.MedianPaper}, "paper's median rule"},
	} {
		got := bandValue(c.b)
		if got != c.want || seen[got] {
			t.Errorf("%v: %q, want %q, once", c.b, got, c.want)
		}
		seen[got] = true
	}
}

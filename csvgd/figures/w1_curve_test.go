package figures

import (
	"sort"
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"github.com/csvgd/csvgd-go/csvgd/metrics"
)

// TestNaturalOrder: numbers in legend keys sort by value.
func TestNaturalOrder(t *testing.T) {
	keys := []string{"20% noise", "5% noise", "sequential", "CSVGD", "10% noise", "2.5% noise", "1% noise", "SVGD", "noise 0.1", "noise 0.05"}
	sort.Slice(keys, func(i, j int) bool { return naturalLess(keys[i], keys[j]) })
	want := []string{"1% noise", "2.5% noise", "5% noise", "10% noise", "20% noise", "CSVGD", "SVGD", "noise 0.05", "noise 0.1", "sequential"}
	if strings.Join(keys, "|") != strings.Join(want, "|") {
		t.Errorf("sorted %q, want %q", keys, want)
	}
}

// TestW1Lines: the curves keep their order and colours, a reference is
// drawn dotted and grey, and a curve without a colour is an error.
func TestW1Lines(t *testing.T) {
	test := []hyperelastic.Sample{{F: [9]float64{0.8}, D: -0.2}, {F: [9]float64{1}, D: 0}, {F: [9]float64{1.3}, D: 0.3}}
	pf := metrics.PushForward{PerPointSum: []float64{1, 0, 3}, Sum: 4}
	f := W1Lines(test, []W1Line{{Label: "zeta", W1: pf, Color: CSVGDColor}, {Label: "alpha", W1: pf, Color: SVGDColor}, {Label: "floor", W1: pf, Reference: true}}, 1)
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	svg := svgOf(t, f)
	if !inOrder(svg, "zeta", "alpha", "floor") {
		t.Error("the legend does not keep the given order")
	}
	if err := W1Lines(test, []W1Line{{Label: "bare", W1: pf}}, 1).Err(); err == nil || !strings.Contains(err.Error(), "no colour") {
		t.Errorf("a curve without a colour: %v", err)
	}
}

package study

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/calibration"
	"github.com/csvgd/csvgd-go/csvgd/exact"
	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
)

// handMade is a comparison on three test points (two inside the training
// range) with true stresses (1, 0.5, 0.5, 0, 0, 0): Stein members at the
// truth -0.1 and +0.1, NUTS members at 19 offsets from -0.2 to 0.2 and
// one at 99.
func handMade() ExactComparison {
	test := []hyperelastic.Sample{
		{D: -0.1, STrue: [6]float64{1, 0.5, 0.5}},
		{D: 0.1, STrue: [6]float64{1, 0.5, 0.5}},
		{D: 0.3, STrue: [6]float64{1, 0.5, 0.5}},
	}
	members := func(offsets ...float64) [][][6]float64 {
		out := make([][][6]float64, len(offsets))
		for j, o := range offsets {
			for _, s := range test {
				p := s.STrue
				for k := range 3 {
					p[k] += o
				}
				out[j] = append(out[j], p)
			}
		}
		return out
	}
	rep := calibration.Report{Levels: CoverageLevels, Truth: make([]float64, 9), Predictive: make([]float64, 9), Entries: 6}
	return ExactComparison{Particles: 2, Arch: icnn.Arch{Widths: []int{3, 2, 1}}, Test: test,
		Stein: members(-0.1, 0.1), NUTS: members(nutsOffsets()...), SteinCoverage: rep, NUTSCoverage: rep,
		Report: exact.Report{Chains: 2, Warmup: 10, Draws: 20, Watched: 12}}
}

// nutsOffsets are 19 offsets evenly spread over [-0.2, 0.2] and 99.
func nutsOffsets() []float64 {
	var out []float64
	for i := range 19 {
		out = append(out, -0.2+0.4*float64(i)/18)
	}
	return append(out, 99)
}

// TestExactComparisonMeasures: band widths count only the non-zero
// components inside the range; the extreme NUTS member is counted, and
// dominates the plain W1 but not that of the central 90%.
func TestExactComparisonMeasures(t *testing.T) {
	c := handMade()
	// Two members at t -+ 0.1: the 5% and 95% quantiles are t -+ 0.09.
	if w, err := BandWidth(c.Stein, c.Test, 0.9); err != nil || math.Abs(w-0.18) > 1e-12 {
		t.Errorf("Stein 90%% band width %v, %v; want 0.18", w, err)
	}
	if n := c.ExtremeDraws(); n != 1 {
		t.Errorf("%d extreme NUTS draws, want 1", n)
	}
	all, err := c.W1Between()
	if err != nil {
		t.Fatal(err)
	}
	trimmed := c.TrimmedW1Between(0.05)
	if !(all > 20) || !(trimmed > 0 && trimmed < 1) {
		t.Errorf("W1 between the push-forwards %v, of the central 90%% %v: want > 20 (the extreme member: 99/20 in each of 6 entries) and in (0, 1)", all, trimmed)
	}
}

// TestExactTablesFormat: the three tables have a row per ensemble (two
// per ensemble for the coverage), and the summary sentence gives the
// share of the posterior's 90% band width.
func TestExactTablesFormat(t *testing.T) {
	c := handMade()
	var b bytes.Buffer
	samplerTable(&b, []ExactComparison{c})
	if err := bandsTable(&b, []ExactComparison{c}); err != nil {
		t.Fatal(err)
	}
	coverageTable(&b, []ExactComparison{c})
	out := b.String()
	for _, want := range []string{"| 2 | 3-2-1 (8) |", "1 of 20 |", "| cSVGD, 2 particles |", "| NUTS on its template (20 draws) |", "% at N = 2 of the exact posterior's width"} {
		if !strings.Contains(out, want) {
			t.Errorf("tables lack %q:\n%s", want, out)
		}
	}
}

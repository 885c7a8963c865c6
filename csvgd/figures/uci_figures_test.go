package figures

import (
	"fmt"
	"math"
	"strings"
	"testing"
)

// uciCoverageSets are five methods' coverages at the benchmark's three
// levels on n data sets, made up: one calibrated, one too narrow (its
// lowest bar reaching 0.2), one too wide, one at 1 (all hits), and one
// that differs a little between the sets.
func uciCoverageSets(n int) []UCICoverageSet {
	levels := []float64{0.5, 0.9, 0.95}
	method := func(label string, obs []float64) UCIMethodCoverage {
		m := UCIMethodCoverage{Label: label, Levels: levels, Observed: obs}
		for _, o := range obs {
			m.Lower, m.Upper = append(m.Lower, math.Max(0, o-0.05)), append(m.Upper, math.Min(1, o+0.04))
		}
		return m
	}
	var sets []UCICoverageSet
	for s := range n {
		sets = append(sets, UCICoverageSet{Set: fmt.Sprintf("set%d", s), Methods: []UCIMethodCoverage{
			method("SVGD", []float64{0.5, 0.9, 0.95}),
			method("cSVGD, λ = 0.001", []float64{0.25, 0.6, 0.7}),
			method("cSVGD, λ = 0.003", []float64{0.7, 0.97, 0.99}),
			method("cSVGD, adaptive from λ = 0.001", []float64{1, 1, 1}),
			method("deep ensemble (no kernel)", []float64{0.45, 0.8 + 0.01*float64(s), 0.9}),
		}})
	}
	return sets
}

// TestUCIFiguresRender: the benchmark's calibration figure renders with
// a panel per data set, three to a row (nine sets: 3 x 3; two sets: one
// row of two), its legend naming every method and the bars.
func TestUCIFiguresRender(t *testing.T) {
	cases := []figureCase{
		{UCICalibration(uciCoverageSets(9)), "uci_calibration", 3, 3},
		{UCICalibration(uciCoverageSets(2)), "uci_calibration", 1, 2},
	}
	svg := checkFigure(t, "", cases[0])
	for _, want := range []string{"SVGD", "deep ensemble (no kernel)", "cSVGD, adaptive from λ = 0.001", "95% interval of the coverage", "(i) set8"} {
		if !strings.Contains(string(svg), want) {
			t.Errorf("uci_calibration lacks %q", want)
		}
	}
	checkFigure(t, "", cases[1])
}

// TestUCIFigureErrors: the benchmark's figures refuse what they cannot
// draw.
func TestUCIFigureErrors(t *testing.T) {
	cov := func(edit func(sets []UCICoverageSet)) *Figure {
		sets := uciCoverageSets(2)
		edit(sets)
		return UCICalibration(sets)
	}
	checkFailedFigures(t, map[string]*Figure{
		"uci_calibration, no sets":            UCICalibration(nil),
		"uci_calibration, no methods":         cov(func(s []UCICoverageSet) { s[1].Methods = nil }),
		"uci_calibration, other methods":      cov(func(s []UCICoverageSet) { s[1].Methods[0].Label = "other" }),
		"uci_calibration, a level short":      cov(func(s []UCICoverageSet) { s[0].Methods[2].Upper = s[0].Methods[2].Upper[:2] }),
		"uci_calibration, above its interval": cov(func(s []UCICoverageSet) { s[0].Methods[0].Observed[1] = 0.99 }),
		"uci_calibration, above 1":            cov(func(s []UCICoverageSet) { s[0].Methods[3].Upper[0] = 1.01 }),
		"uci_calibration, NaN":                cov(func(s []UCICoverageSet) { s[1].Methods[1].Lower[2] = math.NaN() }),
	})
}

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
			method("cSVGD, adaptive λ from 0.001", []float64{1, 1, 1}),
			method("deep ensemble (no kernel)", []float64{0.45, 0.8 + 0.01*float64(s), 0.9}),
		}})
	}
	return sets
}

// TestUCIFiguresRender: the benchmark's calibration figure renders with
// a panel per data set, three to a row (nine sets: 3 x 3; two sets: one
// row of two), its axis the coverage less the level, its legend naming
// every method, the bars and which side is too narrow; and the Pareto
// figure renders a row of two panels per data set, with and without
// standard errors (one split), its legend naming the published line,
// saying whether there are bars and that close markers are drawn apart.
func TestUCIFiguresRender(t *testing.T) {
	cases := []figureCase{
		{UCICalibration(uciCoverageSets(9)), "uci_calibration", 3, 3},
		{UCICalibration(uciCoverageSets(2)), "uci_calibration", 1, 2},
	}
	svg := checkFigure(t, "", cases[0])
	for _, want := range []string{"SVGD", "deep ensemble (no kernel)", "cSVGD, adaptive λ from 0.001", "95% interval of the coverage", "(i) set8", "observed coverage − nominal level", "intervals too narrow"} {
		if !strings.Contains(string(svg), want) {
			t.Errorf("uci_calibration lacks %q", want)
		}
	}
	checkFigure(t, "", cases[1])
	for _, tc := range []struct {
		c    figureCase
		tag  string // the last panel's title
		bars bool
	}{
		{figureCase{UCIPareto(uciParetoSets(9, 0.05)), "uci_pareto", 9, 2}, "(r) set8: test log-likelihood", true},
		{figureCase{UCIPareto(uciParetoSets(2, math.NaN())), "uci_pareto", 2, 2}, "(d) set1: test log-likelihood", false},
	} {
		svg := string(checkFigure(t, "", tc.c))
		for _, want := range []string{"Wang 2016 (as recalled)", "cSVGD, adaptive λ from 0.001", tc.tag, "markers closer than 2.5% of the axis"} {
			if !strings.Contains(svg, want) {
				t.Errorf("uci_pareto of %d sets lacks %q", len(tc.c.fig.Panels), want)
			}
		}
		if strings.Contains(svg, "± one standard error over the splits") != tc.bars || strings.Contains(svg, "one split: no standard errors") == tc.bars {
			t.Errorf("uci_pareto of %d sets: the legend does not say whether there are bars (want bars: %v)", len(tc.c.fig.Panels), tc.bars)
		}
	}
}

// uciParetoSets are five methods' results on n data sets, made up, with
// standard errors se (NaN: one split): cSVGD at two fixed λ joined by the
// line, the adaptive one apart, SVGD and the deep ensemble at the full
// network's 401 weights.
func uciParetoSets(n int, se float64) []UCIParetoSet {
	var sets []UCIParetoSet
	for s := range n {
		sets = append(sets, UCIParetoSet{Set: fmt.Sprintf("set%d", s), PublishedLabel: "SVGD, Liu & Wang 2016 (as recalled)", PublishedRMSE: 0.9, PublishedLL: -1.2,
			Points: []UCIParetoPoint{
				{"SVGD", 401, 1.1, se, -1.5, se, false},
				{"cSVGD, λ = 0.001", 100 + float64(s), 1.0, se, -1.45, se, true},
				{"cSVGD, λ = 0.003", 50, 1.7, 2 * se, -1.9, se, true},
				{"cSVGD, adaptive λ from 0.001", 80, 1.3, se, -1.6, se, false},
				{"deep ensemble (no kernel)", 401, 1.2, se, -2.1, se, false},
			}})
	}
	return sets
}

// TestUCIFigureErrors: the benchmark's figures refuse what they cannot
// draw.
func TestUCIFigureErrors(t *testing.T) {
	cov := func(edit func(sets []UCICoverageSet)) *Figure {
		sets := uciCoverageSets(2)
		edit(sets)
		return UCICalibration(sets)
	}
	par := func(edit func(sets []UCIParetoSet)) *Figure {
		sets := uciParetoSets(2, 0.05)
		edit(sets)
		return UCIPareto(sets)
	}
	checkFailedFigures(t, map[string]*Figure{
		"uci_calibration, no sets":            UCICalibration(nil),
		"uci_calibration, no methods":         cov(func(s []UCICoverageSet) { s[1].Methods = nil }),
		"uci_calibration, other methods":      cov(func(s []UCICoverageSet) { s[1].Methods[0].Label = "other" }),
		"uci_calibration, a level short":      cov(func(s []UCICoverageSet) { s[0].Methods[2].Upper = s[0].Methods[2].Upper[:2] }),
		"uci_calibration, above its interval": cov(func(s []UCICoverageSet) { s[0].Methods[0].Observed[1] = 0.99 }),
		"uci_calibration, above 1":            cov(func(s []UCICoverageSet) { s[0].Methods[3].Upper[0] = 1.01 }),
		"uci_calibration, NaN":                cov(func(s []UCICoverageSet) { s[1].Methods[1].Lower[2] = math.NaN() }),
		"uci_pareto, no sets":                 UCIPareto(nil),
		"uci_pareto, no points":               par(func(s []UCIParetoSet) { s[1].Points = nil }),
		"uci_pareto, other methods":           par(func(s []UCIParetoSet) { s[1].Points[2].Label = "other" }),
		"uci_pareto, NaN RMSE":                par(func(s []UCIParetoSet) { s[0].Points[0].RMSE = math.NaN() }),
		"uci_pareto, negative SE":             par(func(s []UCIParetoSet) { s[0].Points[1].LLSE = -1 }),
		"uci_pareto, published NaN":           par(func(s []UCIParetoSet) { s[1].PublishedLL = math.NaN() }),
	})
}

package nbrun

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/exact"
	"github.com/csvgd/csvgd-go/csvgd/figures"
	"github.com/csvgd/csvgd-go/csvgd/metrics"
	"github.com/csvgd/csvgd-go/csvgd/mvn"
	"github.com/csvgd/csvgd-go/csvgd/regress"
	"github.com/csvgd/csvgd-go/csvgd/stein"
	"github.com/csvgd/csvgd-go/csvgd/study"
)

// setting is a number of the project's set-up, not a result, that the
// markdown of the named notebooks may state: read from the code that
// defines it.
type setting struct {
	notebooks []string // file names
	values    []float64
	source    string
	percent   bool // stated as percentages
}

// settings are the set-up numbers the notebooks' markdown states besides
// the paper's constants ([study.PaperConstants]); each is allowed only in
// the notebooks listed with it.
var settings = []setting{
	{[]string{"04-graph-condensation.ipynb"}, []float64{metrics.ModeHeight},
		"metrics.ModeHeight: a mode is a local maximum of at least this fraction of the highest", true},
	{[]string{"04-graph-condensation.ipynb", "07-exploring-weights.ipynb"}, []float64{metrics.DensityOmitFraction},
		"metrics.DensityOmitFraction: an entry whose |mean| and sd are both below this fraction of its matrix's largest |w| is not drawn", true},
	{[]string{"07-exploring-weights.ipynb"}, []float64{metrics.DensityFloorFraction},
		"metrics.DensityFloorFraction: the floor of a weight density's bandwidth", true},
	{[]string{"07-exploring-weights.ipynb"}, []float64{0.9, 1.34},
		"Silverman's rule of thumb, h = 0.9 min(s, IQR/1.34) n^(-1/5), as metrics.Silverman writes it", false},
	{[]string{"02-illustrative-example.ipynb"}, []float64{mvn.MomentTolerance},
		"mvn.MomentTolerance: how closely two quadrature rules of the exact moments agree", false},
	{[]string{"08-exact-posterior.ipynb"}, []float64{exact.DefaultCriteria.MaxNestedRHat},
		"exact.DefaultCriteria.MaxNestedRHat: the bound on nested R-hat of runs that agree", false},
	{[]string{"08-exact-posterior.ipynb", "09-variance-collapse.ipynb"}, study.CoverageLevels,
		"study.CoverageLevels: the nominal levels of the central bands and of the reliability diagram", true},
	{[]string{"10-own-data.ipynb"}, append(slices.Clone(regress.CoverageLevels), study.CoverageConfidence),
		"regress.CoverageLevels and study.CoverageConfidence: the levels of the benchmark's coverage columns and the confidence of their Wilson intervals", true},
	{[]string{"10-own-data.ipynb"}, []float64{study.PublishedRounding, study.UCITrendLevel, study.UCICalibrationLevel},
		"study.PublishedRounding, study.UCITrendLevel and study.UCICalibrationLevel: the rounding of a printed published mean, the level of the size trend and the level whose calibration the benchmark's reading reads", false},
	{[]string{"10-own-data.ipynb"}, []float64{stein.AdagradDecay, 1 - stein.AdagradDecay, stein.AdagradEps},
		"stein.AdagradDecay and stein.AdagradEps: Liu & Wang's Adagrad with momentum", false},
	{[]string{"10-own-data.ipynb"}, []float64{figures.ParetoDodge},
		"figures.ParetoDodge: the least distance, as a share of the axis, between two markers of uci_pareto", true},
}

// allowedIn is what the markdown of the notebook named name may state:
// the paper's constants and the settings listed for it.
func allowedIn(name string) []Constant {
	var out []Constant
	for _, c := range study.PaperConstants() {
		out = append(out, Constant{Value: c.Value, Source: c.Source, Percent: c.Percent})
	}
	for _, s := range settings {
		if slices.Contains(s.notebooks, name) {
			for _, v := range s.values {
				out = append(out, Constant{Value: v, Source: s.source, Percent: s.percent})
			}
		}
	}
	return out
}

// TestMarkdownStatesNoResults: no markdown cell of a notebook types a
// result-like number (a decimal, a percentage, a power of ten, a
// multiplier, an approximate number) that is not a constant of the paper
// or a setting listed for that notebook. Numbers that come from runs are
// printed by code cells.
func TestMarkdownStatesNoResults(t *testing.T) {
	root, err := FindRoot(".")
	if err != nil {
		t.Fatal(err)
	}
	paths, err := filepath.Glob(filepath.Join(root, "notebooks", "*.ipynb"))
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range paths {
		name := filepath.Base(path)
		t.Run(name, func(t *testing.T) {
			nb, err := ReadNotebook(path)
			if err != nil {
				t.Fatal(err)
			}
			for _, n := range nb.TypedNumbers(allowedIn(name)) {
				t.Errorf("%v: print it from the code that computes it (or, for a constant of the paper or a setting, add it to the allowed numbers with its source)", n)
			}
		})
	}
	for _, s := range settings {
		for _, n := range s.notebooks {
			if _, err := os.Stat(filepath.Join(root, "notebooks", n)); err != nil {
				t.Errorf("setting %q is listed for %s, which is not a notebook", s.source, n)
			}
		}
	}
	// a percentage states only a constant stated as one, and a decimal
	// only one that is not
	pct, dec := typedNumbers("1%")[0], typedNumbers("0.01")[0]
	if (Constant{Value: 0.01}).Matches(pct) || (Constant{Value: 0.01, Percent: true}).Matches(dec) {
		t.Error("1% states λ = 0.01, or 0.01 states a percentage")
	}
}

// TestTypedNumbersPlanted: the check finds every result-like number
// planted in testdata/typed_numbers.ipynb (cell 1) and nothing in the
// cells that state only the paper's constants, section references,
// versions, sizes and links (cells 0 and 3) or that are code (cell 2).
func TestTypedNumbersPlanted(t *testing.T) {
	nb, err := ReadNotebook(filepath.Join("testdata", "typed_numbers.ipynb"))
	if err != nil {
		t.Fatal(err)
	}
	found := nb.TypedNumbers(allowedIn("typed_numbers.ipynb"))
	var got []string
	for _, n := range found {
		if n.Cell != 1 {
			t.Errorf("flagged outside the planted cell: %v", n)
		}
		got = append(got, n.Kind+" "+n.Text)
	}
	want := []string{
		"power of ten 10^{-10}",
		"power of ten 7\\cdot10^{64}",
		"power of ten 1e-4",
		"percentage 8.7%",
		"percentage 14.0\\%",
		"multiplier 1.52x",
		"multiplier factor of 70",
		"multiplier 50-fold",
		"approximate number about 22.5",
		"approximate number \\approx 0.8",
		"decimal 0.234",
		"decimal 405.7",
		"decimal -0.13",
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("flagged:\n  %s\nwant:\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
}

// TestConstantMatches: a typed decimal, percentage or power of ten
// states a constant of the same value; a multiplier or an approximate
// number states none.
func TestConstantMatches(t *testing.T) {
	for _, c := range []struct {
		value float64
		text  string
		want  bool
	}{
		{0.07, "0.07", true},
		{0.0714, "0.07", false},
		{0.75, "0.8", false},
		{0.1, "10%", true},
		{0.1, "10 \\%", true},
		{0.087, "8.7%", true},
		{0.087, "9%", false},
		{1e-3, "10^{-3}", true},
		{1e-3, "10^-3", true},
		{1e-3, "10⁻³", true},
		{1e-10, "10^{-10}", true},
		{1.2e-3, "1.2e-3", true},
		{1.2e-3, "1.2\\cdot 10^{-3}", true},
		{1.2e-3, "1.3e-3", false},
		{77.931, "77.931", true},
		{77.931, "77.93", false},
		{-0.75, "-0.75", true},
		{-0.75, "−0.75", true},
		{0.36, "0.36", true},
		{50, "50-fold", false},
		{22, "about 22", false},
		{2, "2x", false},
	} {
		ns := typedNumbers(c.text)
		if len(ns) != 1 {
			t.Errorf("%q: %d numbers found, want 1", c.text, len(ns))
			continue
		}
		percent := ns[0].Kind == "percentage"
		if got := (Constant{Value: c.value, Percent: percent}).Matches(ns[0]); got != c.want {
			t.Errorf("%q states %v: %v, want %v", c.text, c.value, got, c.want)
		}
	}
	// a percentage states only a constant stated as one, and a decimal
	// only one that is not
	pct, dec := typedNumbers("1%")[0], typedNumbers("0.01")[0]
	if (Constant{Value: 0.01}).Matches(pct) || (Constant{Value: 0.01, Percent: true}).Matches(dec) {
		t.Error("1% states λ = 0.01, or 0.01 states a percentage")
	}
}

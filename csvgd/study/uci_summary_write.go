package study

import (
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/csvgd/csvgd-go/csvgd/metrics"
	"github.com/csvgd/csvgd-go/csvgd/train"
)

// writeUCISummary writes the verdicts v ([UCISummarize]) as the lines
// under the benchmark's table, each verdict beside its numbers and each
// line stating its rule: SVGD against the published row, each other
// setting against SVGD, the size trend of cSVGD's cost, and each
// setting's calibration at [UCICalibrationLevel]; last, the fits' summed
// wall time ([UCICost]). With one split it says
// that no standard error, so no verdict, is defined, and never prints NaN.
func writeUCISummary(w io.Writer, v UCIVerdicts) error {
	var b strings.Builder
	b.WriteString("**Reading of the table**, computed from the fits above (each line states its rule):\n\n")
	writeGaps(&b, v.Gaps)
	writePaired(&b, v.Paired)
	writeTrend(&b, v.Trend)
	writeCalibration(&b, v.Calibration)
	writeCost(&b, v.Cost)
	_, err := io.WriteString(w, b.String())
	return err
}

// classItems are the data sets of one verdict class, each with its
// numbers, under the class's words.
type classItems struct {
	words string
	items []string
}

// joinClasses writes the non-empty classes as "WORDS a (x), b (y); ...",
// "" when every class is empty.
func joinClasses(classes []classItems) string {
	var parts []string
	for _, c := range classes {
		if len(c.items) > 0 {
			parts = append(parts, c.words+" "+strings.Join(c.items, ", "))
		}
	}
	return strings.Join(parts, "; ")
}

// withNotRead is the classes' text cl followed by the data sets not read
// (nr, [notRead]) under the words of their absence: "CL; WORDS — NR",
// or "WORDS — NR" alone when no class has a data set.
func withNotRead(cl, words, nr string) string {
	switch {
	case nr == "":
		return cl
	case cl == "":
		return words + " — " + nr
	}
	return cl + "; " + words + " — " + nr
}

// notRead groups the data sets whose verdict is not read by their
// reason, in the order the reasons first appear: "REASON: a, b; ...".
func notRead(sets, whys []string) string {
	var order []string
	by := map[string][]string{}
	for i, why := range whys {
		if why == "" {
			continue
		}
		if _, ok := by[why]; !ok {
			order = append(order, why)
		}
		by[why] = append(by[why], sets[i])
	}
	var parts []string
	for _, why := range order {
		parts = append(parts, why+": "+strings.Join(by[why], ", "))
	}
	return strings.Join(parts, "; ")
}

// writeGaps writes the line of SVGD against the published SVGD row: per
// measure, on how many of the data sets with a defined gap |z| ≤
// [GapLevel] (this project's test of agreement), the sets beyond it with
// their z, and the sets not read with why; then every set's two gaps.
func writeGaps(b *strings.Builder, gaps []UCIGap) {
	fmt.Fprintf(b, "- **This project's SVGD against the published SVGD** (Liu & Wang 2016, as recalled; z = "+gapFormula+", "+
		"the standard errors over the splits; within when |z| ≤ %g): ", GapLevel)
	measure := func(name string, z func(UCIGap) float64, why func(UCIGap) string) string {
		var beyond, sets, whys []string
		within, n := 0, 0
		for _, g := range gaps {
			sets, whys = append(sets, g.Set), append(whys, why(g))
			if why(g) != "" {
				continue
			}
			n++
			if math.Abs(z(g)) <= GapLevel {
				within++
			} else {
				beyond = append(beyond, fmt.Sprintf("%s (z = %s)", g.Set, signed(z(g), 2)))
			}
		}
		s := fmt.Sprintf("%s within %g combined standard errors of the published SVGD %s on %d of %d data sets", name, GapLevel, name, within, n)
		if n == 0 {
			s = fmt.Sprintf("%s: no gap read", name)
		}
		if len(beyond) > 0 {
			s += "; beyond it: " + strings.Join(beyond, ", ")
		}
		if nr := notRead(sets, whys); nr != "" {
			s += "; not read — " + nr
		}
		return s
	}
	b.WriteString(measure("test RMSE", func(g UCIGap) float64 { return g.Row.ZRMSE }, func(g UCIGap) string { return g.WhyNoRMSE }) + ". ")
	b.WriteString(upperFirst(measure("test log-likelihood", func(g UCIGap) float64 { return g.Row.ZLL }, func(g UCIGap) string { return g.WhyNoLL })) + ".")
	var per []string
	for _, g := range gaps {
		if g.WhyNoRMSE == "" || g.WhyNoLL == "" {
			per = append(per, fmt.Sprintf("%s %s, %s", g.Set, signed(g.Row.ZRMSE, 2), signed(g.Row.ZLL, 2)))
		}
	}
	if len(per) > 0 {
		b.WriteString(" The gaps, z of the RMSE and of the log-likelihood (– where not read): " + strings.Join(per, "; ") + ".")
	}
	b.WriteString("\n")
}

// upperFirst is s with its first letter in upper case.
func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// writePaired writes a line per setting after SVGD: the data sets in each
// class of [ClassifyPaired] for the test RMSE and the log-likelihood,
// each with its paired difference, and for cSVGD the active weights'
// share of the full network, the least and the most over the sets.
func writePaired(b *strings.Builder, paired []UCISettingPaired) {
	fmt.Fprintf(b, "- **Each setting against this project's SVGD on the same splits** (the mean ± standard error over the splits of each split's difference, the setting's minus SVGD's; "+
		"\"lower\" or \"higher\" when |mean| > %g standard errors, else \"within %g standard errors\"):\n", GapLevel, GapLevel)
	for _, sp := range paired {
		measure := func(name string, diff func(UCIPaired) (float64, float64, int), class func(UCIPaired) UCIPairedClass) string {
			classes := []classItems{{"lower on", nil}, {"higher on", nil}, {fmt.Sprintf("within %g standard errors on", GapLevel), nil}, {whyOneSplit + ":", nil}}
			var sets, whys []string
			for _, p := range sp.Sets {
				sets = append(sets, p.Set)
				if p.Row.Splits == 0 {
					whys = append(whys, p.Why)
					continue
				}
				whys = append(whys, "")
				m, se, dec := diff(p)
				item := fmt.Sprintf("%s (%s)", p.Set, signedPM(m, se, dec))
				switch class(p) {
				case UCILower:
					classes[0].items = append(classes[0].items, item)
				case UCIHigher:
					classes[1].items = append(classes[1].items, item)
				case UCIWithin:
					classes[2].items = append(classes[2].items, item)
				default:
					classes[3].items = append(classes[3].items, item)
				}
			}
			return name + ": " + withNotRead(joinClasses(classes), "not compared", notRead(sets, whys))
		}
		rmse := measure("test RMSE", func(p UCIPaired) (float64, float64, int) { return p.Row.DRMSE, p.Row.DRMSESE, rmseDecimals(p.Set) },
			func(p UCIPaired) UCIPairedClass { return p.RMSE })
		ll := measure("test log-likelihood", func(p UCIPaired) (float64, float64, int) { return p.Row.DLL, p.Row.DLLSE, 3 },
			func(p UCIPaired) UCIPairedClass { return p.LL })
		fmt.Fprintf(b, "  - %s: %s. %s.", sp.Setting.Label, rmse, upperFirst(ll))
		if sp.Setting.Method == train.CSVGD {
			if s := activeRange(sp.Sets); s != "" {
				b.WriteString(" " + s)
			}
		}
		b.WriteString("\n")
	}
}

// activeRange is the least and the most active weights' share of the
// full network over the sets, "" when none is known.
func activeRange(sets []UCIPaired) string {
	lo, hi := -1, -1
	for i, p := range sets {
		if math.IsNaN(p.ActiveShare) {
			continue
		}
		if lo < 0 || p.ActiveShare < sets[lo].ActiveShare {
			lo = i
		}
		if hi < 0 || p.ActiveShare > sets[hi].ActiveShare {
			hi = i
		}
	}
	if lo < 0 {
		return ""
	}
	if lo == hi {
		return fmt.Sprintf("Active weights %.0f%% of the full network's weights and biases (%s).", 100*sets[lo].ActiveShare, sets[lo].Set)
	}
	return fmt.Sprintf("Active weights %.0f%% (%s) to %.0f%% (%s) of the full network's weights and biases.",
		100*sets[lo].ActiveShare, sets[lo].Set, 100*sets[hi].ActiveShare, sets[hi].Set)
}

// classWords are the words of a paired verdict in the trend's line.
func classWords(c UCIPairedClass) string {
	switch c {
	case UCILower:
		return "lower"
	case UCIHigher:
		return "higher"
	case UCIWithin:
		return fmt.Sprintf("within %g standard errors", GapLevel)
	}
	return "one split, no verdict"
}

// writeTrend writes the line of the size trend ([UCISizeTrend]): each
// data set's training points and relative RMSE difference, in order of
// size, then ρ, the exact p-value with its count of orderings, and the
// verdict of [UCISizeTrend.Direction].
func writeTrend(b *strings.Builder, t UCISizeTrend) {
	fmt.Fprintf(b, "- **Where the α prior helps and where it costs, against the data's size** (%s: the paired RMSE difference to SVGD as a share of SVGD's mean test RMSE, "+
		"the data sets in order of their training points, the rows each fit trains on once the development set is held out; "+
		"Spearman's rank correlation ρ between the training points and that share, with its exact two-sided p-value over every ordering of the data sets; "+
		"a trend is read only when p < %g): ", t.Setting.Label, UCITrendLevel)
	var pts []string
	for _, p := range t.Points {
		share := signed(100*p.Rel, 1) + "%"
		if !math.IsNaN(p.RelSE) {
			share += fmt.Sprintf(" ± %.1f%%", 100*p.RelSE)
		}
		pts = append(pts, fmt.Sprintf("%s %d points %s (%s)", p.Set, p.TrainPoints, share, classWords(p.Class)))
	}
	if len(pts) > 0 {
		b.WriteString(strings.Join(pts, ", ") + "; ")
	}
	if math.IsNaN(t.Rho) || math.IsNaN(t.P) {
		fmt.Fprintf(b, "ρ not defined (%s with a difference and a size, 2 to %d wanted, or a constant variable): no trend read",
			dataSets(len(t.Points)), metrics.ExactPermutationMax)
	} else {
		orderings := factorial(len(t.Points))
		hits := int(math.Round(t.P * float64(orderings)))
		p := fmt.Sprintf("%.3f", t.P)
		if t.P < 0.001 {
			p = "< 0.001"
		}
		fmt.Fprintf(b, "ρ = %s (exact p %s, %d of %d orderings at least as extreme): ", signed(t.Rho, 2), pEquals(p), hits, orderings)
		switch t.Direction() {
		case 1:
			b.WriteString("cSVGD's relative RMSE cost grows with the data set's size")
		case -1:
			b.WriteString("cSVGD's relative RMSE cost shrinks as the data set grows")
		default:
			fmt.Fprintf(b, "no trend with size at the %g%% level", 100*UCITrendLevel)
		}
	}
	if len(t.Left) > 0 {
		b.WriteString("; left out: " + strings.Join(t.Left, ", "))
	}
	b.WriteString(".\n")
}

// dataSets is "1 data set", "N data sets".
func dataSets(n int) string {
	if n == 1 {
		return "1 data set"
	}
	return fmt.Sprintf("%d data sets", n)
}

// pEquals is "= P", or P itself when it is a bound ("< 0.001").
func pEquals(p string) string {
	if strings.HasPrefix(p, "<") {
		return p
	}
	return "= " + p
}

// factorial is n!.
func factorial(n int) int {
	f := 1
	for k := 2; k <= n; k++ {
		f *= k
	}
	return f
}

// writeCalibration writes a line per setting: the data sets in each class
// of [ClassifyCoverage], each with its pooled coverage and Wilson
// interval.
func writeCalibration(b *strings.Builder, cal []UCISettingCalibration) {
	fmt.Fprintf(b, "- **Calibration of the central %g%% predictive intervals** (the coverage pooled over the splits and its %g%% Wilson interval: "+
		"wholly below %g, the intervals too narrow; wholly above, too wide; else it contains %g):\n",
		100*UCICalibrationLevel, 100*CoverageConfidence, UCICalibrationLevel, UCICalibrationLevel)
	for _, sc := range cal {
		classes := []classItems{{"too narrow on", nil}, {"too wide on", nil}, {fmt.Sprintf("containing %g on", UCICalibrationLevel), nil}}
		var sets, whys []string
		for _, c := range sc.Sets {
			sets, whys = append(sets, c.Set), append(whys, c.Why)
			item := c.Set + " " + coverageCell(c.Coverage)
			switch c.Class {
			case UCITooNarrow:
				classes[0].items = append(classes[0].items, item)
			case UCITooWide:
				classes[1].items = append(classes[1].items, item)
			case UCICalibrated:
				classes[2].items = append(classes[2].items, item)
			}
		}
		fmt.Fprintf(b, "  - %s: %s.\n", sc.Setting.Label, withNotRead(joinClasses(classes), "not read", notRead(sets, whys)))
	}
}

package study

import (
	"fmt"
	"io"
	"strings"
)

// ExactTables writes the comparison of the Stein ensembles with the exact
// posterior of their templates as Markdown: the NUTS runs and their
// diagnostics, the push-forward bands and distances inside the training
// range, and the coverage at 50% and 90%, each table under a one-line
// caption, then a sentence with the share of the posterior's band width
// that each ensemble recovers.
func ExactTables(w io.Writer, s *Store) error {
	cs, err := ExactComparisons(s)
	if err != nil {
		return err
	}
	samplerTable(w, cs)
	fmt.Fprintln(w)
	if err := bandsTable(w, cs); err != nil {
		return err
	}
	fmt.Fprintln(w)
	coverageTable(w, cs)
	return nil
}

// samplerTable is what the NUTS runs cost and what their diagnostics say.
func samplerTable(w io.Writer, cs []ExactComparison) {
	r0 := cs[0].Report
	fmt.Fprintf(w, "NUTS on the final template of each run: %d chains started at Stein particles, %d warm-up and %d kept iterations each, trees of at most 2^%d - 1 steps; R-hat and ESS of the push-forward are over the %d stresses at %d test points inside the training range.\n\n",
		r0.Chains, r0.Warmup, r0.Draws, cs[0].Config.MaxDepth, r0.Watched, r0.Watched/6)
	fmt.Fprintln(w, "| particles | template (weights) | seconds | push-forward R-hat max | bulk ESS min | tail ESS min | bulk ESS / s | divergences (warm-up) | acceptance | weights: R-hat max | log density: R-hat |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|---|---|---|")
	for _, c := range cs {
		r := c.Report
		fmt.Fprintf(w, "| %d | %s (%d) | %.0f | %.3f | %.0f | %.0f | %.1f | %d of %d (%d) | %.2f | %.2f | %.2f |\n",
			c.Particles, widths(c.Arch.Widths), c.Arch.NumParams(), r.Seconds, r.RHatMax, r.ESSBulkMin, r.ESSTailMin, r.ESSPerSecond,
			r.Divergences, r.Chains*r.Draws, r.WarmupDivergences, r.AcceptRate, r.WeightsRHatMax, r.LogDensityRHat)
	}
}

// widths writes a template as 3-5-7-1.
func widths(ws []int) string {
	s := make([]string, len(ws))
	for i, v := range ws {
		s[i] = fmt.Sprint(v)
	}
	return strings.Join(s, "-")
}

// bandsTable compares the push-forwards inside the training range.
func bandsTable(w io.Writer, cs []ExactComparison) error {
	fmt.Fprintln(w, "Push-forward inside the training range: mean width of the central bands over the stress components that are not zero, the Stein ensemble's and the NUTS draws' (their ratio), and W1 sums over the test points and components.")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| particles | 50% band: Stein / NUTS (ratio) | 90% band: Stein / NUTS (ratio) | W1 Stein to NUTS: all / central 90% | NUTS draws with an extreme stress | W1 to the noisy truth: Stein / NUTS |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|")
	var ratios []string
	for _, c := range cs {
		var cells [2]string
		for i, level := range []float64{0.5, 0.9} {
			st, err := BandWidth(c.Stein, c.Test, level)
			if err != nil {
				return err
			}
			nu, err := BandWidth(c.NUTS, c.Test, level)
			if err != nil {
				return err
			}
			cells[i] = fmt.Sprintf("%.4f / %.4f (%.2f)", st, nu, st/nu)
			if i == 1 {
				ratios = append(ratios, fmt.Sprintf("%.0f%% at N = %d", 100*st/nu, c.Particles))
			}
		}
		all, err := c.W1Between()
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "| %d | %s | %s | %.3g / %.1f | %d of %d | %.1f / %.3g |\n", c.Particles, cells[0], cells[1], all, c.TrimmedW1Between(0.05),
			c.ExtremeDraws(), len(c.NUTS), c.SteinW1Truth, c.NUTSW1Truth)
	}
	fmt.Fprintf(w, "\nThe Stein ensembles' 90%% bands are %s of the exact posterior's width inside the training range.\n", strings.Join(ratios, ", "))
	return nil
}

// coverageTable is the coverage at 50% and 90% of every ensemble.
func coverageTable(w io.Writer, cs []ExactComparison) {
	fmt.Fprintf(w, "Coverage over the %d stress components that are not zero at the test points inside the training range: the noise-free truth inside the central push-forward band, and a fresh noisy observation (seed %d) inside the central interval of the posterior predictive.\n\n", cs[0].SteinCoverage.Entries, FreshSeed)
	fmt.Fprintln(w, "| ensemble | truth in 50% band | truth in 90% band | observation in 50% interval | observation in 90% interval |")
	fmt.Fprintln(w, "|---|---|---|---|---|")
	i50, i90 := levelIndex(0.5), levelIndex(0.9)
	for _, c := range cs {
		for _, e := range []struct {
			name string
			cov  [2][]float64
		}{
			{fmt.Sprintf("cSVGD, %d particles", c.Particles), [2][]float64{c.SteinCoverage.Truth, c.SteinCoverage.Predictive}},
			{fmt.Sprintf("NUTS on its template (%d draws)", len(c.NUTS)), [2][]float64{c.NUTSCoverage.Truth, c.NUTSCoverage.Predictive}},
		} {
			fmt.Fprintf(w, "| %s | %.2f | %.2f | %.2f | %.2f |\n", e.name, e.cov[0][i50], e.cov[0][i90], e.cov[1][i50], e.cov[1][i90])
		}
	}
}

// levelIndex is the index of level in CoverageLevels.
func levelIndex(level float64) int {
	for i, l := range CoverageLevels {
		if l == level {
			return i
		}
	}
	panic(fmt.Sprintf("study: level %v is not among the coverage levels %v", level, CoverageLevels))
}

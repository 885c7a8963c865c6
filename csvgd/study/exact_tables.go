package study

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"github.com/csvgd/csvgd-go/csvgd/compare"
	"github.com/csvgd/csvgd-go/csvgd/exact"
	"github.com/csvgd/csvgd-go/csvgd/runcache"
)

// ExactTables writes the comparison of the Stein ensembles with the
// posterior of their templates as Markdown: the reference runs and
// Stan's criteria, the agreement of the two runs of every template and,
// for the templates the agreement study sampled too, its settings' pooled
// bands ([SharedPosteriors]), the
// band ratios and distances with their intervals where the runs agree
// (both runs' numbers where they do not) and what they say about more
// particles, the constrained weights at 0, and the coverage at 50% and
// 90%, each table under a one-line caption, and the summary of
// [ExactSummary].
func ExactTables(w io.Writer, s *Store) error {
	cs, err := ExactComparisons(s)
	if err != nil {
		return err
	}
	rows, err := AgreementStudy(s)
	if err != nil {
		return err
	}
	samplerTable(w, cs)
	fmt.Fprintln(w)
	agreementTable(w, cs)
	fmt.Fprintln(w)
	fmt.Fprintln(w, "The templates that the agreement study sampled too (the same posterior), beside its settings whose runs agree on them:")
	fmt.Fprintln(w)
	writeSharedPosteriors(w, cs, rows)
	fmt.Fprintln(w)
	bandsTable(w, cs)
	fmt.Fprintln(w)
	coverageTable(w, cs)
	fmt.Fprintln(w)
	fmt.Fprintln(w, "In short:")
	fmt.Fprintln(w)
	summary(w, cs)
	return nil
}

// exactTable is a table of [ExactTables] by itself.
func exactTable(table func(io.Writer, []ExactComparison)) func(io.Writer, *Store) error {
	return func(w io.Writer, s *Store) error {
		cs, err := ExactComparisons(s)
		if err == nil {
			table(w, cs)
		}
		return err
	}
}

// ExactSamplerTable writes the first table of [ExactTables]: the
// reference runs and Stan's criteria.
func ExactSamplerTable(w io.Writer, s *Store) error { return exactTable(samplerTable)(w, s) }

// ExactAgreementTable writes the second table of [ExactTables]: the
// agreement of the two runs of every template.
func ExactAgreementTable(w io.Writer, s *Store) error { return exactTable(agreementTable)(w, s) }

// ExactBandsTable writes the third table of [ExactTables]: the band
// ratios and distances, and the verdict on more particles.
func ExactBandsTable(w io.Writer, s *Store) error { return exactTable(bandsTable)(w, s) }

// ExactCoverageTable writes the last table of [ExactTables]: the
// coverage at 50% and 90%.
func ExactCoverageTable(w io.Writer, s *Store) error { return exactTable(coverageTable)(w, s) }

// samplerTable is what the reference runs cost and what their
// diagnostics say, one row per run.
func samplerTable(w io.Writer, cs []ExactComparison) {
	ref := cs[0].Reference
	r0, c0 := ref.Runs[0].Report, ref.Runs[0].Config
	fmt.Fprintf(w, "Two runs on the template each run's last stage ran on: %s with %d chains, %d warm-up and %d kept iterations each, target acceptance %g, %s metric, trees of at most 2^%d - 1 steps; run A from the Stein particles (%d chains of them perturbed), seed %d, run B from random initialisations optimised by %d steps of Adam, seed %d. R-hat and ESS of the push-forward are over the %d stresses at %d test points inside the training range. The criteria are Stan's diagnostics with this project's thresholds: at most %.0f%% divergent transitions (Stan itself warns on any divergent transition after warm-up), R-hat at most %.2f, bulk and tail ESS at least %d, E-BFMI at least %.1f in every chain.\n\n",
		strings.ToUpper(c0.Sampler.String()), r0.Chains, r0.Warmup, r0.Draws, c0.Accept, c0.Metric, c0.MaxDepth, c0.Overdispersed, c0.Seed,
		ref.Runs[1].Config.OptimizeSteps, ref.Runs[1].Config.Seed, r0.Watched, r0.Watched/6,
		100*exact.MaxDivergentShare, exact.MaxRHat, exact.MinESS, exact.MinEBFMI)
	fmt.Fprintln(w, "| particles | α | seed | template (weights) | run | seconds | R-hat | bulk ESS | tail ESS | divergent | E-BFMI min | log density: R-hat | at the depth limit | log prior / log-likelihood drift | mean 90% band of the watched stresses (zeros included): first / second halves | the criteria |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
	met, stan, runs := 0, 0, 0
	seen := map[string]bool{}
	for _, c := range cs {
		for i, run := range c.Reference.Runs {
			r := run.Report
			if k := runKey(c, run); !seen[k] {
				seen[k] = true
				runs++
				if len(r.Misses()) == 0 {
					met++
					if r.Divergences == 0 {
						stan++
					}
				}
			}
			fmt.Fprintf(w, "| %d | %g | %d | %s (%d) | %s | %.0f | %.3f | %.0f | %.0f | %d (%.1f%%) | %.2f | %.2f | %.0f%% | %+.1f / %+.1f | %.4f / %.4f | %s |\n",
				c.Particles, c.Alpha, c.Seed, widths(c.Arch.Widths), c.Arch.NumParams(), runName(i), r.Seconds, r.RHatMax, r.ESSBulkMin, r.ESSTailMin,
				r.Divergences, 100*r.DivergentShare(), r.EBFMIMin, r.LogDensityRHat, 100*r.MaxDepthShare(),
				r.LogPriorDrift, r.LogLikelihoodDrift, r.Band90Halves[0], r.Band90Halves[1], criteria(r))
		}
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, c := range cs {
		for _, run := range c.Reference.Runs {
			lo, hi = math.Min(lo, run.Report.LogDensityRHat), math.Max(hi, run.Report.LogDensityRHat)
		}
	}
	agree, pooled := 0, 0
	for _, c := range cs {
		if !c.Agrees() {
			continue
		}
		agree++
		for _, run := range c.Reference.Runs {
			if len(run.Report.Misses()) > 0 {
				pooled++
				break
			}
		}
	}
	fmt.Fprintf(w, "\n%d of the %d distinct runs (%d rows: a run from optimised initialisations on a template shared by two training runs is one run, given in both rows) meet the criteria, %d of them with no divergent transition at all, as Stan's own rule asks; the log density's R-hat ranges from %.2f to %.2f. Meeting them is not sufficient, and a reference does not require it: whether a template has one is what its two runs agree on in function space (next table), and %d of the %d templates whose runs agree pool a run that misses a criterion. Read the log density's R-hat beside every verdict: it says whether the chains mixed in weight space (the share at the depth limit says how often a trajectory was cut short, an efficiency warning).\n",
		met, runs, rows(cs), stan, lo, hi, pooled, agree)
}

// rows is the number of run rows of the sampler table.
func rows(cs []ExactComparison) int {
	n := 0
	for _, c := range cs {
		n += len(c.Reference.Runs)
	}
	return n
}

// runKey names a sampler run by what determines it: the template's
// widths, the prior, the sampler's settings and, for a run that starts
// at the Stein particles, the training run that made them. A run from
// optimised initialisations does not depend on the training run, so two
// training runs that ended on one template at one prior share it (see
// sharedTemplates). Its report, wall time aside, is part of the name, so
// that only runs whose diagnostics are the same are taken for one.
func runKey(c ExactComparison, run *runcache.NUTSResult) string {
	rep := run.Report
	// The wall time, and the rate it divides, are the only things a run
	// computed twice does not repeat.
	rep.Seconds, rep.ESSPerSecond = 0, 0
	k := fmt.Sprintf("%s|%g|%+v|%+v", widths(c.Arch.Widths), c.Alpha, run.Config, rep)
	if run.Config.Starts != exact.InitStarts {
		k += "|" + c.Label
	}
	return k
}

// bootstrap is the comparison's number of stand-in ensembles.
func (c ExactComparison) bootstrap() int {
	if c.Compare != nil {
		return c.Compare.Bootstrap
	}
	return c.CompareRuns[0].Bootstrap
}

// runName is "A" for the first reference run of a template, "B" for the
// second.
func runName(i int) string { return string(rune('A' + i)) }

// widths writes a template as 3-5-7-1.
func widths(ws []int) string {
	s := make([]string, len(ws))
	for i, v := range ws {
		s[i] = fmt.Sprint(v)
	}
	return strings.Join(s, "-")
}

// agreementTable is the agreement of the two runs of every template.
func agreementTable(w io.Writer, cs []ExactComparison) {
	cr := cs[0].Reference.Agreement.Criteria
	fmt.Fprintf(w, "The agreement of the two runs of every template (exact.Agree): each run's in-range 90%% band width ± its Monte Carlo standard error (block bootstrap), the pooled value with a 90%% interval, nested R-hat over the two runs (Margossian et al. 2024) and R-hat within each (on its kept draws after thinning, so a little off the sampler table's, which uses every draw), on the %d watched stresses. The runs agree when both band widths, at 90%% and at 50%%, lie within %.0f%% of the pooled ones and nested R-hat is at most %.2f; then their pooled draws are the reference, and only then is a ratio to it quoted below.\n\n",
		cs[0].Reference.Agreement.Watched, 100*cr.BandTolerance, cr.MaxNestedRHat)
	fmt.Fprintln(w, "| particles | α | seed | template (weights) | 90% band: run A | run B | pooled | 50% band: run A | run B | nested R-hat | R-hat within A / B | log density R-hat A / B | at the depth limit A / B | NUTS runs agree in function space? |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
	for _, c := range cs {
		a := c.Reference.Agreement
		ra, rb := c.Reference.Runs[0].Report, c.Reference.Runs[1].Report
		fmt.Fprintf(w, "| %d | %g | %d | %s (%d) | %s | %s | %s | %s | %s | %.3f | %.3f / %.3f | %.2f / %.2f | %.0f%% / %.0f%% | %s |\n", c.Particles, c.Alpha, c.Seed, widths(c.Arch.Widths), c.Arch.NumParams(),
			estimate(a.Runs[0].Band90), estimate(a.Runs[1].Band90), interval(a.Band90), estimate(a.Runs[0].Band50), estimate(a.Runs[1].Band50),
			a.NestedRHat, a.Runs[0].RHat, a.Runs[1].RHat, ra.LogDensityRHat, rb.LogDensityRHat, 100*ra.MaxDepthShare(), 100*rb.MaxDepthShare(), verdictOf(c))
	}
	fmt.Fprintf(w, "\n%s\n", agreementCount(cs))
}

// verdictOf is the agreement table's verdict of c: that of its two
// runs, or, where they agree but another pair of runs on the same
// posterior does not (Overruled), that the template has no reference.
func verdictOf(c ExactComparison) string {
	if c.Overruled {
		return fmt.Sprintf("%s as a pair; %s on the template (another pair of runs on it is %s)", c.Reference.Agreement.Verdict, exact.Unresolved, exact.Unresolved)
	}
	return string(c.Reference.Agreement.Verdict)
}

// templateVerdict is whether c's template has a reference: exact.Agrees
// or exact.Unresolved (also where its pair agrees but is Overruled).
func templateVerdict(c ExactComparison) exact.Verdict {
	if c.Agrees() {
		return exact.Agrees
	}
	return exact.Unresolved
}

// estimate writes 0.1234 ± 0.0056.
func estimate(e exact.Estimate) string { return fmt.Sprintf("%.4f ± %.4f", e.Value, e.MCSE) }

// interval writes 0.1234 [0.12, 0.13].
func interval(i exact.Interval) string { return fmt.Sprintf("%.4f [%.4f, %.4f]", i.Value, i.Lo, i.Hi) }

// countOf is n with the noun phrase one or many as n asks: "1 template
// has", "2 templates have".
func countOf(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// agreementCount says how many templates' runs agree, by prior.
func agreementCount(cs []ExactComparison) string {
	var alphas []float64
	agree, total := map[float64]int{}, map[float64]int{}
	for _, c := range cs {
		if total[c.Alpha] == 0 {
			alphas = append(alphas, c.Alpha)
		}
		total[c.Alpha]++
		if c.Agrees() {
			agree[c.Alpha]++
		}
	}
	var parts []string
	for i, a := range alphas {
		of := "of"
		if i == 0 {
			of = "of the"
		}
		parts = append(parts, fmt.Sprintf("%d %s %d ensembles at α = %g", agree[a], of, total[a], a))
	}
	return fmt.Sprintf("The template has a reference (its two runs agree, and so does every other ensemble's pair on the same posterior) for %s.", strings.Join(parts, ", ")) + sharedTemplates(cs)
}

// sharedTemplates says which runs ended on one template at one prior: a
// template's posterior depends on its widths, the prior and the data, not
// on the run that found it, so such runs share one posterior (and their
// runs from optimised initialisations, which do not depend on the Stein
// particles, are one run); they are counted once per training run.
func sharedTemplates(cs []ExactComparison) string {
	type key struct {
		alpha float64
		arch  string
	}
	var order []key
	sizes := map[key][]string{}
	split := map[key]bool{}
	for _, c := range cs {
		k := key{c.Alpha, widths(c.Arch.Widths)}
		if len(sizes[k]) == 0 {
			order = append(order, k)
		}
		sizes[k] = append(sizes[k], fmt.Sprintf("N = %d", c.Particles))
		split[k] = split[k] || !c.Reference.Agrees()
	}
	var out string
	for _, k := range order {
		n := sizes[k]
		if len(n) < 2 {
			continue
		}
		out += fmt.Sprintf(" At α = %g the runs of %s ended on one template, %s: one posterior, counted once per run", k.alpha, strings.Join(n, " and "), k.arch)
		if split[k] {
			out += "; its pairs of runs do not all agree, so none of them is its reference"
		}
		out += "."
	}
	return out
}

// bandsTable compares the push-forwards inside the training range where
// the reference runs agree, gives both runs' numbers where they do not,
// and says whether more particles bring the bands closer to the
// posterior's.
func bandsTable(w io.Writer, cs []ExactComparison) {
	fmt.Fprintf(w, "Push-forward inside the training range (package compare), against the reference where the two runs agree: the Stein ensemble's central band width over the median band of N reference draws (N = its size, over %d subsamples of the %d pooled draws) and over the band of all draws, with 90%% intervals; the W1 between the push-forwards, all of it and between their central 90%%, summed over the entries; the share of the constrained weights exactly at 0 (Stein: clipped by the flow's projection) and below %g (the reference: the reflecting sampler). Extreme draws: the reference draws (the pooled draws of both runs where they do not agree) that somewhere inside the training range predict a stress off the truth by more than the largest true stress component there; the W1 of all draws includes them, the W1 between the central 90%% leaves them out. Where the runs do not agree the row says unresolved and gives the estimates against run A and run B, never one ratio.\n\n",
		cs[0].bootstrap(), len(cs[0].NUTS), compare.NearZero)
	fmt.Fprintln(w, "| particles | α | seed | reference | 90% band / N draws | 50% band / N draws | 90% band / all draws | W1 central 90% | W1 all | extreme draws | constrained at 0: Stein / reference near 0 |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|---|---|---|")
	for _, c := range cs {
		if c.Agrees() {
			m := c.Compare
			fmt.Fprintf(w, "| %d | %g | %d | agrees | %v | %v | %v | %v | %.3g | %d of %d | %.2f / %.2f |\n", c.Particles, c.Alpha, c.Seed, m.Band90Ratio, m.Band50Ratio,
				m.Band90RatioAll, m.W1Central90InRange, m.W1InRange.Estimate, c.ExtremeDraws(), len(c.NUTS), c.Zero.SteinAtZero, c.Zero.ReferenceNearZero)
			continue
		}
		a, b := c.CompareRuns[0], c.CompareRuns[1]
		fmt.Fprintf(w, "| %d | %g | %d | unresolved | A %.3g, B %.3g | A %.3g, B %.3g | A %.3g, B %.3g | A %.3g, B %.3g | A %.3g, B %.3g | %d of %d | %.2f / A %.2f, B %.2f |\n", c.Particles, c.Alpha, c.Seed,
			a.Band90Ratio.Estimate, b.Band90Ratio.Estimate, a.Band50Ratio.Estimate, b.Band50Ratio.Estimate, a.Band90RatioAll.Estimate, b.Band90RatioAll.Estimate,
			a.W1Central90InRange.Estimate, b.W1Central90InRange.Estimate, a.W1InRange.Estimate, b.W1InRange.Estimate, c.ExtremeDraws(), len(c.NUTS),
			c.Zero.SteinAtZero, a.Weights.ReferenceNearZero, b.Weights.ReferenceNearZero)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, moreParticles(cs))
}

// MinTrendSeeds is the fewest training seeds per ensemble size from which
// [moreParticles] judges a trend in N: the intervals of one seed's
// comparison hold the sampling error of its ensemble against its own
// template's draws, not the spread between training runs.
const MinTrendSeeds = 3

// moreParticles says whether the band ratio grows with the ensemble size
// beyond the intervals, among the alpha = 1/2 templates whose reference
// runs agree: the seeds' ratios at every size, and whether the intervals
// at the largest size all lie above those at the smallest.
func moreParticles(cs []ExactComparison) string {
	bySize := map[int][]compare.Estimate{}
	var sizes []int
	unresolved := 0
	for _, c := range cs {
		if c.Alpha != cs[0].Alpha {
			continue
		}
		if !c.Agrees() {
			unresolved++
			continue
		}
		if _, ok := bySize[c.Particles]; !ok {
			sizes = append(sizes, c.Particles)
		}
		bySize[c.Particles] = append(bySize[c.Particles], c.Compare.Band90Ratio)
	}
	slices.Sort(sizes)
	head := fmt.Sprintf("At α = %g, %s no reference (the runs on the template do not all agree)", cs[0].Alpha, countOf(unresolved, "ensemble's template has", "ensembles' templates have"))
	switch len(sizes) {
	case 0:
		return head + "; no ensemble's template has one, so whether more particles bring the Stein bands closer to those of as many posterior draws is not measured."
	case 1:
		return head + fmt.Sprintf("; only at N = %d does an ensemble's template have one, so whether more particles bring the Stein bands closer to those of as many posterior draws is not measured.", sizes[0])
	}
	var parts []string
	for _, n := range sizes {
		var es []string
		for _, e := range bySize[n] {
			es = append(es, fmt.Sprintf("%.2f", e.Estimate))
		}
		parts = append(parts, fmt.Sprintf("%s at N = %d", strings.Join(es, ", "), n))
	}
	small, large := bySize[sizes[0]], bySize[sizes[len(sizes)-1]]
	hiSmall, loLarge := math.Inf(-1), math.Inf(1)
	for _, e := range small {
		hiSmall = math.Max(hiSmall, e.Hi)
	}
	for _, e := range large {
		loLarge = math.Min(loLarge, e.Lo)
	}
	verdict := fmt.Sprintf("every interval at N = %d lies above every interval at N = %d: more particles bring the Stein bands closer to those of as many posterior draws", sizes[len(sizes)-1], sizes[0])
	switch {
	case len(small) < MinTrendSeeds || len(large) < MinTrendSeeds:
		verdict = fmt.Sprintf("with %s at N = %d and %s at N = %d, fewer than %d per size, a trend in N is not judged: one seed's intervals do not hold the spread between training seeds",
			countOf(len(small), "training seed", "training seeds"), sizes[0], countOf(len(large), "training seed", "training seeds"), sizes[len(sizes)-1], MinTrendSeeds)
	case loLarge <= hiSmall:
		verdict = fmt.Sprintf("the intervals at N = %d and N = %d overlap: these seeds show no trend in N beyond their spread", sizes[0], sizes[len(sizes)-1])
	}
	return fmt.Sprintf("%s; where they agree, the 90%% band ratios to N posterior draws, seed by seed, are %s; %s.", head, strings.Join(parts, "; "), verdict)
}

// coverageTable is the coverage at 50% and 90% of the ensembles of the
// first seed and of the pooled draws of their reference runs.
func coverageTable(w io.Writer, cs []ExactComparison) {
	fmt.Fprintf(w, "Coverage over the %d stress components that are not zero at the test points inside the training range (the runs of seed %d): the noise-free truth inside the central push-forward band, and a fresh noisy observation (seed %d) inside the central interval of the plug-in predictive (the push-forward plus the likelihood's N(0, sigma^2)). The reference rows pool the two runs' draws; where the runs do not agree the row says so, and its numbers are those of draws that are not a reference.\n\n", cs[0].SteinCoverage.Entries, cs[0].Seed, FreshSeed)
	fmt.Fprintln(w, "| ensemble | truth in 50% band | truth in 90% band | observation in 50% interval | observation in 90% interval |")
	fmt.Fprintln(w, "|---|---|---|---|---|")
	i50, i90 := levelIndex(0.5), levelIndex(0.9)
	for _, c := range cs {
		if c.Seed != cs[0].Seed {
			continue
		}
		for _, e := range []struct {
			name string
			cov  [2][]float64
		}{
			{fmt.Sprintf("cSVGD, α = %g, %d particles (last stage)", c.Alpha, c.Particles), [2][]float64{c.SteinCoverage.Truth, c.SteinCoverage.Predictive}},
			{fmt.Sprintf("the two runs on its template (%d draws, %s)", len(c.NUTS), templateVerdict(c)), [2][]float64{c.NUTSCoverage.Truth, c.NUTSCoverage.Predictive}},
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

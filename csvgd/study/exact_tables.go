package study

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"github.com/csvgd/csvgd-go/csvgd/calibration"
	"github.com/csvgd/csvgd-go/csvgd/compare"
	"github.com/csvgd/csvgd-go/csvgd/exact"
	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"github.com/csvgd/csvgd-go/csvgd/runcache"
)

// ExactTables writes the comparison of the Stein ensembles with the exact
// posterior of their templates as Markdown: the NUTS runs and Stan's
// criteria, the agreement of two NUTS runs of one template, the band
// ratios and distances with their intervals and what they say about more
// particles, the constrained weights at 0, and the coverage at 50% and
// 90%, each table under a one-line caption, and the summary of
// [ExactSummary].
func ExactTables(w io.Writer, s *Store) error {
	cs, err := ExactComparisons(s)
	if err != nil {
		return err
	}
	samplerTable(w, cs)
	fmt.Fprintln(w)
	if err := agreementTable(w, s, cs[0]); err != nil {
		return err
	}
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

// ExactSamplerTable writes the first table of [ExactTables]: the NUTS
// runs and Stan's criteria.
func ExactSamplerTable(w io.Writer, s *Store) error {
	cs, err := ExactComparisons(s)
	if err == nil {
		samplerTable(w, cs)
	}
	return err
}

// ExactAgreementTable writes the second table of [ExactTables]: two NUTS
// runs of one template.
func ExactAgreementTable(w io.Writer, s *Store) error {
	cs, err := ExactComparisons(s)
	if err != nil {
		return err
	}
	return agreementTable(w, s, cs[0])
}

// ExactBandsTable writes the third table of [ExactTables]: the band
// ratios and distances, and the verdict on more particles.
func ExactBandsTable(w io.Writer, s *Store) error {
	cs, err := ExactComparisons(s)
	if err == nil {
		bandsTable(w, cs)
	}
	return err
}

// ExactCoverageTable writes the last table of [ExactTables]: the
// coverage at 50% and 90%.
func ExactCoverageTable(w io.Writer, s *Store) error {
	cs, err := ExactComparisons(s)
	if err == nil {
		coverageTable(w, cs)
	}
	return err
}

// samplerTable is what the NUTS runs cost and what their diagnostics say.
func samplerTable(w io.Writer, cs []ExactComparison) {
	r0, c0 := cs[0].Report, cs[0].Config
	fmt.Fprintf(w, "NUTS on the template each run's last stage ran on: %d chains (%d of them from perturbed particles), %d warm-up and %d kept iterations each, target acceptance %g, %s metric, trees of at most 2^%d - 1 steps; R-hat and ESS of the push-forward are over the %d stresses at %d test points inside the training range. Stan's criteria: at most %.0f%% divergent transitions, R-hat at most %.2f, bulk and tail ESS at least %d, E-BFMI at least %.1f in every chain.\n\n",
		r0.Chains, r0.Overdispersed, r0.Warmup, r0.Draws, c0.Accept, c0.Metric, c0.MaxDepth, r0.Watched, r0.Watched/6,
		100*exact.MaxDivergentShare, exact.MaxRHat, exact.MinESS, exact.MinEBFMI)
	fmt.Fprintln(w, "| particles | seed | template (weights) | seconds | R-hat | bulk ESS | tail ESS | divergent | E-BFMI min | log density: R-hat | at the depth limit | log prior / log-likelihood drift | 90% band: first / second halves | Stan's criteria |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
	met := 0
	for _, c := range cs {
		r := c.Report
		verdict := criteria(r)
		if len(r.Misses()) == 0 {
			met++
		}
		fmt.Fprintf(w, "| %d | %d | %s (%d) | %.0f | %.3f | %.0f | %.0f | %d (%.1f%%) | %.2f | %.2f | %.0f%% | %+.1f / %+.1f | %.4f / %.4f | %s |\n",
			c.Particles, c.Seed, widths(c.Arch.Widths), c.Arch.NumParams(), r.Seconds, r.RHatMax, r.ESSBulkMin, r.ESSTailMin,
			r.Divergences, 100*r.DivergentShare(), r.EBFMIMin, r.LogDensityRHat, 100*r.MaxDepthShare(),
			r.LogPriorDrift, r.LogLikelihoodDrift, r.Band90Halves[0], r.Band90Halves[1], verdict)
	}
	lo, hi := minMax(cs, func(c ExactComparison) float64 { return c.Report.LogDensityRHat })
	fmt.Fprintf(w, "\n%d of the %d NUTS runs meet Stan's criteria%s; the log density's R-hat ranges from %.2f to %.2f.\n",
		met, len(cs), exactWord(met, len(cs)), lo, hi)
}

// exactWord says which runs the text may call the exact posterior.
func exactWord(met, n int) string {
	switch met {
	case n:
		return ": their draws are called the exact posterior below"
	case 0:
		return ": none of their draws is called the exact posterior below"
	}
	return ": only their draws are called the exact posterior below, the others the reference"
}

// minMax is the smallest and the largest value of v over cs.
func minMax(cs []ExactComparison, v func(ExactComparison) float64) (float64, float64) {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, c := range cs {
		lo, hi = math.Min(lo, v(c)), math.Max(hi, v(c))
	}
	return lo, hi
}

// widths writes a template as 3-5-7-1.
func widths(ws []int) string {
	s := make([]string, len(ws))
	for i, v := range ws {
		s[i] = fmt.Sprint(v)
	}
	return strings.Join(s, "-")
}

// agreementTable compares the first comparison's NUTS run with the run of
// ExactAgreementRun: the same template with another seed and settings.
func agreementTable(w io.Writer, s *Store, c ExactComparison) error {
	alt := s.ExactAgreementRun()
	r, err := s.NUTS(alt)
	if err != nil {
		return err
	}
	a, err := compare.Agree(c.NUTS, predictions(r, c), c.Test, compare.Options{Bootstrap: 300, Seed: CompareOptions.Seed})
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "Two NUTS runs on the template of %s: the default (seed %d, %d kept iterations per chain) and one with seed %d and %d kept iterations per chain; the ratio of their mean band widths inside the training range with a 90%% bootstrap interval (1 inside: they agree within Monte Carlo error).\n\n",
		c.Label, c.Config.Seed, c.Config.Draws, alt.Config.Seed, alt.Config.Draws)
	fmt.Fprintln(w, "| run | R-hat | bulk ESS | tail ESS | divergent | log density: R-hat | 90% band | 50% band |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|")
	for _, row := range []struct {
		name string
		r    exact.Report
		pred hyperelastic.Predictions
	}{{"default", c.Report, c.NUTS}, {"other seed, twice the draws", r.Report, predictions(r, c)}} {
		b90, err := calibration.BandWidth(row.pred, c.Test, 0.9)
		if err != nil {
			return err
		}
		b50, err := calibration.BandWidth(row.pred, c.Test, 0.5)
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "| %s | %.3f | %.0f | %.0f | %d (%.1f%%) | %.2f | %.4f | %.4f |\n", row.name, row.r.RHatMax, row.r.ESSBulkMin, row.r.ESSTailMin,
			row.r.Divergences, 100*row.r.DivergentShare(), row.r.LogDensityRHat, b90, b50)
	}
	fmt.Fprintf(w, "| ratio | | | | | | %v | %v |\n", a.Band90Ratio, a.Band50Ratio)
	return nil
}

// predictions are the NUTS run r's draws' predictions at c's test points.
func predictions(r *runcache.NUTSResult, c ExactComparison) hyperelastic.Predictions {
	return exact.HostPredict(r.Arch, c.Test, r.Draws)
}

// bandsTable compares the push-forwards inside the training range, and
// says whether more particles bring the bands closer to the posterior's.
func bandsTable(w io.Writer, cs []ExactComparison) {
	fmt.Fprintf(w, "Push-forward inside the training range (package compare): the Stein ensemble's central band width over the median band of N reference draws (N = its size, over %d subsamples of the %d kept draws) and over the band of all draws, with 90%% intervals; the W1 between the push-forwards, all of it and between their central 90%%, summed over the entries; the share of the constrained weights exactly at 0 (Stein: clipped by the flow's projection) and below %g (NUTS: the reflecting sampler).\n\n",
		CompareOptions.Bootstrap, cs[0].Compare.ReferenceDraws, compare.NearZero)
	fmt.Fprintln(w, "| particles | seed | 90% band / N draws | 50% band / N draws | 90% band / all draws | W1 central 90% | W1 all | extreme draws | constrained at 0: Stein / NUTS near 0 |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|---|")
	for _, c := range cs {
		m := c.Compare
		mark := ""
		if len(c.Report.Misses()) > 0 {
			mark = " (reference misses a criterion)"
		}
		fmt.Fprintf(w, "| %d | %d%s | %v | %v | %v | %v | %.3g | %d of %d | %.2f / %.2f |\n", c.Particles, c.Seed, mark, m.Band90Ratio, m.Band50Ratio,
			m.Band90RatioAll, m.W1Central90InRange, m.W1InRange.Estimate, c.ExtremeDraws(), len(c.NUTS), m.Weights.SteinAtZero, m.Weights.ReferenceNearZero)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, moreParticles(cs))
}

// moreParticles says whether the band ratio grows with the ensemble size
// beyond the intervals: the seeds' ratios at every size, and whether the
// intervals at the largest size all lie above those at the smallest.
func moreParticles(cs []ExactComparison) string {
	bySize := map[int][]compare.Estimate{}
	var sizes []int
	for _, c := range cs {
		if _, ok := bySize[c.Particles]; !ok {
			sizes = append(sizes, c.Particles)
		}
		bySize[c.Particles] = append(bySize[c.Particles], c.Compare.Band90Ratio)
	}
	slices.Sort(sizes)
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
	if loLarge <= hiSmall {
		verdict = fmt.Sprintf("the intervals at N = %d and N = %d overlap: within them, more particles do not bring the Stein bands closer to those of as many posterior draws", sizes[0], sizes[len(sizes)-1])
	}
	return fmt.Sprintf("The 90%% band ratios to N posterior draws, seed by seed, are %s; %s.", strings.Join(parts, "; "), verdict)
}

// coverageTable is the coverage at 50% and 90% of the ensembles of the
// first seed and of their NUTS draws.
func coverageTable(w io.Writer, cs []ExactComparison) {
	fmt.Fprintf(w, "Coverage over the %d stress components that are not zero at the test points inside the training range (the runs of seed %d): the noise-free truth inside the central push-forward band, and a fresh noisy observation (seed %d) inside the central interval of the plug-in predictive (the push-forward plus the likelihood's N(0, sigma^2)).\n\n", cs[0].SteinCoverage.Entries, cs[0].Seed, FreshSeed)
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
			{fmt.Sprintf("cSVGD, %d particles (last stage)", c.Particles), [2][]float64{c.SteinCoverage.Truth, c.SteinCoverage.Predictive}},
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

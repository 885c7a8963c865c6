package study

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"github.com/csvgd/csvgd-go/csvgd/compare"
	"github.com/csvgd/csvgd-go/csvgd/exact"
)

// DriftSummary describes in three sentences what changes in the NUTS run
// of report r from the first to the second half of its chains: the log
// density's R-hat, the drift of the log prior and of the log-likelihood,
// and the 90% band of the watched stresses over both halves, each
// difference described, not tested (no Monte Carlo standard error).
func DriftSummary(r exact.Report) string {
	// Which of the two moved more is described, not interpreted: neither
	// change carries a Monte Carlo standard error here.
	moving := "the log prior moved more than the log-likelihood"
	if math.Abs(r.LogLikelihoodDrift) >= math.Abs(r.LogPriorDrift) {
		moving = "the log-likelihood moved at least as much as the log prior"
	}
	moving += " (neither change is tested against its Monte Carlo error)"
	change := r.Band90Halves[1]/r.Band90Halves[0] - 1
	// The halves' bands carry no Monte Carlo standard error here, so their
	// difference is described, not tested: it can be chance as well as a
	// change with what keeps moving.
	depends := fmt.Sprintf("%+.0f%% apart; no standard error of the halves is computed, so this difference is not tested against their Monte Carlo error and does not say whether the bands change with what keeps moving", 100*change)
	return fmt.Sprintf("Log density R-hat %.2f (%.0f%% of the transitions at the depth limit). From the first to the second half of the chains the log prior changed by %+.2f on average and the log-likelihood by %+.2f: %s. "+
		"The mean 90%% band of the watched stresses (the ones that are zero at every test point included) is %.4f wide over the first halves and %.4f over the second, %s.",
		r.LogDensityRHat, 100*r.MaxDepthShare(), r.LogPriorDrift, r.LogLikelihoodDrift, moving, r.Band90Halves[0], r.Band90Halves[1], depends)
}

// ExactSummary writes what the comparison showed as a Markdown list of
// five items: how many ensembles' templates have a reference and what the
// log density's R-hat says of the runs, the band ratios where the runs
// agree, the verdict on more particles, the constrained weights at 0, and
// the coverage of the truth by the 90% bands.
func ExactSummary(w io.Writer, s *Store) error {
	cs, err := ExactComparisons(s)
	if err == nil {
		summary(w, cs)
	}
	return err
}

// summary is ExactSummary of the comparisons cs.
func summary(w io.Writer, cs []ExactComparison) {
	fmt.Fprintf(w, "- %s %s\n", agreementCount(cs), weightSpaceMixing(cs))
	fmt.Fprintf(w, "- %s\n", agreedRatios(cs))
	fmt.Fprintf(w, "- %s\n", moreParticles(cs))
	var at, near []float64
	for _, c := range cs {
		at, near = append(at, c.Zero.SteinAtZero), append(near, c.Zero.ReferenceNearZero)
	}
	fmt.Fprintf(w, "- Constrained weights exactly at 0: %s of the Stein particles' (clipped); below %g: %s of the two runs' pooled draws.\n", span(at), compare.NearZero, span(near))
	fmt.Fprintf(w, "- %s\n", truthCoverage(cs))
}

// truthCoverage is the range of the shares of entries whose truth lies
// inside the 90% band, for the Stein ensembles of the first seed and for
// the two runs' pooled draws, those of templates with a reference apart
// from those without.
func truthCoverage(cs []ExactComparison) string {
	var st, ref, unres []float64
	i90 := levelIndex(0.9)
	for _, c := range cs {
		if c.Seed != cs[0].Seed {
			continue
		}
		st = append(st, c.SteinCoverage.Truth[i90])
		if c.Agrees() {
			ref = append(ref, c.NUTSCoverage.Truth[i90])
		} else {
			unres = append(unres, c.NUTSCoverage.Truth[i90])
		}
	}
	pooled := func(vs []float64, what string) string {
		if len(vs) == 0 {
			return "no ensemble " + what
		}
		return fmt.Sprintf("%s for the %s %s", span(vs), countOf(len(vs), "ensemble", "ensembles"), what)
	}
	return fmt.Sprintf("The truth lies inside the 90%% band at %s of the entries for the Stein ensembles of seed %d; for the two runs' pooled draws, at %s and %s (credible bands of a tempered posterior: no coverage is promised, and the entries are correlated, not independent trials).",
		span(st), cs[0].Seed, pooled(ref, "whose template has a reference"), pooled(unres, "whose template has none (runs unresolved)"))
}

// weightSpaceMixing says what an agreement does not cover: the range of
// the log density's R-hat over every reference run, and the range of
// their shares of transitions at the depth limit.
func weightSpaceMixing(cs []ExactComparison) string {
	var rhat, depth []float64
	seen := map[string]bool{}
	for _, c := range cs {
		for _, run := range c.Reference.Runs {
			if k := runKey(c, run); !seen[k] {
				seen[k] = true
				rhat, depth = append(rhat, run.Report.LogDensityRHat), append(depth, run.Report.MaxDepthShare())
			}
		}
	}
	if len(rhat) == 0 {
		return ""
	}
	return fmt.Sprintf("An agreement is of NUTS runs in function space only: over the %d distinct runs the log density's R-hat ranges from %.2f to %.2f (%s), and %s of their transitions stop at the depth limit.",
		len(rhat), slices.Min(rhat), slices.Max(rhat), mixedWord(slices.Min(rhat), slices.Max(rhat)), span(depth))
}

// mixedWord says how many runs' log-density R-hat meets the 1.01 of
// Stan's diagnostics, from the smallest and the largest of them.
func mixedWord(minRHat, maxRHat float64) string {
	switch {
	case maxRHat <= exact.MaxRHat:
		return fmt.Sprintf("every run within %.2f", exact.MaxRHat)
	case minRHat > exact.MaxRHat:
		return fmt.Sprintf("even the smallest above %.2f: no run's chains mixed in weight space", exact.MaxRHat)
	}
	return fmt.Sprintf("the largest above %.2f: not every run's chains mixed in weight space", exact.MaxRHat)
}

// agreedRatios are the 90% band ratios to N posterior draws of the
// templates whose reference runs agree, by prior, with their intervals.
func agreedRatios(cs []ExactComparison) string {
	var parts []string
	for _, c := range cs {
		if c.Agrees() {
			parts = append(parts, fmt.Sprintf("%v (α = %g, N = %d, seed %d)", c.Compare.Band90Ratio, c.Alpha, c.Particles, c.Seed))
		}
	}
	if len(parts) == 0 {
		return "No template has a reference: no Stein-to-posterior ratio is quoted."
	}
	return "Where the runs agree, the Stein ensemble's 90% band over that of as many posterior draws is " + strings.Join(parts, "; ") + "."
}

// span writes the range of shares vs as "a-b%" (or "a%" when they agree
// to the percent).
func span(vs []float64) string {
	lo, hi := 100*slices.Min(vs), 100*slices.Max(vs)
	if math.Round(lo) == math.Round(hi) {
		return fmt.Sprintf("%.0f%%", lo)
	}
	return strings.Join([]string{fmt.Sprintf("%.0f", lo), fmt.Sprintf("%.0f%%", hi)}, "-")
}

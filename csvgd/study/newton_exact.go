package study

import (
	"fmt"
	"io"
	"strings"

	"github.com/csvgd/csvgd-go/csvgd/exact"
	"github.com/csvgd/csvgd-go/csvgd/runcache"
	"github.com/csvgd/csvgd-go/csvgd/svn"
)

// NewtonBandGoal is the range of the 90% band ratio (package compare's
// band90_ratio) within which an ensemble's spread counts as the
// posterior's: a factor of 1.25 either way.
var NewtonBandGoal = [2]float64{0.8, 1.25}

// NewtonExactTemplates are the runs of the Newton study compared with the
// posterior of their last stage's template: every update and size, seed
// 1 (the seeds of ExactSeeds: every template costs two sampler runs),
// size by size. The first-order runs are templates of
// [Plan.ExactTemplates] (their reference runs shared by key).
func (p Plan) NewtonExactTemplates() []runcache.Spec {
	var out []runcache.Spec
	for _, n := range p.newtonSizes() {
		for _, u := range NewtonUpdates {
			for _, seed := range p.ExactSeeds() {
				out = append(out, p.NewtonRun(u, n, seed))
			}
		}
	}
	return out
}

// NewtonExactRuns are the reference runs of every template of
// NewtonExactTemplates ([Plan.ReferenceRuns]).
func (p Plan) NewtonExactRuns() []runcache.NUTSSpec {
	var out []runcache.NUTSSpec
	for _, r := range p.NewtonExactTemplates() {
		out = append(out, p.ReferenceRuns(r)...)
	}
	return out
}

// NewtonComparison is a run of NewtonExactTemplates against its
// reference runs.
type NewtonComparison struct {
	Update svn.Update
	ExactComparison
}

// NewtonComparisons compares every run of NewtonExactTemplates with its
// reference runs (both trained and sampled when they are not cached),
// the pairs of runs on one posterior judged together as in
// ExactComparisons.
func NewtonComparisons(s *Store) ([]NewtonComparison, error) {
	runs := s.NewtonExactTemplates()
	cs, err := comparePosteriors(s, runs)
	if err != nil {
		return nil, err
	}
	out := make([]NewtonComparison, len(cs))
	for i, c := range cs {
		out[i] = NewtonComparison{Update: runs[i].Config.Update.Or(), ExactComparison: c}
	}
	return out, nil
}

// NewtonExactTable writes the comparison of the Newton study's runs with
// the posterior of their last stage's template: per run, the agreement of
// the two reference runs (their 90% band widths, nested R-hat, the
// verdict), the band ratios with their 90% intervals where they agree and
// both runs' estimates where they do not, and the coverage of the truth;
// then per size and update, the seeds' 90% band ratios with an agreeing
// reference and how many reach NewtonBandGoal.
func NewtonExactTable(w io.Writer, s *Store) error {
	cs, err := NewtonComparisons(s)
	if err != nil {
		return err
	}
	newtonExactTable(w, cs, s.newtonSizes())
	return nil
}

// newtonExactTable is NewtonExactTable of the comparisons cs, with the
// goal lines of the given sizes.
func newtonExactTable(w io.Writer, cs []NewtonComparison, sizes []int) {
	i90 := levelIndex(0.9)
	fmt.Fprintf(w, "Against the posterior of the template each run's last stage ran on, sampled twice as docs/exact-posterior.md describes (run A from the Stein particles, run B from optimised initialisations): the two runs' in-range 90%% band widths with their standard errors, nested R-hat and the verdict (exact.Agree: whether the two NUTS runs agree in function space), beside each run's log-density R-hat and share of transitions at the depth limit (whether its chains mixed in weight space); where they agree, package compare's ratios of the central band widths inside the training range over those of as many posterior draws (the pooled draws), with 90%% intervals; where they do not, the estimates against run A and run B, and no ratio. Last, the coverage of the noise-free truth by the 90%% band: the Stein ensemble's, and the pooled draws' where the runs agree (– where they are no reference).\n\n")
	fmt.Fprintln(w, "| particles | update | seed | last stage's template (weights) | 90% band: run A / run B | nested R-hat | log density R-hat A / B | at the depth limit A / B | NUTS runs agree in function space? | 90% band / N draws | 50% band / N draws | truth in 90% band: Stein / reference |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|---|---|---|---|")
	for _, c := range cs {
		a := c.Reference.Agreement
		ra, rb := c.Reference.Runs[0].Report, c.Reference.Runs[1].Report
		r90, r50, ref := "", "", "–" // ref: the pooled draws' coverage, only where they are a reference
		if c.Agrees() {
			r90, r50 = c.Compare.Band90Ratio.String(), c.Compare.Band50Ratio.String()
			ref = fmt.Sprintf("%.2f", c.NUTSCoverage.Truth[i90])
		} else {
			r90 = fmt.Sprintf("A %.3g, B %.3g", c.CompareRuns[0].Band90Ratio.Estimate, c.CompareRuns[1].Band90Ratio.Estimate)
			r50 = fmt.Sprintf("A %.3g, B %.3g", c.CompareRuns[0].Band50Ratio.Estimate, c.CompareRuns[1].Band50Ratio.Estimate)
		}
		fmt.Fprintf(w, "| %d | %s | %d | %s (%d) | %s / %s | %.3f | %.2f / %.2f | %.0f%% / %.0f%% | %s | %s | %s | %.2f / %s |\n", c.Particles, c.Update, c.Seed, widths(c.Arch.Widths), c.Arch.NumParams(),
			estimate(a.Runs[0].Band90), estimate(a.Runs[1].Band90), a.NestedRHat, ra.LogDensityRHat, rb.LogDensityRHat, 100*ra.MaxDepthShare(), 100*rb.MaxDepthShare(),
			a.Verdict, r90, r50, c.SteinCoverage.Truth[i90], ref)
	}
	fmt.Fprintln(w)
	for _, n := range sizes {
		for _, u := range NewtonUpdates {
			newtonGoalLine(w, cs, n, u)
		}
	}
}

// newtonGoalLine is the line of the update u at n particles under the
// Newton study's comparison: its seeds' 90% band ratios with their
// intervals where the reference runs agree, how many of them lie within
// NewtonBandGoal, how many more have an interval that reaches it (too
// wide to say), and how many seeds have no reference.
func newtonGoalLine(w io.Writer, cs []NewtonComparison, n int, u svn.Update) {
	var ratios []string
	in, reach, unresolved := 0, 0, 0
	lo, hi := NewtonBandGoal[0], NewtonBandGoal[1]
	for _, c := range cs {
		if c.Update != u || c.Particles != n {
			continue
		}
		if !c.Agrees() {
			unresolved++
			continue
		}
		r := c.Compare.Band90Ratio
		ratios = append(ratios, r.String())
		switch {
		case r.Estimate >= lo && r.Estimate <= hi:
			in++
		case r.Lo <= hi && r.Hi >= lo:
			reach++
		}
	}
	if len(ratios) == 0 {
		fmt.Fprintf(w, "- %d particles, %s: unresolved: no seed's reference runs agree (%d of %d), no ratio.\n", n, u, unresolved, unresolved)
		return
	}
	line := fmt.Sprintf("- %d particles, %s: 90%% band ratio %s where the reference runs agree; %d of %d within [%g, %g]", n, u, strings.Join(ratios, ", "), in, len(ratios), lo, hi)
	if reach > 0 {
		line += fmt.Sprintf(", %d more whose interval reaches it (too wide to say)", reach)
	}
	fmt.Fprintf(w, "%s; %s unresolved.\n", line, countOf(unresolved, "seed", "seeds"))
}

// criteria is "met", or "missed: " and the criteria of Stan that the run
// misses with their measured values.
func criteria(r exact.Report) string {
	if m := r.Misses(); len(m) > 0 {
		return "missed: " + strings.Join(m, "; ")
	}
	return "met"
}

// NewtonTables are the table "newton" of csvgd reproduce: the Newton
// study ([NewtonTable]) and its comparison with the posterior of the last
// stages' templates ([NewtonExactTable]).
func NewtonTables(w io.Writer, s *Store) error {
	if err := NewtonTable(w, s); err != nil {
		return err
	}
	fmt.Fprintln(w)
	return NewtonExactTable(w, s)
}

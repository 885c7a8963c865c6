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

// NewtonExactRuns are the NUTS runs of the comparison of the Newton study
// with the posterior: for every update, size and seed of the study, the
// posterior of the template the run's last stage ran on, with the
// reference's default settings. The first-order runs' are runs of
// [Plan.ExactRuns] (shared by key).
func (p Plan) NewtonExactRuns() []runcache.NUTSSpec {
	var out []runcache.NUTSSpec
	for _, n := range p.newtonSizes() {
		for _, u := range NewtonUpdates {
			for _, seed := range p.newtonSeeds() {
				out = append(out, runcache.NUTSSpec{Run: p.NewtonRun(u, n, seed), Config: exact.DefaultConfig(p.Quick)})
			}
		}
	}
	return out
}

// NewtonComparison is a run of NewtonExactRuns against its NUTS run.
type NewtonComparison struct {
	Update svn.Update
	ExactComparison
}

// NewtonComparisons compares every run of NewtonExactRuns with its NUTS
// run (both trained and sampled when they are not cached).
func NewtonComparisons(s *Store) ([]NewtonComparison, error) {
	var out []NewtonComparison
	for _, n := range s.NewtonExactRuns() {
		c, err := compareExact(s, n)
		if err != nil {
			return nil, fmt.Errorf("study: %s against NUTS: %w", n.Run.Label, err)
		}
		out = append(out, NewtonComparison{Update: n.Run.Config.Update.Or(), ExactComparison: c})
	}
	return out, nil
}

// NewtonExactTable writes the comparison of the Newton study's runs with
// the posterior of their last stage's template: per run, whether the NUTS
// run meets Stan's criteria, the band ratios with their 90% intervals and
// the coverage of the truth; then per size and update, the seeds' 90% band
// ratios and how many reach NewtonBandGoal.
func NewtonExactTable(w io.Writer, s *Store) error {
	cs, err := NewtonComparisons(s)
	if err != nil {
		return err
	}
	i90 := levelIndex(0.9)
	fmt.Fprintf(w, "Against the posterior of the template each run's last stage ran on (NUTS with the settings of exact-posterior.md; package compare's ratios of the central band widths inside the training range over those of as many posterior draws, with 90%% intervals), and the coverage of the noise-free truth by the 90%% band.\n\n")
	fmt.Fprintln(w, "| particles | update | seed | last stage's template (weights) | NUTS: Stan's criteria | 90% band / N draws | 50% band / N draws | truth in 90% band: Stein / NUTS |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|")
	for _, c := range cs {
		fmt.Fprintf(w, "| %d | %s | %d | %s (%d) | %s | %v | %v | %.2f / %.2f |\n", c.Particles, c.Update, c.Seed, widths(c.Arch.Widths), c.Arch.NumParams(),
			criteria(c.Report), c.Compare.Band90Ratio, c.Compare.Band50Ratio, c.SteinCoverage.Truth[i90], c.NUTSCoverage.Truth[i90])
	}
	fmt.Fprintln(w)
	for _, n := range s.newtonSizes() {
		for _, u := range NewtonUpdates {
			newtonGoalLine(w, cs, n, u)
		}
	}
	return nil
}

// newtonGoalLine is the line of the update u at n particles under the
// Newton study's NUTS comparison: its seeds' 90% band ratios and how many
// of them lie within NewtonBandGoal.
func newtonGoalLine(w io.Writer, cs []NewtonComparison, n int, u svn.Update) {
	var ratios []string
	in := 0
	for _, c := range cs {
		if c.Update != u || c.Particles != n {
			continue
		}
		e := c.Compare.Band90Ratio.Estimate
		ratios = append(ratios, fmt.Sprintf("%.3f", e))
		if e >= NewtonBandGoal[0] && e <= NewtonBandGoal[1] {
			in++
		}
	}
	seeds := "seeds"
	if len(ratios) == 1 {
		seeds = "seed"
	}
	fmt.Fprintf(w, "- %d particles, %s: 90%% band ratio %s; %d of %d %s within [%g, %g].\n", n, u, strings.Join(ratios, ", "), in, len(ratios), seeds, NewtonBandGoal[0], NewtonBandGoal[1])
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

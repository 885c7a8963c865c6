package study

import (
	"fmt"
	"io"
	"math"
	"strings"
)

// Verdict is how a claim of the paper fares against this project's runs.
type Verdict int

// The verdicts of a [Check].
const (
	Holds       Verdict = iota // the runs show what the paper states
	HoldsPartly                // they show part of it (one measure, or some of the cases)
	DoesNotHold                // they show otherwise
	NotMeasured                // the runs hold no evidence either way (e.g. quick mode lacks the case)
)

// String is the verdict as the scorecards print it.
func (v Verdict) String() string {
	switch v {
	case Holds:
		return "holds"
	case HoldsPartly:
		return "holds in part"
	case DoesNotHold:
		return "does not hold"
	case NotMeasured:
		return "not measured"
	}
	return fmt.Sprintf("Verdict(%d)", int(v))
}

// Claim is a statement of the paper that this project's runs can test:
// the paper's words, where they stand, and the test that decides the
// verdict, with its thresholds.
type Claim struct {
	Section string // the notebook's section of the paper: "5.1-5.3", "5.4", "5.5" or "5.6"
	Source  string // where in the paper, e.g. "Sec. 5.4, on Fig. graph_condense_speedup"
	Quote   string // the paper's words
	Test    string // how the runs decide it
	// Implementation marks a check of what the code was written to do
	// (e.g. that a schedule ran as programmed) rather than a finding of
	// the paper's: the scorecard prints it but leaves it out of the count.
	Implementation bool
}

// Check is a claim with its verdict and the reproduced numbers behind it.
type Check struct {
	Claim
	Verdict  Verdict
	Evidence string // the reproduced numbers, as the scorecard prints them
}

// claimCheck is a claim with the function that checks it on the runs of
// a store.
type claimCheck struct {
	Claim
	check func(s *Store) (Verdict, string, error)
}

// VerdictRule is how a test over several cases or measures decides its
// verdict ([share]), as the scorecards state it under their tables.
const VerdictRule = "A test over several cases or measures (e.g. W1 inside the training range and over the whole path) holds when every one passes, holds in part when at least half of them pass, and does not hold when fewer than half do. Rows marked as a check of the implementation test what the code was written to do, not a finding of the paper, and are left out of the count."

// ScorecardSections are the sections of the paper that have a scorecard,
// in order: the notebooks 03 to 06.
var ScorecardSections = []string{"5.1-5.3", "5.4", "5.5", "5.6"}

// Claims are the paper's claims that the scorecard of section checks, in
// the paper's order (all sections when section is "").
func Claims(section string) []Claim {
	var out []Claim
	for _, c := range paperClaims {
		if section == "" || c.Section == section {
			out = append(out, c.Claim)
		}
	}
	return out
}

// Scorecard checks the claims of the paper's section (one of
// ScorecardSections) against the runs of s (cached, or trained now).
func Scorecard(s *Store, section string) ([]Check, error) {
	var out []Check
	for _, c := range paperClaims {
		if c.Section != section {
			continue
		}
		v, ev, err := c.check(s)
		if err != nil {
			return nil, fmt.Errorf("study: scorecard of Sec. %s, claim %q: %w", section, c.Quote, err)
		}
		out = append(out, Check{Claim: c.Claim, Verdict: v, Evidence: ev})
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("study: no scorecard for Sec. %q (there are: %s)", section, strings.Join(ScorecardSections, ", "))
	}
	return out, nil
}

// ScorecardTable returns the writer of the scorecard of section as a
// Markdown table (for the notebooks' nbutil.ShowTable): one row per claim,
// with where the paper makes it, its words, the test, the reproduced
// numbers and the verdict, and a line that counts the verdicts.
func ScorecardTable(section string) func(io.Writer, *Store) error {
	return func(w io.Writer, s *Store) error {
		checks, err := Scorecard(s, section)
		if err != nil {
			return err
		}
		return WriteScorecard(w, checks, s.Quick)
	}
}

// WriteScorecard writes checks as a Markdown table; quick says that the
// runs are those of quick mode, which the table's last line then says.
func WriteScorecard(w io.Writer, checks []Check, quick bool) error {
	fmt.Fprintln(w, "| the paper (where) | test here | reproduced | verdict |")
	fmt.Fprintln(w, "|---|---|---|---|")
	count := map[Verdict]int{}
	claims := 0
	for _, c := range checks {
		test := c.Test
		if c.Implementation {
			test = "check of the implementation, not counted: " + test
		} else {
			count[c.Verdict]++
			claims++
		}
		fmt.Fprintf(w, "| “%s” (%s) | %s | %s | **%s** |\n", cell(c.Quote), cell(c.Source), cell(test), cell(c.Evidence), c.Verdict)
	}
	fmt.Fprintf(w, "\n%d claims, by verdict: %s %d, %s %d, %s %d", claims, Holds, count[Holds], HoldsPartly, count[HoldsPartly], DoesNotHold, count[DoesNotHold])
	if n := count[NotMeasured]; n > 0 {
		fmt.Fprintf(w, ", %s %d", NotMeasured, n)
	}
	if n := len(checks) - claims; n > 0 {
		fmt.Fprintf(w, " (and %d %s of the implementation)", n, map[bool]string{true: "check", false: "checks"}[n == 1])
	}
	fmt.Fprint(w, ". "+VerdictRule)
	if quick {
		fmt.Fprint(w, " Quick mode: short runs, far from converged; the verdicts are those of its runs, not of the paper's settings.")
	}
	_, err := fmt.Fprintln(w)
	return err
}

// cell escapes a table cell's text.
func cell(s string) string { return strings.ReplaceAll(s, "|", `\|`) }

// spread is the largest of vs over the smallest.
func spread(vs []float64) float64 {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, v := range vs {
		lo, hi = math.Min(lo, v), math.Max(hi, v)
	}
	return hi / lo
}

// join formats vs with format, separated by ", ".
func join(format string, vs []float64) string {
	s := make([]string, len(vs))
	for i, v := range vs {
		s[i] = fmt.Sprintf(format, v)
	}
	return strings.Join(s, ", ")
}

// share is the verdict of a claim that holds case by case ([VerdictRule]):
// Holds when it holds in all n cases, HoldsPartly in at least half of
// them (2 held >= n), DoesNotHold in fewer than half, and NotMeasured
// when there is no case. A single passing case out of many does not make
// a claim hold in part.
func share(held, n int) Verdict {
	switch {
	case n == 0:
		return NotMeasured
	case held == n:
		return Holds
	case 2*held >= n:
		return HoldsPartly
	}
	return DoesNotHold
}

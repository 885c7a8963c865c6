package explore

import (
	"fmt"
	"strings"

	"github.com/csvgd/csvgd-go/csvgd/condense"
	"github.com/csvgd/csvgd-go/csvgd/metrics"
	"github.com/csvgd/csvgd-go/csvgd/weights"
)

// MatrixSummary is what [CompareMatrix] compares of one run's weight
// matrix W_k: the template's parameters, the active weights of W_k per
// particle (|w| >= [condense.PaperThreshold]), the largest mean |w| among
// the entries whose densities are drawn ([metrics.WeightDensities]) and
// the entries whose mean |w| reaches a cutoff common to both runs.
type MatrixSummary struct {
	Label          string
	Params         int
	Active         float64
	LargestMeanAbs float64
	AtCutoff       int
}

// SummaryOf is the [MatrixSummary] of W_k of e with the common cutoff
// cutoff; an error when e fails [weights.Networks.Check] or has no layer k.
func SummaryOf(e weights.Networks, k int, cutoff float64) (MatrixSummary, error) {
	if err := e.Check(); err != nil {
		return MatrixSummary{}, err
	}
	if k < 0 || k >= len(e.Arch.Layers()) {
		return MatrixSummary{}, fmt.Errorf("%s: no weight matrix W_%d (%d layers)", e.Label, k, len(e.Arch.Layers()))
	}
	drawn, _, _ := metrics.WeightDensities(e.Arch, e.Particles, k)
	s := MatrixSummary{Label: e.Label, Params: e.Arch.NumParams()}
	for _, en := range drawn {
		s.LargestMeanAbs = max(s.LargestMeanAbs, en.MeanAbs)
	}
	c := metrics.CensusOf(e.Arch, e.Particles, k, condense.PaperThreshold, cutoff)
	s.Active, s.AtCutoff = c.Active, c.AtCutoff
	return s, nil
}

// CompareMatrix answers, for run a against run b and their matrices W_k,
// the questions "does a end on the smaller template?" and "does a leave
// fewer and larger weights of W_k?", one measure at a time, as a line:
// the smaller template (parameters), fewer active weights per particle,
// a larger largest mean |w| and fewer entries at the common cutoff
// (mean |w| >= cutoff), each "yes" or "no" with both values. "Fewer and
// larger" holds only when the last three all say yes; the line ends by
// saying whether they agree.
func CompareMatrix(a, b weights.Networks, k int, cutoff float64) (string, error) {
	sa, err := SummaryOf(a, k, cutoff)
	if err != nil {
		return "", err
	}
	sb, err := SummaryOf(b, k, cutoff)
	if err != nil {
		return "", err
	}
	yes := map[bool]string{true: "yes", false: "no"}
	fewer, larger, fewerCut := sa.Active < sb.Active, sa.LargestMeanAbs > sb.LargestMeanAbs, sa.AtCutoff < sb.AtCutoff
	parts := []string{
		fmt.Sprintf("the smaller template: %s (%d against %d parameters)", yes[sa.Params < sb.Params], sa.Params, sb.Params),
		fmt.Sprintf("fewer active weights of W_%d per particle: %s (%.1f against %.1f)", k, yes[fewer], sa.Active, sb.Active),
		fmt.Sprintf("a larger largest mean |w|: %s (%.3g against %.3g)", yes[larger], sa.LargestMeanAbs, sb.LargestMeanAbs),
		fmt.Sprintf("fewer entries with mean |w| ≥ %g: %s (%d against %d)", cutoff, yes[fewerCut], sa.AtCutoff, sb.AtCutoff),
	}
	verdict := "the measures of \"fewer and larger\" disagree"
	switch {
	case fewer && larger && fewerCut:
		verdict = "fewer and larger by every measure"
	case !fewer && !larger && !fewerCut:
		verdict = "not fewer and larger by any measure"
	}
	return fmt.Sprintf("%s against %s: %s; %s", sa.Label, sb.Label, strings.Join(parts, "; "), verdict), nil
}

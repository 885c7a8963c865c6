package study

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"github.com/csvgd/csvgd-go/csvgd/train"
)

// PenaltySummary writes what the runs of Fig. adaptive_penalty show, as
// a paragraph generated from them (for notebook 06, beside the figure and
// [PenaltyTable]): at how many noise levels the schedule reverted, how
// sparse it ends against λ = 0.05, which fixed λ is the most accurate at
// each noise level, inside the training range and over the whole path
// (with how many test points lie beyond the range, and the share of the
// whole-path W1 sums that they carry), and how the schedule's accuracy
// compares with the best fixed λ's.
func PenaltySummary(w io.Writer, s *Store) error {
	ff, fa, err := penaltyFinals(s)
	if err != nil {
		return err
	}
	_, adaptive := s.AdaptiveRuns()
	res, _, err := finals(s, adaptive)
	if err != nil {
		return err
	}
	reverted := 0
	for _, r := range res {
		for _, st := range r.Stages {
			if st.ErrorRose {
				reverted++
				break
			}
		}
	}
	levels := percents(PaperNoiseLevels)
	var b strings.Builder
	switch reverted {
	case len(res):
		b.WriteString("At every noise level the training error rose past the tolerance within the budget, and the schedule reverted λ to its initial value for a final stage on the then fixed template (the line under the table). ")
	case 0:
		b.WriteString("At no noise level did the training error rise past the tolerance within the budget; the last stage ran at the initial λ all the same (the line under the table). ")
	default:
		fmt.Fprintf(&b, "At %d of %d noise levels the training error rose past the tolerance within the budget and the schedule reverted λ; at the others the budget ended first, and the last stage ran at the initial λ all the same (the line under the table). ", reverted, len(res))
	}
	near := slices.Index(PaperPenalties, 0.05)
	sparser := 0
	for j := range fa {
		if fa[j].Active < ff[near][j].Active {
			sparser++
		}
	}
	fmt.Fprintf(&b, "It ends with %s active weights at %s noise, against %s for λ = 0.05: sparser at %d of %d noise levels.\n\n",
		join("%.1f", activeOf(fa)), levels, join("%.1f", activeOf(ff[near])), sparser, len(fa))
	var bestIn, bestWhole, bestErr []string
	var ratioIn, ratioErr []float64
	lowerWhole := 0
	for j := range fa {
		in, whole, errs := make([]float64, len(ff)), make([]float64, len(ff)), make([]float64, len(ff))
		for i := range ff {
			in[i], whole[i], errs[i] = ff[i][j].W1In, ff[i][j].W1, ff[i][j].ErrIn
		}
		bestErr = append(bestErr, fmt.Sprintf("%g", PaperPenalties[argmin(errs)]))
		ratioErr = append(ratioErr, fa[j].ErrIn/errs[argmin(errs)])
		bestIn = append(bestIn, fmt.Sprintf("%g", PaperPenalties[argmin(in)]))
		bestWhole = append(bestWhole, fmt.Sprintf("%g", PaperPenalties[argmin(whole)]))
		ratioIn = append(ratioIn, fa[j].W1In/in[argmin(in)])
		if fa[j].W1 < slices.Min(whole) {
			lowerWhole++
		}
	}
	data, err := train.LoadPaperData(PaperNoiseLevels[0]) // one test path for every noise level
	if err != nil {
		return err
	}
	inside := len(hyperelastic.WithinRange(data.Test, hyperelastic.TrainingDelta))
	lo, hi := 1.0, 0.0 // the share of each run's W1 sum from the test points beyond the training range
	for _, f := range append(slices.Concat(ff...), fa...) {
		lo, hi = min(lo, 1-f.W1In/f.W1), max(hi, 1-f.W1In/f.W1)
	}
	fmt.Fprintf(&b, "Of the test path's %d points, %d lie inside the training range (|δ| ≤ %g) and %d beyond it; the points beyond carry %.0f%% to %.0f%% of these runs' W1 sums over the whole path. ",
		len(data.Test), inside, hyperelastic.TrainingDelta, len(data.Test)-inside, 100*lo, 100*hi)
	fmt.Fprintf(&b, "The fixed λ with the lowest W1 inside the training range is %s at %s noise, and over the whole path %s. ",
		strings.Join(bestIn, ", "), levels, strings.Join(bestWhole, ", "))
	fmt.Fprintf(&b, "The schedule's W1 inside the training range is %s times the best fixed λ's; over the whole path it is lower than every fixed λ's at %d of %d noise levels. ",
		join("%.2f", ratioIn), lowerWhole, len(fa))
	fmt.Fprintf(&b, "By the error of the ensemble mean against the noise-free truth inside the range, which, unlike W1, an ensemble cannot lower by spreading like the noise, the most accurate fixed λ is %s, and the schedule's error is %s times its. ",
		strings.Join(bestErr, ", "), join("%.2f", ratioErr))
	b.WriteString("Each number is one training seed: differences of a few percent, or of one active weight, may reverse with another seed.\n")
	_, err = io.WriteString(w, b.String())
	return err
}

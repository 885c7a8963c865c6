package study

import (
	"fmt"
	"math"
	"slices"
	"strings"
)

// The checks of paperClaims for Secs. 5.5 and 5.6.

func checkCounts(s *Store) (Verdict, string, error) {
	_, f, err := finals(s, s.ConvergencePriorsRuns())
	if err != nil {
		return 0, "", err
	}
	held := 0
	counts := make([]float64, len(f))
	for i := range f {
		counts[i] = f[i].Active
		if r := counts[i] / PaperActiveWeights[i]; r <= countFactor && r >= 1/countFactor {
			held++
		}
	}
	return share(held, len(f)), fmt.Sprintf("%s against the paper's %s", join("%.1f", counts), join("%g", PaperActiveWeights)), nil
}

func checkCountsOrdered(s *Store) (Verdict, string, error) {
	_, f, err := finals(s, s.ConvergencePriorsRuns())
	if err != nil {
		return 0, "", err
	}
	counts := activeOf(f)
	ordered := 0
	for i := 1; i < len(counts); i++ {
		if counts[i] >= counts[i-1] {
			ordered++
		}
	}
	return share(ordered, len(counts)-1), fmt.Sprintf("active weights %s for α = %s", join("%.1f", counts), join("%g", PaperAlphas)), nil
}

func checkSimilarUpTo1(s *Store) (Verdict, string, error) {
	_, f, err := finals(s, s.ConvergencePriorsRuns())
	if err != nil {
		return 0, "", err
	}
	var w1, counts []float64
	for i, a := range PaperAlphas {
		if a <= 1 {
			w1, counts = append(w1, f[i].W1In), append(counts, f[i].Active)
		}
	}
	held := 0
	if spread(w1) <= similarRatio {
		held++
	}
	if spread(counts) <= insensitiveSpread {
		held++
	}
	return share(held, 2), fmt.Sprintf("α ≤ 1: in-range W1 %s (spread %.2f), active weights %s (spread %.2f)",
		join("%.1f", w1), spread(w1), join("%.1f", counts), spread(counts)), nil
}

func checkComplexAccurate(s *Store) (Verdict, string, error) {
	_, f, err := finals(s, s.ConvergencePriorsRuns())
	if err != nil {
		return 0, "", err
	}
	counts, in, whole := make([]float64, len(f)), make([]float64, len(f)), make([]float64, len(f))
	for i := range f {
		counts[i], in[i], whole[i] = f[i].Active, f[i].W1In, f[i].W1
	}
	dense := argmax(counts)
	held := 0
	for _, w := range [][]float64{in, whole} {
		if argmin(w) == dense {
			held++
		}
	}
	return share(held, 2), fmt.Sprintf("most active weights at %s (%.1f); lowest W1 in range at %s (%.1f against %.1f), over the whole path at %s (%.1f against %.1f)",
		alphaCase(dense), counts[dense], alphaCase(argmin(in)), in[argmin(in)], in[dense], alphaCase(argmin(whole)), whole[argmin(whole)], whole[dense]), nil
}

func checkEarlier(s *Store) (Verdict, string, error) {
	res, _, err := finals(s, s.ConvergencePriorsRuns())
	if err != nil {
		return 0, "", err
	}
	first := make([]float64, len(res))
	var parts []string
	for i, r := range res {
		limit := float64(r.Config.Arch.NumParams()) / 10
		first[i] = math.Inf(1)
		for _, h := range r.History {
			if h.ActiveWeights < limit {
				first[i] = float64(h.Iter)
				break
			}
		}
		when := "never"
		if !math.IsInf(first[i], 1) {
			when = fmt.Sprintf("iteration %g", first[i])
		}
		parts = append(parts, fmt.Sprintf("%s: %s", alphaCase(i), when))
	}
	// A pair of neighbouring α of which neither fell below the limit says
	// nothing about which fell first.
	ordered, pairs := 0, 0
	for i := 1; i < len(first); i++ {
		if math.IsInf(first[i], 1) && math.IsInf(first[i-1], 1) {
			continue
		}
		pairs++
		if first[i] >= first[i-1] {
			ordered++
		}
	}
	return share(ordered, pairs), "below a tenth of the initial count: " + strings.Join(parts, "; "), nil
}

// sizeFinals are the final states of the ensemble-size runs, with labels.
func sizeFinals(s *Store) ([]Final, []int, error) {
	_, f, err := finals(s, s.ConvergenceEnsembleRuns())
	return f, s.EnsembleSizes(), err
}

func checkSizeSparsity(s *Store) (Verdict, string, error) {
	f, sizes, err := sizeFinals(s)
	if err != nil {
		return 0, "", err
	}
	counts := activeOf(f)
	v := DoesNotHold
	if spread(counts) <= insensitiveSpread {
		v = Holds
	}
	return v, fmt.Sprintf("active weights %s for N = %s (spread %.2f)", join("%.1f", counts), joinInts(sizes), spread(counts)), nil
}

func checkSizeAccuracy(s *Store) (Verdict, string, error) {
	f, sizes, err := sizeFinals(s)
	if err != nil {
		return 0, "", err
	}
	in := w1InOf(f)
	v := DoesNotHold
	if spread(in) >= noticeableSpread {
		v = Holds
	}
	return v, fmt.Sprintf("in-range W1 %s for N = %s (spread %.2f)", join("%.1f", in), joinInts(sizes), spread(in)), nil
}

// crowdedSize is the ensemble size at which the paper sees crowding.
const crowdedSize = 100

func checkCrowding(s *Store) (Verdict, string, error) {
	f, sizes, err := sizeFinals(s)
	if err != nil {
		return 0, "", err
	}
	in := w1InOf(f)
	largest := len(sizes) - 1
	if !slices.Contains(sizes, crowdedSize) {
		return NotMeasured, fmt.Sprintf("no run of %d particles (N = %s at this size)", crowdedSize, joinInts(sizes)), nil
	}
	v := DoesNotHold
	if argmax(in) == largest {
		v = Holds
	}
	return v, fmt.Sprintf("in-range W1 %s for N = %s: the largest ensemble (N = %d) is %s", join("%.1f", in), joinInts(sizes), sizes[largest],
		map[bool]string{true: "the least accurate", false: "not the least accurate"}[v == Holds]), nil
}

func checkNoiseSparsity(s *Store) (Verdict, string, error) {
	_, f, err := finals(s, s.ConvergenceNoiseRuns())
	if err != nil {
		return 0, "", err
	}
	counts := activeOf(f)
	v := DoesNotHold
	if spread(counts) <= insensitiveSpread {
		v = Holds
	}
	return v, fmt.Sprintf("active weights %s at %s noise (spread %.2f)", join("%.1f", counts), percents(PaperNoiseLevels), spread(counts)), nil
}

func checkLinearNoise(s *Store) (Verdict, string, error) {
	_, f, err := finals(s, s.ConvergenceNoiseRuns())
	if err != nil {
		return 0, "", err
	}
	in, whole := w1InOf(f), mapFinals(f, func(x Final) float64 { return x.W1 })
	held := 0
	var parts []string
	for k, w := range [][]float64{in, whole} {
		slope, r2 := lineFit(PaperNoiseLevels, w)
		if slope > 0 && r2 >= linearR2 && slices.IsSorted(w) {
			held++
		}
		parts = append(parts, fmt.Sprintf("%s %s (R² %.2f, %s)", []string{"in range", "whole path"}[k], join("%.1f", w), r2,
			map[bool]string{true: "rising", false: "not rising throughout"}[slices.IsSorted(w)]))
	}
	return share(held, 2), fmt.Sprintf("W1 at %s noise: %s", percents(PaperNoiseLevels), strings.Join(parts, "; ")), nil
}

func checkBeatsSequential(s *Store) (Verdict, string, error) {
	_, f, err := finals(s, s.MethodRuns())
	if err != nil {
		return 0, "", err
	}
	c, seq := f[0], f[2]
	held := 0
	if c.W1In < seq.W1In {
		held++
	}
	if c.W1 < seq.W1 {
		held++
	}
	return share(held, 2), fmt.Sprintf("W1 of cSVGD against L2 + Stein: in range %.1f against %.1f, whole path %.1f against %.1f", c.W1In, seq.W1In, c.W1, seq.W1), nil
}

// sequentialSizeFactor is how many times the active weights of cSVGD at
// α = 2 the sequential method's template must hold for the paper's "1005
// parameters against 127" to be reproduced in kind (the paper's ratio is
// 7.9).
const sequentialSizeFactor = 4.0

func checkSequentialSize(s *Store) (Verdict, string, error) {
	_, fm, err := finals(s, s.MethodRuns())
	if err != nil {
		return 0, "", err
	}
	_, fp, err := finals(s, s.ConvergencePriorsRuns())
	if err != nil {
		return 0, "", err
	}
	seq, dense := fm[2], fp[slices.Index(PaperAlphas, 2)]
	held := 0
	if float64(seq.Template) >= sequentialSizeFactor*dense.Active {
		held++
	}
	if spread([]float64{seq.W1In, dense.W1In}) <= similarRatio {
		held++
	}
	return share(held, 2), fmt.Sprintf("L2 + Stein keeps %d parameters (paper %d); cSVGD at α = 2 ends with %.1f active weights (paper %g); in-range W1 %.1f against %.1f",
		seq.Template, PaperSequentialParams, dense.Active, PaperActiveWeights[slices.Index(PaperAlphas, 2)], seq.W1In, dense.W1In), nil
}

// Sec. 5.6: the runs of Fig. adaptive_penalty.

// penaltyFinals are the final states of the fixed-lambda runs [lambda][noise]
// and of the adaptive ones [noise].
func penaltyFinals(s *Store) ([][]Final, []Final, error) {
	fixed, adaptive := s.AdaptiveRuns()
	ff := make([][]Final, len(fixed))
	for i, row := range fixed {
		_, f, err := finals(s, row)
		if err != nil {
			return nil, nil, err
		}
		ff[i] = f
	}
	_, fa, err := finals(s, adaptive)
	return ff, fa, err
}

func checkOptimalLambda(s *Store) (Verdict, string, error) {
	ff, _, err := penaltyFinals(s)
	if err != nil {
		return 0, "", err
	}
	near := slices.Index(PaperPenalties, 0.05)
	held := 0
	var parts []string
	for j, noise := range PaperNoiseLevels {
		in, whole := make([]float64, len(ff)), make([]float64, len(ff))
		for i := range ff {
			in[i], whole[i] = ff[i][j].W1In, ff[i][j].W1
		}
		for _, w := range [][]float64{in, whole} {
			if argmin(w) == near {
				held++
			}
		}
		parts = append(parts, fmt.Sprintf("%g%%: λ = %g in range, %g over the whole path", 100*noise, PaperPenalties[argmin(in)], PaperPenalties[argmin(whole)]))
	}
	return share(held, 2*len(PaperNoiseLevels)), "lowest W1 at " + strings.Join(parts, "; "), nil
}

func checkAdaptiveNearOptimal(s *Store) (Verdict, string, error) {
	ff, fa, err := penaltyFinals(s)
	if err != nil {
		return 0, "", err
	}
	near := slices.Index(PaperPenalties, 0.05)
	var parts, where []string
	for j, noise := range PaperNoiseLevels {
		best := math.Inf(1)
		for i := range ff {
			best = math.Min(best, ff[i][j].W1In)
		}
		if fa[j].W1In <= similarRatio*best && fa[j].Active <= ff[near][j].Active {
			where = append(where, fmt.Sprintf("%g%%", 100*noise))
		}
		parts = append(parts, fmt.Sprintf("%g%%: W1 %.1f (best fixed %.1f), %.1f active (λ = 0.05: %.1f)", 100*noise, fa[j].W1In, best, fa[j].Active, ff[near][j].Active))
	}
	met := fmt.Sprintf("both conditions met at %d of %d noise levels", len(where), len(PaperNoiseLevels))
	if len(where) > 0 {
		met += " (" + strings.Join(where, ", ") + ")"
	}
	return share(len(where), len(PaperNoiseLevels)), "adaptive, in range: " + strings.Join(parts, "; ") + "; " + met, nil
}

func checkSchedule(s *Store) (Verdict, string, error) {
	_, adaptive := s.AdaptiveRuns()
	res, _, err := finals(s, adaptive)
	if err != nil {
		return 0, "", err
	}
	held := 0
	var parts []string
	for j, r := range res {
		rose, peak := false, 0.0
		for _, st := range r.Stages {
			rose = rose || st.ErrorRose
			peak = math.Max(peak, st.Lambda)
		}
		last := r.Stages[len(r.Stages)-1]
		reverted := last.Lambda == adaptive[j].Config.Lambda && len(last.CondensedTo) == 0
		if rose && reverted {
			held++
		}
		parts = append(parts, fmt.Sprintf("%g%%: λ up to %g, %s, last stage at λ = %g", 100*PaperNoiseLevels[j], peak,
			map[bool]string{true: "error rose", false: "error never rose past the tolerance"}[rose], last.Lambda))
	}
	return share(held, len(res)), strings.Join(parts, "; "), nil
}

// lineFit is the least-squares line through (xs, ys): its slope and its
// coefficient of determination R².
func lineFit(xs, ys []float64) (slope, r2 float64) {
	n := float64(len(xs))
	var mx, my float64
	for i := range xs {
		mx, my = mx+xs[i]/n, my+ys[i]/n
	}
	var sxy, sxx, syy float64
	for i := range xs {
		sxy += (xs[i] - mx) * (ys[i] - my)
		sxx += (xs[i] - mx) * (xs[i] - mx)
		syy += (ys[i] - my) * (ys[i] - my)
	}
	if sxx == 0 || syy == 0 {
		return 0, 0
	}
	return sxy / sxx, sxy * sxy / (sxx * syy)
}

// joinInts formats ns separated by ", ".
func joinInts(ns []int) string {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = fmt.Sprint(n)
	}
	return strings.Join(s, ", ")
}

// percents formats fractions as "0, 5, 10 and 20%".
func percents(vs []float64) string {
	s := make([]string, len(vs))
	for i, v := range vs {
		s[i] = fmt.Sprintf("%g", 100*v)
	}
	return strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1] + "%"
}

package study

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/csvgd/csvgd-go/csvgd/runcache"
)

// The checks of paperClaims for Secs. 5.5 and 5.6. Those of the claims on
// Fig. convergence_priors (checkCounts to checkEarlier) check the figure's
// runs; countsOn to earlierOn check any runs of its settings, one per
// alpha of PaperAlphas ([PriorsSeedChecks] gives them the second seed).

func checkCounts(s *Store) (Verdict, string, error) { return countsOn(s, s.ConvergencePriorsRuns()) }

func countsOn(s *Store, specs []runcache.Spec) (Verdict, string, error) {
	_, f, err := finals(s, specs)
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
	return countsOrderedOn(s, s.ConvergencePriorsRuns())
}

func countsOrderedOn(s *Store, specs []runcache.Spec) (Verdict, string, error) {
	_, f, err := finals(s, specs)
	if err != nil {
		return 0, "", err
	}
	counts := activeOf(f)
	ordered, broken := pairsOrdered(counts)
	ev := fmt.Sprintf("active weights %s for α = %s; %d of %d neighbouring pairs ordered", join("%.1f", counts), join("%g", PaperAlphas), ordered, len(counts)-1)
	for _, i := range broken {
		ev += fmt.Sprintf("; not ordered: α = %g (%.1f) against α = %g (%.1f)", PaperAlphas[i-1], counts[i-1], PaperAlphas[i], counts[i])
	}
	return share(ordered, len(counts)-1), ev, nil
}

// pairsOrdered counts the neighbouring pairs of xs with xs[i] >= xs[i-1]
// and returns the indices i of those that are not.
func pairsOrdered(xs []float64) (ordered int, broken []int) {
	for i := 1; i < len(xs); i++ {
		if xs[i] >= xs[i-1] {
			ordered++
		} else {
			broken = append(broken, i)
		}
	}
	return ordered, broken
}

func checkSimilarUpTo1(s *Store) (Verdict, string, error) {
	return similarUpTo1On(s, s.ConvergencePriorsRuns())
}

func similarUpTo1On(s *Store, specs []runcache.Spec) (Verdict, string, error) {
	_, f, err := finals(s, specs)
	if err != nil {
		return 0, "", err
	}
	var in, whole, counts []float64
	for i, a := range PaperAlphas {
		if a <= 1 {
			in, whole, counts = append(in, f[i].W1In), append(whole, f[i].W1), append(counts, f[i].Active)
		}
	}
	held := 0
	for _, ok := range []bool{spread(in) <= similarRatio, spread(whole) <= similarRatio, spread(counts) <= insensitiveSpread} {
		if ok {
			held++
		}
	}
	return share(held, 3), fmt.Sprintf("α ≤ 1: in-range W1 %s (spread %.2f), whole-path W1 %s (spread %.2f), active weights %s (spread %.2f)",
		join("%.1f", in), spread(in), join("%.1f", whole), spread(whole), join("%.1f", counts), spread(counts)), nil
}

func checkComplexAccurate(s *Store) (Verdict, string, error) {
	return complexAccurateOn(s, s.ConvergencePriorsRuns())
}

func complexAccurateOn(s *Store, specs []runcache.Spec) (Verdict, string, error) {
	_, f, err := finals(s, specs)
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

func checkEarlier(s *Store) (Verdict, string, error) { return earlierOn(s, s.ConvergencePriorsRuns()) }

func earlierOn(s *Store, specs []runcache.Spec) (Verdict, string, error) {
	res, _, err := finals(s, specs)
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
	tmpl := mapFinals(f, func(x Final) float64 { return float64(x.Template) })
	return v, fmt.Sprintf("active weights %s for N = %s (spread %.2f); not scored: template parameters %s (spread %.2f) — the verdict is on active weights only",
		join("%.1f", counts), joinInts(sizes), spread(counts), join("%.0f", tmpl), spread(tmpl)), nil
}

func checkSizeAccuracy(s *Store) (Verdict, string, error) {
	f, sizes, err := sizeFinals(s)
	if err != nil {
		return 0, "", err
	}
	v, ev, _ := sizeAccuracyOf(f, sizes)
	return v, ev, nil
}

// sizeAccuracyOf checks "accuracy is noticeably affected" on the final
// states f of the ensemble sizes: the W1 spreads over the sizes by at
// least noticeableSpread inside the training range and over the whole
// path. passed says which of the two cases pass, in that order.
func sizeAccuracyOf(f []Final, sizes []int) (v Verdict, evidence string, passed [2]bool) {
	in, whole := w1InOf(f), mapFinals(f, func(x Final) float64 { return x.W1 })
	held := 0
	for k, w := range [][]float64{in, whole} {
		if spread(w) >= noticeableSpread {
			held++
			passed[k] = true
		}
	}
	return share(held, 2), fmt.Sprintf("W1 for N = %s: in range %s (spread %.2f), whole path %s (spread %.2f)",
		joinInts(sizes), join("%.1f", in), spread(in), join("%.1f", whole), spread(whole)), passed
}

// crowdedSize is the ensemble size at which the paper sees crowding.
const crowdedSize = 100

func checkCrowding(s *Store) (Verdict, string, error) {
	f, sizes, err := sizeFinals(s)
	if err != nil {
		return 0, "", err
	}
	largest := len(sizes) - 1
	if !slices.Contains(sizes, crowdedSize) {
		return NotMeasured, fmt.Sprintf("no run of %d particles (N = %s at this size)", crowdedSize, joinInts(sizes)), nil
	}
	in, whole := w1InOf(f), mapFinals(f, func(x Final) float64 { return x.W1 })
	held := 0
	var parts []string
	for k, w := range [][]float64{in, whole} {
		worst := argmax(w) == largest
		if worst {
			held++
		}
		parts = append(parts, fmt.Sprintf("%s %s (N = %d %s)", []string{"in range", "whole path"}[k], join("%.1f", w), sizes[largest],
			map[bool]string{true: "the least accurate", false: "not the least accurate"}[worst]))
	}
	return share(held, 2), fmt.Sprintf("W1 for N = %s: %s", joinInts(sizes), strings.Join(parts, "; ")), nil
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
	tmpl := mapFinals(f, func(x Final) float64 { return float64(x.Template) })
	return v, fmt.Sprintf("active weights %s at %s noise (spread %.2f); not scored: template parameters %s (spread %.2f) — the verdict is on active weights only",
		join("%.1f", counts), percents(PaperNoiseLevels), spread(counts), join("%.0f", tmpl), spread(tmpl)), nil
}

func checkLinearNoise(s *Store) (Verdict, string, error) {
	_, f, err := finals(s, s.ConvergenceNoiseRuns())
	if err != nil {
		return 0, "", err
	}
	measures := []struct {
		name string
		ys   []float64
		unit string
	}{
		{"W1 in range", w1InOf(f), "%.2f"},
		{"W1 over the whole path", mapFinals(f, func(x Final) float64 { return x.W1 }), "%.2f"},
		{"mean error in range (%)", mapFinals(f, func(x Final) float64 { return 100 * x.ErrIn }), "%.3f"},
	}
	held := 0
	var parts []string
	for _, m := range measures {
		slopes, ok := slopesAgree(percentsOf(PaperNoiseLevels), m.ys, linearSlopeFactor)
		if ok {
			held++
		}
		parts = append(parts, fmt.Sprintf("%s %s, slopes per point of noise %s (%s)", m.name, join("%.1f", m.ys), join(m.unit, slopes),
			map[bool]string{true: "linear by this test", false: "not"}[ok]))
	}
	return share(held, len(measures)), fmt.Sprintf("at %s noise: %s", percents(PaperNoiseLevels), strings.Join(parts, "; ")), nil
}

// percentsOf is 100 xs.
func percentsOf(xs []float64) []float64 {
	out := make([]float64, len(xs))
	for i, x := range xs {
		out[i] = 100 * x
	}
	return out
}

// slopesAgree returns the slopes of ys over xs between neighbouring
// points, and whether they are all positive with the largest at most
// factor times the smallest: a test of "approximately linear" that a
// convex or a falling curve fails, unlike R² on a few points.
func slopesAgree(xs, ys []float64, factor float64) ([]float64, bool) {
	slopes := make([]float64, 0, len(xs))
	for i := 1; i < len(xs); i++ {
		slopes = append(slopes, (ys[i]-ys[i-1])/(xs[i]-xs[i-1]))
	}
	if len(slopes) == 0 {
		return slopes, false
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, v := range slopes {
		lo, hi = math.Min(lo, v), math.Max(hi, v)
	}
	return slopes, lo > 0 && hi <= factor*lo
}

func checkBeatsSequential(s *Store) (Verdict, string, error) {
	_, f, err := finals(s, s.MethodRuns())
	if err != nil {
		return 0, "", err
	}
	priors := s.ConvergencePriorsRuns()
	_, fd, err := finals(s, priors[len(priors)-1:])
	if err != nil {
		return 0, "", err
	}
	seq := f[2]
	held := 0
	var parts []string
	for _, c := range []struct {
		name string
		f    Final
	}{{fmt.Sprintf("cSVGD at α = %g (the figure's)", CalibratedAlpha), f[0]}, {fmt.Sprintf("cSVGD at α = %g (the sequential method's prior)", priors[len(priors)-1].Config.Alpha), fd[0]}} {
		if c.f.W1In < seq.W1In {
			held++
		}
		if c.f.W1 < seq.W1 {
			held++
		}
		parts = append(parts, fmt.Sprintf("%s against L2 + Stein: in range %.1f against %.1f, whole path %.1f against %.1f", c.name, c.f.W1In, seq.W1In, c.f.W1, seq.W1))
	}
	return share(held, 4), strings.Join(parts, "; "), nil
}

// sequentialReduction is the factor by which cSVGD's counts must fall
// below the sequential method's for the paper's "reduces the number of
// active parameters" to be reproduced: a difference within
// insensitiveSpread is what the other checks call insensitive, so a
// reduction must exceed it. The paper's own pair, 1005 against 127
// (ratio 7.9), sets a template size against active weights; the check
// compares like with like (docs/reading.md, "Sec. 5.5's scorecard").
const sequentialReduction = insensitiveSpread

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
	for _, ok := range []bool{
		float64(seq.Template) >= sequentialReduction*float64(dense.Template),
		seq.Active >= sequentialReduction*dense.Active,
		spread([]float64{seq.W1In, dense.W1In}) <= similarRatio,
		spread([]float64{seq.W1, dense.W1}) <= similarRatio,
	} {
		if ok {
			held++
		}
	}
	return share(held, 4), fmt.Sprintf("L2 + Stein against cSVGD at α = 2: template %d against %d (ratio %.2f), active weights %.1f against %.1f (ratio %.2f); W1 in range %.1f against %.1f, whole path %.1f against %.1f (the paper: 1005 parameters in the sequential template against 127 active weights)",
		seq.Template, dense.Template, float64(seq.Template)/float64(dense.Template), seq.Active, dense.Active, seq.Active/dense.Active,
		seq.W1In, dense.W1In, seq.W1, dense.W1), nil
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
		in, whole, mean := make([]float64, len(ff)), make([]float64, len(ff)), make([]float64, len(ff))
		for i := range ff {
			in[i], whole[i], mean[i] = ff[i][j].W1In, ff[i][j].W1, ff[i][j].ErrIn
		}
		for _, w := range [][]float64{in, whole, mean} {
			if argmin(w) == near {
				held++
			}
		}
		parts = append(parts, fmt.Sprintf("%g%%: λ = %g by W1 in range, %g by W1 over the whole path, %g by the mean's error", 100*noise,
			PaperPenalties[argmin(in)], PaperPenalties[argmin(whole)], PaperPenalties[argmin(mean)]))
	}
	return share(held, 3*len(PaperNoiseLevels)), fmt.Sprintf("most accurate fixed λ at %s; λ = 0.05 in %d of %d cases", strings.Join(parts, "; "), held, 3*len(PaperNoiseLevels)), nil
}

// checkAdaptiveNearOptimal decides accuracy by the relative error of the
// ensemble mean against the noise-free truth inside the training range
// (ErrIn), not by W1 against the noisy reference: W1 falls as the
// ensemble's spread imitates the observation noise (train.NoiseFloorW1),
// whether or not its mean is more accurate.
func checkAdaptiveNearOptimal(s *Store) (Verdict, string, error) {
	ff, fa, err := penaltyFinals(s)
	if err != nil {
		return 0, "", err
	}
	near := slices.Index(PaperPenalties, 0.05)
	var parts, where []string
	for j, noise := range PaperNoiseLevels {
		best, bestW1 := math.Inf(1), math.Inf(1)
		for i := range ff {
			best = math.Min(best, ff[i][j].ErrIn)
			bestW1 = math.Min(bestW1, ff[i][j].W1In)
		}
		if fa[j].ErrIn <= similarRatio*best && fa[j].Active <= ff[near][j].Active {
			where = append(where, fmt.Sprintf("%g%%", 100*noise))
		}
		parts = append(parts, fmt.Sprintf("%g%%: mean's error %.2f%% (best fixed %.2f%%, ratio %.2f), W1 %.1f (best fixed %.1f), %.1f active (λ = 0.05: %.1f)",
			100*noise, 100*fa[j].ErrIn, 100*best, fa[j].ErrIn/best, fa[j].W1In, bestW1, fa[j].Active, ff[near][j].Active))
	}
	met := fmt.Sprintf("both conditions met at %d of %d noise levels", len(where), len(PaperNoiseLevels))
	if len(where) > 0 {
		met += " (" + strings.Join(where, ", ") + ")"
	}
	return share(len(where), len(PaperNoiseLevels)), "adaptive, in range: " + strings.Join(parts, "; ") + "; " + met + " (one training seed per run)", nil
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

package study

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"github.com/csvgd/csvgd-go/csvgd/runcache"
)

// priorsSource is where the paper makes the claims on the runs of Fig.
// convergence_priors.
const priorsSource = "Sec. 5.5, on Fig. convergence_priors"

// priorsRunChecks check the claims of paperClaims whose Source is
// priorsSource, in the same order, on any runs of the figure's settings
// (one per alpha of PaperAlphas).
var priorsRunChecks = []func(*Store, []runcache.Spec) (Verdict, string, error){
	countsOn, countsOrderedOn, similarUpTo1On, complexAccurateOn, earlierOn,
}

// SeedCheck is a claim checked on the scorecard's runs (Seed1) and on the
// same runs trained with a second seed (Seed2).
type SeedCheck struct {
	Claim
	Seed1, Seed2 Check
}

// Changed says whether the two seeds give different verdicts.
func (c SeedCheck) Changed() bool { return c.Seed1.Verdict != c.Seed2.Verdict }

// PriorsSeedChecks checks the claims on Fig. convergence_priors (Sec. 5.5)
// on the figure's runs (seed 1, the scorecard's) and on the penalty-form
// runs of the second seed of [Plan.PriorFormRuns], which differ from them
// only in the seed.
func PriorsSeedChecks(s *Store) ([]SeedCheck, error) {
	var claims []Claim
	for _, c := range Claims("5.5") {
		if c.Source == priorsSource {
			claims = append(claims, c)
		}
	}
	if len(claims) != len(priorsRunChecks) {
		return nil, fmt.Errorf("study: %d claims on Fig. convergence_priors, %d checks for a second seed", len(claims), len(priorsRunChecks))
	}
	penalty, _ := s.PriorFormRuns()
	seeds := [2][]runcache.Spec{s.ConvergencePriorsRuns(), penalty[1]}
	out := make([]SeedCheck, len(claims))
	for i, c := range claims {
		out[i].Claim = c
		var got [2]Check
		for k, specs := range seeds {
			v, ev, err := priorsRunChecks[i](s, specs)
			if err != nil {
				return nil, fmt.Errorf("study: claim %q on seed %d: %w", c.Quote, specs[0].Config.Seed, err)
			}
			got[k] = Check{Claim: c, Verdict: v, Evidence: ev}
		}
		out[i].Seed1, out[i].Seed2 = got[0], got[1]
	}
	return out, nil
}

// SeedVerdictTable writes, for the claims on Fig. convergence_priors, the
// scorecard's verdict (seed 1) beside the verdict and the numbers of the
// second seed, counts the verdicts that change, says which of the
// scorecard's runs have a second seed
// ([secondSeedRuns]), and sets the seed-to-seed change of the ensemble
// size that has one beside the spreads over the sizes that decide the
// claim "accuracy is noticeably affected", checking the claim again with
// that run's second seed ([sizeAccuracySeeds]).
func SeedVerdictTable(w io.Writer, s *Store) error {
	checks, err := PriorsSeedChecks(s)
	if err != nil {
		return err
	}
	fmt.Fprintln(w, "| the paper (on Fig. convergence_priors) | verdict, seed 1 (the scorecard's) | verdict, seed 2 | the numbers of seed 2 |")
	fmt.Fprintln(w, "|---|---|---|---|")
	var changed []string
	for _, c := range checks {
		fmt.Fprintf(w, "| “%s” | %s | **%s** | %s |\n", cell(c.Quote), c.Seed1.Verdict, c.Seed2.Verdict, cell(c.Seed2.Evidence))
		if c.Changed() {
			changed = append(changed, fmt.Sprintf("“%s” (%s → %s)", c.Quote, c.Seed1.Verdict, c.Seed2.Verdict))
		}
	}
	fmt.Fprintf(w, "\nThe second seed changes %d of %d verdicts", len(changed), len(checks))
	if len(changed) > 0 {
		fmt.Fprintf(w, ": %s", strings.Join(changed, "; "))
	}
	fmt.Fprint(w, ".\n\n")
	penalty, _ := s.PriorFormRuns()
	if err := secondSeedRuns(w, s, penalty[1]); err != nil {
		return err
	}
	return sizeAccuracySeeds(w, s, penalty[1])
}

// secondSeedRuns writes which of the scorecard's runs, figure by figure,
// have a second seed among second ([SecondSeedTwins]), and names each
// one outside Fig. convergence_priors by the run of that figure it is.
func secondSeedRuns(w io.Writer, s *Store, second []runcache.Spec) error {
	priors := s.ConvergencePriorsRuns()
	groups := []struct {
		name  string
		specs []runcache.Spec
	}{
		{"Fig. convergence_priors", priors},
		{"Fig. convergence_ensemble", s.ConvergenceEnsembleRuns()},
		{"Fig. convergence_noise", s.ConvergenceNoiseRuns()},
		{"Fig. noisy_pushforwards (b)", s.MethodRuns()},
	}
	var parts []string
	for g, grp := range groups {
		twins, err := SecondSeedTwins(grp.specs, second)
		if err != nil {
			return err
		}
		n := 0
		var named []string
		for i, t := range twins {
			if t < 0 {
				continue
			}
			n++
			if g == 0 {
				continue
			}
			same, err := sameRun(grp.specs[i], priors[t])
			if err != nil {
				return err
			}
			how := "which is the %s run of Fig. convergence_priors"
			if !same {
				how = "which trains as the %s run of Fig. convergence_priors and keeps its last stage besides"
				if !grp.specs[i].Config.KeepLastStage {
					how = "which trains as the %s run of Fig. convergence_priors"
				}
			}
			named = append(named, fmt.Sprintf("its run “%s”, "+how, grp.specs[i].Label, alphaCase(t)))
		}
		part := fmt.Sprintf("%s, %d of %d", grp.name, n, len(grp.specs))
		if len(named) > 0 {
			part += " (" + strings.Join(named, "; ") + ")"
		}
		parts = append(parts, part)
	}
	_, err := fmt.Fprintf(w, "Of the scorecard's runs, these have a second seed (a run of seed 2 that trains alike): %s; the others have seed 1 only.\n\n", strings.Join(parts, "; "))
	return err
}

// sameRun says whether a and b are one run of the cache (the same key).
func sameRun(a, b runcache.Spec) (bool, error) {
	ka, err := a.Key()
	if err != nil {
		return false, err
	}
	kb, err := b.Key()
	return ka == kb, err
}

// sizeAccuracySeeds sets the seed-to-seed change of the ensemble-size run
// that has a second seed among second beside the margin by which the
// claim "accuracy is noticeably affected" is decided, and checks the
// claim again with that run's second seed in its place.
func sizeAccuracySeeds(w io.Writer, s *Store, second []runcache.Spec) error {
	specs := s.ConvergenceEnsembleRuns()
	_, sizes, err := finals(s, specs)
	if err != nil {
		return err
	}
	in, whole := w1InOf(sizes), mapFinals(sizes, func(x Final) float64 { return x.W1 })
	margin := spread(whole) / noticeableSpread
	fmt.Fprintf(w, "The claim “while accuracy is noticeably affected” is decided by the spreads of the W1 over the ensemble sizes, %.2f inside the training range and %.2f over the whole path, against the factor %g: the whole-path case is %.3f times that factor. ",
		spread(in), spread(whole), noticeableSpread, margin)
	twins, err := SecondSeedTwins(specs, second)
	if err != nil {
		return err
	}
	k := slices.IndexFunc(twins, func(t int) bool { return t >= 0 })
	if k < 0 {
		_, err := fmt.Fprintln(w, "No run of the ensemble sizes has a second seed.")
		return err
	}
	_, f2, err := finals(s, second[twins[k]:twins[k]+1])
	if err != nil {
		return err
	}
	one, two := sizes[k], f2[0]
	moved := ratioUp(one.W1, two.W1)
	rests := "more than that margin"
	if moved-1 <= math.Abs(margin-1) {
		rests = "less than that margin"
	}
	sizeNs, n := s.EnsembleSizes(), 0
	for _, t := range twins {
		if t >= 0 {
			n++
		}
	}
	fmt.Fprintf(w, "Of the ensemble sizes, %d of %d %s a second seed; with it the %d-particle run ends at %.1f, in range %.1f (seed 1: %.1f, %.1f), a seed-to-seed factor of %.2f over the whole path (%.2f inside the training range): one run moves between seeds by %s. ",
		n, len(twins), map[bool]string{true: "has", false: "have"}[n == 1], sizeNs[k], two.W1, two.W1In, one.W1, one.W1In, moved, ratioUp(one.W1In, two.W1In), rests)
	v1, _, p1 := sizeAccuracyOf(sizes, sizeNs)
	swapped := slices.Clone(sizes)
	swapped[k] = two
	v2, _, p2 := sizeAccuracyOf(swapped, sizeNs)
	in2, whole2 := w1InOf(swapped), mapFinals(swapped, func(x Final) float64 { return x.W1 })
	changed := 0
	for c := range p1 {
		if p1[c] != p2[c] {
			changed++
		}
	}
	cases := [...]string{"no case changes", "one case changes", "both cases change"}[changed]
	_, err = fmt.Fprintf(w, "With that run's second seed in place of its first, the spreads over the sizes are %.2f inside the training range and %.2f over the whole path: %s, and the verdict is %s (seed 1: %s).\n",
		spread(in2), spread(whole2), cases, v2, v1)
	return err
}

// alphaHalfSeeds are the final states of cSVGD at alpha = 0.5 (the second
// of PaperAlphas, 10 particles, 10% noise) on seeds 1 and 2.
func alphaHalfSeeds(s *Store) (one, two Final, err error) {
	penalty, _ := s.PriorFormRuns()
	_, f1, err := finals(s, penalty[0][1:2])
	if err != nil {
		return one, two, err
	}
	_, f2, err := finals(s, penalty[1][1:2])
	if err != nil {
		return one, two, err
	}
	return f1[0], f2[0], nil
}

// ratioUp is the larger of a and b over the smaller.
func ratioUp(a, b float64) float64 { return math.Max(a, b) / math.Min(a, b) }

// MethodLowest writes which of the runs of Fig. noisy_pushforwards (b)
// has the lowest W1 inside the training range and over the whole path,
// the in-range ratio of cSVGD to SVGD without condensation, and the same
// ranking inside the training range with cSVGD's run of the second seed
// in place of seed 1's (the other methods have one seed).
func MethodLowest(w io.Writer, s *Store) error {
	names := []string{"cSVGD", "SVGD without condensation", "L2 + Stein"}
	_, f, err := finals(s, s.MethodRuns())
	if err != nil {
		return err
	}
	if len(f) != len(names) {
		return fmt.Errorf("study: %d method runs, want %d", len(f), len(names))
	}
	_, two, err := alphaHalfSeeds(s)
	if err != nil {
		return err
	}
	lowest := func(f []Final, get func(Final) float64) int {
		return argmin(mapFinals(f, get))
	}
	in := func(x Final) float64 { return x.W1In }
	whole := func(x Final) float64 { return x.W1 }
	fmt.Fprintf(w, "lowest W1 inside the training range: %s; over the whole path: %s (seed 1 for every method)\n", names[lowest(f, in)], names[lowest(f, whole)])
	fmt.Fprintf(w, "inside the training range cSVGD's W1 is %.3f times that of SVGD without condensation (%.1f against %.1f); cSVGD's second seed ends at %.1f, %.2f times its first seed's\n",
		f[0].W1In/f[1].W1In, f[0].W1In, f[1].W1In, two.W1In, two.W1In/f[0].W1In)
	g := append([]Final{two}, f[1:]...)
	_, err = fmt.Fprintf(w, "with cSVGD's second seed in place of its first: lowest W1 inside the training range: %s (cSVGD %.3f times SVGD without condensation's)\n", names[lowest(g, in)], g[0].W1In/g[1].W1In)
	return err
}

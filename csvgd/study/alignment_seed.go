package study

import (
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/csvgd/csvgd-go/csvgd/condense"
	"github.com/csvgd/csvgd-go/csvgd/runcache"
	"github.com/csvgd/csvgd-go/csvgd/train"
)

// AlignmentSeedRows measures, as [AlignmentRows] does, the 10-particle
// importance run of the alignment study with its second training seed
// (the alpha = 0.5 run of seed 2 of [Plan.PriorFormRuns]): its final
// ensemble sorted by importance, and the same ensemble aligned by
// assignment after training. There is no second seed of the runs aligned
// at every condensation, nor of the 20-particle runs.
func AlignmentSeedRows(s *Store) (imp, post AlignmentRow, err error) {
	penalty, _ := s.PriorFormRuns()
	importance, _ := s.AlignmentRuns()
	spec := penalty[len(penalty)-1][1] // alpha = 0.5, the last seed
	if spec.Config.Particles != importance[0].Config.Particles || spec.Config.Alpha != importance[0].Config.Alpha {
		return imp, post, fmt.Errorf("study: the second seed's run (%d particles, alpha %g) is not the alignment study's (%d, %g)",
			spec.Config.Particles, spec.Config.Alpha, importance[0].Config.Particles, importance[0].Config.Alpha)
	}
	res, err := s.Result(spec)
	if err != nil {
		return imp, post, err
	}
	aligned, _, err := condense.AlignParticles(res.Arch, res.Particles.Rows(), condense.AlignOptions{})
	if err != nil {
		return imp, post, err
	}
	rows := make([]AlignmentRow, 2)
	for i, r := range []struct {
		how       string
		particles [][]float64
	}{{"importance, seed 2", res.Particles.Rows()}, {"importance, then assignment after training, seed 2", aligned}} {
		if rows[i], err = alignmentRow(spec.Config.Particles, r.how, res, r.particles); err != nil {
			return imp, post, err
		}
	}
	return rows[0], rows[1], nil
}

// AlignmentSeeds writes, for notebook 04 under [AlignmentSummary], how
// the alignment study's 10-particle gaps compare with the scatter between
// two training seeds ([alignmentSeeds]).
func AlignmentSeeds(w io.Writer, s *Store) error {
	rows, err := AlignmentRows(s)
	if err != nil {
		return err
	}
	imp2, post2, err := AlignmentSeedRows(s)
	if err != nil {
		return err
	}
	out, err := alignmentSeeds(rows, imp2, post2)
	if err != nil {
		return err
	}
	_, err = io.WriteString(w, out)
	return err
}

// SeedGap is one measure of [alignmentSeedGaps]: the gap between the run
// aligned at every condensation and the importance run (Align), and the
// gap between the importance run's two training seeds (Seed).
type SeedGap struct {
	Name        string
	Unit        string  // the unit of the gaps ("" where the measure has none)
	Align, Seed float64 // absolute differences
}

// Exceeds reports whether the alignment's gap is larger than the seeds'.
func (g SeedGap) Exceeds() bool { return g.Align > g.Seed }

// alignmentSeedGaps are the SeedGaps of the six measures of
// [AlignmentTable] for the importance run imp (seed 1), the run aligned at
// every condensation every (seed 1) and the importance run imp2 (seed 2).
func alignmentSeedGaps(imp, every, imp2 AlignmentRow) []SeedGap {
	share := func(r AlignmentRow) float64 { return 100 * r.Modality[len(r.Modality)-1].Share() }
	var gaps []SeedGap
	for _, m := range []struct {
		name, unit string
		a, b, s2   float64
	}{
		{"template", "parameters", float64(every.Template), float64(imp.Template), float64(imp2.Template)},
		{"active weights", "weights", every.Active, imp.Active, imp2.Active},
		{"W1 over the whole path", "", every.W1, imp.W1, imp2.W1},
		{"W1 inside the training range", "", every.W1In, imp.W1In, imp2.W1In},
		{"mean distance", "", every.MeanDistance, imp.MeanDistance, imp2.MeanDistance},
		{"unimodal share", "percentage points", share(every), share(imp), share(imp2)},
	} {
		gaps = append(gaps, SeedGap{m.name, m.unit, math.Abs(m.a - m.b), math.Abs(m.s2 - m.b)})
	}
	return gaps
}

// alignmentSeeds is the paragraph of [AlignmentSeeds] from the rows of
// [AlignmentRows] (the first three: 10 particles) and the seed-2 rows of
// [AlignmentSeedRows].
func alignmentSeeds(rows []AlignmentRow, imp2, post2 AlignmentRow) (string, error) {
	if len(rows) < 3 || rows[0].Particles != imp2.Particles {
		return "", fmt.Errorf("study: alignment rows for the seed comparison: want the %d-particle rows first", imp2.Particles)
	}
	imp, post, every := rows[0], rows[1], rows[2]
	for _, r := range []AlignmentRow{imp, post, every, imp2, post2} {
		if len(r.Modality) == 0 {
			return "", fmt.Errorf("study: alignment row %q without modality", r.Alignment)
		}
	}
	share := func(r AlignmentRow) float64 { return 100 * r.Modality[len(r.Modality)-1].Share() }
	var b strings.Builder
	fmt.Fprintf(&b, "**Seed scatter (%d particles).** The importance run with training seed 2 (seed 1 in brackets): template %d (%d), %.1f (%.1f) active weights, W1 %.1f (%.1f) over the whole path and %.1f (%.1f) inside the training range, mean distance %.2f (%.2f), unimodal entries %.0f%% (%.0f%%). ",
		imp.Particles, imp2.Template, imp.Template, imp2.Active, imp.Active, imp2.W1, imp.W1, imp2.W1In, imp.W1In,
		imp2.MeanDistance, imp.MeanDistance, share(imp2), share(imp))
	dir := func(from, to float64) string {
		switch {
		case to < from:
			return "falls"
		case to > from:
			return "rises"
		}
		return "stays"
	}
	fmt.Fprintf(&b, "Aligned after training, seed 2's mean distance %s, %.2f → %.2f (seed 1: %s), and its unimodal share %s, %.0f%% → %.0f%% (seed 1: %s). ",
		dir(imp2.MeanDistance, post2.MeanDistance), imp2.MeanDistance, post2.MeanDistance, dir(imp.MeanDistance, post.MeanDistance),
		dir(share(imp2), share(post2)), share(imp2), share(post2), dir(share(imp), share(post)))
	var over, within []string
	for _, g := range alignmentSeedGaps(imp, every, imp2) {
		unit := ""
		if g.Unit != "" {
			unit = " " + g.Unit
		}
		gap := fmt.Sprintf("%s (%.3g against %.3g%s)", g.Name, g.Align, g.Seed, unit)
		if g.Exceeds() {
			over = append(over, gap)
		} else {
			within = append(within, gap)
		}
	}
	b.WriteString("Aligned at every condensation against the importance run, the gap is larger than the two seeds' gap for ")
	if len(over) == 0 {
		b.WriteString("no measure")
	} else {
		b.WriteString(strings.Join(over, ", "))
	}
	b.WriteString(", and no larger for ")
	if len(within) == 0 {
		b.WriteString("no measure")
	} else {
		b.WriteString(strings.Join(within, ", "))
	}
	b.WriteString(" (alignment's gap against the seeds'). Two seeds give one draw of the scatter, not its size; the runs aligned at every condensation and the 20-particle runs have one training seed each.\n")
	return b.String(), nil
}

// W1Course is the course of one W1 sum over a run's history: its value at
// the first record, its lowest and the iteration of that (the first
// record where it is lowest), and its value at the last record.
type W1Course struct {
	Start, Lowest, End float64
	LowestIter         int
}

// W1CoursesOf are the courses of the W1 sum over the whole test path and
// of its part inside the training range over history, or an error when
// history is empty or holds a W1 sum that is not finite.
func W1CoursesOf(history []train.Record) (whole, in W1Course, err error) {
	if len(history) == 0 {
		return whole, in, fmt.Errorf("study: W1 course of an empty history")
	}
	course := func(get func(train.Record) float64) (W1Course, error) {
		c := W1Course{Start: get(history[0]), Lowest: get(history[0]), End: get(history[len(history)-1]), LowestIter: history[0].Iter}
		for _, h := range history {
			v := get(h)
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return c, fmt.Errorf("study: W1 sum %v at iteration %d", v, h.Iter)
			}
			if v < c.Lowest {
				c.Lowest, c.LowestIter = v, h.Iter
			}
		}
		return c, nil
	}
	if whole, err = course(func(h train.Record) float64 { return h.W1Sum }); err != nil {
		return whole, in, err
	}
	in, err = course(func(h train.Record) float64 { return h.W1InRange })
	return whole, in, err
}

// AlignmentW1Courses writes, for each run of [Plan.AlignmentRuns], the
// courses ([W1CoursesOf]) of its W1 sums: over the whole path the start,
// the lowest (where) and the end as a multiple of the lowest; inside the
// training range the start, the lowest and the end as a share of the
// start.
func AlignmentW1Courses(w io.Writer, s *Store) error {
	importance, assignment := s.AlignmentRuns()
	for i, n := range AlignmentSizes {
		for _, r := range []struct {
			how  string
			spec runcache.Spec
		}{{"importance", importance[i]}, {"assignment at every condensation", assignment[i]}} {
			res, err := s.Result(r.spec)
			if err != nil {
				return err
			}
			whole, in, err := W1CoursesOf(res.History)
			if err != nil {
				return err
			}
			fmt.Fprintf(w, "%d particles, %s: W1 over the whole path %.1f at the start, lowest %.1f at iteration %d, %.1f at the end (%.2f times its lowest); inside the training range %.1f at the start, lowest %.1f at iteration %d, %.1f at the end (%.2f of its start)\n",
				n, r.how, whole.Start, whole.Lowest, whole.LowestIter, whole.End, whole.End/whole.Lowest,
				in.Start, in.Lowest, in.LowestIter, in.End, in.End/in.Start)
		}
	}
	return nil
}

package study

import (
	"fmt"
	"io"
	"strings"

	"github.com/csvgd/csvgd-go/csvgd/exact"
)

// settingsReading says, prior by prior, what the agreement study's rows
// say of the references' sampler setting refLabel (samplerLabel of
// ReferenceConfig); others are the labels of the study's other NUTS
// settings. The rule: the study backs the setting at a prior when
// its own runs agree and every NUTS setting's runs together agree too;
// when its runs agree but the NUTS settings together do not, a reference
// of the setting is uncertain by the gap between the settings' pooled 90%
// bands (given when their intervals do not overlap); when its runs do not
// agree, it is not backed, whatever the other settings say.
func settingsReading(rows []AgreementRow, refLabel string, others []string) []string {
	var alphas []float64
	byAlpha := map[float64]map[string]AgreementRow{}
	for _, r := range rows {
		if byAlpha[r.Alpha] == nil {
			alphas = append(alphas, r.Alpha)
			byAlpha[r.Alpha] = map[string]AgreementRow{}
		}
		byAlpha[r.Alpha][r.Sampler] = r
	}
	var out []string
	for _, a := range alphas {
		out = append(out, settingReading(a, byAlpha[a], refLabel, others))
	}
	return out
}

// settingReading is settingsReading at one prior alpha, from its rows by
// sampler label; others are the NUTS settings other than the references'.
func settingReading(alpha float64, rows map[string]AgreementRow, refLabel string, others []string) string {
	ref, ok := rows[refLabel]
	if !ok {
		return fmt.Sprintf("At α = %g the study has no runs of the references' setting (%s).", alpha, refLabel)
	}
	state := "are unresolved"
	if ref.Reference.Agrees() {
		state = "agree"
	}
	head := fmt.Sprintf("At α = %g the runs of the references' setting (%s) %s", alpha, refLabel, state)
	var agreeing []string
	for _, o := range others {
		if r, ok := rows[o]; ok && r.Reference.Agrees() {
			agreeing = append(agreeing, o)
		}
	}
	if !ref.Reference.Agrees() {
		if len(agreeing) == 0 {
			return head + ", and no other NUTS setting's runs agree: the study backs no NUTS setting at this prior."
		}
		return head + fmt.Sprintf(", while those of %s agree: the study does not back the references' setting at this prior.", strings.Join(agreeing, " and of "))
	}
	together, ok := rows[nutsSettings]
	if !ok {
		return head + ": with no other NUTS setting to check them against, the study backs the setting at this prior by its own runs alone."
	}
	if together.Reference.Agrees() {
		return head + ", and every NUTS setting's runs together agree: the study backs the setting at this prior."
	}
	head += ", but every NUTS setting's runs together are unresolved: the study does not back the setting at this prior"
	for _, o := range others {
		r, ok := rows[o]
		if !ok {
			continue
		}
		b, c := ref.Reference.Agreement.Band90, r.Reference.Agreement.Band90
		switch gap := intervalGap(b, c); {
		case !r.Reference.Agrees():
			head += fmt.Sprintf("; the runs of %s do not agree among themselves", o)
		case gap > 0:
			head += fmt.Sprintf("; their pooled 90%% band, %s, and that of %s, %s, have intervals %.4f apart: a reference of either is uncertain by at least that gap", interval(b), o, interval(c), gap)
		default:
			head += fmt.Sprintf("; their pooled 90%% band, %s, and that of %s, %s, have overlapping intervals: the pooled bands do not tell the settings apart, and what the runs together miss is in their verdict above", interval(b), o, interval(c))
		}
	}
	return head + "."
}

// intervalGap is the distance between the intervals of a and b: 0 when
// they overlap.
func intervalGap(a, b exact.Interval) float64 {
	switch {
	case a.Hi < b.Lo:
		return b.Lo - a.Hi
	case b.Hi < a.Lo:
		return a.Lo - b.Hi
	}
	return 0
}

// SharedPosteriors writes, as a Markdown list, every template of the
// comparison (ExactTemplates) that the agreement study sampled too: the
// same widths at the same prior, hence the same posterior. Each line sets
// the pooled 90% band of the comparison's two runs beside that of every
// study setting whose runs agree on it, and says whether their intervals
// overlap or how far apart they are.
func SharedPosteriors(w io.Writer, s *Store) error {
	rows, err := AgreementStudy(s)
	if err != nil {
		return err
	}
	cs, err := ExactComparisons(s)
	if err != nil {
		return err
	}
	writeSharedPosteriors(w, cs, rows)
	return nil
}

// writeSharedPosteriors writes the lines of sharedPosteriors as a
// Markdown list, or says that there are none.
func writeSharedPosteriors(w io.Writer, cs []ExactComparison, rows []AgreementRow) {
	lines := sharedPosteriors(cs, rows)
	if len(lines) == 0 {
		lines = []string{"No template of the comparison is one the agreement study sampled."}
	}
	for _, l := range lines {
		fmt.Fprintln(w, "- "+l)
	}
}

// sharedPosteriors are SharedPosteriors' lines.
func sharedPosteriors(cs []ExactComparison, rows []AgreementRow) []string {
	var out []string
	for _, c := range cs {
		tpl := templateName(c.Arch)
		var parts []string
		matched := false
		for _, r := range rows {
			if r.Alpha != c.Alpha || r.Template != tpl || r.Sampler == allSettings || r.Sampler == nutsSettings {
				continue
			}
			matched = true
			if !r.Reference.Agrees() {
				continue
			}
			b := r.Reference.Agreement.Band90
			rel := "their intervals overlap"
			if gap := intervalGap(c.Reference.Agreement.Band90, b); gap > 0 {
				rel = fmt.Sprintf("their intervals are %.4f apart", gap)
			}
			parts = append(parts, fmt.Sprintf("the study's %s runs agree, pooled %s: %s", r.Sampler, interval(b), rel))
		}
		if !matched {
			continue
		}
		head := fmt.Sprintf("α = %g, N = %d, seed %d: the study sampled its template, %s, too; the comparison's two runs are %s, pooled 90%% band %s", c.Alpha, c.Particles, c.Seed, tpl, c.Reference.Agreement.Verdict, interval(c.Reference.Agreement.Band90))
		if len(parts) == 0 {
			out = append(out, head+"; no setting's runs in the study agree on it.")
			continue
		}
		out = append(out, head+"; "+strings.Join(parts, "; ")+".")
	}
	return out
}

package study

import (
	"fmt"
	"io"
	"strings"
)

// AlignmentSummary writes what the alignment study shows, as a paragraph
// generated from [AlignmentRows] (for notebook 04, under
// [AlignmentTable]): per ensemble size, what aligning the final ensemble
// after training changes (the mean distance and the unimodal share; the
// networks, hence template, active weights and W1, stay those of the
// importance run), and what aligning at every condensation changes (the
// run ends on other networks: template, active weights and W1 against the
// importance run's, each said lower or higher).
func AlignmentSummary(w io.Writer, s *Store) error {
	rows, err := AlignmentRows(s)
	if err != nil {
		return err
	}
	out, err := alignmentSummary(rows)
	if err != nil {
		return err
	}
	_, err = io.WriteString(w, out)
	return err
}

// AlignmentReport writes [AlignmentTable] and, under it, [AlignmentSummary]:
// the block that docs/beyond.md keeps of the alignment study.
func AlignmentReport(w io.Writer, s *Store) error {
	if err := AlignmentTable(w, s); err != nil {
		return err
	}
	fmt.Fprintln(w)
	return AlignmentSummary(w, s)
}

// alignmentSummary is the paragraph of [AlignmentSummary] from the rows of
// [AlignmentRows]: per ensemble size, three rows in the order importance,
// importance then assignment after training, assignment at every
// condensation.
func alignmentSummary(rows []AlignmentRow) (string, error) {
	if len(rows) == 0 || len(rows)%3 != 0 {
		return "", fmt.Errorf("study: %d alignment rows: want three per ensemble size", len(rows))
	}
	share := func(r AlignmentRow) float64 { return 100 * r.Modality[len(r.Modality)-1].Share() }
	var b strings.Builder
	for i := 0; i < len(rows); i += 3 {
		imp, post, every := rows[i], rows[i+1], rows[i+2]
		if len(imp.Modality) == 0 || len(post.Modality) == 0 || len(every.Modality) == 0 {
			return "", fmt.Errorf("study: alignment rows of %d particles without modality", imp.Particles)
		}
		fmt.Fprintf(&b, "**%d particles.** ", imp.Particles)
		if post.Final == imp.Final {
			fmt.Fprintf(&b, "Aligned after training, the final networks stay the same (template %d, %.1f active weights, W1 %.1f, %.1f in range): only the comparison of their weights changes, the mean distance %.2f → %.2f and the unimodal entries %.0f%% → %.0f%%. ",
				imp.Template, imp.Active, imp.W1, imp.W1In, imp.MeanDistance, post.MeanDistance, share(imp), share(post))
		} else {
			fmt.Fprintf(&b, "Aligned after training, the final ensemble's template, active weights or W1 changed (template %d → %d, W1 %.1f → %.1f), which a permutation cannot do: a fault of the measurement. ",
				imp.Template, post.Template, imp.W1, post.W1)
		}
		var lower, higher, same []string
		for _, m := range []struct {
			name     string
			a, b     float64
			text     string
			decimals int
		}{
			{"template", float64(every.Template), float64(imp.Template), "template %.0f against %.0f parameters", 0},
			{"active weights", every.Active, imp.Active, "%.1f against %.1f active weights", 1},
			{"W1 over the whole path", every.W1, imp.W1, "W1 %.1f against %.1f over the whole path", 1},
			{"W1 inside the training range", every.W1In, imp.W1In, "%.1f against %.1f inside the training range", 1},
			{"mean distance", every.MeanDistance, imp.MeanDistance, "mean distance %.2f against %.2f", 2},
			{"unimodal share", share(every), share(imp), "unimodal entries %.0f%% against %.0f%%", 0},
		} {
			if m.name == "template" {
				b.WriteString("Aligned at every condensation, the run ends on other networks: ")
			} else {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, m.text, m.a, m.b)
			// Compared as printed, so that a difference below the last
			// printed digit is no difference.
			pa, pb := fmt.Sprintf("%.*f", m.decimals, m.a), fmt.Sprintf("%.*f", m.decimals, m.b)
			switch {
			case pa == pb:
				same = append(same, m.name)
			case m.a < m.b:
				lower = append(lower, m.name)
			default:
				higher = append(higher, m.name)
			}
		}
		b.WriteString(" (assignment against importance)")
		for _, l := range []struct {
			what  string
			names []string
		}{{"lower with assignment", lower}, {"higher", higher}, {"the same", same}} {
			if len(l.names) > 0 {
				fmt.Fprintf(&b, "; %s: %s", l.what, strings.Join(l.names, ", "))
			}
		}
		b.WriteString(".\n\n")
	}
	return b.String(), nil
}

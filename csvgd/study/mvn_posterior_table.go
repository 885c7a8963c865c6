package study

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/csvgd/csvgd-go/csvgd/mvn"
)

// MVNPosteriorTable writes, from the survey of Sec. 4 (Fig. mvn_exact),
// the Bhattacharyya distance of the ensembles' moments to the exact
// posterior's for the beta = 2 kernel at every lambda >= 1: one row per
// alpha and lambda, one column per fixed bandwidth gamma, under a
// one-line caption.
func MVNPosteriorTable(w io.Writer, s *Store) error {
	pts, err := s.Survey()
	if err != nil {
		return err
	}
	return writeMVNPosteriorTable(w, pts)
}

// writeMVNPosteriorTable is [MVNPosteriorTable] of the survey points pts;
// the grid's values are printed to three digits, as people write them
// (a grid value one rounding error off, 2.9999999999999996, reads 3).
func writeMVNPosteriorTable(w io.Writer, pts []mvn.SurveyPoint) error {
	var alphas, lambdas, gammas []float64
	dist := map[[3]float64]float64{}
	for _, p := range pts {
		if p.Beta != 2 || p.Lambda < 1-1e-9 || p.Error != "" {
			continue
		}
		alphas, lambdas, gammas = appendNew(alphas, p.Alpha), appendNew(lambdas, p.Lambda), appendNew(gammas, p.Gamma)
		dist[[3]float64{p.Alpha, p.Lambda, p.Gamma}] = p.BhattacharyyaPosterior
	}
	if len(dist) == 0 {
		return fmt.Errorf("study: the survey has no run with beta = 2 and lambda >= 1")
	}
	fmt.Fprintln(w, "Bhattacharyya distance of the ensemble's moments to the exact posterior's, β = 2 kernel, λ ≥ 1 (the survey of Fig. `mvn_survey`):")
	fmt.Fprintln(w)
	head := []string{"α", "λ"}
	for _, g := range gammas {
		head = append(head, fmt.Sprintf("γ = %.3g", g))
	}
	fmt.Fprintf(w, "| %s |\n|%s\n", strings.Join(head, " | "), strings.Repeat("---|", len(head)))
	for _, a := range alphas {
		for _, l := range lambdas {
			row := []string{fmt.Sprintf("%g", a), fmt.Sprintf("%.3g", l)}
			for _, g := range gammas {
				row = append(row, fmt.Sprintf("%.3g", dist[[3]float64{a, l, g}]))
			}
			fmt.Fprintf(w, "| %s |\n", strings.Join(row, " | "))
		}
	}
	return nil
}

// appendNew appends v to vs, kept sorted, unless it is there.
func appendNew(vs []float64, v float64) []float64 {
	if slices.Contains(vs, v) {
		return vs
	}
	vs = append(vs, v)
	slices.Sort(vs)
	return vs
}

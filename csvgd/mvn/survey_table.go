package mvn

import (
	"fmt"
	"io"
	"slices"
	"strings"
)

// SurveyMeasure picks the number of a [SurveyPoint] that [WriteSurveyTable]
// tabulates.
type SurveyMeasure int

// The measures of [WriteSurveyTable].
const (
	MeanAbsTheta3        SurveyMeasure = iota // the ensemble's mean |theta_3| (Fig. mvn_survey (b))
	DistanceToLikelihood                      // the Bhattacharyya distance to the likelihood's moments (Fig. mvn_survey (a))
	DistanceToPosterior                       // the Bhattacharyya distance to the exact posterior's moments (Fig. mvn_exact)
)

// String names the measure as the tables head it.
func (m SurveyMeasure) String() string {
	switch m {
	case MeanAbsTheta3:
		return "mean |θ₃|"
	case DistanceToLikelihood:
		return "Bhattacharyya distance to the likelihood"
	case DistanceToPosterior:
		return "Bhattacharyya distance to the exact posterior"
	}
	return fmt.Sprintf("SurveyMeasure(%d)", int(m))
}

func (m SurveyMeasure) of(p SurveyPoint) float64 {
	switch m {
	case MeanAbsTheta3:
		return p.L1Theta3
	case DistanceToLikelihood:
		return p.Bhattacharyya
	}
	return p.BhattacharyyaPosterior
}

// WriteSurveyTable writes the measure m of the survey points pts with
// prior order alpha and kernel order beta as a Markdown table: one row
// per lambda, one column per bandwidth gamma, in increasing order (a
// failed run shows its error's first words). It reports an error when no
// point has that alpha and beta.
func WriteSurveyTable(w io.Writer, pts []SurveyPoint, alpha, beta float64, m SurveyMeasure) error {
	var lambdas, gammas []float64
	cell := map[[2]float64]string{}
	for _, p := range pts {
		if p.Alpha != alpha || p.Beta != beta {
			continue
		}
		if !slices.Contains(lambdas, p.Lambda) {
			lambdas = append(lambdas, p.Lambda)
		}
		if !slices.Contains(gammas, p.Gamma) {
			gammas = append(gammas, p.Gamma)
		}
		v := fmt.Sprintf("%.3g", m.of(p))
		if p.Error != "" {
			v = "failed: " + strings.Join(strings.Fields(p.Error)[:min(4, len(strings.Fields(p.Error)))], " ")
		}
		cell[[2]float64{p.Lambda, p.Gamma}] = v
	}
	if len(lambdas) == 0 {
		return fmt.Errorf("mvn: the survey has no runs with alpha = %g and beta = %g", alpha, beta)
	}
	slices.Sort(lambdas)
	slices.Sort(gammas)
	fmt.Fprintf(w, "| %s, α = %g, β = %g |", strings.ReplaceAll(m.String(), "|", `\|`), alpha, beta)
	for _, g := range gammas {
		fmt.Fprintf(w, " γ = %.3g |", g)
	}
	fmt.Fprintf(w, "\n|---|%s\n", strings.Repeat("---|", len(gammas)))
	for _, l := range lambdas {
		fmt.Fprintf(w, "| λ = %.3g |", l)
		for _, g := range gammas {
			fmt.Fprintf(w, " %s |", cell[[2]float64{l, g}])
		}
		fmt.Fprintln(w)
	}
	return nil
}

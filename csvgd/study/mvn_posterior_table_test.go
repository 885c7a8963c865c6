package study

import (
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/mvn"
)

// TestMVNPosteriorTableNumbers: the survey's log grid of bandwidths
// (0.3 to 300) heads the columns as 0.3, 3, 30 and 300, with no long
// floats; the rows are the β = 2 runs at λ ≥ 1 only.
func TestMVNPosteriorTableNumbers(t *testing.T) {
	s := mvn.PaperSurvey(false)
	var pts []mvn.SurveyPoint
	for _, l := range s.Lambdas {
		for _, g := range s.Gammas {
			for _, beta := range []float64{1, 2} {
				pts = append(pts, mvn.SurveyPoint{Alpha: 1, Beta: beta, Lambda: l, Gamma: g, BhattacharyyaPosterior: 0.125})
			}
		}
	}
	var b strings.Builder
	if err := writeMVNPosteriorTable(&b, pts); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if want := "| α | λ | γ = 0.3 | γ = 3 | γ = 30 | γ = 300 |"; !strings.Contains(out, want) {
		t.Errorf("the table's head is not %q:\n%s", want, out)
	}
	if strings.Contains(out, "9999") || strings.Count(out, "| 1 | ") != 3 {
		t.Errorf("want three rows (λ = 1, 3.16, 10) of α = 1 and no long floats:\n%s", out)
	}
}

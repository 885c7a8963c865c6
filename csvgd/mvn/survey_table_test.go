package mvn

import (
	"strings"
	"testing"
)

// TestWriteSurveyTable: one row per lambda and one column per gamma, in
// increasing order, the measure asked for, other alphas and betas left
// out; no point of that alpha and beta is an error.
func TestWriteSurveyTable(t *testing.T) {
	pts := []SurveyPoint{
		{Alpha: 1, Beta: 2, Lambda: 1, Gamma: 30, L1Theta3: 0.5, BhattacharyyaPosterior: 0.01},
		{Alpha: 1, Beta: 2, Lambda: 0.1, Gamma: 30, L1Theta3: 5, BhattacharyyaPosterior: 0.02},
		{Alpha: 1, Beta: 2, Lambda: 1, Gamma: 0.3, L1Theta3: 0.1, BhattacharyyaPosterior: 0.3},
		{Alpha: 1, Beta: 2, Lambda: 0.1, Gamma: 0.3, Error: "NaN in the particles at iteration 7"},
		{Alpha: 2, Beta: 2, Lambda: 1, Gamma: 30, L1Theta3: 99},
	}
	var b strings.Builder
	if err := WriteSurveyTable(&b, pts, 1, 2, MeanAbsTheta3); err != nil {
		t.Fatal(err)
	}
	want := "| mean \\|θ₃\\|, α = 1, β = 2 | γ = 0.3 | γ = 30 |\n|---|---|---|\n| λ = 0.1 | failed: NaN in the particles | 5 |\n| λ = 1 | 0.1 | 0.5 |\n"
	if b.String() != want {
		t.Errorf("table:\n%s\nwant:\n%s", b.String(), want)
	}
	b.Reset()
	if err := WriteSurveyTable(&b, pts, 1, 2, DistanceToPosterior); err != nil || !strings.Contains(b.String(), "| λ = 1 | 0.3 | 0.01 |") {
		t.Errorf("posterior table %q, %v", b.String(), err)
	}
	if err := WriteSurveyTable(&b, pts, 0.5, 2, MeanAbsTheta3); err == nil {
		t.Error("no runs at alpha = 0.5: no error")
	}
}

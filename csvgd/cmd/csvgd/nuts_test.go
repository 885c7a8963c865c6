package main

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
)

// TestNUTSJSON checks the contract of "csvgd nuts -mvn -json": one JSON
// object with mean (3), cov (3x3), exact_mean and exact_cov, rhat_max,
// ess_bulk_min, ess_tail_min, divergences, accept_rate, step_size (one per
// chain) and seconds; the NUTS mean within 0.25 of the exact one (a short
// run: 2 chains x 300 draws, posterior sds below 1), R-hat below 1.05.
func TestNUTSJSON(t *testing.T) {
	code, out, errOut := runCLI("nuts", "-mvn", "-alpha", "1", "-lambda", "1", "-chains", "2", "-draws", "300", "-warmup", "300", "-seed", "4", "-json")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got struct {
		Mean        []float64   `json:"mean"`
		Cov         [][]float64 `json:"cov"`
		ExactMean   []float64   `json:"exact_mean"`
		ExactCov    [][]float64 `json:"exact_cov"`
		RHatMax     *float64    `json:"rhat_max"`
		ESSBulkMin  *float64    `json:"ess_bulk_min"`
		ESSTailMin  *float64    `json:"ess_tail_min"`
		Divergences *int        `json:"divergences"`
		AcceptRate  *float64    `json:"accept_rate"`
		StepSize    []float64   `json:"step_size"`
		Seconds     *float64    `json:"seconds"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("stdout is not one JSON object: %v\n%s", err, out)
	}
	if len(got.Mean) != 3 || len(got.Cov) != 3 || len(got.Cov[2]) != 3 || len(got.ExactMean) != 3 || len(got.ExactCov) != 3 ||
		got.RHatMax == nil || got.ESSBulkMin == nil || got.ESSTailMin == nil || got.Divergences == nil ||
		got.AcceptRate == nil || len(got.StepSize) != 2 || got.Seconds == nil {
		t.Fatalf("incomplete JSON: %s", out)
	}
	for i := range 3 {
		if math.Abs(got.Mean[i]-got.ExactMean[i]) > 0.25 {
			t.Errorf("mean %v, exact %v", got.Mean, got.ExactMean)
		}
	}
	if *got.RHatMax >= 1.05 || *got.Divergences != 0 || !(*got.AcceptRate > 0.5) {
		t.Errorf("R-hat %v, %d divergences, acceptance %v", *got.RHatMax, *got.Divergences, *got.AcceptRate)
	}
}

// TestNUTSBadInput: bad flags and values exit 2 with one line on stderr
// naming them; a posterior must be named.
func TestNUTSBadInput(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"nuts"}, "csvgd nuts mvn"},
		{[]string{"nuts", "-mvn", "-alpha", "3"}, "alpha = 3"},
		{[]string{"nuts", "-mvn", "-lambda", "-1"}, "lambda = -1"},
		{[]string{"nuts", "-mvn", "-chains", "0"}, "chains = 0"},
		{[]string{"nuts", "-mvn", "-draws", "5"}, "draws = 5"},
		{[]string{"nuts", "-mvn", "-warmup", "-1"}, "warmup = -1"},
		{[]string{"nuts", "-mvn", "-max-depth", "0"}, "depth = 0"},
		{[]string{"nuts", "-mvn", "-accept", "1.5"}, "acceptance = 1.5"},
		{[]string{"nuts", "-mvn", "-seed", "-3"}, `"-3"`},
		{[]string{"nuts", "-mvn", "-ensemble", "f.json"}, "-ensemble"},
	} {
		code, out, errOut := runCLI(c.args...)
		lines := strings.Split(strings.TrimSpace(errOut), "\n")
		if code != exitUsage || out != "" || len(lines) != 1 || !strings.Contains(errOut, c.want) || strings.Contains(errOut, "goroutine") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q: want exit 2 and one line naming %s", c.args, code, out, errOut, c.want)
		}
	}
	if code, out, _ := runCLI("nuts", "-h"); code != exitOK || !strings.Contains(out, "Usage: csvgd nuts mvn") {
		t.Errorf("nuts -h: exit %d, stdout %q", code, out)
	}
}

package study

import (
	"bytes"
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/regress"
)

// TestUCITableFormat: the block of a data set has the published rows,
// each setting's mean ± standard error, the differences to SVGD paired by
// split (here 0.2 and 0.4, mean 0.3 ± 0.1), "–" where SVGD is compared
// with itself, and the pace of the last stage against the first.
func TestUCITableFormat(t *testing.T) {
	split := func(k int, rmse, ll float64) regress.SplitResult {
		return regress.SplitResult{Split: k, Test: regress.Metrics{RMSE: rmse, LL: ll}, ActiveWeights: 100, TemplateParams: 200,
			FullParams: 401, Seconds: 10, MsPerIterFirst: 4, MsPerIterLast: 2}
	}
	results := map[string][]regress.SplitResult{
		"svgd":         {split(0, 1.0, -1.5), split(1, 2.0, -2.0)},
		"csvgd":        {split(0, 1.2, -1.4), split(1, 2.4, -1.9)},
		"csvgd-strong": {split(0, 1.5, -1.6), split(1, 2.5, -2.2)},
	}
	var buf bytes.Buffer
	if err := writeUCISet(&buf, "yacht", Plan{}.UCIBenchmark("yacht", UCISettings()[0]), results); err != nil {
		t.Fatal(err)
	}
	text := buf.String()
	for _, want := range []string{
		"| SVGD, Liu & Wang 2016 (as recalled) | 0.864 ± 0.052 | −1.225 ± 0.042 |",
		"| SVGD (this project) | 1.500 ± 0.500 | −1.750 ± 0.250 | – | – |",
		"| cSVGD, λ = 0.001 (this project) | 1.800 ± 0.600 | −1.650 ± 0.250 | 0.300 ± 0.100 | 0.100 ± 0.000 |",
		"| 0.50 ± 0.00 |",
		"– (one stage)",
		"401 weights and biases",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the table lacks %q:\n%s", want, text)
		}
	}
	delete(results, "svgd")
	if err := writeUCISet(&buf, "yacht", Plan{}.UCIBenchmark("yacht", UCISettings()[0]), results); err == nil {
		t.Error("no SVGD results: want an error")
	}
}

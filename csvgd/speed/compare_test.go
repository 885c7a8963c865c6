package speed

import (
	"strings"
	"testing"
)

// report is a report of the given (particles, width, graph ms, reference
// ms) results.
func report(rows ...[4]float64) *Report {
	r := &Report{CPUs: 2}
	for _, x := range rows {
		r.Results = append(r.Results, Result{Particles: int(x[0]), Width: int(x[1]), MsPerIter: x[2], ReferenceMsPerIter: x[3]})
	}
	return r
}

// TestCompareTakesMediansOverRounds: each build's time is the median of its
// rounds; the reference the median over all rounds of all builds that
// measured it; ratios are against the first build and the anchor.
func TestCompareTakesMediansOverRounds(t *testing.T) {
	c, err := Compare([]Build{
		{Label: "old", Reports: []*Report{report([4]float64{10, 30, 4, 2}), report([4]float64{10, 30, 6, 2}), report([4]float64{10, 30, 100, 3})}},
		{Label: "new", Reports: []*Report{report([4]float64{10, 30, 2, 1}), report([4]float64{10, 30, 3, 9})}},
		{Label: "torch", Reports: []*Report{report([4]float64{10, 30, 5, 0})}},
	}, "torch")
	if err != nil {
		t.Fatal(err)
	}
	row := c.Rows[0]
	if row.MsPerIter[0] != 6 || row.MsPerIter[1] != 2.5 || row.ReferenceMsPerIter != 2 {
		t.Fatalf("medians %v, reference %v; want [6 2.5], 2", row.MsPerIter, row.ReferenceMsPerIter)
	}
	var b strings.Builder
	if err := c.WriteMarkdown(&b); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"old 3, new 2, torch 1", "| old | new | torch | hand-written reference | new / old | old / torch | new / torch |",
		"| 10 | 30 | 0 | 6.00 | 2.50 | 5.00 | 2.00 | 0.42x | 1.20x | 0.50x |"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("table lacks %q:\n%s", want, b.String())
		}
	}
}

// TestCompareRefusesIncompleteInput: too few builds, an unlabelled build and
// a case missing from one round are errors naming what is wrong.
func TestCompareRefusesIncompleteInput(t *testing.T) {
	one := report([4]float64{10, 30, 4, 2})
	for _, tc := range []struct {
		builds []Build
		want   string
	}{
		{[]Build{{Label: "a", Reports: []*Report{one}}}, "need at least 2"},
		{[]Build{{Label: "a", Reports: []*Report{one}}, {Label: "", Reports: []*Report{one}}}, "needs a label"},
		{[]Build{{Label: "a", Reports: []*Report{one}}, {Label: "b", Reports: []*Report{report([4]float64{10, 8, 1, 1})}}}, `build "b", report 1: no result for 10 particles at width 30`},
		{[]Build{{Label: "a", Reports: []*Report{one}}, {Label: "b", Reports: []*Report{one}}}, `anchor "c" is none of the builds`},
	} {
		anchor := ""
		if strings.Contains(tc.want, "anchor") {
			anchor = "c"
		}
		if _, err := Compare(tc.builds, anchor); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("error %v, want one containing %q", err, tc.want)
		}
	}
}

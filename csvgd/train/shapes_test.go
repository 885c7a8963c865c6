package train

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/internal/numtest"
)

// TestFixedShapesCompileOnce: a condensed run with fixed shapes makes one
// set of graphs (the steps, the predictors and the KSD's score) for the
// whole run where template shapes make one per template (and the steps one
// per stage), runs every stage on the first stage's network (reading the
// particles back once per call of many steps), and ends
// where the run with template shapes ends, history and stages included, to
// 1e-9 relative (the embedded templates compute what the templates
// compute, summed in another order).
func TestFixedShapesCompileOnce(t *testing.T) {
	c := checkpointConfig(CSVGD)
	var results []any
	for _, tc := range []struct {
		shapes Shapes
		sets   func(templates int) int
	}{{TemplateShapes, func(n int) int { return n }}, {FixedShapes, func(int) int { return 1 }}} {
		built := map[string]int{}
		res, err := RunWith(testBackend(t), c, checkpointData(t), Options{Shapes: tc.shapes, onBuild: func(g string) { built[g]++ }})
		if err != nil {
			t.Fatalf("%v: %v", tc.shapes, err)
		}
		templates := 1 // the first stage's
		for _, s := range res.Stages {
			if s.CondensedTo != nil && !slices.Equal(s.CondensedTo, s.Widths) {
				templates++
			}
			if fixed := strings.Contains(s.StepsMode, "fixed shapes 3-6-5-1"); fixed != (tc.shapes == FixedShapes) {
				t.Errorf("%v: stage %d ran %q", tc.shapes, s.Stage, s.StepsMode)
			}
			reads := s.StepCalls + s.Iterations // a status per call, the host's median per step
			if tc.shapes == FixedShapes {
				reads += s.StepCalls // and the particles back to the template's shape
			}
			if s.HostReads != reads {
				t.Errorf("%v: stage %d: %d host reads in %d calls of %d steps, want %d", tc.shapes, s.Stage, s.HostReads, s.StepCalls, s.Iterations, reads)
			}
		}
		if templates < 3 {
			t.Fatalf("%v: %d templates (%v at the end): the test needs condensation", tc.shapes, templates, res.Arch.Widths)
		}
		for _, g := range []string{"steps", "predictors", "ksd"} {
			want := tc.sets(templates)
			if g == "steps" && tc.shapes == TemplateShapes {
				want = len(res.Stages) // a flow per stage
			}
			if built[g] != want {
				t.Errorf("%v: %d sets of %s graphs for %d templates in %d stages, want %d", tc.shapes, built[g], g, templates, len(res.Stages), want)
			}
		}
		var r any
		if err := json.Unmarshal(resultJSON(t, res), &r); err != nil {
			t.Fatal(err)
		}
		results = append(results, r)
	}
	for _, d := range (numtest.JSONDiff{Rel: 1e-9, Abs: 1e-12}).Compare(results[1], results[0]) {
		t.Errorf("fixed shapes against template shapes: %s", d)
	}
}

// TestParseShapes: the names of the modes read back, in any case, and
// another name is an error that names it.
func TestParseShapes(t *testing.T) {
	for _, s := range []Shapes{BackendShapes, TemplateShapes, FixedShapes} {
		if got, err := ParseShapes(strings.ToUpper(s.String())); err != nil || got != s {
			t.Errorf("ParseShapes(%q) = %v, %v", s, got, err)
		}
	}
	if _, err := ParseShapes("padded"); err == nil || !strings.Contains(err.Error(), `"padded"`) {
		t.Errorf("ParseShapes(padded): error %v", err)
	}
}

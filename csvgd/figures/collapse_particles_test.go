package figures

import (
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/collapse"
)

// TestCollapseParticlesLabels: the circles are labelled with their radii
// and the title says over how many coordinates the ratio is; a run of one
// dimension is an error.
func TestCollapseParticlesLabels(t *testing.T) {
	r := &collapse.Result{Dim: 50, VarianceRatio: 0.06, Final: [][]float64{{0.1, -0.2}, {0.3, 0.1}}}
	f := CollapseParticles([]string{"svgd"}, []*collapse.Result{r})
	svg, err := f.Render("svg")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"r = 1", "r = 2", "ratio 0.06 over all 50 coordinates"} {
		if !strings.Contains(string(svg), want) {
			t.Errorf("the figure lacks %q", want)
		}
	}
	if err := CollapseParticles([]string{"x"}, []*collapse.Result{{Dim: 1, Final: [][]float64{{1}}}}).Err(); err == nil {
		t.Error("a run of one dimension is drawn")
	}
}

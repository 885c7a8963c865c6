package figures

import (
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/backend/backendtest"
	"github.com/csvgd/csvgd-go/csvgd/condense"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/mvn"
	"github.com/csvgd/csvgd-go/csvgd/train"
)

// alignedRuns are the tiny run of tinyResult and the same final ensemble
// aligned afterwards by assignment (sharing the history).
func alignedRuns(t *testing.T) []AlignedRun {
	t.Helper()
	res := tinyResult(t)
	aligned, _, err := condense.AlignParticles(res.Arch, res.Particles.Rows(), condense.AlignOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return []AlignedRun{
		{Label: "importance", Arch: res.Arch, Particles: res.Particles.Rows(), History: res.History},
		{Label: "assignment", Arch: res.Arch, Particles: aligned, History: res.History, Assignment: true},
	}
}

// TestBeyondFiguresRender: the alignment figure (from a real tiny run and
// its aligned ensemble) and the two KSD figures (from real tiny runs)
// render; the alignment figure's legend names the yardstick.
func TestBeyondFiguresRender(t *testing.T) {
	c := mvn.DefaultConfig()
	c.Particles, c.Iters, c.Every = 16, 60, 20
	var mvnRuns []*mvn.Result
	for _, lambda := range []float64{0, 1} {
		c.Lambda = lambda
		r, err := mvn.Run(backendtest.Backend(t), mvn.PaperTarget(), c)
		if err != nil {
			t.Fatal(err)
		}
		mvnRuns = append(mvnRuns, r)
	}
	res := tinyResult(t)
	cases := []figureCase{
		{Alignment(alignedRuns(t)), "alignment", 1, 3},
		{MVNKSD([]string{"λ = 0", "λ = 1"}, mvnRuns, &KSDBand{"exact samples", 0.2, 0.25, 0.3}), "mvn_ksd", 1, 2},
		{KSDConvergence([]string{"tiny"}, []train.Result{*res}), "ksd_convergence", 1, 2},
	}
	checkFigureCases(t, "", cases)
	if svg := string(svgOf(t, cases[0].fig)); !strings.Contains(svg, "normal samples of 4") {
		t.Error("the alignment figure does not name the normal yardstick")
	}
}

// TestBeyondFigureErrors: the new figures refuse missing input.
func TestBeyondFigureErrors(t *testing.T) {
	runs := alignedRuns(t)
	noHistory := runs[0]
	noHistory.History = nil
	badParticles := runs[0]
	badParticles.Arch = icnn.Paper()
	checkFailedFigures(t, map[string]*Figure{
		"alignment, no runs":          Alignment(nil),
		"alignment, no history":       Alignment([]AlignedRun{noHistory}),
		"alignment, wrong widths":     Alignment([]AlignedRun{badParticles}),
		"mvn_ksd, no runs":            MVNKSD(nil, nil, nil),
		"mvn_ksd, no history":         MVNKSD([]string{"x"}, []*mvn.Result{{}}, nil),
		"mvn_ksd, unordered band":     MVNKSD([]string{"x"}, []*mvn.Result{{History: []mvn.HistoryPoint{{Iter: 0, KSD: 1, Bhattacharyya: 1}}}}, &KSDBand{"exact samples", 0.3, 0.25, 0.2}),
		"ksd_convergence, labels":     KSDConvergence([]string{"a", "b"}, []train.Result{*tinyResult(t)}),
		"ksd_convergence, no history": KSDConvergence([]string{"a"}, []train.Result{{}}),
	})
}

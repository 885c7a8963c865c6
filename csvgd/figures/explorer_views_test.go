package figures

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/condense"
	"github.com/csvgd/csvgd-go/csvgd/figures/plotkit"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/metrics"
	"github.com/csvgd/csvgd-go/csvgd/weights"
)

// tinyEnsemble is the final ensemble of the tiny run, labelled.
func tinyEnsemble(t *testing.T, label string) weights.Networks {
	res := tinyResult(t)
	return weights.Networks{Label: label, Arch: res.Arch, Particles: res.Particles.Rows()}
}

// TestExplorerViewsRender: the explorer's views render from a real (tiny)
// run, alone and side by side with a run of a larger template.
func TestExplorerViewsRender(t *testing.T) {
	e := tinyEnsemble(t, "tiny cSVGD run")
	res := tinyResult(t)
	first := weights.Networks{Label: "its start", Arch: icnn.Arch{Widths: res.History[0].Widths}, Particles: res.History[0].Particles}
	top, err := TopEntries(e.Arch, e.Particles, 0, 2)
	if err != nil || len(top) != 2 {
		t.Fatalf("TopEntries: %v, %v", top, err)
	}
	cases := []figureCase{
		{TemplateGraph(e), "template_graph", 1, 1},
		{WeightPair(e, top[0], top[1]), "weight_pair", 1, 3},
		{SideBySide([]weights.Networks{e, first}, 0), "side_by_side", 2, 2},
	}
	dir := os.Getenv("CSVGD_FIGURES_DIR") // set it to look at the views
	checkFigureCases(t, dir, cases)
	// The ensemble's edges are drawn by mean |w|, and the legend's omission
	// rule says so; a single network's sequence keeps its own |w|.
	for _, c := range []struct {
		f         *Figure
		want, not string
	}{
		{TemplateGraph(e), "edges mean |w| &lt; 0.001 omitted", "edges |w| &lt;"},
		{SideBySide([]weights.Networks{e, first}, 0), "edges mean |w| &lt; 0.001 omitted", "edges |w| &lt;"},
		{GraphCondenseSequence(res.History, []int{0}, []int{res.History[0].Iter}), "edges |w| &lt; 0.001 omitted", "edges mean |w|"},
	} {
		svg := svgOf(t, c.f)
		if !strings.Contains(svg, c.want) || strings.Contains(svg, c.not) {
			t.Errorf("%s: the legend's omission rule: want %q, not %q", c.f.Name, c.want, c.not)
		}
	}
}

// TestMeanNetwork: each weight is the mean |w| across the particles with
// the sign of the mean weight.
func TestMeanNetwork(t *testing.T) {
	got := meanNetwork([][]float64{{1, -2, 0}, {3, 1, 0}})
	want := []float64{2, -1.5, 0}
	for i := range want {
		if math.Abs(got[i]-want[i]) > 1e-15 {
			t.Errorf("weight %d: %v, want %v", i, got[i], want[i])
		}
	}
}

// TestTemplateGraphImportance: the template graph colours each hidden
// node by the mean over the particles of its importance (eq. importance,
// condense.Importance), over the largest in its layer.
func TestTemplateGraphImportance(t *testing.T) {
	arch := icnn.Arch{Widths: []int{3, 4, 3, 1}}
	particles := arch.Init(5, rand.New(rand.NewPCG(3, 9))).Rows()
	g, err := ensembleGraph(weights.Networks{Arch: arch, Particles: particles})
	if err != nil {
		t.Fatal(err)
	}
	for l := 1; l <= 2; l++ {
		mean := make([]float64, arch.Widths[l])
		for _, th := range particles {
			imp, err := condense.Importance(arch, th)
			if err != nil {
				t.Fatal(err)
			}
			for j, v := range imp[l-1] {
				mean[j] += v / float64(len(particles))
			}
		}
		top := slices.Max(mean)
		for j, nd := range g.nodes[l] {
			if nd.dead {
				t.Fatalf("layer %d, node %d is dead in a dense network", l, j)
			}
			if want := mean[j] / top; math.Abs(nd.t-want) > 1e-12 {
				t.Errorf("layer %d, node %d: %v, want mean importance over the largest %v", l, j, nd.t, want)
			}
		}
	}
}

// TestTopEntries: the entries of a layer by descending mean |w|, narrow
// zero-centred ones left out, at most n of them.
func TestTopEntries(t *testing.T) {
	arch := icnn.Arch{Widths: []int{2, 2, 1}} // W0 2x2, W1 1x2
	particles := [][]float64{
		{0.5, -3, 0.001, 1, 1, 2},
		{0.7, -2, -0.001, 1.2, 1, 2},
		{0.6, -4, 0, 0.8, 1, 2},
	}
	got, err := TopEntries(arch, particles, 0, 5)
	if err != nil {
		t.Fatal(err)
	}
	want := []weights.Entry{{K: 0, I: 0, J: 1}, {K: 0, I: 1, J: 1}, {K: 0, I: 0, J: 0}} // mean |w| 3, 1, 0.6; W0(2, 1) is omitted
	if !slices.Equal(got, want) {
		t.Errorf("TopEntries = %v, want %v", got, want)
	}
	if got, _ := TopEntries(arch, particles, 0, 1); !slices.Equal(got, want[:1]) {
		t.Errorf("TopEntries(n = 1) = %v", got)
	}
	if _, err := TopEntries(arch, particles, 2, 1); err == nil {
		t.Error("no error for W2 of a two-matrix network")
	}
}

// TestWeightPairValues: the density panels' titles give the mean and the
// standard deviation of the chosen entries across the particles.
func TestWeightPairValues(t *testing.T) {
	e := tinyEnsemble(t, "tiny")
	x, y := weights.Entry{K: 0, I: 0, J: 1}, weights.Entry{K: 1, I: 0, J: 0}
	f := WeightPair(e, x, y)
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	for n, en := range []weights.Entry{x, y} {
		idx, _ := en.Index(e.Arch)
		var vals []float64
		for _, th := range e.Particles {
			vals = append(vals, th[idx])
		}
		mean, sd := metrics.MeanSD(vals)
		want := fmt.Sprintf("%v: mean %s, sd %s", en, plotkit.Num(mean), plotkit.Num(sd))
		if title := f.Panels[0][n].Title.Text; !strings.Contains(title, want) {
			t.Errorf("panel %d titled %q, want %q", n, title, want)
		}
	}
	if got := f.Panels[0][2].X.Label.Text + " | " + f.Panels[0][2].Y.Label.Text; got != "W₀(1, 2) | W₁(1, 1)" {
		t.Errorf("scatter axes %q", got)
	}
}

// TestExplorerViewErrors: each view reports bad input as an error.
func TestExplorerViewErrors(t *testing.T) {
	e := tinyEnsemble(t, "tiny")
	one := weights.Networks{Label: "one", Arch: e.Arch, Particles: e.Particles[:1]}
	nan := weights.Networks{Label: "nan", Arch: e.Arch, Particles: [][]float64{slices.Clone(e.Particles[0]), e.Particles[1]}}
	nan.Particles[0][3] = math.NaN()
	small := weights.Networks{Label: "small", Arch: icnn.Arch{Widths: []int{3, 1}}, Particles: [][]float64{{1, 2, 3}, {1, 2, 3}}}
	for _, c := range []struct {
		fig  *Figure
		want string
	}{
		{TemplateGraph(one), "one: 1 particles"},
		{TemplateGraph(nan), "not finite"},
		{WeightPair(e, weights.Entry{K: 5, I: 0, J: 0}, weights.Entry{K: 0, I: 0, J: 0}), "W₀ .. W₂"},
		{WeightPair(e, weights.Entry{K: 0, I: 0, J: 0}, weights.Entry{K: 0, I: 0, J: 9}), "W₀ of widths"},
		{SideBySide([]weights.Networks{e}, 0), "1 ensembles"},
		{SideBySide([]weights.Networks{e, e, e, e, e}, 0), "5 ensembles"},
		{SideBySide([]weights.Networks{e, small}, 1), "small: layer k = 1 out of range"},
		{SideBySide([]weights.Networks{e, nan}, 0), "nan: particle 0"},
	} {
		if err := c.fig.Err(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one saying %q", c.fig.Name, err, c.want)
		}
	}
}

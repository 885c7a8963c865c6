package figures

import (
	"math"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/backend/backendtest"
	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/metrics"
	"github.com/csvgd/csvgd-go/csvgd/train"
)

var tinyRun struct {
	once sync.Once
	res  *train.Result
	err  error
}

// tinyResult is a small cSVGD run, shared by the tests: the network
// [3, 8, 8, 1], 4 particles, 60 iterations in stages of 20 with a strong
// prior (alpha = 0.5, lambda = 2), the history every 20 iterations with
// the particles kept.
func tinyResult(t *testing.T) *train.Result {
	t.Helper()
	tinyRun.once.Do(func() {
		c := hyperelastic.PaperData(0.1, 1)
		c.NTest = 30
		tr, te, err := hyperelastic.Generate(c)
		if err != nil {
			tinyRun.err = err
			return
		}
		cfg := train.DefaultConfig()
		cfg.Method, cfg.Arch = "csvgd", icnn.Arch{Widths: []int{3, 8, 8, 1}}
		cfg.Particles, cfg.Iters, cfg.Stage, cfg.Every, cfg.RefDraws = 4, 60, 20, 20, 100
		cfg.Keep, cfg.Alpha, cfg.Lambda = true, 0.5, 2
		tinyRun.res, tinyRun.err = train.Run(backendtest.Backend(t), cfg, train.Data{Noise: 0.1, Train: tr, Test: te}, nil)
	})
	if tinyRun.err != nil {
		t.Fatal(tinyRun.err)
	}
	return tinyRun.res
}

// fakeRun is a result with only what GraphCondenseSpeedup reads.
func fakeRun(arch icnn.Arch, w1, active float64) train.Result {
	return train.Result{
		Config:  train.Config{Arch: icnn.Paper()},
		Arch:    arch,
		History: []train.Record{{ActiveWeights: 1020}, {ActiveWeights: active}},
		W1:      metrics.PushForward{Sum: w1, PerPointSum: []float64{w1 / 2, w1 / 2}},
		// a quarter of it inside the training range
		W1InRange: w1 / 4,
	}
}

// speedupRuns are runs at the paper's five alphas, given out of order.
func speedupRuns() (alphas []float64, with, without []train.Result) {
	alphas = []float64{2, 0.25, 0.5, 0.75, 1}
	for i, a := range alphas {
		with = append(with, fakeRun(icnn.Arch{Widths: []int{3, 4 + i, 3 + i, 1}}, 40+5*a, 20+10*a))
		without = append(without, fakeRun(icnn.Paper(), 42+4*a, 300+100*a))
	}
	return alphas, with, without
}

// TestCondensationFiguresRender: each Sec. 5.4 figure renders, from a real
// (tiny) run or from made-up results, to a PNG at the figure's size that
// is not blank, and to a complete SVG.
func TestCondensationFiguresRender(t *testing.T) {
	res := tinyResult(t)
	if len(res.History) != 7 { // the start, then each stage's end before and after its condensation
		t.Fatalf("history of %d records, want 7", len(res.History))
	}
	last := res.History[len(res.History)-1]
	alphas, with, without := speedupRuns()
	cases := []figureCase{
		{GraphCondenseSequence(res.History, []int{0, 2, 3}, []int{0, 20, 60}), "graph_condense_sequence", 3, 3},
		{GraphCondenseSequence(res.History, []int{1}, []int{40}), "graph_condense_sequence", 1, 1},
		{GraphDistanceEvolution(res.History, []int{0, 1, 2, 5, 6}), "graph_distance_evolution", 1, 5},
		{WeightDistributions(icnn.Arch{Widths: last.Widths}, last.Particles), "weight_distributions", 1, 3},
		{WeightDistributions(res.Arch, res.Particles.Rows()), "weight_distributions", 1, 3},
		{GraphCondenseSpeedup(alphas, with, without), "graph_condense_speedup", 1, 2},
		{GraphCondenseSpeedup(alphas[:1], with[:1], without[:1]), "graph_condense_speedup", 1, 2},
		{GraphCondenseSpeedup(alphas, with, without, train.NoiseFloor{Truth: 1, TruthIn: 0.5}), "graph_condense_speedup", 1, 2},
	}
	checkFigureCases(t, "", cases)
	// the floor: in the legend only when given, and on the accuracy axis
	if strings.Contains(svgOf(t, cases[5].fig), "reference level") || !strings.Contains(svgOf(t, cases[7].fig), "reference level") || !(cases[7].fig.Panels[0][0].Y.Min <= 0.5) {
		t.Errorf("the noise floor is drawn without a floor, or not with one (axis from %v)", cases[7].fig.Panels[0][0].Y.Min)
	}
	// the columns follow the template, and the titles name it
	seq := cases[0].fig
	for c, it := range []int{0, 20, 60} {
		title := seq.Panels[0][c].Title.Text
		want := "iteration " + strconv.Itoa(it)
		if it > 0 {
			want += "\nafter condensation" // the last record of a stage's end, on a line of its own
		}
		if !strings.Contains(title, want+"\n") {
			t.Errorf("column %d titled %q, want %q", c, title, want)
		}
		if seq.Panels[1][c].Title.Text != "" {
			t.Errorf("row 2, column %d has a title %q: only the top row should", c, seq.Panels[1][c].Title.Text)
		}
	}
	if got := strings.Join(seq.RowLabels, "|"); got != "particle 1|particle 3|particle 4" {
		t.Errorf("row labels %q", got)
	}
}

// TestCondensationFigureErrors: bad input never panics; the figure carries
// the reason.
func TestCondensationFigureErrors(t *testing.T) {
	arch := icnn.Arch{Widths: []int{3, 2, 1}}
	p := make([]float64, arch.NumParams())
	for i := range p {
		p[i] = 0.5
	}
	nanP := append([]float64(nil), p...)
	nanP[3] = math.NaN()
	ok := []train.Record{{Iter: 0, Widths: arch.Widths, Particles: [][]float64{p, p}, Distances: [][]float64{{0, 1}, {1, 0}}}}
	bare := []train.Record{{Iter: 0, Widths: arch.Widths, Distances: [][]float64{{0, 1}, {1, 0}}}}
	short := []train.Record{{Iter: 0, Widths: arch.Widths, Particles: [][]float64{p[1:], p}}}
	badWidths := []train.Record{{Iter: 0, Widths: []int{3, 2, 2}, Particles: [][]float64{p, p}}}
	nanRec := []train.Record{{Iter: 0, Widths: arch.Widths, Particles: [][]float64{p, nanP}}}
	ragged := []train.Record{{Iter: 0, Distances: [][]float64{{0, 1}, {1}}}}
	one := []train.Record{{Iter: 0, Distances: [][]float64{{0}}}}
	negD := []train.Record{{Iter: 0, Distances: [][]float64{{0, -1}, {-1, 0}}}}
	nanD := []train.Record{{Iter: 0, Distances: [][]float64{{0, math.NaN()}, {1, 0}}}}

	alphas, with, without := speedupRuns()
	noHist := append([]train.Result(nil), with...)
	noHist[2].History, noHist[2].Stages = nil, nil
	noW1 := append([]train.Result(nil), with...)
	noW1[1].W1 = metrics.PushForward{}
	nanW1 := append([]train.Result(nil), without...)
	nanW1[0].W1.Sum = math.NaN()
	otherStart := append([]train.Result(nil), without...)
	otherStart[3].Config.Arch = icnn.Arch{Widths: []int{3, 8, 1}}
	badArch := append([]train.Result(nil), with...)
	badArch[0].Arch = icnn.Arch{}
	badAlphas := append([]float64(nil), alphas...)
	badAlphas[1] = 0

	cases := map[string]*Figure{
		"sequence: no particles":           GraphCondenseSequence(ok, nil, []int{0}),
		"sequence: no iterations":          GraphCondenseSequence(ok, []int{0}, nil),
		"sequence: no such iteration":      GraphCondenseSequence(ok, []int{0}, []int{0, 5}),
		"sequence: no history":             GraphCondenseSequence(nil, []int{0}, []int{0}),
		"sequence: record lacks particles": GraphCondenseSequence(bare, []int{0}, []int{0}),
		"sequence: particle out of range":  GraphCondenseSequence(ok, []int{2}, []int{0}),
		"sequence: negative particle":      GraphCondenseSequence(ok, []int{-1}, []int{0}),
		"sequence: wrong length":           GraphCondenseSequence(short, []int{0}, []int{0}),
		"sequence: invalid widths":         GraphCondenseSequence(badWidths, []int{0}, []int{0}),
		"sequence: NaN weight":             GraphCondenseSequence(nanRec, []int{1}, []int{0}),
		"distances: no records":            GraphDistanceEvolution(ok, nil),
		"distances: no such record":        GraphDistanceEvolution(ok, []int{3}),
		"distances: ragged":                GraphDistanceEvolution(ragged, []int{0}),
		"distances: one particle":          GraphDistanceEvolution(one, []int{0}),
		"distances: none":                  GraphDistanceEvolution(bare[:0], []int{0}),
		"distances: negative":              GraphDistanceEvolution(negD, []int{0}),
		"distances: NaN":                   GraphDistanceEvolution(nanD, []int{0}),
		"kde: invalid arch":                WeightDistributions(icnn.Arch{Widths: []int{3, 2}}, [][]float64{p, p}),
		"kde: one particle":                WeightDistributions(arch, [][]float64{p}),
		"kde: wrong length":                WeightDistributions(arch, [][]float64{p, p[1:]}),
		"kde: NaN":                         WeightDistributions(arch, [][]float64{p, nanP}),
		"speedup: no runs":                 GraphCondenseSpeedup(nil, nil, nil),
		"speedup: fewer without":           GraphCondenseSpeedup(alphas, with, without[1:]),
		"speedup: fewer alphas":            GraphCondenseSpeedup(alphas[1:], with, without),
		"speedup: alpha 0":                 GraphCondenseSpeedup(badAlphas, with, without),
		"speedup: no history":              GraphCondenseSpeedup(alphas, noHist, without),
		"speedup: no W1":                   GraphCondenseSpeedup(alphas, noW1, without),
		"speedup: NaN W1":                  GraphCondenseSpeedup(alphas, with, nanW1),
		"speedup: other initial network":   GraphCondenseSpeedup(alphas, with, otherStart),
		"speedup: invalid final network":   GraphCondenseSpeedup(alphas, badArch, without),
	}
	checkFailedFigures(t, cases)
}

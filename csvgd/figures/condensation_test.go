package figures

import (
	"math"
	"math/rand/v2"
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

// fakeRun is a result with only what CondenseSpeedup reads.
func fakeRun(arch icnn.Arch, w1, active float64) train.Result {
	return train.Result{
		Config:  train.Config{Arch: icnn.Paper()},
		Arch:    arch,
		History: []train.Record{{ActiveWeights: 1020}, {ActiveWeights: active}},
		W1:      metrics.PushForward{Sum: w1, PerPointSum: []float64{w1 / 2, w1 / 2}},
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
	if len(res.History) != 4 {
		t.Fatalf("history of %d records, want 4", len(res.History))
	}
	last := res.History[len(res.History)-1]
	alphas, with, without := speedupRuns()
	cases := []figureCase{
		{GraphSequence(res.History, []int{0, 2, 3}, []int{0, 20, 60}), "graph_condense_sequence", 3, 3},
		{GraphSequence(res.History, []int{1}, []int{40}), "graph_condense_sequence", 1, 1},
		{DistanceEvolution(res.History, []int{0, 20, 40, 60}), "graph_distance_evolution", 1, 4},
		{WeightDistributions(icnn.Arch{Widths: last.Widths}, last.Particles), "weight_distributions", 1, 3},
		{WeightDistributions(res.Arch, res.Particles.Rows()), "weight_distributions", 1, 3},
		{CondenseSpeedup(alphas, with, without), "graph_condense_speedup", 1, 2},
		{CondenseSpeedup(alphas[:1], with[:1], without[:1]), "graph_condense_speedup", 1, 2},
	}
	checkFigureCases(t, "", cases)
	// the columns follow the template, and the titles name it
	seq := cases[0].fig
	for c, it := range []int{0, 20, 60} {
		title := seq.Panels[0][c].Title.Text
		if !strings.Contains(title, "iteration "+strconv.Itoa(it)) {
			t.Errorf("column %d titled %q", c, title)
		}
		if seq.Panels[1][c].Title.Text != "" {
			t.Errorf("row 2, column %d has a title %q: only the top row should", c, seq.Panels[1][c].Title.Text)
		}
	}
	if got := strings.Join(seq.RowLabels, "|"); got != "particle 1|particle 3|particle 4" {
		t.Errorf("row labels %q", got)
	}
}

// TestNetGraph: on a hand-made particle, edges below the threshold are
// omitted, nodes cut off from the output or the inputs are dead (and the
// edges touching them marked), and importances and weights are normalised
// per layer.
func TestNetGraph(t *testing.T) {
	arch := icnn.Arch{Widths: []int{3, 3, 2, 1}}
	theta := []float64{
		// W_0 (3 x 3): hidden node 2 has no incoming edge above 1e-3
		1, -2, 0.5,
		0.5, 0.5, 0,
		1e-4, 0, -5e-4,
		// W_1 (2 x 3): hidden node 1 of layer 1 reaches nothing
		0.2, 0, 0.4,
		0.1, 5e-4, 0.1,
		// W_2 (1 x 2)
		3, 1,
	}
	g, err := newNetGraph(arch, theta)
	if err != nil {
		t.Fatal(err)
	}
	if got := joinInts(g.live, "-"); got != "3-1-2-1" {
		t.Errorf("live counts %s, want 3-1-2-1", got)
	}
	for j, want := range []bool{false, true, true} {
		if g.nodes[1][j].dead != want {
			t.Errorf("layer 1 node %d dead = %v, want %v", j, g.nodes[1][j].dead, want)
		}
	}
	// edges: W_0 has 5 present, W_1 has 4 (5e-4 omitted), W_2 has 2
	if len(g.edges) != 11 {
		t.Fatalf("%d edges, want 11", len(g.edges))
	}
	topT := map[int]float64{}
	for i, e := range g.edges {
		topT[e.k] = math.Max(topT[e.k], e.t)
		if e.k == 0 && e.from == 1 && e.to == 0 && !e.neg {
			t.Error("W_0 (1, 2) = -2 not marked negative")
		}
		wantDead := (e.k == 0 && (e.to == 1 || e.to == 2)) || (e.k == 1 && (e.from == 1 || e.from == 2))
		if e.dead != wantDead {
			t.Errorf("edge %+v: dead = %v, want %v", e, e.dead, wantDead)
		}
		if i > 0 && !g.edges[i-1].dead && e.dead {
			t.Error("dead edges should be drawn first")
		}
		if i > 0 && g.edges[i-1].dead == e.dead && g.edges[i-1].t > e.t {
			t.Error("edges not drawn weakest first")
		}
	}
	for k := range 3 {
		if topT[k] != 1 {
			t.Errorf("W_%d: largest normalised weight %v, want 1", k, topT[k])
		}
	}
	// importance of layer 2's nodes: W_2 = (3, 1) -> 1, 1/3
	if math.Abs(g.nodes[2][0].t-1) > 1e-12 || math.Abs(g.nodes[2][1].t-1.0/3) > 1e-12 {
		t.Errorf("layer 2 importances %v, %v; want 1, 1/3", g.nodes[2][0].t, g.nodes[2][1].t)
	}
	// inputs: sum of |W_0| by column = (1.5001, 2.5, 0.5005) -> normalised by 2.5
	if math.Abs(g.nodes[0][1].t-1) > 1e-12 || math.Abs(g.nodes[0][0].t-1.5001/2.5) > 1e-12 {
		t.Errorf("input importances %+v", g.nodes[0])
	}
	// the inputs are spread over the middle third of the tallest layer
	g.height = 31
	if _, y := g.pos(0, 0); math.Abs(y-5) > 1e-12 {
		t.Errorf("first input at y = %v, want 5", y)
	}
	if _, y := g.pos(1, 0); y != 1 {
		t.Errorf("first hidden node at y = %v, want 1", y)
	}
}

// TestGraphSequencePadded: a record whose template is wider than a
// particle's live graph (padded nodes) draws the padding as dead.
func TestGraphSequencePadded(t *testing.T) {
	arch := icnn.Arch{Widths: []int{3, 4, 1}}
	live := []float64{1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0}
	full := []float64{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}
	hist := []train.Record{{Iter: 7, Widths: arch.Widths, Particles: [][]float64{live, full}}}
	f := GraphSequence(hist, []int{0, 1}, []int{7})
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	g, err := newNetGraph(arch, live)
	if err != nil {
		t.Fatal(err)
	}
	if got := joinInts(g.live, "-"); got != "3-2-1" {
		t.Errorf("live counts %s, want 3-2-1", got)
	}
	if _, err := f.Render("png"); err != nil {
		t.Fatal(err)
	}
}

// TestGaussianKDE: the estimate integrates to 1 and peaks at a single
// value's 1/(h sqrt(2 pi)); Silverman's rule on known values.
func TestGaussianKDE(t *testing.T) {
	vals := []float64{-1, 0, 0.5, 2}
	xs := linspace(-6, 8, 2801)
	ys := gaussianKDE(vals, 0.3, xs)
	sum := 0.0
	for i := 1; i < len(xs); i++ {
		sum += (ys[i] + ys[i-1]) / 2 * (xs[i] - xs[i-1])
	}
	if math.Abs(sum-1) > 1e-6 {
		t.Errorf("KDE integrates to %v", sum)
	}
	one := gaussianKDE([]float64{0.25}, 0.5, []float64{0.25})
	if want := 1 / (0.5 * math.Sqrt(2*math.Pi)); math.Abs(one[0]-want) > 1e-12 {
		t.Errorf("peak %v, want %v", one[0], want)
	}
	// 1..5: sd = sqrt(2.5), IQR = 2 (type 7), IQR/1.34 < sd
	v := []float64{5, 1, 4, 2, 3}
	want := 0.9 * (2 / 1.34) * math.Pow(5, -0.2)
	if got := silverman(v, math.Sqrt(2.5)); math.Abs(got-want) > 1e-12 {
		t.Errorf("Silverman bandwidth %v, want %v", got, want)
	}
	if v[0] != 5 {
		t.Error("silverman sorted its argument")
	}
	// ties: IQR 0, sd alone
	tied := []float64{0, 0, 0, 0, 1}
	sd := math.Sqrt(0.2)
	if got := silverman(tied, sd); math.Abs(got-0.9*sd*math.Pow(5, -0.2)) > 1e-12 {
		t.Errorf("Silverman bandwidth with IQR 0: %v", got)
	}
}

// TestWeightDistributionsOmits: narrow zero-centred entries are left out
// and counted in the panel titles; a layer that is all zero draws nothing
// but still renders.
func TestWeightDistributionsOmits(t *testing.T) {
	arch := icnn.Arch{Widths: []int{3, 2, 1}}
	rng := rand.New(rand.NewPCG(1, 2))
	var ps [][]float64
	for range 8 {
		p := make([]float64, arch.NumParams())
		p[0] = 1 + 0.1*rng.NormFloat64() // W_0 (1, 1): kept
		p[1] = 0.5 * rng.NormFloat64()   // W_0 (1, 2): wide, zero-centred: kept
		p[2] = 1e-3 * rng.NormFloat64()  // W_0 (1, 3): narrow at zero: omitted
		// the rest of W_0, and W_1, are 0
		ps = append(ps, p)
	}
	f := WeightDistributions(arch, ps)
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	if got := f.Panels[0][0].Title.Text; !strings.Contains(got, "2 of 6 entries") {
		t.Errorf("W0 titled %q", got)
	}
	if got := f.Panels[0][1].Title.Text; !strings.Contains(got, "0 of 2 entries") {
		t.Errorf("W1 titled %q", got)
	}
	for _, th := range ps {
		if p := f.Panels[0][0]; th[0] < p.X.Min || th[0] > p.X.Max || th[1] < p.X.Min || th[1] > p.X.Max {
			t.Errorf("W0 axis %v..%v does not hold the kept values %v, %v", p.X.Min, p.X.Max, th[0], th[1])
		}
	}
	if _, err := f.Render("svg"); err != nil {
		t.Fatal(err)
	}
	// the legend names at most kdeLegendCap entries per panel
	wide := icnn.Arch{Widths: []int{3, 10, 1}}
	var many [][]float64
	for range 5 {
		p := make([]float64, wide.NumParams())
		for i := range p {
			p[i] = 1 + rng.Float64()
		}
		many = append(many, p)
	}
	f = WeightDistributions(wide, many)
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	svg, err := f.Render("svg")
	if err != nil {
		t.Fatal(err)
	}
	if named := strings.Count(string(svg), ", mean "); named != 2*kdeLegendCap {
		t.Errorf("%d entries named in the legend, want %d", named, 2*kdeLegendCap)
	}
}

// TestDistanceEvolutionScale: each panel's title gives its own largest
// distance; the axes span the particles.
func TestDistanceEvolutionScale(t *testing.T) {
	d := func(s float64) [][]float64 {
		return [][]float64{{0, s, 2 * s}, {s, 0, 3 * s}, {2 * s, 3 * s, 0}}
	}
	hist := []train.Record{{Iter: 0, Distances: d(1)}, {Iter: 10, Distances: d(0.5)}, {Iter: 20, Distances: d(0)}}
	f := DistanceEvolution(hist, []int{10, 0, 20})
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	for c, want := range []string{"iteration 10 (max 1.5)", "iteration 0 (max 3)", "iteration 20 (max 0)"} {
		p := f.Panels[0][c]
		if p.Title.Text != want {
			t.Errorf("panel %d titled %q, want %q", c, p.Title.Text, want)
		}
		if p.X.Min != 0.5 || p.X.Max != 3.5 || p.Y.Min != -3.5 || p.Y.Max != -0.5 {
			t.Errorf("panel %d spans x %v..%v, y %v..%v", c, p.X.Min, p.X.Max, p.Y.Min, p.Y.Max)
		}
	}
	if _, err := f.Render("png"); err != nil {
		t.Fatal(err)
	}
	// more than five maps wrap into even rows: seven make rows of 4 and 3
	var long []train.Record
	var iters []int
	for i := range 7 {
		long = append(long, train.Record{Iter: 10 * i, Distances: d(float64(i))})
		iters = append(iters, 10*i)
	}
	f = DistanceEvolution(long, iters)
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	if len(f.Panels) != 2 || len(f.Panels[0]) != 4 || f.Panels[1][3] != nil || f.Panels[1][2] == nil || len(f.RowLabels) != 2 {
		t.Fatalf("7 maps laid out as %d rows of %d", len(f.Panels), len(f.Panels[0]))
	}
	if got := f.Panels[1][0].Title.Text; !strings.HasPrefix(got, "iteration 40 ") {
		t.Errorf("second row starts with %q, want iteration 40", got)
	}
	if _, err := f.Render("png"); err != nil {
		t.Fatal(err)
	}
	ticks := indexTicks{n: 20, negative: true}.Ticks(-20.5, -0.5)
	var labels []string
	for _, tk := range ticks {
		if tk.Label != "" {
			labels = append(labels, tk.Label)
			if n, err := strconv.Atoi(tk.Label); err != nil || tk.Value != -float64(n) {
				t.Errorf("tick %q at %v", tk.Label, tk.Value)
			}
		}
	}
	if len(ticks) != 20 || strings.Join(labels, ",") != "1,5,10,15,20" {
		t.Errorf("%d ticks labelled %v", len(ticks), labels)
	}
}

// TestCondenseSpeedupRanges: the accuracy axis starts at 0 and holds every
// W1 sum; the count axis is logarithmic and holds the initial count, every
// mean active count and every template size.
func TestCondenseSpeedupRanges(t *testing.T) {
	alphas, with, without := speedupRuns()
	f := CondenseSpeedup(alphas, with, without)
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	pa, pb := f.Panels[0][0], f.Panels[0][1]
	if pa.X.Min > 0.25 || pa.X.Max < 2 {
		t.Errorf("alpha axis %v..%v", pa.X.Min, pa.X.Max)
	}
	for _, rs := range [][]train.Result{with, without} {
		for _, r := range rs {
			if r.W1.Sum < pa.Y.Min || r.W1.Sum > pa.Y.Max {
				t.Errorf("W1 %v outside %v..%v", r.W1.Sum, pa.Y.Min, pa.Y.Max)
			}
			for _, v := range []float64{r.History[1].ActiveWeights, float64(r.Arch.NumParams()), 1020} {
				if v < pb.Y.Min || v > pb.Y.Max {
					t.Errorf("count %v outside %v..%v", v, pb.Y.Min, pb.Y.Max)
				}
			}
		}
	}
	// a stage record, when there is one, gives the final active count
	staged := append([]train.Result(nil), with...)
	staged[1].Stages = []train.StageRecord{{ActiveWeights: 5000}, {ActiveWeights: 3}}
	if g := CondenseSpeedup(alphas, staged, without); g.Err() != nil || g.Panels[0][1].Y.Min != 1.5 {
		t.Errorf("count axis from %v with 3 active weights in the last stage (error %v)", g.Panels[0][1].Y.Min, g.Err())
	}
	if pa.Y.Min != 0 {
		t.Errorf("accuracy axis starts at %v", pa.Y.Min)
	}
	// the smallest count is the 22.5 active weights at alpha = 0.25, the
	// largest the initial 1020
	if math.Abs(pb.Y.Min-22.5/2) > 1e-9 || math.Abs(pb.Y.Max-1020*2) > 1e-9 {
		t.Errorf("count axis %v..%v, want %v..%v", pb.Y.Min, pb.Y.Max, 22.5/2, 1020*2)
	}
	svg, err := f.Render("svg")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(svg), "initial count, 1020") {
		t.Error("the legend does not give the initial count 1020")
	}
	var labels []string
	for _, tk := range (countTicks{}).Ticks(10, 2000) {
		if tk.Label != "" {
			labels = append(labels, tk.Label)
		}
	}
	if strings.Join(labels, ",") != "10,20,50,100,200,500,1000,2000" {
		t.Errorf("count ticks labelled %v", labels)
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
		"sequence: no particles":           GraphSequence(ok, nil, []int{0}),
		"sequence: no iterations":          GraphSequence(ok, []int{0}, nil),
		"sequence: no such iteration":      GraphSequence(ok, []int{0}, []int{0, 5}),
		"sequence: no history":             GraphSequence(nil, []int{0}, []int{0}),
		"sequence: record lacks particles": GraphSequence(bare, []int{0}, []int{0}),
		"sequence: particle out of range":  GraphSequence(ok, []int{2}, []int{0}),
		"sequence: negative particle":      GraphSequence(ok, []int{-1}, []int{0}),
		"sequence: wrong length":           GraphSequence(short, []int{0}, []int{0}),
		"sequence: invalid widths":         GraphSequence(badWidths, []int{0}, []int{0}),
		"sequence: NaN weight":             GraphSequence(nanRec, []int{1}, []int{0}),
		"distances: no iterations":         DistanceEvolution(ok, nil),
		"distances: no such iteration":     DistanceEvolution(ok, []int{3}),
		"distances: ragged":                DistanceEvolution(ragged, []int{0}),
		"distances: one particle":          DistanceEvolution(one, []int{0}),
		"distances: none":                  DistanceEvolution(bare[:0], []int{0}),
		"distances: negative":              DistanceEvolution(negD, []int{0}),
		"distances: NaN":                   DistanceEvolution(nanD, []int{0}),
		"kde: invalid arch":                WeightDistributions(icnn.Arch{Widths: []int{3, 2}}, [][]float64{p, p}),
		"kde: one particle":                WeightDistributions(arch, [][]float64{p}),
		"kde: wrong length":                WeightDistributions(arch, [][]float64{p, p[1:]}),
		"kde: NaN":                         WeightDistributions(arch, [][]float64{p, nanP}),
		"speedup: no runs":                 CondenseSpeedup(nil, nil, nil),
		"speedup: fewer without":           CondenseSpeedup(alphas, with, without[1:]),
		"speedup: fewer alphas":            CondenseSpeedup(alphas[1:], with, without),
		"speedup: alpha 0":                 CondenseSpeedup(badAlphas, with, without),
		"speedup: no history":              CondenseSpeedup(alphas, noHist, without),
		"speedup: no W1":                   CondenseSpeedup(alphas, noW1, without),
		"speedup: NaN W1":                  CondenseSpeedup(alphas, with, nanW1),
		"speedup: other initial network":   CondenseSpeedup(alphas, with, otherStart),
		"speedup: invalid final network":   CondenseSpeedup(alphas, badArch, without),
	}
	checkFailedFigures(t, cases)
}

// TestLayerWeights: each layer of a real (tiny) run renders alone, as the
// panel of WeightDistributions with the same title and the same entries
// named in the legend; a layer out of range is an error naming it and the
// number of layers.
func TestLayerWeights(t *testing.T) {
	res := tinyResult(t)
	ps := res.Particles.Rows()
	whole := WeightDistributions(res.Arch, ps)
	if err := whole.Err(); err != nil {
		t.Fatal(err)
	}
	wholeSVG, err := whole.Render("svg")
	if err != nil {
		t.Fatal(err)
	}
	layers := len(res.Arch.Layers())
	named := 0
	for k := range layers {
		t.Run("W"+strconv.Itoa(k), func(t *testing.T) {
			f := LayerWeights(res.Arch, ps, k)
			svg := checkFigure(t, "", figureCase{f, "layer_weights", 1, 1})
			if got, want := f.Panels[0][0].Title.Text, whole.Panels[0][k].Title.Text; got != want {
				t.Errorf("titled %q, want %q as in WeightDistributions", got, want)
			}
			named += strings.Count(string(svg), ", mean ")
		})
	}
	if want := strings.Count(string(wholeSVG), ", mean "); named != want {
		t.Errorf("the layers name %d entries in their legends, WeightDistributions %d", named, want)
	}
	for _, k := range []int{-1, layers} {
		f := LayerWeights(res.Arch, ps, k)
		err := f.Err()
		if err == nil {
			t.Errorf("k = %d: no error", k)
			continue
		}
		if msg := err.Error(); !strings.Contains(msg, "k = "+strconv.Itoa(k)) || !strings.Contains(msg, strconv.Itoa(layers)+" layers") {
			t.Errorf("k = %d: error %q does not name k and the %d layers", k, msg, layers)
		}
		if _, err := f.Render("png"); err == nil {
			t.Errorf("k = %d: Render succeeded", k)
		}
	}
	if err := LayerWeights(res.Arch, ps[:1], 0).Err(); err == nil {
		t.Error("one particle: no error")
	}
}

// TestCondenseSpeedupZeroActive: a run whose weights were all pruned (0
// active) is drawn at the bottom of the log axis, not refused.
func TestCondenseSpeedupZeroActive(t *testing.T) {
	alphas := []float64{0.25, 0.5}
	small := icnn.Arch{Widths: []int{3, 2, 2, 1}}
	with := []train.Result{fakeRun(small, 900, 0), fakeRun(small, 950, 12)}
	without := []train.Result{fakeRun(icnn.Paper(), 910, 30), fakeRun(icnn.Paper(), 940, 40)}
	f := CondenseSpeedup(alphas, with, without)
	if _, err := f.PNG(); err != nil {
		t.Fatalf("a run with 0 active weights: %v", err)
	}
}

package figures

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/figures/plotkit"
	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/metrics"
	"github.com/csvgd/csvgd-go/csvgd/train"
	"gonum.org/v1/plot"
)

// convergenceRun is a made-up run from the paper's network, recorded every
// 200 of 4000 iterations: its W1 sum falls from 2000 to final (a tenth of
// it inside the training range) and its mean
// active count from 1020 to active, and every 1000 iterations the
// template shrinks to the smallest [3, w, w, 1] that holds the active
// weights.
func convergenceRun(final, active float64) train.Result {
	paper := icnn.Paper()
	widths := paper.Widths
	var h []train.Record
	for it := 0; it <= 4000; it += 200 {
		f := math.Exp(-float64(it) / 700)
		w1 := final + (2000-final)*f
		rec := train.Record{Iter: it, W1Sum: w1, W1InRange: w1 / 10, ActiveWeights: active + (1020-active)*f, Widths: widths}
		h = append(h, rec)
		if it > 0 && it%1000 == 0 {
			w := 1
			for ; w < 30 && float64(4*w+w*w) < rec.ActiveWeights; w++ {
			}
			widths = []int{3, w, w, 1}
		}
	}
	return train.Result{Config: train.Config{Arch: paper}, Arch: icnn.Arch{Widths: widths}, History: h}
}

// priorRuns are made-up runs at the paper's five prior orders, with its
// final active counts.
func priorRuns() (labels []string, runs []train.Result) {
	for i, a := range []string{"0.25", "0.5", "0.75", "1", "2"} {
		labels = append(labels, "α = "+a)
		runs = append(runs, convergenceRun(45-3*float64(i), []float64{17, 22, 25, 29, 127}[i]))
	}
	return labels, runs
}

// penaltyInputs are made-up runs at four noise levels with three fixed
// penalties and the adaptive schedule, whose final counts come from its
// stages.
func penaltyInputs() (noises []float64, fixed []PenaltyRuns, adaptive []train.Result) {
	noises = []float64{0.1, 0.01, 0.2, 0.05}
	for _, f := range []struct{ lambda, base, slope, active float64 }{
		{0.01, 20, 300, 120}, {0.05, 22, 310, 25}, {0.1, 40, 420, 12},
	} {
		pr := PenaltyRuns{Lambda: f.lambda}
		for _, n := range noises {
			pr.Runs = append(pr.Runs, fakeRun(icnn.Paper(), f.base+f.slope*n, f.active+30*n))
		}
		fixed = append(fixed, pr)
	}
	for _, n := range noises {
		r := fakeRun(icnn.Paper(), 21+300*n, 1020)
		r.Stages = []train.StageRecord{{ActiveWeights: 300}, {ActiveWeights: 22 + 20*n}}
		adaptive = append(adaptive, r)
	}
	return noises, fixed, adaptive
}

// scaled is a W1 curve times f.
func scaled(pf metrics.PushForward, f float64) metrics.PushForward {
	out := metrics.PushForward{Sum: f * pf.Sum, PerPointSum: make([]float64, len(pf.PerPointSum))}
	for i, v := range pf.PerPointSum {
		out.PerPointSum[i] = f * v
	}
	return out
}

// noisyCurves are W1 curves at four noise levels, given out of natural
// order, and of three methods at 10% noise.
func noisyCurves(t *testing.T, test []hyperelastic.Sample) (byNoise, byMethod []Labeled) {
	t.Helper()
	for _, n := range []struct {
		label string
		noise float64
	}{{"10% noise", 0.1}, {"1% noise", 0.01}, {"20% noise", 0.2}, {"5% noise", 0.05}} {
		byNoise = append(byNoise, Labeled{n.label, fakeCurve(t, test, n.noise)})
	}
	ten := fakeCurve(t, test, 0.1)
	for _, m := range []struct {
		label string
		f     float64
	}{{"cSVGD", 1}, {"SVGD, no condensation", 1.08}, {"sequential", 1.4}} {
		byMethod = append(byMethod, Labeled{m.label, scaled(ten, m.f)})
	}
	return byNoise, byMethod
}

// TestConvergenceFiguresRender: each Sec. 5.5-5.6 figure renders from
// made-up results to a PNG at the figure's size that is not blank, and to
// a complete SVG.
func TestConvergenceFiguresRender(t *testing.T) {
	labels, runs := priorRuns()
	noises, fixed, adaptive := penaltyInputs()
	_, test := smallData(t)
	byNoise, byMethod := noisyCurves(t, test)
	oneFixed := []PenaltyRuns{{Lambda: 0.05, Runs: fixed[1].Runs[:1]}}
	cases := []figureCase{
		{ConvergencePriors(labels, runs), "convergence_priors", 1, 2},
		{ConvergenceEnsemble(labels[:1], runs[:1]), "convergence_ensemble", 1, 2},
		{ConvergenceNoise(labels[1:3], runs[1:3]), "convergence_noise", 1, 2},
		{NoisyPushforwards(test, byNoise, byMethod, 5), "noisy_pushforwards", 1, 2},
		{NoisyPushforwards(test, byNoise[:1], byMethod, 1), "noisy_pushforwards", 1, 2},
		{AdaptivePenalty(noises, fixed, adaptive), "adaptive_penalty", 1, 3},
		{AdaptivePenalty(noises[:1], oneFixed, adaptive[:1]), "adaptive_penalty", 1, 3},
	}
	checkFigureCases(t, "", cases)
}

// inOrder reports whether the strings occur in s in the order given.
func inOrder(s string, labels ...string) bool {
	at := -1
	for _, l := range labels {
		i := strings.Index(s, l)
		if i <= at {
			return false
		}
		at = i
	}
	return true
}

// svgOf renders f as SVG text.
func svgOf(t *testing.T, f *Figure) string {
	t.Helper()
	svg, err := f.Render("svg")
	if err != nil {
		t.Fatal(err)
	}
	return string(svg)
}

// holds reports whether every value lies on ax.
func holds(ax plot.Axis, vs ...float64) bool {
	for _, v := range vs {
		if v < ax.Min || v > ax.Max {
			return false
		}
	}
	return true
}

// TestConvergenceAxes: the iteration axes span the history; the count axis
// is logarithmic and holds the initial count, every active count and every
// template size; the W1 axis is logarithmic when the sums span more than
// a decade and linear from 0 otherwise; the legend follows the runs.
func TestConvergenceAxes(t *testing.T) {
	labels, runs := priorRuns()
	f := ConvergencePriors(labels, runs)
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	pa, pb := f.Panels[0][0], f.Panels[0][1]
	if !holds(pa.X, 0, 4000) || !holds(pb.X, 0, 4000) {
		t.Errorf("iteration axes %v..%v and %v..%v", pa.X.Min, pa.X.Max, pb.X.Min, pb.X.Max)
	}
	if _, ok := pb.Y.Scale.(plot.LogScale); !ok {
		t.Error("the count axis is not logarithmic")
	}
	if _, ok := pa.Y.Scale.(plot.LogScale); !ok {
		t.Error("W1 sums from 2000 to 33 on a linear axis")
	}
	smallest := math.Inf(1)
	for _, r := range runs {
		for _, rec := range r.History {
			template := float64(icnn.Arch{Widths: rec.Widths}.NumParams())
			if !holds(pa.Y, rec.W1Sum, rec.W1InRange) || !holds(pb.Y, rec.ActiveWeights, template, 1020) {
				t.Fatalf("iteration %d: values %v, %v outside the axes", rec.Iter, rec.W1Sum, rec.ActiveWeights)
			}
			smallest = math.Min(smallest, math.Min(rec.ActiveWeights, template))
		}
	}
	if pb.Y.Min != smallest/2 || pb.Y.Max != 2040 {
		t.Errorf("count axis %v..%v, want %v..2040", pb.Y.Min, pb.Y.Max, smallest/2)
	}
	svg := svgOf(t, f)
	if !strings.Contains(svg, "inside the training range") || !strings.Contains(svg, "W₁ to the noisy data") {
		t.Error("panel (a) does not name the W1 inside the training range and what it is measured against")
	}
	if !inOrder(svg, append(labels, "initial count, 1020")...) {
		t.Errorf("the legend does not list %q and the initial count in order", labels)
	}
	flatRun := convergenceRun(40, 20)
	for i := range flatRun.History {
		flatRun.History[i].W1Sum = 40 + float64(i%3)
		flatRun.History[i].W1InRange = 20 + float64(i%3)
	}
	g := ConvergenceNoise([]string{"10%"}, []train.Result{flatRun})
	if err := g.Err(); err != nil {
		t.Fatal(err)
	}
	if ax := g.Panels[0][0].Y; ax.Min != 0 || ax.Max < 42 {
		t.Errorf("W1 sums of 40 to 42 on an axis %v..%v, want linear from 0", ax.Min, ax.Max)
	}
	if _, err := g.Render("png"); err != nil {
		t.Fatal(err)
	}
}

// TestAdaptivePenaltyPoints: the final active count is that of the last
// stage, else of the last history record; the axes hold every point, the
// two W1 axes (whole path, inside the training range) logarithmic; the
// noise levels label the x axis in %; the legend lists the fixed
// penalties in their order, then the adaptive schedule.
func TestAdaptivePenaltyPoints(t *testing.T) {
	run := fakeRun(icnn.Paper(), 40, 30)
	if v, ok := finalActive(run); !ok || v != 30 {
		t.Errorf("final active count %v (%v) from the history, want 30", v, ok)
	}
	run.Stages = []train.StageRecord{{ActiveWeights: 5}, {ActiveWeights: 7}}
	if v, ok := finalActive(run); !ok || v != 7 {
		t.Errorf("final active count %v (%v) from the stages, want 7", v, ok)
	}
	if _, ok := finalActive(train.Result{}); ok {
		t.Error("a run with neither stages nor history has a final active count")
	}

	noises, fixed, adaptive := penaltyInputs()
	f := AdaptivePenalty(noises, fixed, adaptive)
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	pa, pb, pc := f.Panels[0][0], f.Panels[0][1], f.Panels[0][2]
	if !holds(pa.Y, 20+300*0.01, 40+420*0.2) || !holds(pa.X, 1, 20) {
		t.Errorf("accuracy axes x %v..%v, y %v..%v", pa.X.Min, pa.X.Max, pa.Y.Min, pa.Y.Max)
	}
	if !holds(pb.Y, (20+300*0.01)/4, (40+420*0.2)/4) {
		t.Errorf("in-range accuracy axis %v..%v", pb.Y.Min, pb.Y.Max)
	}
	for _, ax := range []plot.Axis{pa.Y, pb.Y} {
		if _, ok := ax.Scale.(plot.LogScale); !ok {
			t.Error("a W1 axis is not logarithmic")
		}
	}
	if !holds(pc.Y, 12.3, 126, 22.2) || holds(pc.Y, 300) {
		t.Errorf("count axis %v..%v does not fit the final counts 12.3 to 126", pc.Y.Min, pc.Y.Max)
	}
	var labels []string
	for _, tk := range pa.X.Tick.Marker.Ticks(pa.X.Min, pa.X.Max) {
		labels = append(labels, tk.Label)
	}
	if got := strings.Join(labels, ","); got != "1,5,10,20" {
		t.Errorf("noise ticks %q, want 1,5,10,20", got)
	}
	svg := svgOf(t, f)
	if !inOrder(svg, "λ = 0.01", "λ = 0.05", "λ = 0.1", "adaptive") {
		t.Error("the legend does not list the penalties in order")
	}
	if strings.Contains(svg, "reference level") {
		t.Error("a noise floor drawn without floors")
	}
	// with floors: the in-range axis reaches down to the lowest floor, and the legend names it
	floors := make([]train.NoiseFloor, len(noises))
	for i, n := range noises {
		floors[i] = train.NoiseFloor{Truth: 1000 * n, TruthIn: 10 * n}
	}
	g := AdaptivePenalty(noises, fixed, adaptive, floors...)
	if err := g.Err(); err != nil {
		t.Fatal(err)
	}
	if !holds(g.Panels[0][1].Y, 10*0.01) || !strings.Contains(svgOf(t, g), "reference level") {
		t.Errorf("floors: in-range axis %v..%v does not hold the floor 0.1, or the legend lacks it", g.Panels[0][1].Y.Min, g.Panels[0][1].Y.Max)
	}
	if strings.Contains(svgOf(t, g), "not drawn on the log axes") {
		t.Error("floors all above 0: the legend says one is not drawn")
	}
	// a floor of 0 (no noise) is left off the log axes, and the legend says it is 0 there
	zero := append([]train.NoiseFloor{{}}, floors[1:]...)
	z := AdaptivePenalty(noises, fixed, adaptive, zero...)
	if want := fmt.Sprintf("(0 at %s%% noise: not drawn on the log axes)", plotkit.Num(100*noises[0])); !strings.Contains(svgOf(t, z), want) {
		t.Errorf("a floor of 0: the legend does not say %q", want)
	}
	if err := AdaptivePenalty(noises, fixed, adaptive, floors[1:]...).Err(); err == nil || !strings.Contains(err.Error(), "noise floors for") {
		t.Errorf("too few floors: %v", err)
	}
	if !strings.Contains(svg, "noise level (%)") {
		t.Error("the x axes are not labelled with the noise level in %")
	}
}

// TestNoisyPushforwardsPanels: the legend keeps the order given; each
// panel is the panel W1Curve draws of the same curves; the title states
// the moving-average width.
func TestNoisyPushforwardsPanels(t *testing.T) {
	_, test := smallData(t)
	byNoise, byMethod := noisyCurves(t, test)
	f := NoisyPushforwards(test, byNoise, byMethod, 5)
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	svg := svgOf(t, f)
	order := []string{"(a) noise level:"}
	for _, l := range byNoise {
		order = append(order, l.Label)
	}
	order = append(order, "(b) method:")
	for _, l := range byMethod {
		order = append(order, l.Label)
	}
	if !inOrder(svg, append(order, "training F₁₁ range")...) {
		t.Errorf("the legend does not list %q in order", order)
	}
	if !strings.Contains(f.Title, "moving average of 5") {
		t.Errorf("titled %q", f.Title)
	}
	for c, series := range [][]Labeled{byNoise, byMethod} {
		curves := map[string]metrics.PushForward{}
		for _, s := range series {
			curves[s.Label] = s.W1
		}
		w := W1Curve(test, curves, 5)
		if err := w.Err(); err != nil {
			t.Fatal(err)
		}
		got, want := f.Panels[0][c], w.Panels[0][0]
		if got.X.Min != want.X.Min || got.X.Max != want.X.Max || got.Y.Min != want.Y.Min || got.Y.Max != want.Y.Max {
			t.Errorf("panel %d spans %v..%v x %v..%v, W1Curve %v..%v x %v..%v", c,
				got.X.Min, got.X.Max, got.Y.Min, got.Y.Max, want.X.Min, want.X.Max, want.Y.Min, want.Y.Max)
		}
	}
}

// TestConvergenceFigureErrors: bad input never panics; the figure carries
// the reason, which Render and Save return.
func TestConvergenceFigureErrors(t *testing.T) {
	labels, runs := priorRuns()
	noises, fixed, adaptive := penaltyInputs()
	_, test := smallData(t)
	byNoise, byMethod := noisyCurves(t, test)

	edit := func(f func(rs []train.Result)) []train.Result {
		rs := append([]train.Result(nil), runs...)
		rs[2].History = append([]train.Record(nil), rs[2].History...)
		f(rs)
		return rs
	}
	noHist := edit(func(rs []train.Result) { rs[1].History = nil })
	nanW1 := edit(func(rs []train.Result) { rs[2].History[3].W1Sum = math.NaN() })
	infActive := edit(func(rs []train.Result) { rs[2].History[5].ActiveWeights = math.Inf(1) })
	negActive := edit(func(rs []train.Result) { rs[2].History[5].ActiveWeights = -1 })
	badTemplate := edit(func(rs []train.Result) { rs[2].History[4].Widths = []int{3, 4} })
	otherStart := edit(func(rs []train.Result) { rs[3].Config.Arch = icnn.Arch{Widths: []int{3, 8, 1}} })
	noStart := edit(func(rs []train.Result) { rs[0].Config.Arch = icnn.Arch{} })

	penalty := func(f func(fx []PenaltyRuns, ad []train.Result)) ([]PenaltyRuns, []train.Result) {
		fx := append([]PenaltyRuns(nil), fixed...)
		fx[1].Runs = append([]train.Result(nil), fx[1].Runs...)
		ad := append([]train.Result(nil), adaptive...)
		f(fx, ad)
		return fx, ad
	}
	fewRuns, _ := penalty(func(fx []PenaltyRuns, _ []train.Result) { fx[1].Runs = fx[1].Runs[1:] })
	zeroLambda, _ := penalty(func(fx []PenaltyRuns, _ []train.Result) { fx[2].Lambda = 0 })
	twice, _ := penalty(func(fx []PenaltyRuns, _ []train.Result) { fx[2].Lambda = fx[0].Lambda })
	nanFinal, _ := penalty(func(fx []PenaltyRuns, _ []train.Result) { fx[1].Runs[2].W1.Sum = math.NaN() })
	noW1, _ := penalty(func(fx []PenaltyRuns, _ []train.Result) { fx[1].Runs[0].W1 = metrics.PushForward{} })
	_, bare := penalty(func(_ []PenaltyRuns, ad []train.Result) { ad[3] = train.Result{W1: ad[3].W1} })
	_, nanStage := penalty(func(_ []PenaltyRuns, ad []train.Result) {
		ad[1].Stages = []train.StageRecord{{ActiveWeights: math.NaN()}}
	})
	badNoise := append([]float64(nil), noises...)
	badNoise[2] = math.Inf(1)

	short := append([]Labeled(nil), byMethod...)
	short[1].W1.PerPointSum = short[1].W1.PerPointSum[1:]
	nanCurve := append([]Labeled(nil), byNoise...)
	nanCurve[0].W1 = scaled(nanCurve[0].W1, 1)
	nanCurve[0].W1.PerPointSum[6] = math.NaN()
	nanTest := append([]hyperelastic.Sample(nil), test...)
	nanTest[2].F[0] = math.NaN()

	cases := []struct {
		name string
		fig  *Figure
		want string
	}{
		{"convergence: no runs", ConvergencePriors(nil, nil), "no runs"},
		{"convergence: fewer labels", ConvergencePriors(labels[1:], runs), "4 labels for 5 runs"},
		{"convergence: no history", ConvergencePriors(labels, noHist), `run "α = 0.5" has no history`},
		{"convergence: NaN W1", ConvergencePriors(labels, nanW1), "iteration 600: W1 sum = NaN"},
		{"convergence: Inf active", ConvergencePriors(labels, infActive), "active weights = +Inf"},
		{"convergence: negative active", ConvergencePriors(labels, negActive), "active weights = -1"},
		{"convergence: bad template", ConvergencePriors(labels, badTemplate), "iteration 800: template"},
		{"convergence: other start", ConvergencePriors(labels, otherStart), "started with 32 parameters"},
		{"convergence: invalid start", ConvergencePriors(labels, noStart), "initial network"},
		{"penalty: no noise levels", AdaptivePenalty(nil, fixed, adaptive), "0 noise levels"},
		{"penalty: no fixed", AdaptivePenalty(noises, nil, adaptive), "0 fixed penalties"},
		{"penalty: fewer adaptive", AdaptivePenalty(noises, fixed, adaptive[1:]), "adaptive: 3 runs for 4 noise levels"},
		{"penalty: fewer fixed runs", AdaptivePenalty(noises, fewRuns, adaptive), "λ = 0.05: 3 runs for 4 noise levels"},
		{"penalty: lambda 0", AdaptivePenalty(noises, zeroLambda, adaptive), "λ = 0: want a positive number"},
		{"penalty: lambda twice", AdaptivePenalty(noises, twice, adaptive), "λ = 0.01 given twice"},
		{"penalty: Inf noise", AdaptivePenalty(badNoise, fixed, adaptive), "noise level +Inf"},
		{"penalty: NaN final W1", AdaptivePenalty(noises, nanFinal, adaptive), "λ = 0.05 at noise 20%: final W1 sum = NaN"},
		{"penalty: no W1", AdaptivePenalty(noises, noW1, adaptive), "no W1"},
		{"penalty: bare run", AdaptivePenalty(noises, fixed, bare), "neither stages nor history"},
		{"penalty: NaN stage", AdaptivePenalty(noises, fixed, nanStage), "adaptive at noise 1%: final active weights = NaN"},
		{"noisy: no test points", NoisyPushforwards(nil, byNoise, byMethod, 5), "no test points"},
		{"noisy: NaN test point", NoisyPushforwards(nanTest, byNoise, byMethod, 5), "test sample 2"},
		{"noisy: no noise levels", NoisyPushforwards(test, nil, byMethod, 5), "no noise levels"},
		{"noisy: no methods", NoisyPushforwards(test, byNoise, nil, 5), "no methods"},
		{"noisy: fewer points", NoisyPushforwards(test, byNoise, short, 5), `curve "SVGD, no condensation" has 40 points`},
		{"noisy: NaN W1", NoisyPushforwards(test, nanCurve, byMethod, 5), `curve "10% noise", point 6`},
		{"noisy: even window", NoisyPushforwards(test, byNoise, byMethod, 4), "moving-average width 4"},
		{"noisy: zero window", NoisyPushforwards(test, byNoise, byMethod, 0), "moving-average width 0"},
	}
	dir := t.TempDir()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := c.fig.Err()
			if err == nil {
				t.Fatal("no error")
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %q does not say %q", err, c.want)
			}
			if _, err := c.fig.Render("png"); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("Render: error %v", err)
			}
			if err := c.fig.Save(dir); err == nil {
				t.Error("Save succeeded")
			}
		})
	}
}

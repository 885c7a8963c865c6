package figures

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"github.com/csvgd/csvgd-go/csvgd/metrics"
)

// smallData is the Sec. 5.2 data at a small size: 12 training points and
// 41 test points on the paper's path.
func smallData(t *testing.T) (train, test []hyperelastic.Sample) {
	t.Helper()
	c := hyperelastic.PaperData(0.1, 1)
	c.NTrain, c.NTest = 12, 41
	train, test, err := hyperelastic.Generate(c)
	if err != nil {
		t.Fatal(err)
	}
	return train, test
}

// fakeEnsemble is n particles predicting the truth times 1 + spread xi_a,
// xi_a a seeded standard normal per particle.
func fakeEnsemble(test []hyperelastic.Sample, n int, spread float64) hyperelastic.Predictions {
	rng := rand.New(rand.NewPCG(uint64(n), 7))
	pred := make(hyperelastic.Predictions, n)
	for a := range pred {
		f := 1 + spread*rng.NormFloat64()
		pred[a] = make([]hyperelastic.Stress, len(test))
		for i, s := range test {
			for c := range hyperelastic.NumComponents {
				pred[a][i][c] = f * s.STrue[c]
			}
		}
	}
	return pred
}

// fakeCurve is the push-forward W1 of a fake ensemble against 50 noisy
// draws per point.
func fakeCurve(t *testing.T, test []hyperelastic.Sample, noise float64) metrics.PushForward {
	t.Helper()
	rng := rand.New(rand.NewPCG(5, 5))
	ref := make([][]hyperelastic.Stress, len(test)) // [point][draw]
	for i, s := range test {
		ref[i] = make([]hyperelastic.Stress, 50)
		for d := range ref[i] {
			ref[i][d] = hyperelastic.AddNoise(s.STrue, noise, rng)
		}
	}
	pf, err := metrics.PushForwardW1(fakeEnsemble(test, 10, noise/2), ref)
	if err != nil {
		t.Fatal(err)
	}
	return pf
}

// TestHyperelasticFiguresRender: each Sec. 5 figure renders to a PNG that
// decodes at the figure's size and is not blank, and to a complete SVG.
func TestHyperelasticFiguresRender(t *testing.T) {
	train, test := smallData(t)
	curves := map[string]metrics.PushForward{
		"10% noise": fakeCurve(t, test, 0.1),
		"5% noise":  fakeCurve(t, test, 0.05),
	}
	cases := []figureCase{
		{HyperelasticData(train, test), "hyperelastic_data", 1, 3},
		{PushForwardBands(hyperelastic.PrintedPath, test, fakeEnsemble(test, 5, 0.05)), "pushforward_bands", 2, 2},
		{PushForwardBands(hyperelastic.PrintedPath, test, fakeEnsemble(test, 24, 0.05)), "pushforward_bands", 2, 2},
		{W1Curve(test, curves, 5), "w1_curve", 1, 1},
		{W1Curve(test, curves, 1), "w1_curve", 1, 1},
	}
	checkFigureCases(t, "", cases)
}

// TestHyperelasticFigureRanges: the panels span their data, on the test
// path's F₁₁ range; the deviation row of the bands contains the ensemble's
// spread; the W1 axis starts at 0 and holds the highest curve.
func TestHyperelasticFigureRanges(t *testing.T) {
	train, test := smallData(t)
	lo, hi := test[0].F[0], test[len(test)-1].F[0]
	if math.Abs(lo-0.6) > 1e-12 || math.Abs(hi-1.4) > 1e-12 {
		t.Fatalf("test path F11 from %v to %v, want 0.6 to 1.4", lo, hi)
	}

	data := HyperelasticData(train, test)
	if err := data.Err(); err != nil {
		t.Fatal(err)
	}
	pa := data.Panels[0][0]
	if pa.X.Min > lo || pa.X.Max < hi {
		t.Errorf("test path panel spans F11 %v..%v, want %v..%v", pa.X.Min, pa.X.Max, lo, hi)
	}
	for _, s := range test {
		for _, v := range []float64{s.S[0], s.S[1], s.STrue[0], s.STrue[1]} {
			if v < pa.Y.Min || v > pa.Y.Max {
				t.Fatalf("stress %v outside the panel's %v..%v", v, pa.Y.Min, pa.Y.Max)
			}
		}
	}
	pb := data.Panels[0][1]
	for _, s := range train {
		if s.F[0] < pb.X.Min || s.F[0] > pb.X.Max || s.S[0] < pb.Y.Min || s.S[0] > pb.Y.Max {
			t.Fatalf("training point (%v, %v) outside the panel", s.F[0], s.S[0])
		}
	}

	pred := fakeEnsemble(test, 8, 0.05)
	bands := PushForwardBands(hyperelastic.PrintedPath, test, pred)
	if err := bands.Err(); err != nil {
		t.Fatal(err)
	}
	// The title names the path, so that two paths' figures differ.
	if iso := PushForwardBands(hyperelastic.IsochoricPath, test, pred); bands.Title == "" || iso.Title == bands.Title || !strings.Contains(iso.Title, "isochoric") || !strings.Contains(bands.Title, "printed") {
		t.Errorf("titles %q (printed) and %q (isochoric): want each to name its path", bands.Title, iso.Title)
	}
	for j, comp := range []int{0, 1} {
		dev := bands.Panels[1][j]
		for _, pa := range pred {
			for i, s := range test {
				if d := pa[i][comp] - s.STrue[comp]; d < dev.Y.Min || d > dev.Y.Max {
					t.Fatalf("%s deviation %v outside the panel's %v..%v", hyperelastic.ComponentNames[comp], d, dev.Y.Min, dev.Y.Max)
				}
			}
		}
	}

	curve := fakeCurve(t, test, 0.1)
	w1 := W1Curve(test, map[string]metrics.PushForward{"a": curve}, 1)
	if err := w1.Err(); err != nil {
		t.Fatal(err)
	}
	p := w1.Panels[0][0]
	top := 0.0
	for _, v := range curve.PerPointSum {
		top = math.Max(top, v)
	}
	if p.Y.Min != 0 || p.Y.Max < top {
		t.Errorf("W1 axis %v..%v, want 0 to at least %v", p.Y.Min, p.Y.Max, top)
	}
	if !strings.Contains(w1.Panels[0][0].Title.Text, "W₁") || strings.Contains(w1.Panels[0][0].Title.Text, "moving average") {
		t.Errorf("raw curve titled %q", w1.Panels[0][0].Title.Text)
	}
	if s := W1Curve(test, map[string]metrics.PushForward{"a": curve}, 7).Panels[0][0].Title.Text; !strings.Contains(s, "moving average of 7") {
		t.Errorf("smoothed curve titled %q", s)
	}
}

// TestHyperelasticFigureErrors: empty or mismatched input never panics;
// the figure carries the reason.
func TestHyperelasticFigureErrors(t *testing.T) {
	train, test := smallData(t)
	pred := fakeEnsemble(test, 4, 0.05)
	short := fakeEnsemble(test[:len(test)-1], 4, 0.05)
	ragged := append(fakeEnsemble(test, 3, 0.05), short[0])
	nanPred := fakeEnsemble(test, 4, 0.05)
	nanPred[2][7][1] = math.NaN()
	nanTest := append([]hyperelastic.Sample(nil), test...)
	nanTest[3].S[0] = math.Inf(1)
	curve := fakeCurve(t, test, 0.1)
	shortCurve := curve
	shortCurve.PerPointSum = curve.PerPointSum[1:]
	nanCurve := curve
	nanCurve.PerPointSum = append([]float64(nil), curve.PerPointSum...)
	nanCurve.PerPointSum[4] = math.NaN()
	ok := map[string]metrics.PushForward{"a": curve}

	cases := map[string]*Figure{
		"data: no training points":       HyperelasticData(nil, test),
		"data: no test points":           HyperelasticData(train, nil),
		"data: non-finite test stress":   HyperelasticData(train, nanTest),
		"bands: no test points":          PushForwardBands(hyperelastic.PrintedPath, nil, pred),
		"bands: no particles":            PushForwardBands(hyperelastic.PrintedPath, test, nil),
		"bands: fewer points":            PushForwardBands(hyperelastic.PrintedPath, test, short),
		"bands: one particle short":      PushForwardBands(hyperelastic.PrintedPath, test, ragged),
		"bands: NaN prediction":          PushForwardBands(hyperelastic.PrintedPath, test, nanPred),
		"bands: non-finite test stress":  PushForwardBands(hyperelastic.PrintedPath, nanTest, pred),
		"w1: no test points":             W1Curve(nil, ok, 1),
		"w1: no curves":                  W1Curve(test, nil, 1),
		"w1: a zero PushForward":         W1Curve(test, map[string]metrics.PushForward{"a": curve, "b": {}}, 1),
		"w1: fewer points":               W1Curve(test, map[string]metrics.PushForward{"a": shortCurve}, 1),
		"w1: NaN W1":                     W1Curve(test, map[string]metrics.PushForward{"a": nanCurve}, 1),
		"w1: even moving-average width":  W1Curve(test, ok, 4),
		"w1: zero moving-average width":  W1Curve(test, ok, 0),
		"w1: negative moving-avg. width": W1Curve(test, ok, -3),
	}
	checkFailedFigures(t, cases)
}

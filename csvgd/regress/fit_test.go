package regress

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/backend/backendtest"
	"github.com/csvgd/csvgd-go/csvgd/stein"
	"github.com/csvgd/csvgd-go/csvgd/tabular"
	"github.com/csvgd/csvgd-go/csvgd/train"
)

// sineData is y = sin(3 x1) + x2 / 2 + N(0, sd^2) at n training and 60
// test points with x uniform on [-1, 1]^(2+extra), the last extra inputs
// irrelevant, in the data's units scaled by 10 and shifted by 5 (so that
// the fit must undo its standardisation).
func sineData(n, extra int, sd float64, seed uint64) tabular.Data {
	rng := rand.New(rand.NewPCG(seed, 3))
	set := func(m int) tabular.Set {
		s := tabular.Set{}
		for range m {
			x := make([]float64, 2+extra)
			for j := range x {
				x[j] = 2*rng.Float64() - 1
			}
			y := math.Sin(3*x[0]) + x[1]/2 + sd*rng.NormFloat64()
			s.X, s.Y = append(s.X, x), append(s.Y, []float64{10*y + 5})
		}
		return s
	}
	d := tabular.Data{Targets: []string{"y"}, Train: set(n), Test: set(60)}
	for j := range 2 + extra {
		d.Inputs = append(d.Inputs, fmt.Sprintf("x%d", j+1))
	}
	return d
}

// smallConfig is Liu & Wang's setup, smaller: 8 particles, 20 hidden
// units, mini-batches of 40, step 0.01.
func smallConfig(iters int) Config {
	c := LiuWang()
	c.Particles, c.Hidden, c.Iters, c.Batch, c.StepSize, c.Every = 8, []int{20}, iters, 40, 0.01, 50
	return c
}

// TestFitLearnsAFunction: SVGD on a noisy smooth function of two inputs
// reaches a test RMSE near the noise (10 x 0.1 in the data's units: below
// twice it), a test log-likelihood near that of the true noise density
// (-log(sqrt(2 pi e)) = -1.42 at sd 1: above -2), and learns the noise's
// scale within a factor 2; the history starts at iteration 0 and ends at
// the last.
func TestFitLearnsAFunction(t *testing.T) {
	res, err := Fit(backendtest.Backend(t), smallConfig(1500), sineData(200, 0, 0.1, 1), Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("test RMSE %.3f, LL %.3f, training RMSE %.3f, %d particles refitted, %.1f s", res.Test.RMSE, res.Test.LL, res.Train.RMSE, res.Refitted, res.Seconds)
	if res.Test.RMSE > 2 || res.Test.LL < -2 {
		t.Errorf("test RMSE %.3f (want < 2), LL %.3f (want > -2)", res.Test.RMSE, res.Test.LL)
	}
	p := res.Predict([][]float64{{0, 0}})
	for a, sd := range p.SD {
		if sd[0] < 0.5 || sd[0] > 2 {
			t.Errorf("particle %d: noise sd %.3f, want within a factor 2 of 1", a, sd[0])
		}
	}
	h := res.History
	if h[0].Iter != 0 || h[len(h)-1].Iter != 1500 || len(h) != 31 {
		t.Errorf("history of %d records from %d to %d", len(h), h[0].Iter, h[len(h)-1].Iter)
	}
}

// TestFitIsDeterministic: the same seed gives the same particles bit for
// bit; another seed other ones.
func TestFitIsDeterministic(t *testing.T) {
	b := backendtest.Backend(t)
	d := sineData(60, 0, 0.1, 2)
	run := func(seed uint64) *Result {
		c := smallConfig(60)
		c.Seed, c.Method, c.Stage, c.Lambda = seed, train.CSVGD, 20, 0.1
		res, err := Fit(b, c, d, Options{})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	a, again, other := run(1), run(1), run(2)
	if !equal(a.Particles, again.Particles) {
		t.Error("the same seed gave other particles")
	}
	if equal(a.Particles, other.Particles) {
		t.Error("another seed gave the same particles")
	}
}

func equal(a, b *stein.Ensemble) bool {
	if a.N != b.N || a.D != b.D {
		return false
	}
	for i, v := range a.Rows() {
		for j := range v {
			if v[j] != b.Rows()[i][j] {
				return false
			}
		}
	}
	return true
}

// TestFitCSVGDCondenses: cSVGD with the alpha prior on data with four
// irrelevant inputs ends every stage with graph condensation, records each
// stage, ends on a narrower template with fewer than half the full
// network's active weights, and still fits (test RMSE below 3, the
// targets' spread being 10 x 0.76 and SVGD's about 1.4). The threshold,
// 0.02, is above the jitter of a weight near 0 under Adagrad's normalised
// steps of 0.01 (about the step): at the paper's 1e-3 such weights never
// stay below it.
func TestFitCSVGDCondenses(t *testing.T) {
	c := smallConfig(1200)
	c.Method, c.Stage, c.Alpha, c.Threshold = train.CSVGD, 300, 0.5, 0.02
	c.Lambda = 1.0 / 180 // per training point: N lambda = 1 on the 180 left after the development set
	res, err := Fit(backendtest.Backend(t), c, sineData(200, 4, 0.1, 3), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Stages) != 4 {
		t.Fatalf("%d stages, want 4", len(res.Stages))
	}
	for _, s := range res.Stages {
		t.Logf("stage %d: %v -> %v, %.1f active, training RMSE %.3f", s.Stage, s.Widths, s.CondensedTo, s.ActiveWeights, s.TrainRMSE)
		if s.CondensedTo == nil || s.CondensedTo[1] > s.Widths[1] {
			t.Errorf("stage %d: condensed from %v to %v", s.Stage, s.Widths, s.CondensedTo)
		}
	}
	t.Logf("test RMSE %.3f, LL %.3f, %.1f active weights of %d, template %d", res.Test.RMSE, res.Test.LL, res.ActiveWeights, res.FullParams(), res.TemplateParams())
	if res.TemplateParams() >= res.FullParams() || res.ActiveWeights > float64(res.FullParams())/2 {
		t.Errorf("template %d and %.1f active weights of %d: too little condensed", res.TemplateParams(), res.ActiveWeights, res.FullParams())
	}
	if res.Test.RMSE > 3 {
		t.Errorf("test RMSE %.3f: the condensed ensemble does not fit", res.Test.RMSE)
	}
}

// TestConfigValidate: bad settings are errors naming the value.
func TestConfigValidate(t *testing.T) {
	for _, c := range []struct {
		edit func(*Config)
		want string
	}{
		{func(c *Config) { c.Method = train.Sequential }, `method "sequential"`},
		{func(c *Config) { c.Hidden = []int{50, 0} }, "hidden widths [50 0]"},
		{func(c *Config) { c.Activation = "sigmoid" }, `activation "sigmoid"`},
		{func(c *Config) { c.NoiseSD = -1 }, "noise standard deviation -1"},
		{func(c *Config) { c.Batch = -5 }, "batch size -5"},
		{func(c *Config) { c.Dev = 1 }, "development fraction 1"},
		{func(c *Config) { c.Adaptive = true }, "adaptive penalty needs method csvgd"},
		{func(c *Config) { c.Particles = 1 }, "particles = 1"},
	} {
		cfg := LiuWang()
		c.edit(&cfg)
		if err := cfg.Validate(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("error %v, want %q", err, c.want)
		}
	}
}

// TestCheckData: data whose target is constant on the rows the
// development set leaves are refused before any work, naming the column,
// and taken when no rows are held out; data without test rows are refused.
func TestCheckData(t *testing.T) {
	d := sineData(30, 0, 0.1, 5)
	k := DevRows(d.Train.Len(), LiuWang().Dev)
	for m := range d.Train.Len() - k {
		d.Train.Y[m][0] = 1
	}
	noDev := LiuWang()
	noDev.Dev = 0
	noTest := sineData(30, 0, 0.1, 5)
	noTest.Test = tabular.Set{}
	for _, c := range []struct {
		name string
		c    Config
		d    tabular.Data
		want string
	}{
		{"constant without the development set", LiuWang(), d, "without the development set: target column"},
		{"no development set", noDev, d, ""},
		{"no test rows", LiuWang(), noTest, "no test points"},
	} {
		err := CheckData(c.c, c.d)
		if c.want == "" && err != nil || c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)) {
			t.Errorf("%s: error %v, want %q", c.name, err, c.want)
		}
	}
}

// TestSplitDev: Liu & Wang's development set is the last round(0.1 n)
// training rows (NumPy rounds halves to even), at most 500.
func TestSplitDev(t *testing.T) {
	for _, c := range []struct{ n, dev int }{{277, 28}, {927, 93}, {25, 2}, {5000, 500}, {2, 0}} {
		s := tabular.Set{X: make([][]float64, c.n), Y: make([][]float64, c.n)}
		tr, dev := splitDev(s, 0.1)
		if dev.Len() != c.dev || tr.Len() != c.n-c.dev {
			t.Errorf("%d rows: %d training and %d development rows, want %d", c.n, tr.Len(), dev.Len(), c.dev)
		}
	}
}

// TestTrainScalingLeavesTheDevelopmentSetOut: the scaling a fit uses is
// TrainScaling's, over the rows before the development set: equal to the
// scaling of those rows, and not to that of all training rows (the last
// tenth shifted so that the two differ).
func TestTrainScalingLeavesTheDevelopmentSetOut(t *testing.T) {
	d := sineData(100, 0, 0.1, 4)
	k := DevRows(d.Train.Len(), LiuWang().Dev)
	for m := d.Train.Len() - k; m < d.Train.Len(); m++ {
		d.Train.Y[m][0] += 100
	}
	x, y := TrainScaling(d.Train, LiuWang().Dev)
	want := tabular.Standardize(d.Train.Y[:d.Train.Len()-k])
	if k != 10 || math.Abs(y.Mean[0]-want.Mean[0]) > 1e-12 || math.Abs(y.SD[0]-want.SD[0]) > 1e-12 {
		t.Errorf("%d development rows, target scaling %v, want 10 and %v", k, y, want)
	}
	if all := tabular.Standardize(d.Train.Y); math.Abs(y.Mean[0]-all.Mean[0]) < 5 {
		t.Errorf("target mean %.3f, too close to all rows' %.3f: the development set was not left out", y.Mean[0], all.Mean[0])
	}
	res, err := Fit(backendtest.Backend(t), smallConfig(1), d, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(res.XScale, res.YScale) != fmt.Sprint(x, y) {
		t.Errorf("the fit's scaling %v %v, TrainScaling's %v %v", res.XScale, res.YScale, x, y)
	}
}

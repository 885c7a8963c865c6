package regress

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestPredictiveOneParticle: with one particle the log density is the
// Gaussian's, the quantiles its, and the mixture's sd its noise.
func TestPredictiveOneParticle(t *testing.T) {
	p := Predictive{Mean: [][][]float64{{{2}}}, SD: [][]float64{{0.5}}}
	want := -0.5*math.Pow((3-2)/0.5, 2) - math.Log(0.5) - 0.5*math.Log(2*math.Pi)
	if got := p.LogDensity(0, []float64{3}); math.Abs(got-want) > 1e-14 {
		t.Errorf("log density %v, want %v", got, want)
	}
	if q := p.Quantile(0, 0, 0.975); math.Abs(q-(2+0.5*1.959963984540054)) > 1e-9 {
		t.Errorf("97.5%% quantile %v", q)
	}
	if sd := p.SDOf(0, 0); sd != 0.5 {
		t.Errorf("sd %v, want 0.5", sd)
	}
}

// TestPredictiveMixture: the mixture of two particles: its density is
// the mean of theirs, far in one tail it is that particle's density less
// log 2 (log-sum-exp keeps it finite), its sd has the spread of the means
// in it, and the coverage of its central bands on draws from it is their
// level within three standard errors.
func TestPredictiveMixture(t *testing.T) {
	p := Predictive{Mean: [][][]float64{{{-1}}, {{1}}}, SD: [][]float64{{0.5}, {1}}}
	g := func(y, m, s float64) float64 { return math.Exp(-0.5*(y-m)*(y-m)/(s*s)) / (s * math.Sqrt(2*math.Pi)) }
	for _, y := range []float64{-2, 0, 0.3, 3} {
		want := math.Log((g(y, -1, 0.5) + g(y, 1, 1)) / 2)
		if got := p.LogDensity(0, []float64{y}); math.Abs(got-want) > 1e-12 {
			t.Errorf("y = %v: log density %v, want %v", y, got, want)
		}
	}
	far := p.LogDensity(0, []float64{60})
	if want := -0.5*59*59 - 0.5*math.Log(2*math.Pi) - math.Log(2); math.Abs(far-want) > 1e-9 {
		t.Errorf("far tail: %v, want %v", far, want)
	}
	if sd, want := p.SDOf(0, 0), math.Sqrt((0.25+1)/2+1); math.Abs(sd-want) > 1e-14 {
		t.Errorf("sd %v, want %v", sd, want)
	}
	rng := rand.New(rand.NewPCG(1, 1))
	const n = 4000
	rep := Predictive{SD: p.SD, Mean: make([][][]float64, 2)}
	var y [][]float64
	for range n {
		a := rng.IntN(2)
		y = append(y, []float64{p.Mean[a][0][0] + p.SD[a][0]*rng.NormFloat64()})
	}
	for a := range rep.Mean {
		for range n {
			rep.Mean[a] = append(rep.Mean[a], p.Mean[a][0])
		}
	}
	for _, level := range []float64{0.5, 0.9} {
		c, err := rep.Coverage(y, level)
		if err != nil {
			t.Fatal(err)
		}
		if se := math.Sqrt(level * (1 - level) / n); math.Abs(c-level) > 3*se {
			t.Errorf("coverage of the %v band %.4f, want %v ± %.4f", level, c, level, 3*se)
		}
	}
}

// TestPredictiveHits: one particle, N(0, 1) on the first target and
// N(10, 2²) on the second, at values placed against the bands' ends
// (±0.674, ±1.645, ±1.960 standard deviations): the counts are those
// worked by hand over both targets, the fraction of [Predictive.Coverage]
// is their ratio, and a level outside (0, 1) or no points fail.
func TestPredictiveHits(t *testing.T) {
	z := []float64{0, 0.5, -0.7, 1.0, -1.7, 2.0, -3}
	p := Predictive{SD: [][]float64{{1, 2}}, Mean: [][][]float64{nil}}
	var y [][]float64
	for _, v := range z {
		p.Mean[0] = append(p.Mean[0], []float64{0, 10})
		y = append(y, []float64{v, 10 + 2*v})
	}
	for _, tc := range []struct {
		level float64
		in    int
	}{{0.5, 4}, {0.9, 8}, {0.95, 10}, {0.999, 14}} {
		in, n, err := p.Hits(y, tc.level)
		if err != nil || in != tc.in || n != 14 {
			t.Errorf("level %v: %d of %d (%v), want %d of 14", tc.level, in, n, err, tc.in)
		}
		if c, err := p.Coverage(y, tc.level); err != nil || c != float64(tc.in)/14 {
			t.Errorf("level %v: coverage %v (%v), want %d/14", tc.level, c, err, tc.in)
		}
	}
	for _, level := range []float64{0, 1, math.NaN()} {
		if _, _, err := p.Hits(y, level); err == nil {
			t.Errorf("level %v: want an error", level)
		}
	}
	if _, _, err := p.Hits(nil, 0.5); err == nil {
		t.Error("no points: want an error")
	}
}

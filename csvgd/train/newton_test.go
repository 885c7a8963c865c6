package train

import (
	"errors"
	"math"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/reference"
	"github.com/csvgd/csvgd-go/csvgd/stein"
	"github.com/csvgd/csvgd-go/csvgd/svn"
)

// newtonConfig is a short cSVGD run of a small network whose stages all
// take the Newton update u (the template is below the limit from the
// start).
func newtonConfig(u svn.Update) Config {
	c := DefaultConfig()
	c.Arch = icnn.Arch{Widths: []int{3, 6, 6, 1}}
	c.Particles, c.Iters, c.Stage, c.Every, c.RefDraws = 5, 40, 20, 20, 200
	c.Lambda, c.Update = 0.05, u
	return c
}

// TestNewtonRunsInStages: a run with each Newton update trains, records
// which stages took it, keeps the constrained weights non-negative, and
// fits the data no worse than it started.
func TestNewtonRunsInStages(t *testing.T) {
	for _, u := range []svn.Update{svn.Newton, svn.StochasticNewton} {
		c := newtonConfig(u)
		res, err := Run(testBackend(t), c, testData(t, 0.1), nil)
		if err != nil {
			t.Fatalf("%s: %v", u, err)
		}
		for _, st := range res.Stages {
			if st.Update != u {
				t.Errorf("%s: stage %d took %q", u, st.Stage, st.Update)
			}
		}
		first, last := res.History[0].TrainRMSE, res.Stages[len(res.Stages)-1].TrainRMSE
		if !(last < first) {
			t.Errorf("%s: training RMSE %v at the start, %v at the end", u, first, last)
		}
		cons := res.Arch.Constrained()
		for _, row := range res.Particles.Rows() {
			for i, v := range row {
				if cons[i] && v < 0 {
					t.Fatalf("%s: constrained weight %d is %v", u, i, v)
				}
			}
		}
	}
}

// TestNewtonLimitSwitchesOn: with a limit below the network's size the
// stages on the full network take first-order steps; above it, Newton.
func TestNewtonLimitSwitchesOn(t *testing.T) {
	c := newtonConfig(svn.Newton)
	c.NewtonMaxParams = c.Arch.NumParams() - 1
	c.Method = SVGD // one stage on the full network
	res, err := Run(testBackend(t), c, testData(t, 0.1), nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Stages != nil && res.Stages[0].Update != "" {
		t.Errorf("a template above the limit took %q", res.Stages[0].Update)
	}
	if !c.usesNewton(c.Arch.NumParams()-1) || c.usesNewton(c.Arch.NumParams()) {
		t.Error("usesNewton does not follow the limit")
	}
}

// TestStochasticNewtonResumes: a stochastic Newton run interrupted and
// resumed from its checkpoint ends with the particles of an uninterrupted
// run, bit for bit: the noise of an iteration depends on the seed and the
// iteration only.
func TestStochasticNewtonResumes(t *testing.T) {
	c := newtonConfig(svn.StochasticNewton)
	data := testData(t, 0.1)
	whole, err := Run(testBackend(t), c, data, nil)
	if err != nil {
		t.Fatal(err)
	}
	path := t.TempDir() + "/ck.json"
	interrupt(t, c, data, path, 27, nil, BackendShapes)
	resumed, err := RunWith(testBackend(t), c, data, Options{Checkpoint: path, CheckpointEvery: 7})
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range whole.Particles.Data {
		if math.Float64bits(v) != math.Float64bits(resumed.Particles.Data[i]) {
			t.Fatalf("particle value %d: %v uninterrupted, %v resumed", i, v, resumed.Particles.Data[i])
		}
	}
}

// TestBadNewtonConfig: bad Newton settings are errors naming the value.
func TestBadNewtonConfig(t *testing.T) {
	for _, mod := range []func(*Config){
		func(c *Config) { c.Update = "adam" },
		func(c *Config) { c.NewtonMaxParams = -1 },
		func(c *Config) { c.NewtonStep = math.Inf(1) },
		func(c *Config) { c.NewtonRadius = -0.1 },
		func(c *Config) { c.Curvature = "gpu" },
		func(c *Config) { c.Method, c.Alpha = Sequential, 2 },
	} {
		c := newtonConfig(svn.Newton)
		mod(&c)
		if err := c.Validate(); err == nil {
			t.Errorf("%+v: no error", c)
		}
	}
}

// TestClippingBreaksNewton is the measurement of docs/reading.md section
// 15: from the first condensed template of a 10-particle cSVGD run (alpha
// = 1/2, lambda = 0.05, 10% noise), 200 stochastic Newton iterations with
// the constrained weights only clipped drive the worst particle's
// training error far above where it starts, while the projected Newton
// method's active set keeps it within a few times its start (the same
// update without the constraint is logged beside them); and full Newton
// steps without the damping diverge. Not in
// quick mode (minutes of training).
func TestClippingBreaksNewton(t *testing.T) {
	if csvgd.Quick() || testing.Short() {
		t.Skip("trains a 500-iteration stage and four 200-iteration Newton runs")
	}
	data, err := LoadPaperData(0.1)
	if err != nil {
		t.Skip(err)
	}
	c := DefaultConfig()
	c.Lambda, c.Particles, c.Iters = 0.05, 10, 500
	res, err := Run(testBackend(t), c, data, nil)
	if err != nil {
		t.Fatal(err)
	}
	c.Update = svn.StochasticNewton
	p := Problem{Config: c, Arch: res.Arch, Train: icnn.NewBatch(data.Train), Sigma: res.Sigma}
	like, err := reference.NewLikelihood(res.Arch, p.Train, p.Weight())
	if err != nil {
		t.Fatal(err)
	}
	worst := func(mod func(f *svn.Flow)) float64 {
		f, err := p.NewtonFlow(testBackend(t))
		if err != nil {
			t.Fatal(err)
		}
		mod(f)
		x := res.Particles.Clone()
		if err := f.Run(x, 200, nil); err != nil {
			if errors.Is(err, stein.ErrNonFinite) {
				return math.Inf(1)
			}
			t.Fatal(err)
		}
		return worstRMSE(like, x, p.Train.Len())
	}
	start := worstRMSE(like, res.Particles, p.Train.Len())
	held := worst(func(*svn.Flow) {})
	free := worst(func(f *svn.Flow) { f.Constrained = nil })
	clipped := worst(func(f *svn.Flow) { f.ClipOnly = true })
	undamped := worst(func(f *svn.Flow) { f.Update, f.StepSize, f.Radius = svn.Newton, 1, 0 })
	t.Logf("largest training RMSE of a particle: %.3f at the start; after 200 iterations %.3f held, %.3f unconstrained, %.3f clipped; undamped full Newton steps %.3g",
		start, held, free, clipped, undamped)
	if !(held < 5*start) || !(clipped > 20*held) || !(undamped > 100*start) {
		t.Errorf("held %.3f should stay within 5 times the start %.3f, clipped %.3f exceed 20 times held, undamped %.3g 100 times the start", held, start, clipped, undamped)
	}
}

// worstRMSE is the largest RMS stress error of a particle of x on the
// training data, from the log-likelihood -w sum (S - S_data)^2 of like.
func worstRMSE(like *reference.Likelihood, x *stein.Ensemble, m int) float64 {
	grad := make([]float64, x.D)
	worst := 0.0
	for _, th := range x.Rows() {
		ll := like.Eval(th, grad)
		worst = math.Max(worst, math.Sqrt(-ll/like.Weight/float64(6*m)))
	}
	return worst
}

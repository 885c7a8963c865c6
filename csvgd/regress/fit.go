package regress

import (
	"context"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"time"

	"github.com/csvgd/csvgd-go/csvgd/backend"
	"github.com/csvgd/csvgd-go/csvgd/metrics"
	"github.com/csvgd/csvgd-go/csvgd/stein"
	"github.com/csvgd/csvgd-go/csvgd/tabular"
	"github.com/csvgd/csvgd-go/csvgd/train"
	"github.com/gomlx/compute"
)

// Options are the optional parts of a fit: where its progress goes and
// when it stops.
type Options struct {
	// Progress receives a line of progress now and then when it is not nil.
	Progress io.Writer
	// Context, when not nil, stops the fit after the iteration during
	// which it is cancelled, with an error wrapping the context's.
	Context context.Context
}

// fit is the state of one fit across its stages.
type fit struct {
	c        Config
	o        Options
	res      *Result
	train    Points      // the standardised training points the flow fits
	trainSet tabular.Set // the same in the data's units
	dev      tabular.Set // the development set (data units), possibly empty
	test     tabular.Set
	x        *stein.Ensemble
	state    []*stein.Ensemble
	done     int
	sched    train.Schedule
}

// Fit trains a Stein ensemble of the dense network of c on the data d
// and measures it, following Liu & Wang's Bayesian neural network
// ([Model], [LiuWang]):
//
//  1. the last c.Dev of the training rows (at most [DevMax]) are held out
//     as the development set; inputs and targets are standardised on the
//     rest;
//  2. every particle starts as Liu & Wang's code draws it: the weights
//     from N(0, 1/(fan_in + 1)), biases 0, log lambda the log of a draw of
//     Gamma(1, scale 0.1), and each log gamma_o minus the log of the mean
//     squared error of the particle's initial network on (up to 1000 of)
//     the training points (or the fixed noise);
//  3. the Stein flow runs the stages of [train.Schedule] (one stage for
//     svgd; for csvgd stages of c.Stage iterations, each ended by graph
//     condensation of the networks, [dense.Arch.Condense], the optimizer
//     state carried through it, with the adaptive penalty when set),
//     each step on a mini-batch ([Model.BatchScore]) under the alpha prior
//     on the networks' parameters at the stage's lambda;
//  4. with a development set and learned noise, each particle's noise
//     precision gamma_o is replaced by 1 / (its mean squared error on the
//     development set) when that raises its likelihood there, as Liu &
//     Wang's code does;
//  5. the final ensemble is measured on the training and the test points
//     in the data's units ([Metrics]).
//
// Every draw comes from c.Seed. The fit fails on bad settings or data, on
// a step that is not finite ([stein.ErrNonFinite]) and when o.Context is
// cancelled.
func Fit(b compute.Backend, c Config, d tabular.Data, o Options) (*Result, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	if err := d.Check(); err != nil {
		return nil, err
	}
	start := time.Now()
	f, err := newFit(c, d, o)
	if err != nil {
		return nil, err
	}
	if err := f.stages(b); err != nil {
		return f.res, fmt.Errorf("regress: %w", err)
	}
	f.res.Refitted = f.refitNoise()
	f.finish(time.Since(start))
	return f.res, nil
}

// newFit splits off the development set, standardises, and draws the
// initial particles.
func newFit(c Config, d tabular.Data, o Options) (*fit, error) {
	tr, dev := splitDev(d.Train, c.Dev)
	f := &fit{c: c, o: o, trainSet: tr, dev: dev, test: d.Test, sched: c.schedule()}
	if f.o.Context == nil {
		f.o.Context = context.Background()
	}
	if err := (tabular.Data{Inputs: d.Inputs, Targets: d.Targets, Train: tr, Test: d.Test}).Check(); err != nil {
		return nil, fmt.Errorf("regress: without the development set: %w", err)
	}
	arch := c.Arch(len(d.Inputs), len(d.Targets))
	f.res = &Result{Config: c, Full: arch, Inputs: d.Inputs, Targets: d.Targets, TrainPoints: tr.Len(), DevPoints: dev.Len(),
		XScale: tabular.Standardize(tr.X), YScale: tabular.Standardize(tr.Y)}
	m := Model{Arch: arch}
	if c.NoiseSD > 0 {
		for _, sd := range f.res.YScale.SD {
			m.Fixed = append(m.Fixed, sd*sd/(c.NoiseSD*c.NoiseSD))
		}
	}
	if err := m.Validate(); err != nil {
		return nil, err
	}
	f.res.Model = m
	f.train = Points{X: f.res.XScale.Apply(tr.X), Y: f.res.YScale.Apply(tr.Y)}
	f.x = f.initial(rand.New(rand.NewPCG(c.Seed, 0xf17)))
	f.res.Particles = f.x
	return f, nil
}

// DevRows is the size of the development set of n training rows at the
// fraction dev: round(dev n) (halves to even, as NumPy rounds), at most
// [DevMax], and 0 when it would leave fewer than 2 rows to train on.
func DevRows(n int, dev float64) int {
	k := min(int(math.RoundToEven(dev*float64(n))), DevMax)
	if k < 1 || n-k < 2 {
		return 0
	}
	return k
}

// splitDev holds out the last DevRows rows of s.
func splitDev(s tabular.Set, dev float64) (train, held tabular.Set) {
	n, k := s.Len(), DevRows(s.Len(), dev)
	if k == 0 {
		return s, tabular.Set{}
	}
	return tabular.Set{X: s.X[:n-k], Y: s.Y[:n-k]}, tabular.Set{X: s.X[n-k:], Y: s.Y[n-k:]}
}

// initial draws the particles of step 2 of [Fit].
func (f *fit) initial(rng *rand.Rand) *stein.Ensemble {
	m := f.res.Model
	e := stein.NewEnsemble(f.c.Particles, m.NumParams())
	n := f.train.Len()
	for a := range e.N {
		theta := e.Particle(a)
		m.Arch.Init(theta, rng)
		theta[m.LogLambda()] = math.Log(PriorInitScale * rng.ExpFloat64())
		rows := rng.Perm(n)[:min(n, 1000)]
		for k := range m.Arch.Outputs() {
			if m.Fixed != nil {
				theta[m.LogGamma(k)] = math.Log(m.Fixed[k])
				continue
			}
			var mse float64
			for _, i := range rows {
				r := m.Arch.HostForward(theta, f.train.X[i])[k] - f.train.Y[i][k]
				mse += r * r / float64(len(rows))
			}
			theta[m.LogGamma(k)] = -math.Log(mse)
		}
	}
	return e
}

// PriorInitScale is the scale of the Gamma(1, scale) draw of the initial
// weight precision: Liu & Wang's code draws it with NumPy's
// np.random.gamma(a0, b0), whose second argument is a scale, so its mean
// is 0.1 where the prior's (rate b0) is 10 (docs/reading.md section 16).
const PriorInitScale = PriorRate

// stages runs the schedule's stages.
func (f *fit) stages(b compute.Backend) error {
	f.record()
	s, n := 0, f.sched.First()
	for {
		final := f.sched.Final
		if err := f.stage(b, s, n); err != nil {
			return fmt.Errorf("stage %d: %w", s, err)
		}
		if !final {
			last := &f.res.Stages[len(f.res.Stages)-1]
			last.ErrorRose = f.sched.Adapt(last.TrainRMSE)
		}
		if s, n = s+1, f.sched.Next(f.done, final); n == 0 {
			return nil
		}
	}
}

// flow is the Stein flow of a stage on the current template.
func (f *fit) flow(b compute.Backend) (*stein.Flow, error) {
	m := f.res.Model
	sc, err := f.c.flowConfig(m)
	if err != nil {
		return nil, err
	}
	widest, batch := 0, f.c.Batch
	for _, w := range m.Arch.Widths {
		widest = max(widest, w)
	}
	if batch == 0 {
		batch = f.train.Len()
	}
	be := backend.ForWork(b, f.c.Particles*batch*widest)
	if f.c.Batch == 0 {
		return stein.NewFlowScore(be, sc, m.Score(f.train))
	}
	return stein.NewFlowBatch(be, sc, m.Score(f.train), m.BatchScore(f.train, f.c.Batch))
}

// stage runs stage s, n iterations on the current template, then
// condenses when the schedule says so.
func (f *fit) stage(b compute.Backend, s, n int) error {
	flow, err := f.flow(b)
	if err != nil {
		return err
	}
	if err := flow.SetState(f.state, f.done); err != nil {
		return err
	}
	flow.Lambda = f.priorScale() * f.sched.Lambda
	arch := f.res.Model.Arch
	t0 := time.Now()
	for range n {
		if err := f.o.Context.Err(); err != nil {
			return fmt.Errorf("stopped at iteration %d: %w", f.done, err)
		}
		if err := flow.Step(f.x); err != nil {
			return err
		}
		f.done++
		if f.done == f.c.Iters || (f.c.Every > 0 && f.done%f.c.Every == 0) {
			if err := f.x.Sync(); err != nil {
				return err
			}
			f.record()
		}
	}
	if err := f.x.Sync(); err != nil {
		return err
	}
	rec := Stage{Stage: s, Iterations: n, Lambda: f.sched.Lambda, Widths: arch.Widths, TemplateParams: arch.NumParams(),
		MsPerIter: float64(time.Since(t0)) / float64(time.Millisecond) / float64(n)}
	if f.state, err = flow.State(); err != nil {
		return err
	}
	if f.sched.Condenses() {
		if err := f.condense(); err != nil {
			return err
		}
		rec.CondensedTo = f.res.Model.Arch.Widths
	}
	rec.ActiveWeights = f.activeWeights()
	rec.TrainRMSE = f.res.Predict(f.trainSet.X).RMSE(f.trainSet.Y)
	f.res.Stages = append(f.res.Stages, rec)
	f.progress("stage %d: lambda %.3g, template %s (%d parameters), %.1f active, training RMSE %.4g, %.2f ms/iteration\n",
		s, rec.Lambda, train.FormatWidths(rec.Widths), rec.TemplateParams, rec.ActiveWeights, rec.TrainRMSE, rec.MsPerIter)
	return nil
}

// priorScale is the number N of training points the flow fits: the
// alpha prior's coefficient in the log posterior is N lambda, lambda per
// training point (docs/reading.md section 16).
func (f *fit) priorScale() float64 { return float64(f.train.Len()) }

// condense applies graph condensation to the particles and the optimizer
// state.
func (f *fit) condense() error {
	m := f.res.Model
	c, err := m.Arch.Condense(f.x.Rows(), m.Extra(), f.c.condenseOptions())
	if err != nil {
		return err
	}
	x, err := stein.EnsembleFromRows(c.Particles)
	if err != nil {
		return err
	}
	for i, s := range f.state {
		if f.state[i], err = stein.EnsembleFromRows(c.Remap(s.Rows())); err != nil {
			return err
		}
	}
	f.x, f.res.Particles, f.res.Model = x, x, m.WithArch(c.Arch)
	return nil
}

// activeWeights is the mean count per particle of the network's weights
// and biases with |w| >= the threshold.
func (f *fit) activeWeights() float64 {
	p := f.res.Model.Arch.NumParams()
	var rows [][]float64
	for _, r := range f.x.Rows() {
		rows = append(rows, r[:p])
	}
	_, mean := metrics.ActiveWeights(rows, f.c.Threshold)
	return mean
}

// record appends the ensemble's state to the history.
func (f *fit) record() {
	test := f.res.Predict(f.test.X)
	f.res.History = append(f.res.History, Record{
		Iter: f.done, Lambda: f.sched.Lambda, Widths: f.res.Model.Arch.Widths, ActiveWeights: f.activeWeights(),
		TrainRMSE: f.res.Predict(f.trainSet.X).RMSE(f.trainSet.Y), TestRMSE: test.RMSE(f.test.Y), TestLL: test.LL(f.test.Y),
	})
}

// refitNoise is step 4 of [Fit]; it returns the number of particles
// whose noise precision of some target changed.
func (f *fit) refitNoise() int {
	m := f.res.Model
	if f.dev.Len() == 0 || m.Fixed != nil {
		return 0
	}
	x, y := f.res.XScale.Apply(f.dev.X), f.res.YScale.Apply(f.dev.Y)
	changed := 0
	for _, theta := range f.x.Rows() {
		moved := false
		for k := range m.Arch.Outputs() {
			var sq float64
			for i := range x {
				r := y[i][k] - m.Arch.HostForward(theta, x[i])[k]
				sq += r * r
			}
			n := float64(len(x))
			lik := func(logGamma float64) float64 { return n*logGamma/2 - math.Exp(logGamma)*sq/2 }
			if heuristic := -math.Log(sq / n); lik(heuristic) > lik(theta[m.LogGamma(k)]) {
				theta[m.LogGamma(k)], moved = heuristic, true
			}
		}
		if moved {
			changed++
		}
	}
	return changed
}

// finish measures the final ensemble.
func (f *fit) finish(elapsed time.Duration) {
	r := f.res
	r.Train, r.Test = r.Evaluate(f.trainSet), r.Evaluate(f.test)
	r.ActiveWeights, r.Iterations, r.Seconds = f.activeWeights(), f.done, elapsed.Seconds()
}

func (f *fit) progress(format string, args ...any) {
	if f.o.Progress != nil {
		fmt.Fprintf(f.o.Progress, format, args...)
	}
}

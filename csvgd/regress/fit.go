package regress

import (
	"context"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"time"

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
	if err := CheckData(c, d); err != nil {
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

// CheckData reports what in the data d a fit of c cannot use, before any
// work: [tabular.Data.Check] of d, and of d without the development set
// that c.Dev holds out (a column constant on the rows that are left, for
// example).
func CheckData(c Config, d tabular.Data) error {
	if err := d.Check(); err != nil {
		return err
	}
	tr, _ := splitDev(d.Train, c.Dev)
	if err := (tabular.Data{Inputs: d.Inputs, Targets: d.Targets, Train: tr, Test: d.Test}).Check(); err != nil {
		return fmt.Errorf("regress: without the development set: %w", err)
	}
	return nil
}

// newFit splits off the development set, standardises, and draws the
// initial particles.
func newFit(c Config, d tabular.Data, o Options) (*fit, error) {
	tr, dev := splitDev(d.Train, c.Dev)
	f := &fit{c: c, o: o, trainSet: tr, dev: dev, test: d.Test, sched: c.schedule()}
	if f.o.Context == nil {
		f.o.Context = context.Background()
	}
	arch := c.Arch(len(d.Inputs), len(d.Targets))
	f.res = &Result{Config: c, Full: arch, Inputs: d.Inputs, Targets: d.Targets, TrainPoints: tr.Len(), DevPoints: dev.Len()}
	f.res.XScale, f.res.YScale = TrainScaling(d.Train, c.Dev)
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

// TrainScaling is the standardisation a fit of these training rows uses
// (step 1 of [Fit]): x' = (x - mean)/sd per column, the mean and the
// standard deviation (divisor n) over the training rows without the
// development set of the fraction dev ([DevRows]: the last rows), as Liu
// & Wang's code computes them.
func TrainScaling(train tabular.Set, dev float64) (x, y tabular.Scaling) {
	tr, _ := splitDev(train, dev)
	return tabular.Standardize(tr.X), tabular.Standardize(tr.Y)
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

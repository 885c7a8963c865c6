package regress

import (
	"fmt"
	"time"

	"github.com/csvgd/csvgd-go/csvgd/backend"
	"github.com/csvgd/csvgd-go/csvgd/metrics"
	"github.com/csvgd/csvgd-go/csvgd/stein"
	"github.com/csvgd/csvgd-go/csvgd/train"
	"github.com/gomlx/compute"
)

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
	if err := flow.Compile(f.x); err != nil { // before the stage's clock starts
		return err
	}
	t0 := time.Now()
	var recording time.Duration // the history's records, off the stage's clock
	for k := 0; k < n; {
		if err := f.o.Context.Err(); err != nil {
			return fmt.Errorf("stopped at iteration %d: %w", f.done, err)
		}
		m := f.chunk(n - k)
		if err := flow.Steps(f.x, m); err != nil {
			return err
		}
		k += m
		f.done += m
		if f.done == f.c.Iters || (f.c.Every > 0 && f.done%f.c.Every == 0) {
			if err := f.x.Sync(); err != nil {
				return err
			}
			r0 := time.Now()
			f.record()
			recording += time.Since(r0)
		}
	}
	if err := f.x.Sync(); err != nil {
		return err
	}
	rec := Stage{Stage: s, Iterations: n, Lambda: f.sched.Lambda, Widths: arch.Widths, TemplateParams: arch.NumParams(),
		MsPerIter: float64(time.Since(t0)-recording) / float64(time.Millisecond) / float64(n)}
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

// maxChunk bounds the steps of one call, so that a cancelled fit stops
// soon.
const maxChunk = 100

// chunk is the number of steps of the next call, at most left: up to the
// next history record and at most maxChunk ([stein.Flow.Steps]).
func (f *fit) chunk(left int) int {
	m := min(left, maxChunk)
	if f.c.Every > 0 {
		m = min(m, f.c.Every-f.done%f.c.Every)
	}
	return m
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

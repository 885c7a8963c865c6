package train

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/stein"
	"github.com/gomlx/compute"
)

// run is the state of one training run across its stages.
type run struct {
	b        compute.Backend
	c        Config
	data     Data
	opt      Options
	ctx      context.Context
	sigma    float64
	train    icnn.Batch
	test     icnn.Batch
	ref      [][]hyperelastic.Stress // [point][draw]
	bar      *bar
	res      *Result
	x        *stein.Ensemble
	state    []*stein.Ensemble
	done     int
	stepTime time.Duration
	// compileTime is the time the current stage spent compiling its graphs
	// before its first step (not in stepTime).
	compileTime time.Duration
	stepCalls   int      // the current stage's calls of many steps
	sched       Schedule // the stages: the current lambda, the adaptive schedule's state

	at      *resumePoint // where a resumed run picks up, until its first stage starts
	start   time.Time    // when this process started the run's iterations
	elapsed float64      // seconds of the run's iterations before this process started (resumed from a checkpoint)
	dataSum string       // the data's fingerprint, when checkpointing

	evaluators map[string]*evaluator // by template ([FormatWidths])

	ksdFlow *stein.Flow // scores the posterior for the KSD of the history records, at ksdArch
	ksdArch []int

	held *stein.Flow // the first-order flow of every stage with fixed shapes ([FixedShapes])
}

// Run trains an ensemble on data.Train and measures it on data.Test,
// writing a progress bar to progress when it is not nil. Method svgd runs
// one stage on the full network; csvgd runs stages of Config.Stage
// iterations, each ended by graph condensation ([StageRecord]). It is
// [RunWith] without checkpoints or cancellation.
func Run(b compute.Backend, c Config, data Data, progress io.Writer) (*Result, error) {
	return RunWith(b, c, data, Options{Progress: progress})
}

// RunWith is [Run] with options. When o.Checkpoint is set, the run writes
// its complete state there (atomically) every o.CheckpointEvery
// iterations and at the end of every stage, and at its start resumes from
// the file if it exists: a resumed run ends with the same particles,
// history and stages, bit for bit (timings aside), as one that was never
// interrupted. A file of another configuration or other data is an error
// wrapping [ErrOtherRun], never overwritten; a damaged one is an error too.
// Both wrap [ErrBadCheckpoint].
// The file is removed once the run has succeeded; after a failure (for
// example [stein.ErrNonFinite]) the last checkpoint stays. When o.Context
// is cancelled the run stops after the current iteration, writes a
// checkpoint (when a path is set) and returns an error wrapping the
// context's error that says where the checkpoint is.
func RunWith(b compute.Backend, c Config, data Data, o Options) (*Result, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	if len(data.Train) == 0 || len(data.Test) == 0 {
		return nil, fmt.Errorf("train: %d training and %d test points: need both", len(data.Train), len(data.Test))
	}
	if o.CheckpointEvery < 0 {
		return nil, fmt.Errorf("train: checkpoint interval = %d must be >= 0 (0: %d)", o.CheckpointEvery, defaultCheckpointEvery)
	}
	r := newRun(b, c, data, o)
	if err := r.resume(); err != nil {
		return nil, fmt.Errorf("train: %w", err)
	}
	r.bar = newBar(o.Progress, c.Iters)
	r.start = time.Now()
	err := r.stages()
	if err == nil && r.res.History[len(r.res.History)-1].Iter != r.done {
		err = r.finalRecord() // a schedule that ended early, between history intervals
	}
	r.bar.finish()
	r.res.Iterations, r.res.Seconds, r.res.Particles = r.done, r.seconds(), r.x
	if serr := r.x.Sync(); err == nil && serr != nil { // the last step's particles may be on the device
		err = serr
	}
	if err != nil {
		return r.res, fmt.Errorf("train: %w", err)
	}
	ev, err := r.evaluator()
	if err != nil {
		return r.res, err
	}
	if err := ev.final(r.res, r.data.Test); err != nil {
		return r.res, err
	}
	return r.res, r.removeCheckpoint()
}

// newRun prepares a run from its start: the noise scale, the reference
// sample of the W1 metric and the seeded initial particles.
func newRun(b compute.Backend, c Config, data Data, o Options) *run {
	p := NewProblem(c, data)
	r := &run{b: b, c: c, data: data, opt: o, ctx: o.Context, train: p.Train, test: icnn.NewBatch(data.Test),
		sigma: p.Sigma, sched: c.schedule()}
	if r.ctx == nil {
		r.ctx = context.Background()
	}
	r.ref = ReferenceSample(data.Test, data.Noise, c.RefDraws, c.Seed)
	r.x = c.Arch.Init(c.Particles, rand.New(rand.NewPCG(c.Seed, 0x1c22)))
	r.res = &Result{Config: c, Arch: c.Arch, Sigma: r.sigma, Particles: r.x}
	return r
}

// problem is the run's problem for the network arch of a stage.
func (r *run) problem(arch icnn.Arch) Problem {
	return Problem{Config: r.c, Arch: arch, Train: r.train, Sigma: r.sigma}
}

// seconds is the wall time of the run's iterations: those since this
// process started and, for a run resumed from a checkpoint, those before.
func (r *run) seconds() float64 { return r.elapsed + time.Since(r.start).Seconds() }

// evaluator is the evaluator of the current network, made (and its
// graphs compiled) once per template of the run, or once for the run with
// fixed shapes ([FixedShapes]).
func (r *run) evaluator() (*evaluator, error) {
	wide, emb, err := r.graphArch(r.res.Arch)
	if err != nil {
		return nil, err
	}
	key := FormatWidths(wide.Widths)
	ev := r.evaluators[key]
	if ev == nil {
		if ev, err = newEvaluator(r.b, r.c, wide, r.train, r.test, r.data.Test, r.ref); err != nil {
			return nil, err
		}
		r.opt.built("predictors")
		if r.evaluators == nil {
			r.evaluators = map[string]*evaluator{}
		}
		r.evaluators[key] = ev
	}
	ev.emb = emb
	return ev, nil
}

// stages runs every stage, recording the history on the way. After each
// stage that the run goes on from, it writes a checkpoint at the start of
// the next.
func (r *run) stages() error {
	if r.c.Method == Sequential {
		if err := r.initialRecord(); err != nil {
			return err
		}
		return r.sequential()
	}
	s, n := 0, r.sched.First()
	if r.at != nil {
		s, n = r.at.stage, r.at.length
	}
	for {
		final := r.sched.Final
		if err := r.stage(s, n); err != nil {
			return err
		}
		if !final {
			last := &r.res.Stages[len(r.res.Stages)-1]
			last.ErrorRose = r.sched.Adapt(last.TrainRMSE)
		}
		if s, n = s+1, r.sched.Next(r.done, final); n == 0 {
			return nil
		}
		if err := r.save(position{stage: s, length: n}); err != nil {
			return err
		}
	}
}

// stage runs stage s, n iterations on the current network, then (csvgd)
// condenses. A resumed stage goes on from the checkpoint's iteration. The
// stage's graphs are compiled before its clock starts
// ([StageRecord].CompileMs), and its steps run in calls of many steps
// ([stein.Flow.Steps]) that end where the history records the ensemble,
// where a checkpoint is due and where the stage ends ([run.chunk]).
func (r *run) stage(s, n int) error {
	arch := r.res.Arch
	r.bar.stage, r.bar.widths = s, arch.Widths
	flow, err := r.stepper(arch)
	if err != nil {
		return err
	}
	flow.setLambda(r.sched.Lambda)
	k0, err := r.startFlow(flow)
	if err != nil {
		return err
	}
	if err := r.compile(flow); err != nil {
		return fmt.Errorf("stage %d: %w", s, err)
	}
	if err := r.initialRecord(); err != nil {
		return err
	}
	ev, err := r.evaluator()
	if err != nil {
		return err
	}
	for k := k0; k < n; {
		m := r.chunk(n - k)
		t0 := time.Now()
		if err := flow.Steps(r.x, m); err != nil {
			return fmt.Errorf("stage %d: %w", s, err)
		}
		r.stepTime += time.Since(t0)
		r.stepCalls++
		k += m
		r.done += m
		r.bar.update(r.done)
		if r.done == r.c.Iters || (r.c.Every > 0 && r.done%r.c.Every == 0) {
			phase := NoCondensation
			if k == n && r.condenses() {
				phase = Before
			}
			if err := r.record(ev, phase); err != nil {
				return err
			}
		}
		if err := r.afterStep(position{stage: s, iter: k, length: n, flow: flow}); err != nil {
			return err
		}
	}
	if r.state, err = flow.State(); err != nil {
		return err
	}
	return r.endStage(s, n, flow)
}

// chunk is the number of steps of the next call, at most left: up to the
// next history record, the next checkpoint and the end of the run, so
// that those land where single steps put them; one step at a time when a
// test watches every step.
func (r *run) chunk(left int) int {
	if r.opt.onStep != nil {
		return 1
	}
	m := min(left, r.c.Iters-r.done, untilMultiple(r.done, r.checkpointEvery()))
	if r.c.Every > 0 {
		m = min(m, untilMultiple(r.done, r.c.Every))
	}
	return max(m, 1)
}

// untilMultiple is the number of steps from done to the next multiple of
// every.
func untilMultiple(done, every int) int { return every - done%every }

// compile compiles the stage's graphs for the current ensemble — its
// steps, and the predictors and the KSD's posterior score that its history
// records use — at the same time, and adds the time it took to the
// stage's compile time. Graphs already compiled (for an earlier stage of
// the same shapes) are not compiled again.
func (r *run) compile(flow stepper) error {
	t0 := time.Now()
	ev, err := r.evaluator()
	if err != nil {
		return err
	}
	ksd, emb, err := r.ksdFlowFor()
	if err != nil {
		return err
	}
	wide := stein.NewEnsemble(r.x.N, emb.Wide.NumParams())
	err = concurrently(
		func() error { return flow.compile(r.x) },
		func() error { return ev.train.Compile(r.x.N) },
		func() error { return ev.test.Compile(r.x.N) },
		func() error { return ksd.CompilePosterior(wide) },
	)
	r.compileTime += time.Since(t0)
	return err
}

// concurrently runs the functions fs at the same time and, once all have
// returned, returns their errors joined (nil when none failed).
func concurrently(fs ...func() error) error {
	errs := make([]error, len(fs))
	var wg sync.WaitGroup
	for i, f := range fs {
		wg.Go(func() { errs[i] = f() })
	}
	wg.Wait()
	return errors.Join(errs...)
}

// stepper is the update of a stage on the network arch: a Newton flow
// when Config.Update is one and the template has at most
// Config.NewtonMaxParams weights, the first-order flow otherwise, with
// fixed shapes the run's one flow on the first stage's network with the
// template embedded ([FixedShapes]).
func (r *run) stepper(arch icnn.Arch) (stepper, error) {
	p := r.problem(arch)
	if r.c.usesNewton(arch.NumParams()) {
		f, err := p.NewtonFlow(r.b)
		r.opt.built("steps")
		return secondOrder{f}, err
	}
	if r.fixedShapes() {
		wide, emb, err := r.graphArch(arch)
		if err != nil {
			return nil, err
		}
		f, err := r.heldFlow(wide)
		if err != nil {
			return nil, err
		}
		f.UseStepsMode(r.opt.Steps)
		return &embedded{firstOrder: firstOrder{f}, emb: emb, n: r.c.Particles}, nil
	}
	f, err := p.Flow(r.b)
	if err == nil {
		f.UseStepsMode(r.opt.Steps)
	}
	r.opt.built("steps")
	return firstOrder{f}, err
}

// startFlow gives a stage's new flow its optimizer state: the state
// carried from the previous stage with the run's iteration count, or, for
// the first stage of a resumed run, the checkpoint's state and count. It
// returns the iterations of the stage already done.
func (r *run) startFlow(flow stepper) (int, error) {
	p := r.at
	r.at = nil
	r.compileTime, r.stepCalls = 0, 0
	if p == nil {
		r.stepTime = 0
		return 0, flow.SetState(r.state, r.done)
	}
	r.stepTime = p.stepTime
	return p.iter, flow.SetState(p.state, p.optIter)
}

// condenses reports whether the stage in progress ends with a graph
// condensation: every csvgd stage but the adaptive schedule's final one.
func (r *run) condenses() bool { return r.sched.Condenses() }

// record appends the state of the ensemble to the history; phase is its
// [Record].Condensation.
func (r *run) record(ev *evaluator, phase Phase) error {
	rec, err := ev.record(r.done, r.x)
	if err != nil {
		return err
	}
	if err := r.complete(&rec, phase); err != nil {
		return err
	}
	r.res.History = append(r.res.History, rec)
	r.bar.note(rec)
	return nil
}

// complete fills in a record of the run's current ensemble what the
// evaluator does not know: the KSD to the posterior at the stage's lambda,
// the template, the phase and, with Config.Keep, a copy of the particles.
func (r *run) complete(rec *Record, phase Phase) error {
	var err error
	if rec.KSD, err = r.ksd(); err != nil {
		return err
	}
	rec.Widths, rec.Condensation = r.res.Arch.Widths, phase
	if r.c.Keep {
		rec.Particles = r.x.Clone().Rows()
	}
	return nil
}

// initialRecord records the ensemble at iteration 0 when the history is
// still empty (a run that did not resume), after the first stage has
// compiled the graphs the record uses.
func (r *run) initialRecord() error {
	if len(r.res.History) > 0 {
		return nil
	}
	ev, err := r.evaluator()
	if err != nil {
		return err
	}
	return r.record(ev, NoCondensation)
}

func (r *run) finalRecord() error {
	ev, err := r.evaluator()
	if err != nil {
		return err
	}
	return r.record(ev, NoCondensation)
}

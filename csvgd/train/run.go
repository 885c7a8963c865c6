package train

import (
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"time"

	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/metrics"
	"github.com/csvgd/csvgd-go/csvgd/stein"
	"github.com/gomlx/gomlx/backends"
)

// Data is a training set, a test set and the noise level they were made with.
type Data struct {
	Noise       float64
	Train, Test []hyperelastic.Sample
}

// Record is the state of the ensemble at one iteration of the history.
type Record struct {
	Iter          int         `json:"iter"`
	TrainRMSE     float64     `json:"train_rmse"`          // RMS error of the ensemble-mean stress on the training data
	W1Sum         float64     `json:"w1_sum"`              // push-forward W1 summed over test points and components
	ActiveWeights float64     `json:"active_weights"`      // mean count per particle of |w| >= threshold
	Distances     [][]float64 `json:"distances"`           // eq. (distances), N x N
	Widths        []int       `json:"widths"`              // the template at this iteration
	Particles     [][]float64 `json:"particles,omitempty"` // a copy of the particles when Config.Keep
}

// Result is the outcome of [Run].
type Result struct {
	Config     Config
	Arch       icnn.Arch // the final network: Config.Arch, or the last template after condensation
	Sigma      float64
	Particles  *stein.Ensemble
	History    []Record
	Stages     []StageRecord
	W1         metrics.PushForward // final push-forward W1 on the test set
	Iterations int
	Seconds    float64 // wall time of the iterations (history included)
}

// run is the state of one training run across its stages.
type run struct {
	b        backends.Backend
	c        Config
	data     Data
	sigma    float64
	train    icnn.Batch
	test     icnn.Batch
	ref      [][][6]float64
	bar      *bar
	res      *Result
	x        *stein.Ensemble
	state    []*stein.Ensemble
	done     int
	stepTime time.Duration
	lambda   float64 // the prior multiplier of the current stage
	bestRMSE float64 // adaptive: the lowest training error at the end of a stage
	final    bool    // adaptive: the current stage is the last, on a fixed template
}

// Run trains an ensemble on data.Train and measures it on data.Test,
// writing a progress bar to progress when it is not nil. Method svgd runs
// one stage on the full network; csvgd runs stages of Config.Stage
// iterations, each ended by graph condensation ([StageRecord]).
func Run(b backends.Backend, c Config, data Data, progress io.Writer) (*Result, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	if len(data.Train) == 0 || len(data.Test) == 0 {
		return nil, fmt.Errorf("train: %d training and %d test points: need both", len(data.Train), len(data.Test))
	}
	r := &run{b: b, c: c, data: data, train: icnn.NewBatch(data.Train), test: icnn.NewBatch(data.Test),
		lambda: c.Lambda, bestRMSE: math.Inf(1)}
	r.sigma = c.Sigma
	if r.sigma == 0 {
		r.sigma = math.Max(data.Noise, 0.01) * r.train.RMS()
	}
	r.ref = ReferenceSample(data.Test, data.Noise, c.RefDraws, c.Seed)
	r.x = c.Arch.Init(c.Particles, rand.New(rand.NewPCG(c.Seed, 0x1c22)))
	r.res = &Result{Config: c, Arch: c.Arch, Sigma: r.sigma, Particles: r.x}
	r.bar = newBar(progress, c.Iters)
	start := time.Now()
	err := r.stages()
	if err == nil && r.res.History[len(r.res.History)-1].Iter != r.done {
		err = r.finalRecord() // a schedule that ended early, between history intervals
	}
	r.bar.finish()
	r.res.Iterations, r.res.Seconds, r.res.Particles = r.done, time.Since(start).Seconds(), r.x
	if err != nil {
		return r.res, fmt.Errorf("train: %w", err)
	}
	ev, err := r.evaluator()
	if err != nil {
		return r.res, err
	}
	r.res.W1, err = ev.w1(r.x)
	return r.res, err
}

func (r *run) evaluator() (*evaluator, error) {
	return newEvaluator(r.b, r.c, r.res.Arch, r.train, r.test, r.ref)
}

// stages runs every stage, recording the history on the way.
func (r *run) stages() error {
	ev, err := r.evaluator()
	if err != nil {
		return err
	}
	if err := r.record(ev); err != nil {
		return err
	}
	if r.c.Method == "sequential" {
		return r.sequential()
	}
	for s := 0; r.done < r.c.Iters; s++ {
		final := r.final
		if err := r.stage(s, min(r.c.stageLength(), r.c.Iters-r.done)); err != nil {
			return err
		}
		if final {
			return nil
		}
		if r.c.Adaptive {
			r.adapt()
		}
	}
	return nil
}

// adapt is the adaptive penalty of Sec. 5.6 (reading.md section 8): after
// a stage whose training error stayed within Tolerance of the best so far,
// lambda grows by Growth; once the error has risen further, lambda reverts
// to its initial value and one final stage runs on the then fixed template.
func (r *run) adapt() {
	rmse := r.res.Stages[len(r.res.Stages)-1].TrainRMSE
	r.bestRMSE = math.Min(r.bestRMSE, rmse)
	if rmse > r.bestRMSE*(1+r.c.Tolerance) {
		r.lambda, r.final = r.c.Lambda, true
		return
	}
	r.lambda *= r.c.Growth
}

// stage runs n iterations on the current network, then (csvgd) condenses.
func (r *run) stage(s, n int) error {
	arch := r.res.Arch
	sc, err := r.c.steinConfig(arch)
	if err != nil {
		return err
	}
	flow, err := stein.NewFlow(r.b, sc, r.c.logLikelihood(arch, r.train, r.sigma))
	if err != nil {
		return err
	}
	flow.Lambda = r.lambda
	if err := flow.SetState(r.state, r.done); err != nil {
		return err
	}
	ev, err := r.evaluator()
	if err != nil {
		return err
	}
	r.stepTime = 0
	for k := 0; k < n; k++ {
		t0 := time.Now()
		if err := flow.Step(r.x); err != nil {
			return fmt.Errorf("stage %d: %w", s, err)
		}
		r.stepTime += time.Since(t0)
		r.done++
		r.bar.update(r.done)
		if r.done == r.c.Iters || (r.c.Every > 0 && r.done%r.c.Every == 0) {
			if err := r.record(ev); err != nil {
				return err
			}
		}
	}
	if r.state, err = flow.State(); err != nil {
		return err
	}
	return r.endStage(s, n, flow)
}

func (r *run) record(ev *evaluator) error {
	rec, err := ev.record(r.done, r.x)
	if err != nil {
		return err
	}
	rec.Widths = r.res.Arch.Widths
	if r.c.Keep {
		rec.Particles = r.x.Clone().Rows()
	}
	r.res.History = append(r.res.History, rec)
	r.bar.note(rec)
	return nil
}

func (r *run) finalRecord() error {
	ev, err := r.evaluator()
	if err != nil {
		return err
	}
	return r.record(ev)
}

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
	TrainRMSE     float64     `json:"train_rmse"`     // RMS error of the ensemble-mean stress on the training data
	W1Sum         float64     `json:"w1_sum"`         // push-forward W1 summed over test points and components
	ActiveWeights float64     `json:"active_weights"` // mean count per particle of |w| >= threshold
	Distances     [][]float64 `json:"distances"`      // eq. (distances), N x N
}

// Result is the outcome of [Run].
type Result struct {
	Config     Config
	Sigma      float64
	Particles  *stein.Ensemble
	History    []Record
	W1         metrics.PushForward // final push-forward W1 on the test set
	Iterations int
	Seconds    float64 // wall time of the iterations (history included)
}

// Run trains an ensemble on data.Train and measures it on data.Test,
// writing a progress bar to progress when it is not nil.
func Run(b backends.Backend, c Config, data Data, progress io.Writer) (*Result, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	if len(data.Train) == 0 || len(data.Test) == 0 {
		return nil, fmt.Errorf("train: %d training and %d test points: need both", len(data.Train), len(data.Test))
	}
	trainBatch, testBatch := icnn.NewBatch(data.Train), icnn.NewBatch(data.Test)
	sigma := c.Sigma
	if sigma == 0 {
		sigma = math.Max(data.Noise, 0.01) * trainBatch.RMS()
	}
	sc, _ := c.steinConfig()
	flow, err := stein.NewFlow(b, sc, c.Arch.LogLikelihood(trainBatch, sigma))
	if err != nil {
		return nil, err
	}
	ev, err := newEvaluator(b, c, data, trainBatch, testBatch)
	if err != nil {
		return nil, err
	}
	x := c.Arch.Init(c.Particles, rand.New(rand.NewPCG(c.Seed, 0x1c22)))
	res := &Result{Config: c, Sigma: sigma, Particles: x}
	bar := newBar(progress, c.Iters)
	record := func(k int) error {
		r, err := ev.record(k, x)
		if err != nil {
			return err
		}
		res.History = append(res.History, r)
		bar.note(r)
		return nil
	}
	start := time.Now()
	if err := record(0); err != nil {
		return nil, err
	}
	err = flow.Run(x, c.Iters, func(done int, _ *stein.Ensemble) bool {
		bar.update(done)
		if done == c.Iters || (c.Every > 0 && done%c.Every == 0) {
			if rerr := record(done); rerr != nil {
				err = rerr
				return false
			}
		}
		return true
	})
	bar.finish()
	res.Iterations, res.Seconds = flow.Iter, time.Since(start).Seconds()
	if err != nil {
		return res, fmt.Errorf("train: %w", err)
	}
	res.W1, err = ev.w1(x)
	return res, err
}

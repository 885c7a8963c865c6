package train

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/metrics"
	"github.com/csvgd/csvgd-go/csvgd/stein"
	"github.com/gomlx/compute"
)

// evaluator measures an ensemble: training error, push-forward W1 against
// a fixed reference sample of the noisy truth, sparsity and distances.
type evaluator struct {
	c           Config
	trainTarget [][]float64
	train, test *icnn.Predictor
	testSamples []hyperelastic.Sample   // the test points, for the W1 inside the training range
	ref         [][]hyperelastic.Stress // [point][draw]
	// emb places the ensembles measured in the network the predictors
	// were compiled for (the identity but with fixed shapes).
	emb icnn.Embedding
}

// input is x as the predictors take it: embedded in their network.
func (ev *evaluator) input(x *stein.Ensemble) *stein.Ensemble {
	if ev.emb.Identity() {
		return x
	}
	return ev.emb.Embed(x)
}

func newEvaluator(b compute.Backend, c Config, arch icnn.Arch, trainBatch, testBatch icnn.Batch, test []hyperelastic.Sample, ref [][]hyperelastic.Stress) (*evaluator, error) {
	ev := &evaluator{c: c, trainTarget: trainBatch.Target, testSamples: test, ref: ref}
	var err error
	if ev.train, err = icnn.NewPredictor(b, arch, trainBatch); err != nil {
		return nil, err
	}
	if ev.test, err = icnn.NewPredictor(b, arch, testBatch); err != nil {
		return nil, err
	}
	return ev, nil
}

// ReferenceSample draws, for every test point, draws samples of the noisy
// truth S_true (1 + s xi) (docs/reading.md section 13: a fixed, seeded
// sample), indexed [point][draw].
func ReferenceSample(test []hyperelastic.Sample, noise float64, draws int, seed uint64) [][]hyperelastic.Stress {
	rng := rand.New(rand.NewPCG(seed, 0x3ef))
	ref := make([][]hyperelastic.Stress, len(test))
	for p, s := range test {
		ref[p] = make([]hyperelastic.Stress, draws)
		for d := range ref[p] {
			ref[p][d] = hyperelastic.AddNoise(s.STrue, noise, rng)
		}
	}
	return ref
}

func (ev *evaluator) w1(x *stein.Ensemble) (metrics.PushForward, error) {
	pf, _, err := ev.testW1(x)
	return pf, err
}

// testW1 is the push-forward W1 of x on the test points and the
// predictions it was measured on.
func (ev *evaluator) testW1(x *stein.Ensemble) (metrics.PushForward, hyperelastic.Predictions, error) {
	pred, err := ev.test.Predict(ev.input(x))
	if err != nil {
		return metrics.PushForward{}, nil, err
	}
	pf, err := metrics.PushForwardW1(pred, ev.ref)
	if err != nil {
		return metrics.PushForward{}, nil, fmt.Errorf("train: push-forward W1: %w", err)
	}
	return pf, pred, nil
}

// final measures the run's final ensemble on the test points: W1 on the
// whole path, and W1 and the ensemble mean's error inside the training
// range.
func (ev *evaluator) final(res *Result, test []hyperelastic.Sample) error {
	pf, pred, err := ev.testW1(res.Particles)
	if err != nil {
		return err
	}
	res.W1, res.W1InRange = pf, InRangeW1(pf, test)
	if res.MeanErrorInRange, err = MeanErrorInRange(pred, test); err != nil {
		return fmt.Errorf("train: %w", err)
	}
	return nil
}

func (ev *evaluator) record(k int, x *stein.Ensemble) (Record, error) {
	pred, err := ev.train.Predict(ev.input(x))
	if err != nil {
		return Record{}, err
	}
	pf, err := ev.w1(x)
	if err != nil {
		return Record{}, err
	}
	rows := x.Rows()
	_, active := metrics.ActiveWeights(rows, ev.c.Threshold)
	rec := Record{
		Iter: k, TrainRMSE: meanRMSE(pred, ev.trainTarget), W1Sum: pf.Sum, W1InRange: InRangeW1(pf, ev.testSamples),
		ActiveWeights: active, Distances: metrics.Distances(rows),
	}
	rec.KernelMedian, rec.KernelGroups = kernelHealth(ev.c, rows)
	return rec, nil
}

// kernelHealth is the median kernel value between the particles rows and
// the number of groups into which the kernel splits them, at the
// bandwidth the configuration's rule gives them: the kernel the next
// Stein step would use.
func kernelHealth(c Config, rows [][]float64) (median float64, groups int) {
	k := stein.Kernel{Beta: c.Beta}
	gamma := c.Bandwidth.Of(rows, k)
	return stein.KernelMedian(rows, k, gamma), stein.KernelGroups(rows, k, gamma)
}

// meanRMSE is the RMS error of the ensemble-mean prediction.
func meanRMSE(pred hyperelastic.Predictions, target [][]float64) float64 {
	var s float64
	for m, t := range target {
		for k := range t {
			var mean float64
			for a := range pred {
				mean += pred[a][m][k] / float64(len(pred))
			}
			s += (mean - t[k]) * (mean - t[k])
		}
	}
	return math.Sqrt(s / float64(hyperelastic.NumComponents*len(target)))
}

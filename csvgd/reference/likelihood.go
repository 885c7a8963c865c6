package reference

import (
	"fmt"
	"math"
	"sync"

	"github.com/csvgd/csvgd-go/csvgd/icnn"
)

// Likelihood is the Gaussian stress log-likelihood of one network and its
// gradient, the data part of the score of [Step.Score],
//
//	log p(D | theta) = -Weight sum_{m,k} (S_mk - S^data_mk)^2,
//
// written out by hand in float64 (the two passes of score.go). Unlike a
// [Step] it is safe for concurrent use: every call takes its own scratch
// buffers from a pool, so that samplers may evaluate it from several
// goroutines at once.
type Likelihood struct {
	Arch   icnn.Arch
	Weight float64 // w of the log-likelihood, 1/(2 sigma^2) (divided by the number of points for the mean form)

	net  network
	data batchData
	pool sync.Pool
}

// NewLikelihood validates the network, the batch and the weight as
// [NewStep] does.
func NewLikelihood(arch icnn.Arch, b icnn.Batch, weight float64) (*Likelihood, error) {
	data, err := newModel(arch, b, weight)
	if err != nil {
		return nil, err
	}
	l := &Likelihood{Arch: arch, Weight: weight, net: newNetwork(arch), data: data}
	l.pool.New = func() any { return l.net.newWorkspace(l.data.m) }
	return l, nil
}

// newModel checks the network, the batch and the weight of a
// log-likelihood and lays the batch out for the two passes.
func newModel(arch icnn.Arch, b icnn.Batch, weight float64) (batchData, error) {
	if err := arch.Validate(); err != nil {
		return batchData{}, fmt.Errorf("reference: %w", err)
	}
	if arch.Widths[0] != 3 {
		return batchData{}, fmt.Errorf("reference: widths %v: the stress needs 3 inputs (the invariants)", arch.Widths)
	}
	data, err := newBatchData(arch.Inputs, b)
	if err != nil {
		return batchData{}, fmt.Errorf("reference: %w", err)
	}
	if !(weight >= 0) || math.IsInf(weight, 0) {
		return batchData{}, fmt.Errorf("reference: likelihood weight = %v must be finite and >= 0", weight)
	}
	return data, nil
}

// Dim is the number of parameters of a particle.
func (l *Likelihood) Dim() int { return l.net.params }

// Eval writes grad_theta log p(D | theta) into grad and returns
// log p(D | theta). It panics when theta or grad do not have [Likelihood.Dim]
// entries.
func (l *Likelihood) Eval(theta, grad []float64) float64 {
	if len(theta) != l.net.params || len(grad) != l.net.params {
		panic(fmt.Sprintf("reference: network %v has %d parameters; particle has %d, gradient %d", l.Arch.Widths, l.net.params, len(theta), len(grad)))
	}
	ws := l.pool.Get().(*workspace)
	defer l.pool.Put(ws)
	return l.net.score(ws, &l.data, l.Weight, theta, grad)
}

package stein

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/gomlx/gomlx/core/tensors"
)

// Ensemble is a set of N particles in D dimensions, stored row-major: the
// host-side image of the [N, D] tensor the graphs work on.
//
// After a [Flow.Step] the new values stay on the flow's device until
// something reads them: every method of Ensemble, and its JSON encoding,
// brings them to Data first. Until then Data is nil, so that code using
// the field directly fails loudly instead of reading old values: it calls
// [Ensemble.Sync] first. The first read after a step writes Data, so it
// must not race with other reads; an Ensemble is shared between
// goroutines after Sync.
type Ensemble struct {
	N, D int
	Data []float64 // len N*D; particle a is Data[a*D : (a+1)*D]

	dev *pending // newer values on a device, or nil
}

// pending are particle values newer than Data, held on a device.
type pending struct {
	t   *tensors.Tensor // [N, D] float64
	buf []float64       // Data's storage while Data is nil
}

// NewEnsemble returns an ensemble of n zero particles in d dimensions.
func NewEnsemble(n, d int) *Ensemble {
	return &Ensemble{N: n, D: d, Data: make([]float64, n*d)}
}

// GaussianEnsemble draws n particles with independent N(mean_i, std^2)
// components from rng.
func GaussianEnsemble(n int, mean []float64, std float64, rng *rand.Rand) *Ensemble {
	e := NewEnsemble(n, len(mean))
	for a := 0; a < n; a++ {
		for i, m := range mean {
			e.Data[a*e.D+i] = m + std*rng.NormFloat64()
		}
	}
	return e
}

// EnsembleFromRows copies rows (each of the same length) into an ensemble.
func EnsembleFromRows(rows [][]float64) (*Ensemble, error) {
	if len(rows) == 0 {
		return nil, fmt.Errorf("ensemble: no particles")
	}
	e := NewEnsemble(len(rows), len(rows[0]))
	for a, r := range rows {
		if len(r) != e.D {
			return nil, fmt.Errorf("ensemble: particle %d has %d components, want %d", a, len(r), e.D)
		}
		copy(e.Data[a*e.D:], r)
	}
	return e, nil
}

// Particle returns particle a (a view, not a copy).
func (e *Ensemble) Particle(a int) []float64 {
	e.mustSync()
	return e.Data[a*e.D : (a+1)*e.D]
}

// Rows returns views of all particles.
func (e *Ensemble) Rows() [][]float64 {
	e.mustSync()
	rows := make([][]float64, e.N)
	for a := range rows {
		rows[a] = e.Particle(a)
	}
	return rows
}

// Clone returns a deep copy.
func (e *Ensemble) Clone() *Ensemble {
	e.mustSync()
	c := NewEnsemble(e.N, e.D)
	copy(c.Data, e.Data)
	return c
}

// Component returns component i of every particle.
func (e *Ensemble) Component(i int) []float64 {
	e.mustSync()
	v := make([]float64, e.N)
	for a := range v {
		v[a] = e.Data[a*e.D+i]
	}
	return v
}

// Finite reports whether every value is finite.
func (e *Ensemble) Finite() bool {
	e.mustSync()
	for _, v := range e.Data {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return false
		}
	}
	return true
}

// Tensor returns the ensemble as a float64 tensor of shape [N, D].
func (e *Ensemble) Tensor() *tensors.Tensor {
	e.mustSync()
	return tensors.FromFlatDataAndDimensions(append([]float64(nil), e.Data...), e.N, e.D)
}

// setFromTensor copies a [N, D] float64 tensor into e, replacing values
// pending on a device.
func (e *Ensemble) setFromTensor(t *tensors.Tensor) error {
	e.drop()
	if err := tensors.ConstFlatData(t, func(flat []float64) { copy(e.Data, flat) }); err != nil {
		return fmt.Errorf("ensemble: reading particles back from the graph: %w", err)
	}
	return nil
}

// Sync brings the values of the last [Flow.Step] into Data when they are
// still on the device; otherwise it does nothing.
func (e *Ensemble) Sync() error {
	if e.dev == nil {
		return nil
	}
	buf := e.dev.buf
	if err := tensors.ConstFlatData(e.dev.t, func(flat []float64) { copy(buf, flat) }); err != nil {
		return fmt.Errorf("ensemble: reading the particles back from the device: %w", err)
	}
	e.Data, e.dev = buf, nil
	return nil
}

// mustSync is Sync for the methods that return no error: a device that
// cannot give the values back is beyond repair here.
func (e *Ensemble) mustSync() {
	if err := e.Sync(); err != nil {
		panic(err)
	}
}

// park makes t, a [N, D] tensor on a device, the newest values of e.
func (e *Ensemble) park(t *tensors.Tensor) {
	buf := e.Data
	if e.dev != nil {
		buf = e.dev.buf
	}
	e.Data, e.dev = nil, &pending{t: t, buf: buf}
}

// drop forgets values pending on a device, keeping Data's storage.
func (e *Ensemble) drop() {
	if e.dev != nil {
		e.Data, e.dev = e.dev.buf, nil
	}
}

// plainEnsemble is Ensemble without its methods, for the JSON encoding.
type plainEnsemble Ensemble

// MarshalJSON encodes N, D and Data, the values of the last step included.
func (e Ensemble) MarshalJSON() ([]byte, error) {
	if err := e.Sync(); err != nil {
		return nil, err
	}
	return json.Marshal(plainEnsemble(e))
}

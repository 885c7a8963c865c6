package stein

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/gomlx/gomlx/pkg/core/tensors"
)

// Ensemble is a set of N particles in D dimensions, stored row-major: the
// host-side image of the [N, D] tensor the graphs work on.
type Ensemble struct {
	N, D int
	Data []float64 // len N*D; particle a is Data[a*D : (a+1)*D]
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
func (e *Ensemble) Particle(a int) []float64 { return e.Data[a*e.D : (a+1)*e.D] }

// Rows returns views of all particles.
func (e *Ensemble) Rows() [][]float64 {
	rows := make([][]float64, e.N)
	for a := range rows {
		rows[a] = e.Particle(a)
	}
	return rows
}

// Clone returns a deep copy.
func (e *Ensemble) Clone() *Ensemble {
	c := NewEnsemble(e.N, e.D)
	copy(c.Data, e.Data)
	return c
}

// Component returns component i of every particle.
func (e *Ensemble) Component(i int) []float64 {
	v := make([]float64, e.N)
	for a := range v {
		v[a] = e.Data[a*e.D+i]
	}
	return v
}

// Finite reports whether every value is finite.
func (e *Ensemble) Finite() bool {
	for _, v := range e.Data {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return false
		}
	}
	return true
}

// Tensor returns the ensemble as a float64 tensor of shape [N, D].
func (e *Ensemble) Tensor() *tensors.Tensor {
	return tensors.FromFlatDataAndDimensions(append([]float64(nil), e.Data...), e.N, e.D)
}

// setFromTensor copies a [N, D] float64 tensor into e.
func (e *Ensemble) setFromTensor(t *tensors.Tensor) error {
	if err := tensors.ConstFlatData(t, func(flat []float64) { copy(e.Data, flat) }); err != nil {
		return fmt.Errorf("ensemble: reading particles back from the graph: %w", err)
	}
	return nil
}

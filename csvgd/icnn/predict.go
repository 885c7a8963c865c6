package icnn

import (
	"fmt"

	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"github.com/csvgd/csvgd-go/csvgd/stein"
	"github.com/gomlx/compute"
	"github.com/gomlx/compute/dtypes"
	"github.com/gomlx/compute/shapes"
	. "github.com/gomlx/gomlx/core/graph" //nolint:revive // GoMLX graph DSL.
	"github.com/gomlx/gomlx/core/tensors"
)

// Predictor evaluates the stresses of an ensemble at fixed points with one
// compiled graph (recompiled only when the ensemble's shape changes).
type Predictor struct {
	arch  Arch
	batch Batch
	exec  *Exec
}

// NewPredictor compiles (lazily) the stress graph of arch at the points of b.
func NewPredictor(be compute.Backend, arch Arch, b Batch) (*Predictor, error) {
	p := &Predictor{arch: arch, batch: b}
	var err error
	p.exec, err = NewExec(be, func(theta *Node) *Node { return arch.Stress(theta, b) })
	if err != nil {
		return nil, fmt.Errorf("icnn: building the stress graph: %w", err)
	}
	return p, nil
}

// Compile compiles the stress graph for n particles, so that the first
// [Predictor.Predict] does not.
func (p *Predictor) Compile(n int) error {
	if _, err := p.exec.Compile(shapes.Make(dtypes.Float64, n, p.arch.NumParams())); err != nil {
		return fmt.Errorf("icnn: compiling the stress graph of %v for %d particles: %w", p.arch.Widths, n, err)
	}
	return nil
}

// Predict returns the stresses of the ensemble x at the batch's points,
// [particle][point].
func (p *Predictor) Predict(x *stein.Ensemble) (hyperelastic.Predictions, error) {
	if x.D != p.arch.NumParams() {
		return nil, fmt.Errorf("icnn: particles have %d parameters, the network %v needs %d", x.D, p.arch.Widths, p.arch.NumParams())
	}
	out, err := p.exec.Exec(x.Tensor())
	if err != nil {
		return nil, fmt.Errorf("icnn: predicting stresses: %w", err)
	}
	flat, err := tensors.CopyFlatData[float64](out[0])
	if err != nil {
		return nil, fmt.Errorf("icnn: reading stresses: %w", err)
	}
	m := p.batch.Len()
	s := make(hyperelastic.Predictions, x.N)
	for a := range s {
		s[a] = make([]hyperelastic.Stress, m)
		for i := range s[a] {
			copy(s[a][i][:], flat[(a*m+i)*hyperelastic.NumComponents:])
		}
	}
	return s, nil
}

// PredictAt returns the stresses of the ensemble x of network a at
// samples, [particle][point]: a [Predictor] compiled for one use.
func PredictAt(be compute.Backend, a Arch, samples []hyperelastic.Sample, x *stein.Ensemble) (hyperelastic.Predictions, error) {
	p, err := NewPredictor(be, a, NewBatch(samples))
	if err != nil {
		return nil, err
	}
	return p.Predict(x)
}

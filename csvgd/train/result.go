package train

import (
	"fmt"

	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/metrics"
	"github.com/csvgd/csvgd-go/csvgd/stein"
)

// Result is the outcome of [Run].
type Result struct {
	Config    Config
	Arch      icnn.Arch // the final network: Config.Arch, or the last template after condensation
	Sigma     float64
	Particles *stein.Ensemble
	History   []Record
	Stages    []StageRecord
	W1        metrics.PushForward // final push-forward W1 on the test set
	// W1InRange is W1's sum over the test points inside the training
	// range, |d| <= hyperelastic.TrainingDelta ([InRangeW1]).
	W1InRange float64
	// MeanErrorInRange is the relative RMS error of the final ensemble's
	// mean stress against the noise-free truth at the test points inside
	// the training range ([MeanErrorInRange]).
	MeanErrorInRange float64
	Iterations       int
	Seconds          float64 // wall time of the iterations (history included)
	// LastStage is the ensemble as the last stage ended, before its
	// condensation, on the template the stage ran on (with
	// Config.KeepLastStage; nil otherwise). For svgd, or a final stage
	// without condensation, it equals the final ensemble.
	LastStage *StageEnsemble `json:",omitempty"`
}

// LastStageEnsemble is the template and the particles of the run's last
// stage before its condensation (Config.KeepLastStage): the ensemble whose
// target is the posterior of that template.
func (r *Result) LastStageEnsemble() (icnn.Arch, [][]float64, error) {
	if r.LastStage == nil {
		return icnn.Arch{}, nil, fmt.Errorf("the run kept no last stage (train.Config.KeepLastStage): its final template %v is one the flow never ran on", r.Arch.Widths)
	}
	arch := icnn.Arch{Widths: r.LastStage.Widths, Inputs: r.Arch.Inputs}
	return arch, r.LastStage.Particles, arch.Validate()
}

// StageEnsemble is the ensemble at the end of a stage: the template it
// ran on and the particles.
type StageEnsemble struct {
	Widths    []int
	Particles [][]float64
}

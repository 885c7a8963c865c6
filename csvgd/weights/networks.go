package weights

import (
	"fmt"

	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/metrics"
)

// Networks is a labelled ensemble of networks of one architecture, as the
// weight explorer opens it and the views of package figures
// (TemplateGraph, WeightPair, SideBySide) draw it: a trained run's final
// particles, or a saved ensemble file's. Unlike stein.Ensemble (a flat
// particle matrix) and ensemble.File (the saved file), it knows the
// network's layers and carries a label.
type Networks struct {
	Label     string      // names the ensemble in titles, e.g. "cSVGD α = 0.5"
	Arch      icnn.Arch   // the layer widths
	Particles [][]float64 // one parameter vector of Arch.NumParams() values per particle
}

// Check is the input check of the views: a valid architecture and at
// least 2 particles of finite values of the right length
// ([metrics.CheckParticles]); the error starts with the label, when there
// is one.
func (n Networks) Check() error {
	if err := metrics.CheckParticles(n.Arch, n.Particles); err != nil {
		if n.Label != "" {
			return fmt.Errorf("%s: %w", n.Label, err)
		}
		return err
	}
	return nil
}

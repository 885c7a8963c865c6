package figures

import (
	"fmt"
	"math"

	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/metrics"
)

// Ensemble is a labelled ensemble of networks of one architecture, as the
// explorer's views ([TemplateGraph], [WeightPair], [SideBySide]) draw it:
// a trained run's final particles, or a saved ensemble file's.
type Ensemble struct {
	Label     string      // names the ensemble in titles, e.g. "cSVGD α = 0.5"
	Arch      icnn.Arch   // the layer widths
	Particles [][]float64 // one parameter vector of Arch.NumParams() values per particle
}

// check is the input check of the views: a valid architecture and at
// least 2 particles of finite values of the right length.
func (e Ensemble) check() error {
	if err := metrics.CheckParticles(e.Arch, e.Particles); err != nil {
		if e.Label != "" {
			return fmt.Errorf("%s: %w", e.Label, err)
		}
		return err
	}
	return nil
}

// meanNetwork is the network whose every weight is the mean |w| of that
// weight across the particles, negative where the mean weight is (only
// W₀ may be). Its node importances (eq. importance, the sum of a node's
// outgoing weights, all non-negative) are therefore the particles' mean
// importances, and its inputs' L1 norms their mean L1 norms.
func meanNetwork(particles [][]float64) []float64 {
	n := float64(len(particles))
	out := make([]float64, len(particles[0]))
	for i := range out {
		var abs, sum float64
		for _, th := range particles {
			abs += math.Abs(th[i]) / n
			sum += th[i]
		}
		out[i] = math.Copysign(abs, sum)
	}
	return out
}

package weights

import (
	"fmt"

	"github.com/csvgd/csvgd-go/csvgd/condense"
	"github.com/csvgd/csvgd-go/csvgd/ensemble"
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
	// Signed marks the weight matrices of dense networks (package dense,
	// without their biases and model parameters): every weight takes
	// either sign, the network may have several outputs, a node's
	// importance is the sum of the magnitudes of its outgoing weights, and
	// a node without incoming weights may still carry a bias (it is kept).
	// False: input-convex networks, whose W_1, W_2, ... are non-negative.
	Signed bool
}

// Check is the input check of the views: a valid architecture and at
// least 2 particles of finite values of the right length
// ([metrics.CheckParticles]); the error starts with the label, when there
// is one.
func (n Networks) Check() error {
	err := metrics.CheckParticles(n.Arch, n.Particles)
	if n.Signed {
		err = n.checkSigned()
	}
	if err != nil {
		if n.Label != "" {
			return fmt.Errorf("%s: %w", n.Label, err)
		}
		return err
	}
	return nil
}

// checkSigned is [Networks.Check] for signed networks, of any number of
// outputs.
func (n Networks) checkSigned() error {
	if err := n.Graph().Validate(); err != nil {
		return err
	}
	if len(n.Particles) < 2 {
		return fmt.Errorf("%d particles: need at least 2", len(n.Particles))
	}
	return ensemble.CheckParticles(n.Arch.Widths, n.Particles)
}

// Graph is the networks as graph condensation sees them
// ([condense.Network]: weights only, signed or not).
func (n Networks) Graph() condense.Network {
	return condense.Network{Widths: append([]int(nil), n.Arch.Widths...), Signed: n.Signed}
}

// GraphOptions are the options of condensation and of the live nodes at
// the paper's threshold: signed networks keep the nodes without incoming
// weights, whose biases these weights do not show.
func (n Networks) GraphOptions() condense.Options {
	return condense.Options{Threshold: condense.PaperThreshold, KeepConstantNodes: n.Signed}
}

// Bounded reports whether the weights of W_k are non-negative (the
// input-convex network's W_1, W_2, ...), so that their densities are
// drawn from 0.
func (n Networks) Bounded(k int) bool {
	return !n.Signed && n.Arch.Constrained()[n.Arch.Layers()[k].Offset]
}

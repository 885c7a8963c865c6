package figures

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/csvgd/csvgd-go/csvgd/figures/plotkit"
	"github.com/csvgd/csvgd-go/csvgd/weights"
)

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

// ensembleGraph is the graph of e's mean network (see [TemplateGraph]),
// from a checked ensemble.
func ensembleGraph(e weights.Networks) (*netGraph, error) {
	g, err := newNetGraph(e.Graph(), e.GraphOptions(), meanNetwork(e.Particles))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", e.Label, err)
	}
	g.height = slices.Max(e.Arch.Widths)
	return g, nil
}

// ensembleTitle is the title of e's graph panel: tag and label (when
// given), the template and the number of particles (unless the label
// already says it).
func ensembleTitle(tag string, e weights.Networks) string {
	head := e.Label
	if tag != "" {
		head = tag + " " + head
	}
	t := "template " + plotkit.JoinInts(e.Arch.Widths, "-")
	if count := fmt.Sprintf("%d particles", len(e.Particles)); !strings.Contains(e.Label, count) {
		t += ", " + count
	}
	if head == "" {
		return t
	}
	return head + "\n" + t
}

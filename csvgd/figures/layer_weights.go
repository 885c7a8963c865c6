package figures

import (
	"github.com/csvgd/csvgd-go/csvgd/figures/plotkit"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/metrics"
	"github.com/csvgd/csvgd-go/csvgd/weights"
	"gonum.org/v1/plot"
)

// LayerWeights is the figure "layer_weights" (the explorer of notebook
// 04): one panel of [WeightDistributions], that of the weight matrix W_k
// of arch (0 <= k < len(arch.Layers()), W₀ the input layer's), with the
// same title, densities (the bandwidths and omissions of
// [metrics.WeightDensities]) and legend entries. particles is as for
// WeightDistributions. The figure reports the same errors, and one when k
// is out of range.
func LayerWeights(arch icnn.Arch, particles [][]float64, k int) *Figure {
	const name = "layer_weights"
	if err := metrics.CheckParticles(arch, particles); err != nil {
		return plotkit.Failed(name, err)
	}
	if err := CheckLayer(arch, k); err != nil {
		return plotkit.Failed(name, err)
	}
	leg := plotkit.NewLegend()
	p, _ := weightPanel(weights.Networks{Arch: arch, Particles: particles}, k, plotkit.PanelTag(k), leg, nil)
	p.Y.Label.Text = "density"
	return weightFigure(name, []*plot.Plot{p}, leg)
}

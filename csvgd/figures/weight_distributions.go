package figures

import (
	"github.com/csvgd/csvgd-go/csvgd/figures/plotkit"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/metrics"
	"github.com/csvgd/csvgd-go/csvgd/weights"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
)

// WeightDistributions is the paper's Fig. weight_distributions: for each
// weight matrix W_k of arch (panels W₀, W₁, W₂ for the paper's network)
// and each of its entries W_ij (i the node of layer k+1, j that of layer
// k, both from 1), a Gaussian kernel density estimate of the entry's
// values across particles, drawn as a line.
//
//   - Bandwidth: Silverman's rule of thumb, 0.9 min(sd, IQR/1.34) n^(-1/5)
//     (sd alone when the IQR is 0), with a floor of 2% of the layer's
//     largest |w| so that entries on which the particles agree show as
//     narrow peaks rather than spikes ([metrics.DensityBandwidth]).
//   - Omitted, as in the paper, narrow zero-centred distributions: an entry
//     whose mean and standard deviation across particles are both below 5%
//     of the layer's largest |w| (pruned and padded weights, near-zero
//     ones; [metrics.OmitDensity]). The panel's title gives how many
//     entries are drawn.
//   - Non-negative weights (W_1, W_2, ...: [icnn.Arch.Constrained]) have
//     densities that respect their bound: drawn from 0, with the kernel
//     mass that would fall below 0 reflected back above it
//     ([metrics.ReflectedKDE]).
//   - The six drawn entries with the largest mean |w| are coloured along
//     viridis (dark the largest) and named in the legend; the others are
//     thin grey lines. The y axis holds the named curves whole; a grey
//     curve that rises above them (often a narrow spike at 0 of an entry
//     that most particles pruned) is cut at the top, and the legend says
//     "N others, cut at the top".
//
// particles holds the particles (at least 2), each of arch.NumParams()
// parameters: a record's Particles and Widths, or a result's final
// particles and Arch. The figure reports an error when there are fewer
// than 2 particles, when arch is invalid, or when a particle has the wrong
// length or a value that is not finite. [LayerWeights] draws one of its
// panels alone.
func WeightDistributions(arch icnn.Arch, particles [][]float64) *Figure {
	const name = "weight_distributions"
	if err := metrics.CheckParticles(arch, particles); err != nil {
		return plotkit.Failed(name, err)
	}
	return weightDistributions(name, weights.Networks{Arch: arch, Particles: particles})
}

// WeightDistributionsOf is [WeightDistributions] for the weight matrices
// of any ensemble the explorer opens, those of dense networks included
// (weights.Networks.Signed: every density drawn on both sides of 0). It
// reports the errors of [weights.Networks.Check].
func WeightDistributionsOf(e weights.Networks) *Figure {
	const name = "weight_distributions"
	if err := e.Check(); err != nil {
		return plotkit.Failed(name, err)
	}
	return weightDistributions(name, e)
}

// weightDistributions draws the panels of a checked ensemble.
func weightDistributions(name string, e weights.Networks) *Figure {
	leg := plotkit.NewLegend()
	var panels []*plot.Plot
	for k := range e.Arch.Layers() {
		p, drawn := weightPanel(e, k, plotkit.PanelTag(k), leg, nil)
		if k == 0 {
			p.Y.Label.Text = "density"
		}
		if drawn > 0 && k+1 < len(e.Arch.Widths)-1 {
			leg.Add("")
		}
		panels = append(panels, p)
	}
	return weightFigure(name, panels, leg)
}

// weightFigure lays out the panels of [WeightDistributions] (or one of
// them) in a row, with the legend leg.
func weightFigure(name string, panels []*plot.Plot, leg *plot.Legend) *Figure {
	return &Figure{
		Name:   name,
		Panels: [][]*plot.Plot{panels},
		Legend: leg,
		Width:  vg.Length(8+8.5*float64(len(panels))) * vg.Centimeter,
		Height: 14 * vg.Centimeter,
	}
}

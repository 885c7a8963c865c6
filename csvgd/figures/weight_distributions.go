package figures

import (
	"fmt"
	"math"
	"slices"
	"sort"

	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/metrics"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// The drawing rules of WeightDistributions; the density rules are those
// of [metrics.WeightDensities].
const (
	kdeLegendCap    = 6   // entries named in the legend per panel
	kdeOthersWidth  = 0.7 // line width of the unnamed curves, points
	kdePeakQuantile = 0.9 // the y axis holds this quantile of the curves' peaks (and all named ones)
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
//     narrow peaks rather than spikes.
//   - Omitted, as in the paper, narrow zero-centred distributions: an entry
//     whose mean and standard deviation across particles are both below 5%
//     of the layer's largest |w| (pruned and padded weights, near-zero
//     ones). The panel's title gives how many entries are drawn.
//   - The six drawn entries with the largest mean |w| are coloured along
//     viridis (dark the largest) and named in the legend; the others are
//     thin grey lines.
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
		return failed(name, err)
	}
	leg := newLegend()
	var panels []*plot.Plot
	for k := range arch.Layers() {
		p, drawn := weightPanel(arch, particles, k, panelTag(k), leg)
		if k == 0 {
			p.Y.Label.Text = "density"
		}
		if drawn > 0 && k+1 < len(arch.Widths)-1 {
			leg.Add("")
		}
		panels = append(panels, p)
	}
	return weightFigure(name, panels, leg)
}

// LayerWeights is one panel of [WeightDistributions]: the weight matrix W_k
// of arch (0 <= k < len(arch.Layers()), W₀ the input layer's), with the
// same panel, title included, and the same legend entries, named
// "layer_weights". For each entry W_ij (i the node of layer k+1, j that
// of layer k, both from 1), a Gaussian kernel density estimate of the
// entry's values across particles:
//
//   - Bandwidth: Silverman's rule of thumb, 0.9 min(sd, IQR/1.34) n^(-1/5)
//     (sd alone when the IQR is 0), floored at 2% of the layer's largest
//     |w|.
//   - Omitted: entries whose mean and standard deviation across particles
//     are both below 5% of the layer's largest |w|; the title gives how
//     many entries are drawn.
//   - The six drawn entries with the largest mean |w| are coloured along
//     viridis and named in the legend; the others are thin grey lines.
//
// particles is as for WeightDistributions. The figure reports the same
// errors, and one when k is out of range.
func LayerWeights(arch icnn.Arch, particles [][]float64, k int) *Figure {
	const name = "layer_weights"
	if err := metrics.CheckParticles(arch, particles); err != nil {
		return failed(name, err)
	}
	if n := len(arch.Layers()); k < 0 || k >= n {
		return failed(name, fmt.Errorf("layer k = %d out of range: widths %v have %d layers (0 <= k < %d)", k, arch.Widths, n, n))
	}
	leg := newLegend()
	p, _ := weightPanel(arch, particles, k, panelTag(k), leg)
	p.Y.Label.Text = "density"
	return weightFigure(name, []*plot.Plot{p}, leg)
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

// kdeEntry is one entry of a weight matrix across the particles, as the
// density panels draw it.
type kdeEntry struct {
	Entry
	metrics.WeightEntry
}

// layerEntries returns the entries of W_k that the density panels draw
// ([metrics.WeightDensities]), from checked particles, in descending mean
// |w|, with the number of entries of W_k and its largest |w| over the
// particles.
func layerEntries(arch icnn.Arch, particles [][]float64, k int) (kept []kdeEntry, size int, spread float64) {
	drawn, size, spread := metrics.WeightDensities(arch, particles, k)
	for _, w := range drawn {
		kept = append(kept, kdeEntry{Entry: Entry{K: k, I: w.Row, J: w.Col}, WeightEntry: w})
	}
	sort.SliceStable(kept, func(a, b int) bool { return kept[a].MeanAbs > kept[b].MeanAbs })
	return kept, size, spread
}

// weightPanel is the panel of W_k in [WeightDistributions], from checked
// particles, with no y label, titled "TAG W_k: ..." (tag is "(a)" for W_0
// in WeightDistributions); it adds the panel's entries to leg (no
// separator after them) and returns the number of entries drawn.
func weightPanel(arch icnn.Arch, particles [][]float64, k int, tag string, leg *plot.Legend) (*plot.Plot, int) {
	kept, size, spread := layerEntries(arch, particles, k)
	label := "W" + subscript(k)
	p := newPanel(fmt.Sprintf("%s %s: %d of %d entries", tag, label, len(kept), size), "weight", "")
	if len(kept) == 0 {
		setRange(&p.X, -1, 1)
		setRange(&p.Y, 0, 1)
		leg.Add(fmt.Sprintf("%s %s: all entries near 0", tag, label))
		return p, 0
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, e := range kept {
		elo, ehi := metrics.DensityRange(e.Values, e.Bandwidth)
		lo, hi = math.Min(lo, elo), math.Max(hi, ehi)
	}
	if k > 0 { // non-negative weights: their densities start at 0
		lo = math.Max(lo, -metrics.DensityReach*metrics.DensityFloorFraction*spread)
	}
	xs := metrics.Linspace(lo, hi, metrics.DensityPoints)
	named := min(kdeLegendCap, len(kept))
	curves := make([]plotter.XYs, len(kept))
	peaks := make([]float64, len(kept))
	for r, e := range kept {
		ys := metrics.GaussianKDE(e.Values, e.Bandwidth, xs)
		peaks[r] = slices.Max(ys)
		curves[r] = xyOf(xs, ys)
	}
	// the y axis holds the named curves and most of the others: a few
	// narrow peaks would otherwise flatten everything else
	top := slices.Max(peaks[:named])
	slices.Sort(peaks)
	top = math.Max(top, metrics.QuantileSorted(peaks, kdePeakQuantile))
	p.Add(refLine{vertical: true, style: draw.LineStyle{Color: lightGrey, Width: vg.Points(0.75)}})
	others := draw.LineStyle{Color: fade(grey, 0.6), Width: vg.Points(kdeOthersWidth)}
	for r := len(kept) - 1; r >= named; r-- {
		addFlat(p, line(curves[r], others))
	}
	leg.Add(fmt.Sprintf("%s %s, entries (i, j):", tag, label))
	styles := make([]draw.LineStyle, named)
	for r := named - 1; r >= 0; r-- {
		styles[r] = solidLine(rankColor(r, named))
		addFlat(p, line(curves[r], styles[r]))
	}
	for r := range named {
		e := kept[r]
		leg.Add(fmt.Sprintf("(%d, %d), mean %s", e.I+1, e.J+1, num(e.Mean)), lineThumb{styles[r]})
	}
	if len(kept) > named {
		leg.Add(fmt.Sprintf("%d others", len(kept)-named), lineThumb{others})
	}
	setRange(&p.X, lo, hi)
	setRange(&p.Y, 0, 1.05*top)
	return p, len(kept)
}

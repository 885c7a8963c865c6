package figures

import (
	"fmt"
	"image/color"
	"math"
	"slices"
	"sort"

	"github.com/csvgd/csvgd-go/csvgd/figures/plotkit"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/internal/subscript"
	"github.com/csvgd/csvgd-go/csvgd/metrics"
	"github.com/csvgd/csvgd-go/csvgd/weights"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// The drawing rules of WeightDistributions; the density rules are those
// of [metrics.WeightDensities].
const (
	kdeLegendCap   = 6   // entries named in the legend per panel
	kdeOthersWidth = 0.7 // line width of the unnamed curves, points
)

// kdeEntry is one entry of a weight matrix across the particles, as the
// density panels draw it.
type kdeEntry struct {
	weights.Entry
	metrics.WeightEntry
}

// layerEntries returns the entries of W_k that the density panels draw
// ([metrics.WeightDensities]), from checked particles, in descending mean
// |w|, with the number of entries of W_k and its largest |w| over the
// particles.
func layerEntries(arch icnn.Arch, particles [][]float64, k int) (kept []kdeEntry, size int, spread float64) {
	drawn, size, spread := metrics.WeightDensities(arch, particles, k)
	for _, w := range drawn {
		kept = append(kept, kdeEntry{Entry: weights.Entry{K: k, I: w.Row, J: w.Col}, WeightEntry: w})
	}
	sort.SliceStable(kept, func(a, b int) bool { return kept[a].MeanAbs > kept[b].MeanAbs })
	return kept, size, spread
}

// namedEntries are the (row, column) of the entries of W_k that
// [weightPanel] names in its legend, in its order.
func namedEntries(e weights.Networks, k int) [][2]int {
	kept, _, _ := layerEntries(e.Arch, e.Particles, k)
	var out [][2]int
	for _, en := range kept[:min(kdeLegendCap, len(kept))] {
		out = append(out, [2]int{en.I, en.J})
	}
	return out
}

// weightPanel is the panel of W_k in [WeightDistributions], from checked
// particles, with no y label, titled "TAG W_k: ..." (tag is "(a)" for W_0
// in WeightDistributions); it adds the panel's entries to leg (no
// separator after them) and returns the number of entries drawn. The
// named entries are coloured by byEntry, keyed by their (row, column),
// when it holds them (one colour per entry across the panels of a
// figure), else along viridis by rank.
func weightPanel(e weights.Networks, k int, tag string, leg *plot.Legend, byEntry map[[2]int]color.Color) (*plot.Plot, int) {
	kept, size, _ := layerEntries(e.Arch, e.Particles, k)
	label := "W" + subscript.Itoa(k)
	p := plotkit.NewPanel(fmt.Sprintf("%s %s: %d of %d entries", tag, label, len(kept), size), "weight", "")
	if len(kept) == 0 {
		plotkit.SetRange(&p.X, -1, 1)
		plotkit.SetRange(&p.Y, 0, 1)
		leg.Add(fmt.Sprintf("%s %s: all entries near 0", tag, label))
		return p, 0
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, en := range kept {
		elo, ehi := metrics.DensityRange(en.Values, en.Bandwidth)
		lo, hi = math.Min(lo, elo), math.Max(hi, ehi)
	}
	bounded := e.Bounded(k)
	if bounded { // non-negative weights: their densities start at 0
		lo = 0
	}
	xs := metrics.Linspace(lo, hi, metrics.DensityPoints)
	named := min(kdeLegendCap, len(kept))
	curves := make([]plotter.XYs, len(kept))
	// The y axis holds every named curve whole. The grey curves of the
	// other entries are often tall narrow spikes at 0 (entries that most
	// particles pruned): held whole they would squeeze the named curves,
	// so they are cut at the top, and the legend counts those it cuts.
	top := 0.0
	peaks := make([]float64, len(kept))
	for r, en := range kept {
		ys := entryKDE(en.Values, en.Bandwidth, bounded, xs)
		peaks[r] = slices.Max(ys)
		if r < named {
			top = math.Max(top, peaks[r])
		}
		curves[r] = plotkit.XYOf(xs, ys)
	}
	cut := 0 // unnamed curves that rise above the axis' top, 1.05 top
	for _, pk := range peaks[named:] {
		if pk > 1.05*top {
			cut++
		}
	}
	p.Add(plotkit.RefLine{Vertical: true, Style: draw.LineStyle{Color: plotkit.LightGrey, Width: vg.Points(0.75)}})
	others := draw.LineStyle{Color: plotkit.Fade(plotkit.Grey, 0.6), Width: vg.Points(kdeOthersWidth)}
	for r := len(kept) - 1; r >= named; r-- {
		plotkit.AddFlat(p, plotkit.Line(curves[r], others))
	}
	leg.Add(fmt.Sprintf("%s %s, entries (i, j):", tag, label))
	styles := make([]draw.LineStyle, named)
	for r := named - 1; r >= 0; r-- {
		col := plotkit.RankColor(r, named)
		if c, ok := byEntry[[2]int{kept[r].I, kept[r].J}]; ok {
			col = c
		}
		styles[r] = plotkit.SolidLine(col)
		plotkit.AddFlat(p, plotkit.Line(curves[r], styles[r]))
	}
	for r := range named {
		en := kept[r]
		leg.Add(fmt.Sprintf("(%d, %d), mean |w| %s", en.I+1, en.J+1, plotkit.Num(en.MeanAbs)), plotkit.LineThumb(styles[r]))
	}
	if n := len(kept) - named; n > 0 {
		label := map[bool]string{true: "1 other", false: fmt.Sprintf("%d others", n)}[n == 1]
		switch {
		case cut > 0 && n == 1:
			label += " (cut at the top)"
		case cut > 0:
			label += fmt.Sprintf(" (%d cut at the top)", cut)
		}
		leg.Add(label, plotkit.LineThumb(others))
	}
	plotkit.SetRange(&p.X, lo, hi)
	plotkit.SetRange(&p.Y, 0, 1.05*top)
	return p, len(kept)
}

// entryKDE is the density of an entry's values vals with bandwidth h at
// xs: the plain Gaussian estimate, or for a non-negative weight (bounded)
// the estimate reflected at 0, which puts no mass below 0 and none is lost
// there ([metrics.ReflectedKDE]).
func entryKDE(vals []float64, h float64, bounded bool, xs []float64) []float64 {
	if bounded {
		return metrics.ReflectedKDE(vals, h, 0, xs)
	}
	return metrics.GaussianKDE(vals, h, xs)
}

// CheckLayer reports a k that is not the index of a weight matrix W_k of
// arch.
func CheckLayer(arch icnn.Arch, k int) error {
	if n := len(arch.Layers()); k < 0 || k >= n {
		return fmt.Errorf("layer k = %d out of range: widths %v have %d layers (0 <= k < %d)", k, arch.Widths, n, n)
	}
	return nil
}

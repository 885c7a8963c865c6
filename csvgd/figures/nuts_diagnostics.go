package figures

import (
	"errors"
	"fmt"
	"image/color"
	"math"
	"slices"

	"github.com/csvgd/csvgd-go/csvgd/figures/plotkit"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/metrics"
	"github.com/csvgd/csvgd-go/csvgd/weights"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// NUTSRun is what the diagnostics figure of a NUTS run needs: per chain,
// in order, the log density of its kept draws and one watched quantity;
// the template, the kept draws' weights and the positions where kept
// transitions, and warm-up transitions, diverged.
type NUTSRun struct {
	Label          string
	LogDensity     [][]float64 // [chain][draw]
	Watched        [][]float64 // [chain][draw]
	WatchedName    string
	Arch           icnn.Arch
	Draws          [][]float64
	Diverged       [][]float64
	WarmupDiverged [][]float64
}

// rankBins is the number of bins of a rank plot.
const rankBins = 20

// NUTSDiagnostics is the figure "nuts_diagnostics" (beyond the paper):
// the NUTS run's diagnostics as ArviZ draws them.
//
//	(a, b) Rank plots (Vehtari et al. 2021) of the log density and of the
//	       watched quantity: all chains' draws ranked together, and each
//	       chain's ranks in a histogram of its own (one row per chain, the
//	       dashed line at the count of uniform ranks). Chains that sample
//	       the same distribution have flat histograms; a chain that sits
//	       in a region of its own has its ranks piled at one end.
//	(c, d) Pairs plots of three weights (asinh axes: linear near 0,
//	       logarithmic beyond 1): the kept draws (grey) and the positions
//	       at which kept transitions diverged (red) and warm-up
//	       transitions diverged (orange). The weights are those whose
//	       values at the divergences (the kept ones, or without them the
//	       warm-up's) differ most from the draws' (median of |asinh w|),
//	       or without any divergence those that spread the most. Layers
//	       count from 0, as the paper's W_0; a layer's entries from 1.
//
// The run's label is the figure's title; the legend, in a column right of
// the panels, names the marks.
//
// It reports an error when a trace has fewer than 2 chains or chains of
// different lengths, or when draws do not match the template.
func NUTSDiagnostics(r NUTSRun) *Figure {
	const name = "nuts_diagnostics"
	for _, tr := range [][][]float64{r.LogDensity, r.Watched} {
		if err := checkTrace(tr); err != nil {
			return plotkit.Failed(name, err)
		}
	}
	if len(r.Draws) == 0 {
		return plotkit.Failed(name, errors.New("no draws"))
	}
	if err := metrics.CheckParticles(r.Arch, r.Draws); err != nil {
		return plotkit.Failed(name, err)
	}
	for _, d := range [][][]float64{r.Diverged, r.WarmupDiverged} {
		if len(d) > 0 {
			if err := metrics.CheckParticles(r.Arch, d); err != nil {
				return plotkit.Failed(name, fmt.Errorf("divergences: %w", err))
			}
		}
	}
	pa := rankPanel("(a) ranks of the log density", r.LogDensity)
	pb := rankPanel("(b) ranks of "+r.WatchedName, r.Watched)
	div := r.Diverged
	if len(div) == 0 {
		div = r.WarmupDiverged
	}
	w := pairsWeights(r.Draws, div)
	pc := pairsPanel("(c)", r, w[0], w[1])
	pd := pairsPanel("(d)", r, w[0], w[2])
	leg := plotkit.NewLegend()
	leg.Add("rank histogram of a chain", plotkit.FillThumb(plotkit.Fade(plotkit.Blue, 0.6)))
	leg.Add("uniform ranks", plotkit.LineThumb(plotkit.DashedLine(plotkit.Grey)))
	leg.Add("kept draw", plotkit.GlyphThumb(dotStyle(plotkit.Fade(plotkit.Black, 0.35))))
	leg.Add(fmt.Sprintf("divergence of a kept transition (%d)", len(r.Diverged)), plotkit.GlyphThumb(dotStyle(plotkit.Red)))
	leg.Add(fmt.Sprintf("divergence in warm-up (%d)", len(r.WarmupDiverged)), plotkit.GlyphThumb(dotStyle(plotkit.Orange)))
	return &Figure{Name: name, Title: r.Label, Panels: [][]*plot.Plot{{pa, pb}, {pc, pd}}, Legend: leg, Width: 28 * vg.Centimeter, Height: 20 * vg.Centimeter}
}

// checkTrace refuses fewer than 2 chains, chains of different lengths or
// of fewer than rankBins draws, and values that are not finite.
func checkTrace(tr [][]float64) error {
	if len(tr) < 2 {
		return fmt.Errorf("%d chains: a rank plot needs at least 2", len(tr))
	}
	for k, ch := range tr {
		if len(ch) != len(tr[0]) || len(ch) < rankBins {
			return fmt.Errorf("chain %d has %d draws, chain 1 %d: want equal lengths of at least %d", k+1, len(ch), len(tr[0]), rankBins)
		}
		if !allFinite(ch) {
			return fmt.Errorf("chain %d has a value that is not finite", k+1)
		}
	}
	return nil
}

// rankPanel is the rank plot of the chains: row k (from the top) is chain
// k+1's histogram of the pooled ranks in rankBins bins, scaled so that the
// tallest bar of all fills 0.9 of a row.
func rankPanel(title string, chains [][]float64) *plot.Plot {
	p := plotkit.NewPanel(title, "rank (all chains together)", "")
	counts, total := rankCounts(chains)
	expected := float64(len(chains[0])) / rankBins
	tallest := expected
	for _, c := range counts {
		tallest = math.Max(tallest, slices.Max(c))
	}
	scale := 0.9 / tallest
	var ticks []plot.Tick
	for k, c := range counts {
		base := float64(len(chains) - 1 - k)
		var xs, lo, hi []float64
		for b, v := range c {
			x0, x1 := float64(b)*float64(total)/rankBins, float64(b+1)*float64(total)/rankBins
			xs, lo, hi = append(xs, x0, x1), append(lo, base, base), append(hi, base+scale*v, base+scale*v)
		}
		p.Add(&plotkit.FillBand{Xs: xs, Lo: lo, Hi: hi, Color: plotkit.Fade(plotkit.Blue, 0.6)})
		u := base + scale*expected
		plotkit.AddFlat(p, plotkit.Line(plotter.XYs{{X: 0, Y: u}, {X: float64(total), Y: u}}, plotkit.DashedLine(plotkit.Grey)))
		ticks = append(ticks, plot.Tick{Value: base + 0.45, Label: fmt.Sprintf("chain %d", k+1)})
	}
	p.Y.Tick.Marker = plot.ConstantTicks(ticks)
	plotkit.SetRange(&p.X, 0, float64(total))
	plotkit.SetRange(&p.Y, 0, float64(len(chains)))
	return p
}

// rankCounts are the counts of every chain's pooled ranks (1..total,
// ties in order) in rankBins equal bins.
func rankCounts(chains [][]float64) ([][]float64, int) {
	type item struct {
		v     float64
		chain int
	}
	var all []item
	for k, ch := range chains {
		for _, v := range ch {
			all = append(all, item{v, k})
		}
	}
	slices.SortStableFunc(all, func(a, b item) int {
		switch {
		case a.v < b.v:
			return -1
		case a.v > b.v:
			return 1
		}
		return 0
	})
	counts := make([][]float64, len(chains))
	for k := range counts {
		counts[k] = make([]float64, rankBins)
	}
	for i, it := range all {
		counts[it.chain][min(i*rankBins/len(all), rankBins-1)]++
	}
	return counts, len(all)
}

// pairsWeights are the three weights of the pairs plots: those whose
// median |asinh w| at the divergences is furthest from the draws', or,
// without divergences, those of the widest spread of asinh w over the
// draws (the interquartile range).
func pairsWeights(draws, diverged [][]float64) [3]int {
	d := len(draws[0])
	score := make([]float64, d)
	for i := range d {
		u := applied(math.Asinh, column(draws, i))
		slices.Sort(u)
		if len(diverged) == 0 {
			score[i] = metrics.QuantileSorted(u, 0.75) - metrics.QuantileSorted(u, 0.25)
			continue
		}
		score[i] = math.Abs(median(applied(math.Abs, applied(math.Asinh, column(diverged, i)))) - median(applied(math.Abs, u)))
	}
	idx := make([]int, d)
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		switch {
		case score[a] > score[b]:
			return -1
		case score[a] < score[b]:
			return 1
		}
		return 0
	})
	var out [3]int
	for k := range out {
		out[k] = idx[min(k, d-1)]
	}
	return out
}

// pairsPanel plots weight j against weight i of the draws and of the
// divergences, on asinh axes.
func pairsPanel(tag string, r NUTSRun, i, j int) *plot.Plot {
	p := plotkit.NewPanel(fmt.Sprintf("%s %s against %s", tag, weightName(r.Arch, j), weightName(r.Arch, i)), weightName(r.Arch, i)+" (asinh axis)", weightName(r.Arch, j)+" (asinh axis)")
	xy := func(ws [][]float64) plotter.XYs {
		out := make(plotter.XYs, len(ws))
		for a, w := range ws {
			out[a] = plotter.XY{X: math.Asinh(w[i]), Y: math.Asinh(w[j])}
		}
		return out
	}
	all := append(append(xy(r.Draws), xy(r.Diverged)...), xy(r.WarmupDiverged)...)
	p.Add(plotkit.Points(xy(r.Draws), draw.GlyphStyle{Color: plotkit.Fade(plotkit.Black, 0.35), Radius: vg.Points(1.3), Shape: draw.CircleGlyph{}}))
	for _, d := range []struct {
		pos [][]float64
		c   color.Color
	}{{r.WarmupDiverged, plotkit.Orange}, {r.Diverged, plotkit.Red}} {
		if len(d.pos) > 0 {
			p.Add(plotkit.Points(xy(d.pos), draw.GlyphStyle{Color: d.c, Radius: vg.Points(2), Shape: draw.CircleGlyph{}}))
		}
	}
	plotkit.PadRanges(p, plotkit.XsOf(all), 0.05, plotkit.YsOf(all), 0.05)
	p.X.Tick.Marker, p.Y.Tick.Marker = plotkit.AsinhTicks{}, plotkit.AsinhTicks{}
	return p
}

// weightName is the name of weight i of the template as every figure
// writes it ([weights.Entry]: W_k(row, column), counted from 1), or
// "weight i" (from 1) past the template's weights.
func weightName(a icnn.Arch, i int) string {
	if e, err := weights.EntryAt(a, i); err == nil {
		return e.String()
	}
	return fmt.Sprintf("weight %d", i+1)
}

package figures

import (
	"errors"
	"fmt"
	"image/color"
	"math"
	"slices"

	"github.com/csvgd/csvgd-go/csvgd/figures/plotkit"
	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/metrics"
	"github.com/csvgd/csvgd-go/csvgd/weights"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// SteinNUTS is a Stein ensemble beside NUTS draws of the posterior of its
// template: their predictions [member][test point] along the test
// path, their weights with the hidden nodes matched to one reference, and
// the ratio of the Stein ensemble's 90% band width to that of as many
// posterior draws, with its interval (package compare).
type SteinNUTS struct {
	Particles                 int
	Seed                      uint64
	Arch                      icnn.Arch
	Test                      []hyperelastic.Sample
	Stein, NUTS               hyperelastic.Predictions
	SteinWeights, NUTSWeights [][]float64
	Ratio90                   [3]float64 // estimate, lo, hi
	// Resolved marks the runs whose reference draws (NUTS) come from
	// independent runs that agree: only their ratios are drawn.
	Resolved bool
}

// SteinVsNUTS is the figure "stein_vs_nuts" (beyond the paper), from the
// runs of several sizes and seeds; the panels of single runs show those
// of the first run's seed:
//
//	(a, b) S11 minus the truth along the test path for the smallest and
//	       the largest ensemble: the reference draws' central 90% and 50%
//	       bands (grey) and median (black), the Stein ensemble's (colour);
//	       the title says "unresolved" where the runs behind the
//	       reference draws do not agree. The
//	       centre line is the median, not the mean: a few posterior draws
//	       predict extreme stresses between the training points, which
//	       would move a mean off the panel. The x range is the window of
//	       (d), a quarter beyond the training range (shaded in a blue tint,
//	       not the bands' grey); the y range holds every line and the Stein
//	       bands in that window and the reference's 90% band inside the
//	       training range, and the bands are clipped to it before they are
//	       filled ([clampedBand]), so that values of millions leave no holes.
//	(c)    The Stein ensembles' 90% band width over that of as many
//	       posterior draws (Ratio90) against the ensemble size, one dot
//	       per seed with its 90% interval, for the resolved runs only (the
//	       title counts the others, which are not drawn); at 1 the
//	       ensemble is as wide as N posterior draws.
//	(d)    The W1 distance between the central 90% of the two
//	       push-forwards (metrics.TrimmedWasserstein1, trim 5%) at each
//	       point, summed over the components; dashed where the runs
//	       behind the draws do not agree. The y range holds the curves
//	       inside the training range; beyond it they may leave the panel.
//	(e, f) Densities (Gaussian kernel, Silverman's bandwidth) of the first
//	       ensemble's weights, after alignment: the entry of W_0 and of the
//	       last layer whose Stein values have the largest median magnitude
//	       (layers from 0, as the paper's W_0; entries from 1); the last layer's weights are
//	       non-negative, and their densities are reflected at 0.
//
// The figure reports an error when there are no ensembles or when
// predictions do not match the test path.
func SteinVsNUTS(runs []SteinNUTS) *Figure {
	const name = "stein_vs_nuts"
	if len(runs) == 0 {
		return plotkit.Failed(name, errors.New("no ensembles"))
	}
	for _, r := range runs {
		if err := checkSteinNUTS(r); err != nil {
			return plotkit.Failed(name, err)
		}
	}
	var seed1 []SteinNUTS
	for _, r := range runs {
		if r.Seed == runs[0].Seed {
			seed1 = append(seed1, r)
		}
	}
	first, last := seed1[0], seed1[len(seed1)-1]
	c0, c1 := plotkit.RankColor(0, len(seed1)), plotkit.RankColor(len(seed1)-1, len(seed1))
	pa, pb := bandPanel("(a)", first, 0, c0), bandPanel("(b)", last, 0, c1)
	pc, pd := ratioPanel(runs), trimmedW1Panel(seed1)
	pe, pf := weightDensityPanel("(e)", first, 0, c0), weightDensityPanel("(f)", first, len(first.Arch.Widths)-2, c0)
	leg := plotkit.NewLegend()
	leg.Add("two sampler runs' pooled draws:")
	leg.Add("median", plotkit.LineThumb(draw.LineStyle{Color: plotkit.Black, Width: vg.Points(1.5)}))
	leg.Add("central 50%", plotkit.FillThumb(plotkit.Fade(plotkit.Black, 0.35)))
	leg.Add("central 90%", plotkit.FillThumb(plotkit.Fade(plotkit.Black, 0.15)))
	leg.Add("density of a weight, (e, f)", plotkit.FillThumb(plotkit.Fade(plotkit.Black, 0.25)))
	leg.Add("Stein ensembles (lines in (e, f)):")
	leg.Add("median", plotkit.LineThumb(plotkit.SolidLine(plotkit.Grey)))
	leg.Add("central 50%", plotkit.LineThumb(plotkit.DashedLine(plotkit.Grey)))
	leg.Add("central 90%", plotkit.FillThumb(plotkit.Fade(plotkit.Grey, 0.3)))
	unresolved := false
	for i, r := range seed1 {
		leg.Add(fmt.Sprintf("N = %d", r.Particles), plotkit.LineThumb(plotkit.SolidLine(plotkit.RankColor(i, len(seed1)))))
		unresolved = unresolved || !r.Resolved
	}
	if unresolved {
		leg.Add(unresolvedCurve, plotkit.LineThumb(plotkit.DashedLine(plotkit.Grey)))
	}
	leg.Add(fmt.Sprintf("training F₁₁ range 1 ± %s", plotkit.Num(hyperelastic.TrainingDelta)), plotkit.FillThumb(shadeTrainTint))
	return &Figure{
		Name: name, Panels: [][]*plot.Plot{{pa, pb, pc}, {pd, pe, pf}}, Legend: leg,
		Width: 36 * vg.Centimeter, Height: 20 * vg.Centimeter,
	}
}

// checkSteinNUTS refuses predictions that do not match the test path or
// are not finite, and weights that do not match the template.
func checkSteinNUTS(r SteinNUTS) error {
	if len(r.Test) == 0 || len(r.Stein) < 2 || len(r.NUTS) < 2 {
		return fmt.Errorf("N = %d: %d test points, %d Stein and %d NUTS predictions: need points and 2 of each", r.Particles, len(r.Test), len(r.Stein), len(r.NUTS))
	}
	for _, pred := range []hyperelastic.Predictions{r.Stein, r.NUTS} {
		for j, p := range pred {
			if len(p) != len(r.Test) {
				return fmt.Errorf("N = %d: member %d predicts %d points, the path has %d", r.Particles, j, len(p), len(r.Test))
			}
			for _, s := range p {
				if !s.Finite() {
					return fmt.Errorf("N = %d: member %d predicts %v", r.Particles, j, s)
				}
			}
		}
	}
	if err := metrics.CheckParticles(r.Arch, r.SteinWeights); err != nil {
		return err
	}
	return metrics.CheckParticles(r.Arch, r.NUTSWeights)
}

// allFinite reports whether every value is finite.
func allFinite(vs []float64) bool {
	for _, v := range vs {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return false
		}
	}
	return true
}

// pathBand is the median and the central 50% and 90% bands of component
// comp of pred minus the truth, in path order.
type pathBand struct {
	med, lo50, hi50, lo90, hi90 []float64
}

func newPathBand(pred hyperelastic.Predictions, test []hyperelastic.Sample, order []int, comp int) pathBand {
	var b pathBand
	vals := make([]float64, len(pred))
	for _, i := range order {
		for j, p := range pred {
			vals[j] = p[i][comp] - test[i].STrue[comp]
		}
		slices.Sort(vals)
		q := func(u float64) float64 { return metrics.QuantileSorted(vals, u) }
		b.med, b.lo50, b.hi50 = append(b.med, q(0.5)), append(b.lo50, q(0.25)), append(b.hi50, q(0.75))
		b.lo90, b.hi90 = append(b.lo90, q(0.05)), append(b.hi90, q(0.95))
	}
	return b
}

// pathX is F11 of the test points in path order.
func pathX(test []hyperelastic.Sample, order []int) []float64 {
	xs := make([]float64, len(order))
	for k, i := range order {
		xs[k] = test[i].F[0]
	}
	return xs
}

// bandPanel draws the bands of component comp of r's two ensembles, the
// Stein ensemble's in colour c.
func bandPanel(tag string, r SteinNUTS, comp int, c color.Color) *plot.Plot {
	order := pathOrder(r.Test)
	xs := pathX(r.Test, order)
	nuts, stein := newPathBand(r.NUTS, r.Test, order, comp), newPathBand(r.Stein, r.Test, order, comp)
	label := hyperelastic.ComponentNames[comp]
	title := fmt.Sprintf("%s %s − truth, N = %d", tag, label, r.Particles)
	if !r.Resolved {
		title += " (unresolved)"
	}
	p := plotkit.NewPanel(title, "F₁₁", label+" − truth")
	var in []float64
	for k, i := range order {
		if math.Abs(xs[k]-1) <= window {
			in = append(in, nuts.med[k], nuts.lo50[k], nuts.hi50[k], stein.med[k], stein.lo50[k], stein.hi50[k], stein.lo90[k], stein.hi90[k])
		}
		if math.Abs(r.Test[i].D) <= hyperelastic.TrainingDelta {
			in = append(in, nuts.lo90[k], nuts.hi90[k])
		}
	}
	y0, y1 := plotkit.PaddedRange(in, 0.08)
	fill := func(lo, hi []float64, col color.Color) *plotkit.FillBand {
		l, h := clampedBand(lo, hi, y0, y1)
		return &plotkit.FillBand{Xs: xs, Lo: l, Hi: h, Color: col}
	}
	p.Add(trainingSpanTint(), zeroLine())
	p.Add(fill(nuts.lo90, nuts.hi90, plotkit.Fade(plotkit.Black, 0.15)), fill(nuts.lo50, nuts.hi50, plotkit.Fade(plotkit.Black, 0.35)), fill(stein.lo90, stein.hi90, plotkit.Fade(c, 0.3)))
	plotkit.AddFlat(p, plotkit.Line(plotkit.XYOf(xs, stein.lo50), plotkit.DashedLine(c)), plotkit.Line(plotkit.XYOf(xs, stein.hi50), plotkit.DashedLine(c)))
	plotkit.AddFlat(p, plotkit.Line(plotkit.XYOf(xs, nuts.med), draw.LineStyle{Color: plotkit.Black, Width: vg.Points(1.5)}), plotkit.Line(plotkit.XYOf(xs, stein.med), plotkit.SolidLine(c)))
	plotkit.SetRange(&p.X, 1-window, 1+window)
	plotkit.SetRange(&p.Y, y0, y1)
	return p
}

// shadeTrainTint shades the training range in the figures whose bands
// are grey, so that the shading is not read as a band.
var shadeTrainTint = color.RGBA{R: 222, G: 235, B: 247, A: 255}

// trainingSpanTint is [trainingSpan] in [shadeTrainTint].
func trainingSpanTint() plot.Plotter {
	return plotkit.XSpan{Lo: 1 - hyperelastic.TrainingDelta, Hi: 1 + hyperelastic.TrainingDelta, Color: shadeTrainTint}
}

// clampedBand is the band [lo, hi] clipped to a little beyond the panel's
// y range [y0, y1]: the filled polygon of a band whose ends reach
// millions (the posterior draws' extreme stresses) is drawn with holes,
// while a clipped one fills the panel wherever the band covers it.
func clampedBand(lo, hi []float64, y0, y1 float64) (l, h []float64) {
	m := y1 - y0
	clip := func(v float64) float64 { return math.Max(y0-m, math.Min(y1+m, v)) }
	l, h = make([]float64, len(lo)), make([]float64, len(hi))
	for i := range lo {
		l[i], h[i] = clip(lo[i]), clip(hi[i])
	}
	return l, h
}

// window is the half-width of the F11 window of panels (a, b) and (d)
// around 1: a quarter beyond the training range.
const window = 1.25 * hyperelastic.TrainingDelta

// pathCurvesPanel is a panel of one curve per ensemble against F11 inside
// the window, each point from value(run, test point); it returns the
// panel and the values inside the training range, which the caller's y
// range is to hold (beyond it the curves may leave the panel).
func pathCurvesPanel(title, ylabel string, runs []SteinNUTS, value func(r SteinNUTS, m int) (float64, bool)) (*plot.Plot, []float64) {
	p := plotkit.NewPanel(title, "F₁₁", ylabel)
	p.Add(trainingSpanTint())
	var in []float64
	for i, r := range runs {
		var xy plotter.XYs
		for _, m := range pathOrder(r.Test) {
			x := r.Test[m].F[0]
			if math.Abs(x-1) > window {
				continue
			}
			if v, ok := value(r, m); ok {
				xy = append(xy, plotter.XY{X: x, Y: v})
				if math.Abs(r.Test[m].D) <= hyperelastic.TrainingDelta {
					in = append(in, v)
				}
			}
		}
		plotkit.AddFlat(p, plotkit.Line(xy, curveStyle(r, plotkit.RankColor(i, len(runs)))))
	}
	plotkit.SetRange(&p.X, 1-window, 1+window)
	return p, in
}

// unresolvedCurve is the legend's entry for the dashed curves of (d).
const unresolvedCurve = "dashed in (d): runs unresolved, against draws that are no reference"

// curveStyle is the line of run r's curve in colour c: solid where its
// two sampler runs agree, dashed where they do not, so that a distance to
// draws that are no reference is not read as one to the posterior.
func curveStyle(r SteinNUTS, c color.Color) draw.LineStyle {
	if r.Resolved {
		return plotkit.SolidLine(c)
	}
	return plotkit.DashedLine(c)
}

// width90 is the width of the central 90% of vs.
func width90(vs []float64) float64 {
	s := slices.Sorted(slices.Values(vs))
	return metrics.QuantileSorted(s, 0.95) - metrics.QuantileSorted(s, 0.05)
}

// ratioPanel is the band ratio of every run against its ensemble size,
// with its interval, the seeds of one size side by side.
func ratioPanel(all []SteinNUTS) *plot.Plot {
	runs := slices.DeleteFunc(slices.Clone(all), func(r SteinNUTS) bool { return !r.Resolved })
	title := "(c) 90% band, Stein / N posterior draws"
	if n := len(all) - len(runs); n > 0 {
		title = fmt.Sprintf("(c) 90%% band, Stein / N draws: %d unresolved", n)
	}
	p := plotkit.NewPanel(title, "particles N", "Stein band / band of N draws")
	sizes, allSizes := map[int]int{}, map[int]bool{}
	for _, r := range runs {
		sizes[r.Particles]++
	}
	for _, r := range all {
		allSizes[r.Particles] = true
	}
	seen := map[int]int{}
	var ys []float64
	for _, r := range runs {
		k := seen[r.Particles]
		seen[r.Particles]++
		x := float64(r.Particles) * math.Pow(1.06, float64(k)-float64(sizes[r.Particles]-1)/2)
		c := plotkit.RankColor(sizeRank(all, r.Particles), len(allSizes)) // the legend's colour of its size
		plotkit.AddFlat(p, plotkit.Line(plotter.XYs{{X: x, Y: r.Ratio90[1]}, {X: x, Y: r.Ratio90[2]}}, plotkit.SolidLine(c)))
		p.Add(plotkit.Points(plotter.XYs{{X: x, Y: r.Ratio90[0]}}, dotStyle(c)))
		ys = append(ys, r.Ratio90[1], r.Ratio90[2])
	}
	p.Add(plotkit.RefLine{At: 1, Style: draw.LineStyle{Color: plotkit.Grey, Width: vg.Points(1), Dashes: []vg.Length{vg.Points(3), vg.Points(2)}}})
	_, hi := plotkit.PaddedRange(append(ys, 1), 0.08)
	plotkit.SetLog(&p.X, 7, 140)
	plotkit.SetRange(&p.Y, 0, hi)
	return p
}

// sizeRank is the rank of the ensemble size n among the runs' sizes.
func sizeRank(runs []SteinNUTS, n int) int {
	smaller := map[int]bool{}
	for _, r := range runs {
		if r.Particles < n {
			smaller[r.Particles] = true
		}
	}
	return len(smaller)
}

// trimmedW1Panel is the W1 between the central 90% of the two
// push-forwards at each test point, summed over the components. Its y
// range holds the curves inside the training range, where the comparison
// is made: beyond it the sampler draws' bands widen fast, and a curve that
// leaves the panel there is cut at its top (the figure's captions say so).
func trimmedW1Panel(runs []SteinNUTS) *plot.Plot {
	p, in := pathCurvesPanel("(d) W₁ between the central 90%", "W₁, summed over the components", runs, func(r SteinNUTS, m int) (float64, bool) {
		sum := 0.0
		for k := range 6 {
			sum += metrics.TrimmedWasserstein1(r.Stein.At(m, k), r.NUTS.At(m, k), 0.05)
		}
		return sum, true
	})
	_, hi := plotkit.PaddedRange(append(in, 0), 0.05)
	plotkit.SetRange(&p.Y, 0, hi)
	return p
}

// weightDensityPanel draws the densities of the Stein and NUTS values of
// one weight of layer k, the entry whose Stein values have the largest
// median magnitude, on the axis u = asinh(w) ([plotkit.AsinhTicks]): the NUTS
// draws spread over orders of magnitude that a linear axis cannot show
// beside the Stein particles. The densities are those of u; for a
// non-negative weight (k > 0) they start at u = 0, reflected there
// ([metrics.ReflectedKDE]). The entry is named as the figures number
// entries, from 1 ([weights.Entry]); the title says "unresolved" where
// the two runs behind the draws do not agree.
func weightDensityPanel(tag string, r SteinNUTS, k int, c color.Color) *plot.Plot {
	l := r.Arch.Layers()[k]
	best, bestMed := l.Offset, -1.0
	for i := l.Offset; i < l.Offset+l.Rows*l.Cols; i++ {
		if m := math.Abs(median(column(r.SteinWeights, i))); m > bestMed {
			best, bestMed = i, m
		}
	}
	row, col := (best-l.Offset)/l.Cols, (best-l.Offset)%l.Cols
	title := fmt.Sprintf("%s %v, N = %d", tag, weights.Entry{K: k, I: row, J: col}, r.Particles)
	if !r.Resolved {
		title += " (unresolved)"
	}
	p := plotkit.NewPanel(title, "weight (asinh axis)", "density of asinh(weight)")
	st, nu := applied(math.Asinh, column(r.SteinWeights, best)), applied(math.Asinh, column(r.NUTSWeights, best))
	lo, hi := plotkit.PaddedRange(append(slices.Clone(st), nu...), 0.05)
	bounded := weights.Networks{Arch: r.Arch}.Bounded(k)
	if bounded {
		lo = 0
	}
	xs := metrics.Linspace(lo, hi, 400)
	density := func(v []float64) []float64 {
		return entryKDE(v, math.Max(metrics.Silverman(v), 1e-2*(hi-lo)), bounded, xs)
	}
	dn, ds := density(nu), density(st)
	p.Add(&plotkit.FillBand{Xs: xs, Lo: make([]float64, len(xs)), Hi: dn, Color: plotkit.Fade(plotkit.Black, 0.25)})
	plotkit.AddFlat(p, plotkit.Line(plotkit.XYOf(xs, ds), plotkit.SolidLine(c)))
	plotkit.SetRange(&p.X, lo, hi)
	p.X.Tick.Marker = plotkit.AsinhTicks{}
	plotkit.SetRange(&p.Y, 0, 1.05*math.Max(slices.Max(dn), slices.Max(ds)))
	return p
}

// applied is f of every value.
func applied(f func(float64) float64, vs []float64) []float64 {
	out := make([]float64, len(vs))
	for i, v := range vs {
		out[i] = f(v)
	}
	return out
}

// column is entry i of every particle.
func column(particles [][]float64, i int) []float64 {
	out := make([]float64, len(particles))
	for a, theta := range particles {
		out[a] = theta[i]
	}
	return out
}

// median is the median of vs.
func median(vs []float64) float64 {
	return metrics.QuantileSorted(slices.Sorted(slices.Values(vs)), 0.5)
}

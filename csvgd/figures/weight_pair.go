package figures

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/csvgd/csvgd-go/csvgd/condense"
	"github.com/csvgd/csvgd-go/csvgd/figures/plotkit"
	"github.com/csvgd/csvgd-go/csvgd/metrics"
	"github.com/csvgd/csvgd-go/csvgd/weights"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// pairLabelCap is the largest ensemble whose points WeightPair numbers.
const pairLabelCap = 40

// WeightPair is the explorer's view "weight_pair", not one of the
// paper's figures: two weights x and y of an ensemble across its
// particles, as a pair plot in three panels,
//
//	(a) the kernel density estimate of x's values across the particles,
//	(b) the same for y,
//	(c) the particles as points (x, y), numbered from 1 (up to 40 particles),
//
// with each particle's value marked under its density. Points closer than
// a share of the span share a label ([pairNumbers]): up to three numbers,
// or for a larger cluster a letter that the legend spells out. The bandwidth is
// Silverman's rule ([metrics.Silverman]), floored, as in
// [WeightDistributions], at 2% of the largest |w| of the entry's weight
// matrix over the particles ([metrics.DensityBandwidth]), and at the
// pruning threshold 1e-3, [condense.PaperThreshold] (an entry that all
// particles pruned is then a narrow peak at 0, not an error).
// The density of a non-negative weight (of W_1, W_2, ...) is drawn from 0,
// reflected there ([metrics.ReflectedKDE]), so that it puts no mass where
// no value can be. Densities of two entries that condensation aligned say
// how the ensemble spreads each weight; the scatter shows whether the two
// move together.
//
// The figure reports the errors of [TemplateGraph], and one when x or y
// is not a weight of the ensemble's network.
func WeightPair(e weights.Networks, x, y weights.Entry) *Figure {
	const name = "weight_pair"
	if err := e.Check(); err != nil {
		return plotkit.Failed(name, err)
	}
	var vals [2][]float64
	for n, en := range []weights.Entry{x, y} {
		idx, err := en.Index(e.Arch)
		if err != nil {
			return plotkit.Failed(name, err)
		}
		for _, th := range e.Particles {
			vals[n] = append(vals[n], th[idx])
		}
	}
	sty := plotkit.ParticleStyle(plotkit.Blue)
	pa := entryDensity(plotkit.PanelTag(0), e, x, vals[0], sty)
	pb := entryDensity(plotkit.PanelTag(1), e, y, vals[1], sty)
	pc := plotkit.NewPanel(plotkit.PanelTag(2)+" across the particles", x.String(), y.String())
	xy := plotkit.XYOf(vals[0], vals[1])
	plotkit.AddFlat(pc, plotkit.Points(xy, sty))
	var keys []string
	if len(xy) <= pairLabelCap {
		labels, k := pairNumbers(xy)
		plotkit.AddFlat(pc, labels)
		keys = k
	}
	plotkit.PadRanges(pc, vals[0], 0.1, vals[1], 0.1)

	leg := plotkit.NewLegend()
	leg.Add(ensembleTitle("", e))
	leg.Add("")
	leg.Add("(a), (b) kernel density", plotkit.LineThumb(plotkit.SolidLine(plotkit.Viridis(0.35))))
	leg.Add("a particle's value", plotkit.GlyphThumb(sty))
	if len(keys) > 0 {
		leg.Add("")
		for _, k := range keys {
			leg.Add(k)
		}
	}
	return &Figure{
		Name:   name,
		Panels: [][]*plot.Plot{{pa, pb, pc}},
		Legend: leg,
		Width:  31 * vg.Centimeter,
		Height: 10 * vg.Centimeter,
	}
}

// entryDensity is the density panel of entry en of e, whose values across
// the particles are vals, titled with tag, the entry, its mean and its
// standard deviation; the values are marked at the bottom in style sty.
func entryDensity(tag string, e weights.Networks, en weights.Entry, vals []float64, sty draw.GlyphStyle) *plot.Plot {
	mean, sd := metrics.MeanSD(vals)
	h := max(metrics.DensityBandwidth(vals, metrics.WeightSpread(e.Arch, e.Particles, en.K)), condense.PaperThreshold)
	lo, hi := metrics.DensityRange(vals, h)
	xs, ys := metrics.DensityCurve(vals, h)
	if e.Bounded(en.K) { // a non-negative weight: its density starts at 0
		lo = 0
		xs, ys = metrics.BoundedDensityCurve(vals, h, 0)
	}
	p := plotkit.NewPanel(fmt.Sprintf("%s %v: mean %s, sd %s", tag, en, plotkit.Num(mean), plotkit.Num(sd)), "weight", "density")
	p.Add(plotkit.RefLine{Vertical: true, Style: draw.LineStyle{Color: plotkit.LightGrey, Width: vg.Points(0.75)}})
	plotkit.AddFlat(p, plotkit.Line(plotkit.XYOf(xs, ys), plotkit.SolidLine(plotkit.Viridis(0.35))))
	rug := make(plotter.XYs, len(vals))
	for i, v := range vals {
		rug[i] = plotter.XY{X: v}
	}
	plotkit.AddFlat(p, plotkit.Points(rug, sty))
	top := slices.Max(ys)
	plotkit.SetRange(&p.X, lo, hi)
	plotkit.SetRange(&p.Y, -0.04*top, 1.08*top)
	return p
}

// particleNumbers labels the points xy with their particle numbers, from
// 1, just right of each point. Points that lie on top of each other (within
// closeShare of the points' span on both axes) share one label, "3,8,12",
// or "3,8,12… (7)" for more than three, so that no number hides another.
func particleNumbers(xy plotter.XYs) *plotter.Labels {
	var at plotter.XYs
	var names []string
	for _, g := range closeGroups(xy, closeShare) {
		at = append(at, xy[g[0]])
		names = append(names, groupName(g))
	}
	return numberLabels(at, names)
}

// numberLabels are the labels names at the points at, small and grey,
// just right of each point.
func numberLabels(at plotter.XYs, names []string) *plotter.Labels {
	l, err := plotter.NewLabels(plotter.XYLabels{XYs: at, Labels: names})
	if err != nil { // only for NaN or Inf, which the callers reject
		panic(fmt.Sprintf("figures: labels: %v", err))
	}
	for i := range l.TextStyle {
		l.TextStyle[i] = plotkit.TextStyle(plotkit.TickLabelSize * 0.8)
		l.TextStyle[i].Color = plotkit.Grey
	}
	l.Offset = vg.Point{X: vg.Points(4), Y: vg.Points(-3)}
	return l
}

// pairNumbers labels the points xy with their particle numbers, from 1,
// just right of each point, so that no label runs into another: points
// joined by a chain of close neighbours (within closeShare of the points'
// span on both axes, [linkedGroups]) share one label, at the group's
// rightmost point. A group of up to three is labelled by its numbers,
// "3,8,12"; a larger one by a letter, "A", which the returned keys spell
// out for the legend ("A: particles 1, 2, 4, …", in lines of at most
// keyWidth numbers).
func pairNumbers(xy plotter.XYs) (*plotter.Labels, []string) {
	var at plotter.XYs
	var names, keys []string
	letter := 'A'
	for _, g := range linkedGroups(xy, closeShare) {
		right := g[0]
		for _, i := range g {
			if xy[i].X > xy[right].X {
				right = i
			}
		}
		at = append(at, xy[right])
		if len(g) <= 3 {
			names = append(names, groupName(g))
			continue
		}
		names = append(names, string(letter))
		for start := 0; start < len(g); start += keyWidth {
			var nums []string
			for _, i := range g[start:min(len(g), start+keyWidth)] {
				nums = append(nums, strconv.Itoa(i+1))
			}
			line := strings.Join(nums, ", ")
			if start == 0 {
				line = fmt.Sprintf("%c: particles %s", letter, line)
			} else {
				line = "    " + line
			}
			if start+keyWidth < len(g) {
				line += ","
			}
			keys = append(keys, line)
		}
		letter++
	}
	return numberLabels(at, names), keys
}

// keyWidth is how many particle numbers one legend line of [pairNumbers]
// holds.
const keyWidth = 8

// linkedGroups groups the indices of xy by single linkage: two points are
// in one group when a chain of points joins them, each within share of the
// span of xy on both axes of the next. Points of different groups are
// therefore more than that apart on one axis at least. Groups are in the
// order of their first point, each in increasing index.
func linkedGroups(xy plotter.XYs, share float64) [][]int {
	xmin, xmax, ymin, ymax := plotter.XYRange(xy)
	tx, ty := share*(xmax-xmin), share*(ymax-ymin)
	group := make([]int, len(xy))
	for i := range group {
		group[i] = -1
	}
	var groups [][]int
	for i := range xy {
		if group[i] >= 0 {
			continue
		}
		g := len(groups)
		group[i] = g
		members := []int{i}
		for q := 0; q < len(members); q++ { // breadth-first over close neighbours
			a := xy[members[q]]
			for j := range xy {
				if group[j] < 0 && math.Abs(xy[j].X-a.X) <= tx && math.Abs(xy[j].Y-a.Y) <= ty {
					group[j] = g
					members = append(members, j)
				}
			}
		}
		slices.Sort(members)
		groups = append(groups, members)
	}
	return groups
}

// closeShare is how close, as a share of the points' span on each axis,
// two labelled points must be to share a label.
const closeShare = 0.08

// closeGroups groups the indices of xy greedily, in order: each group is a
// point and the later points within share of the span of xy on both axes.
func closeGroups(xy plotter.XYs, share float64) [][]int {
	xmin, xmax, ymin, ymax := plotter.XYRange(xy)
	tx, ty := share*(xmax-xmin), share*(ymax-ymin)
	done := make([]bool, len(xy))
	var groups [][]int
	for i := range xy {
		if done[i] {
			continue
		}
		g := []int{i}
		for j := i + 1; j < len(xy); j++ {
			if !done[j] && math.Abs(xy[j].X-xy[i].X) <= tx && math.Abs(xy[j].Y-xy[i].Y) <= ty {
				g, done[j] = append(g, j), true
			}
		}
		groups = append(groups, g)
	}
	return groups
}

// groupName is the label of a group of point indices: their particle
// numbers (from 1), at most three, then the group's size.
func groupName(g []int) string {
	var nums []string
	for _, i := range g[:min(len(g), 3)] {
		nums = append(nums, strconv.Itoa(i+1))
	}
	name := strings.Join(nums, ",")
	if len(g) > 3 {
		name += fmt.Sprintf("… (%d)", len(g))
	}
	return name
}

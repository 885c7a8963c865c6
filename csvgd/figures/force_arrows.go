package figures

import (
	"errors"
	"fmt"
	"image/color"
	"math"

	"github.com/csvgd/csvgd-go/csvgd/figures/plotkit"
	"github.com/csvgd/csvgd-go/csvgd/internal/subscript"
	"github.com/csvgd/csvgd-go/csvgd/stein"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// ForceArrows is the teaching figure "force_arrows" (notebook 01), not
// one of the paper's: for particle a of the ensemble x, the three terms of
// the Stein direction, eq. (stein_grad), as returned by
// [stein.Flow.Forces],
//
//	(a) data fit        1/N sum_b k(theta_b, theta_a) grad log p(D | theta_b)
//	(b) sparsification  1/N sum_b k(theta_b, theta_a) grad log p(theta_b)
//	(c) repulsion       1/N sum_b grad_{theta_b} k(theta_b, theta_a)
//
// drawn as arrows from the particle, with their sum phi, over the other
// particles in grey. The plane is (theta_1, theta_3) when the ensemble has
// three or more dimensions, (theta_1, theta_2) otherwise; the title names
// it and the particle (numbered from 1). All arrows share one scale s
// (arrow = s x force, in data units, stated in the legend), chosen so that
// the longest reaches about 40% of the ensemble's extent along each axis.
// A term whose arrow would be shorter than a tenth of the longest (in the
// drawn plane a force can be small next to the others: the repulsion,
// typically) is drawn dashed and magnified by a round factor m (1, 2 or 5
// times a power of ten) that brings it to about a third of the longest, and
// its legend entry says "drawn m× longer". The figure reports an error
// when ff and x do not match or a is out of range.
func ForceArrows(ff stein.ForceField, x *stein.Ensemble, a int) *Figure {
	const name = "force_arrows"
	if err := checkForces(ff, x, a); err != nil {
		return plotkit.Failed(name, err)
	}
	i, j := 0, 1
	if x.D >= 3 {
		j = 2
	}
	labelX, labelY := fmt.Sprintf("θ%s", subscript.Itoa(i+1)), fmt.Sprintf("θ%s", subscript.Itoa(j+1))
	fs, err := forceTerms(ff, a, i, j)
	if err != nil {
		return plotkit.Failed(name, err)
	}
	all := plane(x, i, j)
	s := arrowScale(all, fs)

	p := plotkit.NewPanel(fmt.Sprintf("forces on particle %d of %d, (%s, %s) plane", a+1, x.N, labelX, labelY), labelX, labelY)
	p.Add(axesLines()...)
	others := make(plotter.XYs, 0, x.N-1)
	for b, q := range all {
		if b != a {
			others = append(others, q)
		}
	}
	otherSty := draw.GlyphStyle{Color: plotkit.LightGrey, Radius: vg.Points(2.6), Shape: draw.CircleGlyph{}}
	meSty := draw.GlyphStyle{Color: plotkit.Black, Radius: vg.Points(4), Shape: draw.CircleGlyph{}}
	if len(others) > 0 {
		p.Add(plotkit.Points(others, otherSty))
	}
	leg := plotkit.NewLegend()
	tail := plotter.XYs{all[a]}
	mags := magnifications(fs)
	xs, ys := plotkit.XsOf(all), plotkit.YsOf(all)
	for k, f := range fs {
		v := plotter.XY{X: s * mags[k] * f.v.X, Y: s * mags[k] * f.v.Y}
		arr, err := plotkit.NewArrows(tail, plotter.XYs{v}, f.c.c, vg.Points(f.c.w))
		if err != nil {
			return plotkit.Failed(name, err)
		}
		label := f.label
		if mags[k] != 1 {
			arr.LineStyle.Dashes = []vg.Length{vg.Points(4), vg.Points(2)}
			label += fmt.Sprintf(", drawn %s× longer", plotkit.Num(mags[k]))
		}
		p.Add(arr)
		leg.Add(label, arr)
		// the arrow tips count for the ranges, with the particles
		xs, ys = append(xs, all[a].X+v.X), append(ys, all[a].Y+v.Y)
	}
	p.Add(plotkit.Points(tail, meSty))
	plotkit.PadRanges(p, xs, 0.05, ys, 0.05)
	leg.Add(fmt.Sprintf("particle %d", a+1), plotkit.GlyphThumb(meSty))
	leg.Add("other particles", plotkit.GlyphThumb(otherSty))
	leg.Add(fmt.Sprintf("arrow = %s × force", plotkit.Num(s)))
	return &Figure{
		Name:   name,
		Panels: [][]*plot.Plot{{p}},
		Legend: leg,
		Width:  22 * vg.Centimeter,
		Height: 14 * vg.Centimeter,
	}
}

// checkForces is the input check of [ForceArrows]: the forces shaped like
// the ensemble, a a particle of it, at least two dimensions and finite
// values.
func checkForces(ff stein.ForceField, x *stein.Ensemble, a int) error {
	if x == nil || ff.Likelihood == nil || ff.Prior == nil || ff.Repulsion == nil {
		return errors.New("nil ensemble or force")
	}
	for _, e := range []*stein.Ensemble{ff.Likelihood, ff.Prior, ff.Repulsion} {
		if e.N != x.N || e.D != x.D {
			return fmt.Errorf("forces of shape %d x %d for an ensemble of %d x %d", e.N, e.D, x.N, x.D)
		}
	}
	if a < 0 || a >= x.N {
		return fmt.Errorf("particle %d of %d", a, x.N)
	}
	if x.D < 2 {
		return fmt.Errorf("a %d-dimensional ensemble has no plane to draw", x.D)
	}
	if !x.Finite() {
		return errors.New("the ensemble holds NaN or Inf")
	}
	return nil
}

// force is one arrow of [ForceArrows]: a force on the particle in the
// drawn plane, its legend label and its colour.
type force struct {
	label string
	v     plotter.XY
	c     colorSpec
}

// forceTerms are the three terms of ff acting on particle a, components i
// and j, and their sum phi; an error when one is not finite.
func forceTerms(ff stein.ForceField, a, i, j int) ([]force, error) {
	pick := func(e *stein.Ensemble) plotter.XY { return plotter.XY{X: e.Particle(a)[i], Y: e.Particle(a)[j]} }
	fs := []force{
		{"(a) data fit", pick(ff.Likelihood), colorSpec{plotkit.Blue, 1.6}},
		{"(b) sparsification", pick(ff.Prior), colorSpec{plotkit.Orange, 1.6}},
		{"(c) repulsion", pick(ff.Repulsion), colorSpec{plotkit.Green, 1.6}},
	}
	var phi plotter.XY
	for _, f := range fs {
		phi.X += f.v.X
		phi.Y += f.v.Y
	}
	fs = append(fs, force{"φ = (a) + (b) + (c)", phi, colorSpec{plotkit.Red, 2.4}})
	for _, f := range fs {
		if math.IsNaN(f.v.X+f.v.Y) || math.IsInf(f.v.X+f.v.Y, 0) {
			return nil, fmt.Errorf("force %s of particle %d is not finite", f.label, a)
		}
	}
	return fs, nil
}

// arrowScale is the common scale of the arrows fs over the particles all:
// the longest reaches 40% of the particles' extent along each axis (1
// when every force is 0).
func arrowScale(all plotter.XYs, fs []force) float64 {
	x0, x1 := plotkit.PaddedRange(plotkit.XsOf(all), 0)
	y0, y1 := plotkit.PaddedRange(plotkit.YsOf(all), 0)
	var mx, my float64
	for _, f := range fs {
		mx, my = math.Max(mx, math.Abs(f.v.X)), math.Max(my, math.Abs(f.v.Y))
	}
	s := math.Inf(1)
	if mx > 0 {
		s = math.Min(s, 0.4*(x1-x0)/mx)
	}
	if my > 0 {
		s = math.Min(s, 0.4*(y1-y0)/my)
	}
	if math.IsInf(s, 1) {
		s = 1
	}
	return s
}

// magnifications are the factors by which [ForceArrows] lengthens the
// arrows of fs: 1 for an arrow at least a tenth as long as the longest,
// else the round factor (1, 2 or 5 times a power of ten) nearest to the
// one that would make it a third as long as the longest. A zero force
// stays 1: there is nothing to show.
func magnifications(fs []force) []float64 {
	longest := 0.0
	for _, f := range fs {
		longest = math.Max(longest, math.Hypot(f.v.X, f.v.Y))
	}
	out := make([]float64, len(fs))
	for k, f := range fs {
		out[k] = 1
		if l := math.Hypot(f.v.X, f.v.Y); l > 0 && l < longest/10 {
			out[k] = roundFactor(longest / 3 / l)
		}
	}
	return out
}

// roundFactor is the number of the form 1, 2 or 5 times a power of ten
// nearest to v > 0 on a log scale.
func roundFactor(v float64) float64 {
	e := math.Floor(math.Log10(v))
	best := math.Pow(10, e)
	for _, m := range []float64{1, 2, 5, 10} {
		if c := m * math.Pow(10, e); math.Abs(math.Log(c/v)) < math.Abs(math.Log(best/v)) {
			best = c
		}
	}
	return best
}

// colorSpec is the colour and the line width of an arrow.
type colorSpec struct {
	c color.Color
	w float64 // line width, points
}

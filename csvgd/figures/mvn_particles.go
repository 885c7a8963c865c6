package figures

import (
	"errors"
	"fmt"
	"sort"

	"github.com/csvgd/csvgd-go/csvgd/figures/plotkit"
	"github.com/csvgd/csvgd-go/csvgd/mvn"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// MVNParticles is the paper's Fig. mvn_particles from the results of
// [mvn.ParticlesStudy] (for example with [mvn.PaperParticles]): the
// converged particles in the (theta_1, theta_3) plane, one row per
// multiplier lambda (the paper's lambda = 0.1 and 1.0) and one column per
// kernel bandwidth gamma, coloured by gamma (viridis, dark for the
// smallest). The paper overlays the bandwidths in one panel per lambda;
// here each ensemble has a panel of its own, so that no ensemble hides
// another, and the panels of a row share their axes, so that the spreads
// can be compared across the row.
//
// Behind the particles, grey contours show the log posterior of the Sec. 4
// target ([mvn.PaperTarget]) with the runs' alpha prior on the slice
// theta_2 = 2 (the likelihood's mean of theta_2),
//
//	log p(theta_1, 2, theta_3 | D) = -1/2 (theta - mu)^T P (theta - mu) + sum_i log p_alpha,lambda(theta_i) + const,
//
// at max - 2^k / 2, k = 0..8, darker towards the maximum; the particles are
// the projections of the three-dimensional ensembles. Each row spans its
// particles with a margin.
//
// Nil results (failed runs) are left out and counted in the legend; the
// figure reports an error when no result is left.
func MVNParticles(results []*mvn.Result) *Figure {
	const name = "mvn_particles"
	var ok []*mvn.Result
	for _, r := range results {
		if r != nil && r.Particles != nil && r.Particles.D >= 3 && r.Particles.Finite() {
			ok = append(ok, r)
		}
	}
	if len(ok) == 0 {
		return plotkit.Failed(name, errors.New("no usable result (need three-dimensional, finite ensembles)"))
	}
	var ls []float64
	for _, r := range ok {
		ls = append(ls, r.Config.Lambda)
	}
	lambdas := plotkit.Distinct(ls)
	bands, bandColor := bandwidthColors(ok)

	rows := make([][]*plot.Plot, len(lambdas))
	for i, lambda := range lambdas {
		var here []*mvn.Result
		for _, r := range ok {
			if r.Config.Lambda == lambda {
				here = append(here, r)
			}
		}
		// narrowest bandwidth first, left to right
		sort.SliceStable(here, func(a, b int) bool { return bandRank(bands, here[a]) < bandRank(bands, here[b]) })
		alpha := here[0].Config.Alpha
		var e1, e3 []float64
		for _, r := range here {
			e1 = append(e1, r.Particles.Component(0)...)
			e3 = append(e3, r.Particles.Component(2)...)
		}
		x0, x1 := plotkit.PaddedRange(e1, 0.08)
		y0, y1 := plotkit.PaddedRange(e3, 0.08)
		for j, r := range here {
			ylabel := ""
			if j == 0 {
				ylabel = "θ₃"
			}
			title := fmt.Sprintf("(%c) α = %s, λ = %s, %s", 'a'+i*len(here)+j, plotkit.Num(alpha), plotkit.Num(lambda), bandLabel(r.Config.Bandwidth))
			p := plotkit.NewPanel(title, "θ₁", ylabel)
			p.Add(axesLines()...)
			p.Add(posteriorSlice(r.Config.SteinPrior(), x0, x1, y0, y1))
			sty := plotkit.ParticleStyle(bandColor(r.Config.Bandwidth))
			if r.Particles.N > 64 {
				sty.Radius = vg.Points(1.9)
			}
			plotkit.AddFlat(p, plotkit.Points(plane(r.Particles, 0, 2), sty))
			plotkit.SetRange(&p.X, x0, x1)
			plotkit.SetRange(&p.Y, y0, y1)
			rows[i] = append(rows[i], p)
		}
	}
	cols := 0
	for _, row := range rows {
		cols = max(cols, len(row))
	}

	leg := plotkit.NewLegend()
	leg.Add("kernel bandwidth:")
	for _, b := range bands {
		leg.Add(bandLabel(b), plotkit.GlyphThumb(plotkit.ParticleStyle(bandColor(b))))
	}
	leg.Add("log posterior, θ₂ = 2", plotkit.LineThumb(draw.LineStyle{Color: plotkit.ContourGrey(0.5), Width: vg.Points(1.5)}))
	leg.Add(fmt.Sprintf("%d particles each", ok[0].Particles.N))
	if n := len(results) - len(ok); n > 0 {
		leg.Add(fmt.Sprintf("(%d failed runs not drawn)", n))
	}
	return &Figure{
		Name:   name,
		Panels: rows,
		Legend: leg,
		Width:  vg.Length(8*cols+6) * vg.Centimeter,
		Height: vg.Length(8*len(rows)) * vg.Centimeter,
	}
}

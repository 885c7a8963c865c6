package figures

import (
	"errors"
	"fmt"
	"image/color"
	"math"
	"sort"

	"github.com/csvgd/csvgd-go/csvgd/mvn"
	"github.com/csvgd/csvgd-go/csvgd/stein"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// MVNParticles is the paper's Fig. mvn_particles from the results of
// [mvn.ParticlesStudy] (for example with [mvn.PaperParticles]): the
// converged particles in the (theta_1, theta_3) plane, one panel per
// multiplier lambda (the paper's lambda = 0.1 and 1.0), coloured by the
// kernel bandwidth gamma (viridis, dark for the smallest, drawn last so that
// the tight ensembles stay visible over the wide ones).
//
// Behind the particles, grey contours show the log posterior of the Sec. 4
// target ([mvn.PaperTarget]) with the runs' alpha prior on the slice
// theta_2 = 2 (the likelihood's mean of theta_2),
//
//	log p(theta_1, 2, theta_3 | D) = -1/2 (theta - mu)^T P (theta - mu) + sum_i log p_alpha,lambda(theta_i) + const,
//
// at max - 2^k / 2, k = 0..8, darker towards the maximum; the particles are
// the projections of the three-dimensional ensembles. Each panel spans its
// particles with a margin. The larger lambda pulls theta_3 towards 0; the
// wider bandwidths spread the ensemble further over the posterior.
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
		return failed(name, errors.New("no usable result (need three-dimensional, finite ensembles)"))
	}
	var ls []float64
	for _, r := range ok {
		ls = append(ls, r.Config.Lambda)
	}
	lambdas := distinct(ls)
	bands, bandColor := bandwidthColors(ok)

	row := make([]*plot.Plot, len(lambdas))
	for i, lambda := range lambdas {
		var here []*mvn.Result
		for _, r := range ok {
			if r.Config.Lambda == lambda {
				here = append(here, r)
			}
		}
		// widest bandwidth first, so the tighter ensembles are drawn on top
		sort.SliceStable(here, func(a, b int) bool { return bandRank(bands, here[a]) > bandRank(bands, here[b]) })
		alpha := here[0].Config.Alpha
		var e1, e3 []float64
		for _, r := range here {
			e1 = append(e1, r.Particles.Component(0)...)
			e3 = append(e3, r.Particles.Component(2)...)
		}
		x0, x1 := paddedRange(e1, 0.08)
		y0, y1 := paddedRange(e3, 0.08)
		ylabel := ""
		if i == 0 {
			ylabel = "θ₃"
		}
		p := newPanel(fmt.Sprintf("(%c) α = %s, λ = %s", 'a'+i, num(alpha), num(lambda)), "θ₁", ylabel)
		p.Add(axesLines()...)
		p.Add(posteriorSlice(here[0].Config.SteinPrior(), x0, x1, y0, y1))
		for _, r := range here {
			sty := particleStyle(bandColor(r.Config.Bandwidth))
			if r.Particles.N > 64 {
				sty.Radius = vg.Points(1.9)
			}
			addFlat(p, points(plane(r.Particles, 0, 2), sty))
		}
		setRange(&p.X, x0, x1)
		setRange(&p.Y, y0, y1)
		row[i] = p
	}

	leg := newLegend()
	leg.Add("kernel bandwidth:")
	for _, b := range bands {
		leg.Add(bandLabel(b), glyphThumb{particleStyle(bandColor(b))})
	}
	leg.Add("log posterior, θ₂ = 2", lineThumb{draw.LineStyle{Color: contourGrey(0.5), Width: vg.Points(1.5)}})
	leg.Add(fmt.Sprintf("%d particles each", ok[0].Particles.N))
	if n := len(results) - len(ok); n > 0 {
		leg.Add(fmt.Sprintf("(%d failed runs not drawn)", n))
	}
	return &Figure{
		Name:   name,
		Panels: [][]*plot.Plot{row},
		Legend: leg,
		Width:  vg.Length(12*len(row)+6) * vg.Centimeter,
		Height: 11.5 * vg.Centimeter,
	}
}

// bandwidthColors returns the distinct bandwidths of the results, fixed
// ones by increasing gamma then adaptive rules, and their viridis colours.
func bandwidthColors(rs []*mvn.Result) ([]stein.Bandwidth, func(stein.Bandwidth) color.Color) {
	seen := map[stein.Bandwidth]bool{}
	var bands []stein.Bandwidth
	for _, r := range rs {
		b := r.Config.Bandwidth
		if b.Rule != stein.Fixed {
			b.Gamma = 0
		}
		if !seen[b] {
			seen[b] = true
			bands = append(bands, b)
		}
	}
	sort.Slice(bands, func(i, j int) bool {
		if (bands[i].Rule == stein.Fixed) != (bands[j].Rule == stein.Fixed) {
			return bands[i].Rule == stein.Fixed
		}
		if bands[i].Rule != bands[j].Rule {
			return bands[i].Rule < bands[j].Rule
		}
		return bands[i].Gamma < bands[j].Gamma
	})
	return bands, func(b stein.Bandwidth) color.Color {
		if len(bands) < 2 {
			return viridis(0.35)
		}
		return viridis(viridisTop * float64(bandIndex(bands, b)) / float64(len(bands)-1))
	}
}

func bandIndex(bands []stein.Bandwidth, b stein.Bandwidth) int {
	if b.Rule != stein.Fixed {
		b.Gamma = 0
	}
	for i, c := range bands {
		if c == b {
			return i
		}
	}
	return 0
}

func bandRank(bands []stein.Bandwidth, r *mvn.Result) int {
	return bandIndex(bands, r.Config.Bandwidth)
}

func bandLabel(b stein.Bandwidth) string { return "γ = " + bandValue(b) }

// bandValue is a fixed gamma's value or the name of an adaptive rule.
func bandValue(b stein.Bandwidth) string {
	switch b.Rule {
	case stein.Fixed:
		return num(b.Gamma)
	case stein.MedianLiuWang:
		return "median rule"
	case stein.MedianPaper:
		return "paper's median rule"
	}
	return b.String()
}

func particleStyle(c color.Color) draw.GlyphStyle {
	return draw.GlyphStyle{Color: c, Radius: vg.Points(2.6), Shape: draw.CircleGlyph{}}
}

// plane returns components i and j of every particle.
func plane(e *stein.Ensemble, i, j int) plotter.XYs {
	xy := make(plotter.XYs, e.N)
	for a := range xy {
		xy[a] = plotter.XY{X: e.Data[a*e.D+i], Y: e.Data[a*e.D+j]}
	}
	return xy
}

// contourGrey is a grey from light (t = 0) to dark (t = 1).
func contourGrey(t float64) color.Color {
	v := uint8(math.Round(215 - 135*math.Max(0, math.Min(1, t))))
	return color.RGBA{v, v, v, 255}
}

// posteriorSlice draws grey contours of the Sec. 4 log posterior with prior
// p on the slice theta_2 = 2 of the (theta_1, theta_3) plane, at
// max - 2^k / 2 (k = 0..8) below the slice's maximum on the window. For
// lambda = 0 (the flat prior), or a prior that does not validate, it is the
// log-likelihood alone.
func posteriorSlice(p stein.Prior, x0, x1, y0, y1 float64) plot.Plotter {
	const (
		n      = 161
		levels = 9
	)
	t := mvn.PaperTarget()
	theta2 := t.Mean[1]
	noPrior := p.Lambda == 0 || p.Validate() != nil
	g := evalGrid(x0, x1, y0, y1, n, func(x, y float64) float64 {
		th := []float64{x, theta2, y}
		if noPrior { // the flat prior: the likelihood alone
			return t.LogLikelihood1(th)
		}
		return t.LogLikelihood1(th) + p.LogDensity(th)
	})
	_, _, top := g.argmax()
	lv, _ := logLevels(top, 0.5, levels)
	cols := make([]color.Color, levels)
	for k := range cols {
		cols[k] = contourGrey(float64(k) / float64(levels-1))
	}
	return newContours(g, lv, cols, vg.Points(1))
}

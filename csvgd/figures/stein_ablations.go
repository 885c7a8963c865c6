package figures

import (
	"errors"
	"fmt"
	"math"

	"github.com/csvgd/csvgd-go/csvgd/figures/plotkit"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// SteinAblation is one run of a two-dimensional Stein flow for
// [SteinAblations]: its label and its particles (each of two coordinates)
// at the start and at the end.
type SteinAblation struct {
	Label      string
	Start, End [][]float64
}

// NewSteinAblation is the run label with copies of its particles at the
// start and at the end: a run that goes on moving its particles in place
// after it is recorded (to print a longer run of the same flow) leaves the
// recorded end state as it was. A [SteinAblation] written as a literal
// shares the caller's slices, and shows whatever state they hold when the
// figure is drawn.
func NewSteinAblation(label string, start, end [][]float64) SteinAblation {
	return SteinAblation{Label: label, Start: cloneParticles(start), End: cloneParticles(end)}
}

// cloneParticles is a deep copy of a set of particles.
func cloneParticles(set [][]float64) [][]float64 {
	out := make([][]float64, len(set))
	for a, th := range set {
		out[a] = append([]float64(nil), th...)
	}
	return out
}

// SteinAblations is the teaching figure "stein_ablations" (notebook 01's
// SVGD written from scratch), not one of the paper's: one panel per run,
// its particles at the start (light grey) and at the end (blue, the
// particle's number beside it in a run of at most maxNumbered particles,
// as the legend says) over the 1σ and 2σ ellipses of the Gaussian target
// N(mean, cov) in the (θ₁, θ₂) plane, with its mode marked by an open ring
// drawn over the particles. All panels share their axis ranges, so the runs compare
// at a glance; three panels to a row. The figure reports an error when
// there is no run, when the target is not a two-dimensional Gaussian with
// a positive definite covariance, or when a particle is not two finite
// coordinates.
func SteinAblations(mean []float64, cov [2][2]float64, runs []SteinAblation) *Figure {
	const (
		name    = "stein_ablations"
		perRow  = 3
		panelCm = 8.0
	)
	ell, err := ellipses(mean, cov)
	if err != nil {
		return plotkit.Failed(name, err)
	}
	if len(runs) == 0 {
		return plotkit.Failed(name, errors.New("no runs"))
	}
	xs, ys := append(plotkit.XsOf(ell[1]), mean[0]), append(plotkit.YsOf(ell[1]), mean[1])
	for _, r := range runs {
		for _, set := range [][][]float64{r.Start, r.End} {
			pts, err := plane2(set)
			if err != nil {
				return plotkit.Failed(name, fmt.Errorf("run %q: %w", r.Label, err))
			}
			xs, ys = append(xs, plotkit.XsOf(pts)...), append(ys, plotkit.YsOf(pts)...)
		}
	}
	x0, x1 := plotkit.PaddedRange(xs, 0.05)
	y0, y1 := plotkit.PaddedRange(ys, 0.05)
	x0, x1, y0, y1 = plotkit.EqualSpans(x0, x1, y0, y1) // square panels: the ellipse's angle as it is
	cols := min(perRow, len(runs))
	rows := (len(runs) + cols - 1) / cols
	panels := make([][]*plot.Plot, rows)
	for r := range panels {
		panels[r] = make([]*plot.Plot, cols)
	}
	startSty, endSty := plotkit.ParticleStyle(plotkit.LightGrey), plotkit.ParticleStyle(plotkit.Blue)
	ellSty := []draw.LineStyle{
		{Color: plotkit.ContourGrey(0.7), Width: vg.Points(1.2)},
		{Color: plotkit.ContourGrey(0.4), Width: vg.Points(1.2), Dashes: []vg.Length{vg.Points(3), vg.Points(2)}},
	}
	// the mode as an open ring wider than a particle, drawn over the
	// particles: runs that end on it show it and their particles both
	modeSty := draw.GlyphStyle{Color: plotkit.Black, Radius: vg.Points(6), Shape: draw.RingGlyph{}}
	for i, r := range runs {
		row, col := i/cols, i%cols
		xlabel, ylabel := "", ""
		if row == rows-1 || i+cols >= len(runs) {
			xlabel = "θ₁"
		}
		if col == 0 {
			ylabel = "θ₂"
		}
		p := plotkit.NewPanel(fmt.Sprintf("%s %s", plotkit.PanelTag(i), r.Label), xlabel, ylabel)
		for k, e := range ell {
			plotkit.AddFlat(p, plotkit.Line(e, ellSty[k]))
		}
		start, _ := plane2(r.Start)
		end, _ := plane2(r.End)
		plotkit.AddFlat(p, plotkit.Points(start, startSty), plotkit.Points(end, endSty))
		if len(end) <= maxNumbered {
			nums := particleNumbers(end)
			nums.Offset.X = vg.Points(8) // beside the mode's ring, not under it
			plotkit.AddFlat(p, nums)
		}
		plotkit.AddFlat(p, plotkit.Points(plotter.XYs{{X: mean[0], Y: mean[1]}}, modeSty))
		plotkit.SetRange(&p.X, x0, x1)
		plotkit.SetRange(&p.Y, y0, y1)
		panels[row][col] = p
	}
	leg := plotkit.NewLegend()
	leg.Add("particles at the start", plotkit.GlyphThumb(startSty))
	leg.Add(fmt.Sprintf("particles at the end (numbered in a run of %d or fewer)", maxNumbered), plotkit.GlyphThumb(endSty))
	leg.Add("target: 1σ ellipse", plotkit.LineThumb(ellSty[0]))
	leg.Add("target: 2σ ellipse", plotkit.LineThumb(ellSty[1]))
	leg.Add("target's mode (ring)", plotkit.GlyphThumb(modeSty))
	return &Figure{
		Name:   name,
		Panels: panels,
		Legend: leg,
		Width:  vg.Length(panelCm*float64(cols)+6) * vg.Centimeter,
		Height: vg.Length(panelCm*float64(rows)+1) * vg.Centimeter,
	}
}

// maxNumbered is the largest run whose end particles [SteinAblations]
// labels with their numbers.
const maxNumbered = 5

// plane2 is a set of two-dimensional particles as points; an error when a
// particle has not two finite coordinates.
func plane2(set [][]float64) (plotter.XYs, error) {
	out := make(plotter.XYs, len(set))
	for a, th := range set {
		if len(th) != 2 || math.IsNaN(th[0]+th[1]) || math.IsInf(th[0]+th[1], 0) {
			return nil, fmt.Errorf("particle %d is %v: want two finite coordinates", a+1, th)
		}
		out[a] = plotter.XY{X: th[0], Y: th[1]}
	}
	return out, nil
}

// ellipses are the 1σ and 2σ ellipses of N(mean, cov), as closed lines:
// mean + k L (cos t, sin t) with L the Cholesky factor of cov.
func ellipses(mean []float64, cov [2][2]float64) ([2]plotter.XYs, error) {
	var out [2]plotter.XYs
	if len(mean) != 2 || math.IsNaN(mean[0]+mean[1]) || math.IsInf(mean[0]+mean[1], 0) {
		return out, fmt.Errorf("target mean %v: want two finite coordinates", mean)
	}
	a := cov[0][0]
	det := cov[0][0]*cov[1][1] - cov[0][1]*cov[1][0]
	if !(a > 0 && det > 0) || cov[0][1] != cov[1][0] {
		return out, fmt.Errorf("target covariance %v is not symmetric positive definite", cov)
	}
	l11, l21 := math.Sqrt(a), cov[1][0]/math.Sqrt(a)
	l22 := math.Sqrt(cov[1][1] - l21*l21)
	const n = 120
	for k := range out {
		s := float64(k + 1)
		out[k] = make(plotter.XYs, n+1)
		for i := range out[k] {
			t := 2 * math.Pi * float64(i) / n
			c, sn := math.Cos(t), math.Sin(t)
			out[k][i] = plotter.XY{X: mean[0] + s*l11*c, Y: mean[1] + s*(l21*c+l22*sn)}
		}
	}
	return out, nil
}

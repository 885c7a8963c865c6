package figures

import (
	"fmt"
	"math"

	"github.com/csvgd/csvgd-go/csvgd/collapse"
	"github.com/csvgd/csvgd-go/csvgd/figures/plotkit"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// CollapseParticles is the teaching figure "collapse_particles": the final
// particles of runs on N(0, I_D) (package collapse), one panel per run,
// on their first two coordinates, inside the circles that hold 39% and 86%
// of the target's mass there (radius 1 and 2, labelled). Panel titles are
// the labels with each run's variance ratio, over all its coordinates
// (the title says how many), of which two are drawn. It reports an error for no runs, not one
// label per run, or a run without particles or of fewer than two
// dimensions.
func CollapseParticles(labels []string, runs []*collapse.Result) *Figure {
	const name = "collapse_particles"
	if len(runs) == 0 || len(labels) != len(runs) {
		return plotkit.Failed(name, fmt.Errorf("%d runs and %d labels: need one label per run, at least one run", len(runs), len(labels)))
	}
	var row []*plot.Plot
	for i, r := range runs {
		if r == nil || len(r.Final) == 0 || r.Dim < 2 {
			return plotkit.Failed(name, fmt.Errorf("run %q has no particles of two or more dimensions", labels[i]))
		}
		p := plotkit.NewPanel(fmt.Sprintf("%s %s: ratio %.2f over all %d coordinates", plotkit.PanelTag(i), labels[i], r.VarianceRatio, r.Dim), "θ₁", "θ₂")
		for _, rad := range []float64{1, 2} {
			plotkit.AddFlat(p, plotkit.Line(circle(rad), draw.LineStyle{Color: plotkit.LightGrey, Width: vg.Points(1)}))
			l, err := plotter.NewLabels(plotter.XYLabels{XYs: plotter.XYs{{X: rad / math.Sqrt2, Y: rad / math.Sqrt2}}, Labels: []string{fmt.Sprintf("r = %g", rad)}})
			if err != nil { // a finite point and one label: cannot fail
				return plotkit.Failed(name, err)
			}
			p.Add(l)
		}
		var xy plotter.XYs
		for _, th := range r.Final {
			xy = append(xy, plotter.XY{X: th[0], Y: th[1]})
		}
		plotkit.AddFlat(p, plotkit.Points(xy, plotkit.Marker(updateColor(i), draw.CircleGlyph{})))
		plotkit.SetRange(&p.X, -3, 3)
		plotkit.SetRange(&p.Y, -3, 3)
		row = append(row, p)
	}
	return &Figure{Name: name, Panels: [][]*plot.Plot{row}, Width: vg.Length(len(row)) * 9 * vg.Centimeter, Height: 9 * vg.Centimeter}
}

// circle is the circle of radius r around 0.
func circle(r float64) plotter.XYs {
	out := make(plotter.XYs, 121)
	for i := range out {
		a := 2 * math.Pi * float64(i) / 120
		out[i] = plotter.XY{X: r * math.Cos(a), Y: r * math.Sin(a)}
	}
	return out
}

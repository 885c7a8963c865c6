package figures

import (
	"errors"
	"fmt"
	"sort"

	"github.com/csvgd/csvgd-go/csvgd/figures/plotkit"
	"github.com/csvgd/csvgd-go/csvgd/mvn"
	"github.com/csvgd/csvgd-go/csvgd/stein"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// FlowSnapshots is the teaching figure "flow_snapshots" (notebook 02),
// not one of the paper's: the particles of a run of the Sec. 4 example in
// the (theta_1, theta_3) plane at the iterations kept in res.Snapshots
// (set [mvn.Config].Snapshots), one panel per snapshot in increasing
// order, four panels to a row. When the run kept no snapshot, the single
// panel shows the final particles.
//
// All panels share their axis ranges, so the motion of the ensemble reads
// across them. Behind the particles, grey contours show the log posterior
// of [mvn.PaperTarget] with the run's alpha prior and lambda on the slice
// theta_2 = 2, as in [MVNParticles] (the result does not record its
// target: a run of another target gets the paper's contours).
func FlowSnapshots(res *mvn.Result) *Figure {
	const (
		name    = "flow_snapshots"
		perRow  = 4
		panelCm = 7.5
	)
	if res == nil {
		return plotkit.Failed(name, errors.New("nil result"))
	}
	type snap struct {
		iter int
		e    *stein.Ensemble
	}
	var snaps []snap
	for k, e := range res.Snapshots {
		snaps = append(snaps, snap{k, e})
	}
	sort.Slice(snaps, func(i, j int) bool { return snaps[i].iter < snaps[j].iter })
	if len(snaps) == 0 && res.Particles != nil {
		snaps = []snap{{res.Iterations, res.Particles}}
	}
	var e1, e3 []float64
	for _, s := range snaps {
		if s.e == nil || s.e.D < 3 || !s.e.Finite() {
			return plotkit.Failed(name, fmt.Errorf("snapshot at iteration %d is not a finite three-dimensional ensemble", s.iter))
		}
		e1 = append(e1, s.e.Component(0)...)
		e3 = append(e3, s.e.Component(2)...)
	}
	if len(snaps) == 0 {
		return plotkit.Failed(name, errors.New("the result holds no particles"))
	}
	x0, x1 := plotkit.PaddedRange(e1, 0.06)
	y0, y1 := plotkit.PaddedRange(e3, 0.06)
	c := res.Config
	background := posteriorSlice(c.SteinPrior(), x0, x1, y0, y1)

	cols := min(perRow, len(snaps))
	rows := (len(snaps) + cols - 1) / cols
	panels := make([][]*plot.Plot, rows)
	for r := range panels {
		panels[r] = make([]*plot.Plot, cols)
	}
	sty := plotkit.ParticleStyle(plotkit.Blue)
	for i, s := range snaps {
		r, col := i/cols, i%cols
		xlabel, ylabel := "", ""
		if r == rows-1 || i+cols >= len(snaps) {
			xlabel = "θ₁"
		}
		if col == 0 {
			ylabel = "θ₃"
		}
		p := plotkit.NewPanel(fmt.Sprintf("iteration %d", s.iter), xlabel, ylabel)
		p.Add(axesLines()...)
		p.Add(background)
		plotkit.AddFlat(p, plotkit.Points(plane(s.e, 0, 2), sty))
		plotkit.SetRange(&p.X, x0, x1)
		plotkit.SetRange(&p.Y, y0, y1)
		panels[r][col] = p
	}
	leg := plotkit.NewLegend()
	leg.Add(fmt.Sprintf("particles (%d)", snaps[0].e.N), plotkit.GlyphThumb(sty))
	leg.Add("log posterior, θ₂ = 2", plotkit.LineThumb(draw.LineStyle{Color: plotkit.ContourGrey(0.5), Width: vg.Points(1.5)}))
	prior := "no prior (λ = 0)" // alpha plays no part without a prior
	if c.Lambda > 0 {
		prior = fmt.Sprintf("α = %s, λ = %s", plotkit.Num(c.Alpha), plotkit.Num(c.Lambda))
	}
	return &Figure{
		Name: name,
		Title: fmt.Sprintf("Stein flow: %s, β = %s, γ = %s, %s steps of %s",
			prior, plotkit.Num(c.Beta), bandValue(c.Bandwidth), c.Optimizer, plotkit.Num(c.StepSize)),
		Panels: panels,
		Legend: leg,
		Width:  vg.Length(panelCm*float64(cols)+6) * vg.Centimeter,
		Height: vg.Length(panelCm*float64(rows)+1) * vg.Centimeter,
	}
}

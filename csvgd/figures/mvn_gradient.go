package figures

import (
	"fmt"
	"image/color"
	"math"
	"sort"

	"github.com/csvgd/csvgd-go/csvgd/figures/plotkit"
	"github.com/csvgd/csvgd-go/csvgd/metrics"
	"github.com/csvgd/csvgd-go/csvgd/stein"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Parameters of Fig. mvn_gradient.
var (
	mvnGradientField = stein.PriorField{
		Prior:  stein.Prior{Alpha: 1, Lambda: 1},
		Kernel: stein.Kernel{Beta: 2},
		Gamma:  0.1,
	}
	// the fixed particle: at, near and away from the origin
	mvnGradientFixed = []struct {
		title string
		at    []float64
	}{
		{"fixed particle at the origin", []float64{0, 0}},
		{"fixed particle near the origin", []float64{0.25, 0.15}},
		{"fixed particle away from the origin", []float64{0.9, 0.6}},
	}
	// the moving particle shown as a dot, relative to the fixed one
	mvnGradientMoving = []float64{0.3, -0.35}
)

// MVNGradient is the paper's Fig. mvn_gradient: the Stein direction (red
// arrows) and the pseudopotential (contours) seen by one particle theta
// (blue dot) in the field of another, fixed particle theta_b (green X),
// with no data: the alpha = 1 prior with lambda = 1 and the beta = 2 (RBF)
// kernel with bandwidth gamma = 1/10, as the caption states (the text says
// gamma = 1; the caption's value is used). The kernel is the definition's
// k = exp(-|theta_b - theta|^2 / (2 gamma)), as everywhere in the project;
// read with eq. (prior_grad)'s printed exp(-gamma |.|^beta), gamma = 1/10
// would be a much wider kernel (gamma = 5 in the definition's terms). The three panels put
// theta_b at the origin, near it (0.25, 0.15) and away from it (0.9, 0.6);
// the blue dot marks one position of theta, (0.3, -0.35) from theta_b.
//
// For the ensemble {theta, theta_b} (N = 2) the arrows are, on a 16 x 16
// grid of positions of theta, eq. (stein_grad) without its data term,
//
//	phi(theta) = 1/2 [ grad log p(theta) + k(theta_b, theta) grad log p(theta_b) + grad_{theta_b} k(theta_b, theta) ],
//
// the self term b = a contributing the prior score at theta and no kernel
// gradient; each term is eq. (prior_grad). The contours are the
// pseudopotential of eq. (pseudopotential),
//
//	P(theta) = 1/2 [ p(theta) + k(theta_b, theta) p(theta_b) ],
//
// at ten evenly spaced levels between its smallest and largest value in the
// panel, brightest at the top. Both come from [stein.PriorField]. The arrows
// share one linear scale across the panels, the median arrow being 0.6 grid
// spacings long (the longest, next to theta_b, reach about 1.5), and the
// grid avoids the axes, where the alpha = 1 score is discontinuous.
//
// Away from theta_b every arrow points along -sign(theta), towards the
// prior's mode; near theta_b its kernel adds a repulsion away from theta_b
// and, unless theta_b sits at the origin where its own score vanishes, a
// pull along theta_b's own score.
func MVNGradient() (*Figure, error) {
	nodes := metrics.Linspace(mvnGradientLo, mvnGradientHi, 16) // the arrows' grid
	spacing := nodes[1] - nodes[0]
	data, scale, err := mvnGradientArrows(nodes)
	if err != nil {
		return nil, fmt.Errorf("figure mvn_gradient: %w", err)
	}
	lo, hi := mvnGradientLo, mvnGradientHi
	fixedSty := draw.GlyphStyle{Color: plotkit.Green, Radius: vg.Points(6), Shape: plotkit.BoldCross{Width: vg.Points(2.5)}}
	movingSty := draw.GlyphStyle{Color: plotkit.Blue, Radius: vg.Points(5), Shape: draw.CircleGlyph{}}
	var arrowThumb *plotkit.Arrows
	row := make([]*plot.Plot, len(data))
	for i, d := range data {
		scaled := make(plotter.XYs, len(d.phis))
		for j, v := range d.phis {
			scaled[j] = plotter.XY{X: scale * v.X, Y: scale * v.Y}
		}
		arrows, err := plotkit.NewArrows(d.tails, scaled, plotkit.Red, vg.Points(1.2))
		if err != nil {
			return nil, fmt.Errorf("figure mvn_gradient: %w", err)
		}
		arrowThumb = arrows
		ylabel := ""
		if i == 0 {
			ylabel = "θ₂"
		}
		p := plotkit.NewPanel(fmt.Sprintf("(%c) %s", 'a'+i, mvnGradientFixed[i].title), "θ₁", ylabel)
		p.Add(axesLines()...)
		p.Add(pseudopotentialContours(d.field))
		p.Add(arrows)
		at := d.field.Fixed[0]
		p.Add(plotkit.Points(plotter.XYs{{X: at[0] + mvnGradientMoving[0], Y: at[1] + mvnGradientMoving[1]}}, movingSty))
		p.Add(plotkit.Points(plotter.XYs{{X: at[0], Y: at[1]}}, fixedSty))
		plotkit.SetRange(&p.X, lo-spacing/2, hi+spacing/2)
		plotkit.SetRange(&p.Y, lo-spacing/2, hi+spacing/2)
		row[i] = p
	}
	leg := plotkit.NewLegend()
	leg.Add("Stein direction φ(θ) at each θ", arrowThumb)
	leg.Add("  the moving particle could take")
	leg.Add("moving particle θ", plotkit.GlyphThumb(movingSty))
	leg.Add("fixed particle", plotkit.GlyphThumb(fixedSty))
	leg.Add("pseudopotential:")
	leg.Add("  low", plotkit.LineThumb(draw.LineStyle{Color: plotkit.Viridis(0.05), Width: vg.Points(1.5)}))
	leg.Add("  high", plotkit.LineThumb(draw.LineStyle{Color: plotkit.Viridis(plotkit.ViridisTop), Width: vg.Points(1.5)}))
	leg.Add(fmt.Sprintf("α = 1, λ = 1, β = 2, γ = %s", plotkit.Num(mvnGradientField.Gamma)))
	return &Figure{
		Name:   "mvn_gradient",
		Panels: [][]*plot.Plot{row},
		Legend: leg,
		Width:  34 * vg.Centimeter,
		Height: 9.5 * vg.Centimeter, // about the panels' width: θ₁ and θ₂ at one scale
	}, nil
}

// The window of every panel of Fig. mvn_gradient, [lo, hi]^2.
const mvnGradientLo, mvnGradientHi = -1.5, 1.5

// mvnGradientPanel is the data of one panel of [MVNGradient]: the field
// of its fixed particle and its arrows, Phi at the tails.
type mvnGradientPanel struct {
	field       stein.PriorField
	tails, phis plotter.XYs
}

// mvnGradientArrows are the arrows of the panels of [MVNGradient] on the
// grid nodes x nodes and their common scale, the median arrow 0.6 grid
// spacings long.
func mvnGradientArrows(nodes []float64) ([]mvnGradientPanel, float64, error) {
	data := make([]mvnGradientPanel, len(mvnGradientFixed))
	var lengths []float64
	for i, fx := range mvnGradientFixed {
		f := mvnGradientField
		f.Fixed = [][]float64{fx.at}
		if err := f.Validate(); err != nil {
			return nil, 0, err
		}
		d := mvnGradientPanel{field: f}
		for _, y := range nodes {
			for _, x := range nodes {
				phi := f.Phi([]float64{x, y})
				d.tails = append(d.tails, plotter.XY{X: x, Y: y})
				d.phis = append(d.phis, plotter.XY{X: phi[0], Y: phi[1]})
				lengths = append(lengths, math.Hypot(phi[0], phi[1]))
			}
		}
		data[i] = d
	}
	sort.Float64s(lengths)
	return data, 0.6 * (nodes[1] - nodes[0]) / lengths[len(lengths)/2], nil
}

// pseudopotentialContours are the contours of the field's pseudopotential
// on a 201 x 201 grid of the window, at ten evenly spaced levels between
// its smallest and largest value, brightest at the top.
func pseudopotentialContours(field stein.PriorField) *plotkit.ContourSet {
	const nLevels = 10
	lo, hi := mvnGradientLo, mvnGradientHi
	xs := metrics.Linspace(lo, hi, 201)
	g := plotkit.EvalGrid(xs, xs, func(x, y float64) float64 {
		return field.Pseudopotential([]float64{x, y})
	})
	zmin, zmax := g.Values[0], g.Values[0]
	for _, v := range g.Values {
		zmin, zmax = math.Min(zmin, v), math.Max(zmax, v)
	}
	levels := make([]float64, nLevels)
	cols := make([]color.Color, nLevels)
	for k := range levels {
		t := (float64(k) + 0.5) / nLevels
		levels[k] = zmin + t*(zmax-zmin)
		cols[k] = plotkit.Viridis(plotkit.ViridisTop * t)
	}
	return plotkit.NewContours(g, levels, cols, vg.Points(1))
}

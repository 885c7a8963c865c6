package figures

import (
	"fmt"
	"image/color"

	"github.com/csvgd/csvgd-go/csvgd/figures/plotkit"
	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// HyperelasticData is the teaching figure "hyperelastic_data" for the
// Sec. 5 notebook (03), not one of the paper's: the data of Sec. 5.2 as
// [hyperelastic.Generate] makes them, in three panels.
//
//	(a) test path: the truth's S11 and S22 (= S33) along the test path
//	    F = diag(1+d, sqrt(1+d), sqrt(1+d)) as lines against F₁₁ = 1 + d,
//	    and the noisy test stresses S as faint points. The shear stresses
//	    are zero on the path, noise included (the noise is multiplicative).
//	(b) training data: the noisy S11 (filled) and the truth's S11 (open)
//	    of the training points against their F₁₁, over the truth's S11 on
//	    the test path (dashed) for reference. The training deformations
//	    F = I + H are random in all nine entries, so they are not on the
//	    path: at a given F₁₁ their S11 scatters with the other entries of F
//	    as well as with the noise.
//	(c) coverage: two of the network's inputs, I₁ = tr C and J = det F
//	    (= sqrt(I₃)), of the training points and of the test path (the
//	    line, solid where |d| <= 0.2, dashed beyond). The path runs along
//	    the edge of the training cloud and leaves it beyond |d| = 0.2:
//	    there the networks extrapolate.
//
// The F₁₁ range of the training deformations, 1 ± 0.2, is shaded in (a).
// The figure reports an error when either set is empty or a value is not
// finite.
func HyperelasticData(train, test []hyperelastic.Sample) *Figure {
	const name = "hyperelastic_data"
	if err := checkData(train, test); err != nil {
		return plotkit.Failed(name, err)
	}
	order := pathOrder(test)
	return &Figure{
		Name:   name,
		Panels: [][]*plot.Plot{{testPathPanel(test, order), trainingDataPanel(train, test, order), inputsPanel(train, test, order)}},
		Legend: dataLegend(len(train), len(test)),
		Width:  36 * vg.Centimeter,
		Height: 11 * vg.Centimeter,
	}
}

// checkData is the input check of [HyperelasticData]: both sets given,
// all values finite.
func checkData(train, test []hyperelastic.Sample) error {
	if len(train) == 0 || len(test) == 0 {
		return fmt.Errorf("%d training and %d test samples: need both", len(train), len(test))
	}
	if err := finiteSamples("training", train); err != nil {
		return err
	}
	return finiteSamples("test", test)
}

// The styles of [HyperelasticData].
var (
	dataPathSty  = draw.LineStyle{Color: plotkit.Grey, Width: vg.Points(1.2), Dashes: []vg.Length{vg.Points(4), vg.Points(2)}}    // (b) the truth on the test path
	dataTrainSty = draw.GlyphStyle{Color: colorS11, Radius: vg.Points(2.4), Shape: draw.CircleGlyph{}}                            // (b) noisy S11
	dataExactSty = draw.GlyphStyle{Color: colorS11, Radius: vg.Points(2.4), Shape: draw.RingGlyph{}}                              // (b) the truth's S11
	dataOutSty   = draw.LineStyle{Color: plotkit.Black, Width: vg.Points(1.5), Dashes: []vg.Length{vg.Points(4), vg.Points(2.5)}} // (c) the path beyond the training range
	dataInSty    = draw.LineStyle{Color: plotkit.Black, Width: vg.Points(1.8)}                                                    // (c) the path within it
	dataCloudSty = draw.GlyphStyle{Color: plotkit.Grey, Radius: vg.Points(2.4), Shape: draw.CircleGlyph{}}                        // (c) training points
)

// dataLine is the style of the truth's stress component in colour c in
// panel (a) of [HyperelasticData].
func dataLine(c color.Color) draw.LineStyle { return draw.LineStyle{Color: c, Width: vg.Points(1.8)} }

// dataDot is the style of a noisy test stress in colour c in panel (a) of
// [HyperelasticData].
func dataDot(c color.Color) draw.GlyphStyle {
	return draw.GlyphStyle{Color: plotkit.Fade(c, 0.3), Radius: vg.Points(1.3), Shape: draw.CircleGlyph{}}
}

// testPathPanel is panel (a) of [HyperelasticData]: the truth's S11 and
// S22 and the noisy test stresses along the test path, in path order.
func testPathPanel(test []hyperelastic.Sample, order []int) *plot.Plot {
	pa := plotkit.NewPanel("(a) test path", "F₁₁", "stress")
	pa.Add(trainingSpan(), zeroLine())
	var xs, ys []float64
	var truths []plot.Plotter // drawn over both components' points
	for _, c := range []struct {
		comp int
		col  color.Color
	}{{0, colorS11}, {1, colorS22}} {
		noisy := make(plotter.XYs, len(order))
		truth := make(plotter.XYs, len(order))
		for k, i := range order {
			noisy[k] = plotter.XY{X: test[i].F[0], Y: test[i].S[c.comp]}
			truth[k] = plotter.XY{X: test[i].F[0], Y: test[i].STrue[c.comp]}
			xs, ys = append(xs, noisy[k].X), append(ys, noisy[k].Y, truth[k].Y)
		}
		truths = append(truths, plotkit.Line(truth, dataLine(c.col)))
		plotkit.AddFlat(pa, plotkit.Points(noisy, dataDot(c.col)))
	}
	plotkit.AddFlat(pa, truths...)
	plotkit.PadRanges(pa, xs, 0.02, ys, 0.04)
	return pa
}

// trainingDataPanel is panel (b) of [HyperelasticData]: the training
// data's noisy and true S11 over F11, over the truth's S11 on the test
// path (order is the path order of test).
func trainingDataPanel(train, test []hyperelastic.Sample, order []int) *plot.Plot {
	pb := plotkit.NewPanel("(b) training data", "F₁₁", "S11")
	noisy := make(plotter.XYs, len(train))
	exact := make(plotter.XYs, len(train))
	var xs, ys []float64
	for i, s := range train {
		noisy[i] = plotter.XY{X: s.F[0], Y: s.S[0]}
		exact[i] = plotter.XY{X: s.F[0], Y: s.STrue[0]}
		xs, ys = append(xs, s.F[0]), append(ys, s.S[0], s.STrue[0])
	}
	path := make(plotter.XYs, 0, len(order))
	bx0, bx1 := plotkit.PaddedRange(xs, 0.06)
	for _, i := range order {
		if x := test[i].F[0]; x >= bx0 && x <= bx1 {
			path = append(path, plotter.XY{X: x, Y: test[i].STrue[0]})
		}
	}
	by0, by1 := plotkit.PaddedRange(ys, 0.06)
	pb.Add(zeroLine())
	if len(path) > 1 {
		plotkit.AddFlat(pb, plotkit.Line(path, dataPathSty))
	}
	plotkit.AddFlat(pb, plotkit.Points(exact, dataExactSty), plotkit.Points(noisy, dataTrainSty))
	plotkit.SetRange(&pb.X, bx0, bx1)
	plotkit.SetRange(&pb.Y, by0, by1)
	return pb
}

// inputsPanel is panel (c) of [HyperelasticData]: the network's inputs I₁
// and J of the training points and of the test path (in the path order
// order), solid within the training range and dashed beyond.
func inputsPanel(train, test []hyperelastic.Sample, order []int) *plot.Plot {
	pc := plotkit.NewPanel("(c) inputs: training points and test path", "I₁", "J")
	cloud := make(plotter.XYs, len(train))
	var xs, ys []float64
	for i, s := range train {
		cloud[i] = plotter.XY{X: s.I1, Y: s.J}
		xs, ys = append(xs, s.I1), append(ys, s.J)
	}
	var inside plotter.XYs
	var below, above plotter.XYs // the path beyond the training range, on either side
	for _, i := range order {
		s := test[i]
		q := plotter.XY{X: s.I1, Y: s.J}
		xs, ys = append(xs, q.X), append(ys, q.Y)
		switch {
		case s.F[0] < 1-hyperelastic.TrainingDelta:
			below = append(below, q)
		case s.F[0] > 1+hyperelastic.TrainingDelta:
			above = append(above, q)
		default:
			inside = append(inside, q)
		}
	}
	// join the pieces so that the path is continuous
	if len(below) > 0 && len(inside) > 0 {
		below = append(below, inside[0])
	}
	if len(above) > 0 && len(inside) > 0 {
		above = append(plotter.XYs{inside[len(inside)-1]}, above...)
	}
	plotkit.AddFlat(pc, plotkit.Points(cloud, dataCloudSty))
	for _, seg := range []plotter.XYs{below, above} {
		if len(seg) > 1 {
			plotkit.AddFlat(pc, plotkit.Line(seg, dataOutSty))
		}
	}
	if len(inside) > 1 {
		plotkit.AddFlat(pc, plotkit.Line(inside, dataInSty))
	}
	plotkit.PadRanges(pc, xs, 0.05, ys, 0.05)
	return pc
}

// dataLegend is the legend of [HyperelasticData] for nTrain training and
// nTest test points.
func dataLegend(nTrain, nTest int) *plot.Legend {
	leg := plotkit.NewLegend()
	leg.Add(fmt.Sprintf("(a) test path (%d points):", nTest))
	leg.Add("truth S11", plotkit.LineThumb(dataLine(colorS11)))
	leg.Add("truth S22 = S33", plotkit.LineThumb(dataLine(colorS22)))
	leg.Add("noisy S11", plotkit.GlyphThumb(plotkit.Bigger(dataDot(colorS11))))
	leg.Add("noisy S22", plotkit.GlyphThumb(plotkit.Bigger(dataDot(colorS22))))
	addTrainingRange(leg)
	leg.Add("")
	leg.Add(fmt.Sprintf("(b) training points (%d):", nTrain))
	leg.Add("noisy S11", plotkit.GlyphThumb(dataTrainSty))
	leg.Add("truth S11", plotkit.GlyphThumb(dataExactSty))
	leg.Add("truth S11, test path", plotkit.LineThumb(dataPathSty))
	leg.Add("")
	leg.Add("(c) training points", plotkit.GlyphThumb(dataCloudSty))
	leg.Add(fmt.Sprintf("test path, |δ| ≤ %s", plotkit.Num(hyperelastic.TrainingDelta)), plotkit.LineThumb(dataInSty))
	leg.Add(fmt.Sprintf("test path, |δ| > %s", plotkit.Num(hyperelastic.TrainingDelta)), plotkit.LineThumb(dataOutSty))
	return leg
}

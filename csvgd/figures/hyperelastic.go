package figures

import (
	"errors"
	"fmt"
	"image/color"
	"math"
	"slices"
	"sort"
	"strconv"

	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"github.com/csvgd/csvgd-go/csvgd/metrics"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Figures of the paper's Sec. 5 (the hyperelastic example). Their x axis is
// F₁₁ = 1 + d on the test path F = diag(1+d, sqrt(1+d), sqrt(1+d)) of
// [hyperelastic.Generate]; the F₁₁ range of the training deformations,
// 1 ± Delta = [0.8, 1.2] for the paper's data, is shaded grey.

// Colours of the Sec. 5 figures.
var (
	colorS11      = viridis(0.12)                              // S11 of the data
	colorS22      = viridis(0.66)                              // S22 = S33 of the data
	colorEnsemble = viridis(0.3)                               // the ensemble's mean and bands
	shadeTrain    = color.RGBA{R: 236, G: 236, B: 236, A: 255} // the training range
	noisyGrey     = color.NRGBA{R: 120, G: 120, B: 120, A: 90} // noisy test stresses behind a band
)

// fade is c at opacity a in [0, 1].
func fade(c color.Color, a float64) color.NRGBA {
	r, g, b, _ := c.RGBA()
	return color.NRGBA{R: uint8(r >> 8), G: uint8(g >> 8), B: uint8(b >> 8), A: uint8(math.Round(255 * a))}
}

// StressData is a teaching figure for the Sec. 5 notebook: the data of
// Sec. 5.2 as [hyperelastic.Generate] makes them, in three panels.
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
func StressData(train, test []hyperelastic.Sample) *Figure {
	const name = "hyperelastic_data"
	if len(train) == 0 || len(test) == 0 {
		return failed(name, fmt.Errorf("%d training and %d test samples: need both", len(train), len(test)))
	}
	for _, set := range []struct {
		what string
		s    []hyperelastic.Sample
	}{{"training", train}, {"test", test}} {
		if err := finiteSamples(set.what, set.s); err != nil {
			return failed(name, err)
		}
	}
	order := pathOrder(test)
	lineSty := func(c color.Color) draw.LineStyle { return draw.LineStyle{Color: c, Width: vg.Points(1.8)} }
	dotSty := func(c color.Color) draw.GlyphStyle {
		return draw.GlyphStyle{Color: fade(c, 0.3), Radius: vg.Points(1.3), Shape: draw.CircleGlyph{}}
	}

	// (a) the test path
	pa := newPanel("(a) test path", "F₁₁", "stress")
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
		truths = append(truths, line(truth, lineSty(c.col)))
		addFlat(pa, points(noisy, dotSty(c.col)))
	}
	addFlat(pa, truths...)
	x0, x1 := paddedRange(xs, 0.02)
	y0, y1 := paddedRange(ys, 0.04)
	setRange(&pa.X, x0, x1)
	setRange(&pa.Y, y0, y1)

	// (b) the training data's S11 over F11
	pb := newPanel("(b) training data", "F₁₁", "S11")
	noisy := make(plotter.XYs, len(train))
	exact := make(plotter.XYs, len(train))
	xs, ys = xs[:0], ys[:0]
	for i, s := range train {
		noisy[i] = plotter.XY{X: s.F[0], Y: s.S[0]}
		exact[i] = plotter.XY{X: s.F[0], Y: s.STrue[0]}
		xs, ys = append(xs, s.F[0]), append(ys, s.S[0], s.STrue[0])
	}
	path := make(plotter.XYs, 0, len(order))
	bx0, bx1 := paddedRange(xs, 0.06)
	for _, i := range order {
		if x := test[i].F[0]; x >= bx0 && x <= bx1 {
			path = append(path, plotter.XY{X: x, Y: test[i].STrue[0]})
		}
	}
	by0, by1 := paddedRange(ys, 0.06)
	pathSty := draw.LineStyle{Color: grey, Width: vg.Points(1.2), Dashes: []vg.Length{vg.Points(4), vg.Points(2)}}
	trainSty := draw.GlyphStyle{Color: colorS11, Radius: vg.Points(2.4), Shape: draw.CircleGlyph{}}
	exactSty := draw.GlyphStyle{Color: colorS11, Radius: vg.Points(2.4), Shape: draw.RingGlyph{}}
	pb.Add(zeroLine())
	if len(path) > 1 {
		addFlat(pb, line(path, pathSty))
	}
	addFlat(pb, points(exact, exactSty), points(noisy, trainSty))
	setRange(&pb.X, bx0, bx1)
	setRange(&pb.Y, by0, by1)

	// (c) coverage of the network's inputs
	pc := newPanel("(c) inputs: training points and test path", "I₁", "J")
	cloud := make(plotter.XYs, len(train))
	xs, ys = xs[:0], ys[:0]
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
	outSty := draw.LineStyle{Color: black, Width: vg.Points(1.5), Dashes: []vg.Length{vg.Points(4), vg.Points(2.5)}}
	inSty := draw.LineStyle{Color: black, Width: vg.Points(1.8)}
	cloudSty := draw.GlyphStyle{Color: grey, Radius: vg.Points(2.4), Shape: draw.CircleGlyph{}}
	addFlat(pc, points(cloud, cloudSty))
	for _, seg := range []plotter.XYs{below, above} {
		if len(seg) > 1 {
			addFlat(pc, line(seg, outSty))
		}
	}
	if len(inside) > 1 {
		addFlat(pc, line(inside, inSty))
	}
	cx0, cx1 := paddedRange(xs, 0.05)
	cy0, cy1 := paddedRange(ys, 0.05)
	setRange(&pc.X, cx0, cx1)
	setRange(&pc.Y, cy0, cy1)

	span := fmt.Sprintf("training F₁₁ range 1 ± %s", num(hyperelastic.TrainingDelta))
	leg := newLegend()
	leg.Add(fmt.Sprintf("(a) test path (%d points):", len(test)))
	leg.Add("truth S11", lineThumb{lineSty(colorS11)})
	leg.Add("truth S22 = S33", lineThumb{lineSty(colorS22)})
	leg.Add("noisy S11", glyphThumb{bigger(dotSty(colorS11))})
	leg.Add("noisy S22", glyphThumb{bigger(dotSty(colorS22))})
	leg.Add(span, fillThumb{shadeTrain})
	leg.Add("")
	leg.Add(fmt.Sprintf("(b) training points (%d):", len(train)))
	leg.Add("noisy S11", glyphThumb{trainSty})
	leg.Add("truth S11", glyphThumb{exactSty})
	leg.Add("truth S11, test path", lineThumb{pathSty})
	leg.Add("")
	leg.Add("(c) training points", glyphThumb{cloudSty})
	leg.Add(fmt.Sprintf("test path, |d| ≤ %s", num(hyperelastic.TrainingDelta)), lineThumb{inSty})
	leg.Add(fmt.Sprintf("test path, |d| > %s", num(hyperelastic.TrainingDelta)), lineThumb{outSty})
	return &Figure{
		Name:   name,
		Panels: [][]*plot.Plot{{pa, pb, pc}},
		Legend: leg,
		Width:  36 * vg.Centimeter,
		Height: 11 * vg.Centimeter,
	}
}

// PushForwardBands is a teaching figure for the Sec. 5 notebook: the
// push-forward of an ensemble along the test path, pred[particle][point]
// holding each particle's six stress components at test[point] (as
// [github.com/csvgd/csvgd-go/csvgd/icnn.Predictor.Predict] returns them).
// One column per component, S11 and S22, against F₁₁:
//
//   - top row, the stress: the ensemble's mean (line) and its range, min to
//     max over the particles (pale band), and, with 20 particles or more,
//     its 5-95% quantiles (darker band; linear interpolation between order
//     statistics), over the truth's stress (black, dashed) and the noisy
//     test stresses that the push-forward W1 compares against (faint grey
//     points);
//   - bottom row, the same bands and mean less the truth's stress, on a
//     scale of their own: near F = I, where the stresses are small, the
//     bands are too thin to read in the top row. The noisy data are left
//     out there, as they would set the scale.
//
// The F₁₁ range of the training deformations, 1 ± 0.2, is shaded. The
// shear components are left out: they are zero on the test path, for the
// truth and for any isotropic potential such as the ICNN's, and S33 equals
// S22 there for the same reason.
//
// The figure reports an error when there are no test points or particles,
// when a particle predicts another number of points than test holds, or
// when a value is not finite.
func PushForwardBands(test []hyperelastic.Sample, pred [][][6]float64) *Figure {
	const (
		name         = "pushforward_bands"
		minQuantileN = 20
		bandOpacity  = 0.22
		quantOpacity = 0.35
		soloOpacity  = 0.4
	)
	if len(test) == 0 {
		return failed(name, errors.New("no test points"))
	}
	if len(pred) == 0 {
		return failed(name, errors.New("no particles"))
	}
	if err := finiteSamples("test", test); err != nil {
		return failed(name, err)
	}
	for a, pa := range pred {
		if len(pa) != len(test) {
			return failed(name, fmt.Errorf("particle %d predicts %d points, the test path has %d", a, len(pa), len(test)))
		}
		for p := range pa {
			for c, v := range pa[p] {
				if math.IsNaN(v) || math.IsInf(v, 0) {
					return failed(name, fmt.Errorf("particle %d, point %d, %s: prediction %v", a, p, hyperelastic.Components[c], v))
				}
			}
		}
	}
	order := pathOrder(test)
	n, m := len(pred), len(order)
	quantiles := n >= minQuantileN
	var qs []float64 // the inner band's quantiles, with enough particles
	if quantiles {
		qs = []float64{qLo, qHi}
	}

	meanSty := draw.LineStyle{Color: colorEnsemble, Width: vg.Points(1.8)}
	truthSty := draw.LineStyle{Color: black, Width: vg.Points(1.3), Dashes: []vg.Length{vg.Points(5), vg.Points(3)}}
	noisySty := draw.GlyphStyle{Color: noisyGrey, Radius: vg.Points(1.1), Shape: draw.CircleGlyph{}}
	rangeFill := fade(colorEnsemble, bandOpacity)
	if !quantiles { // the range alone, a little darker
		rangeFill = fade(colorEnsemble, soloOpacity)
	}
	quantFill := fade(colorEnsemble, quantOpacity)

	comps := []int{0, 1}
	top := make([]*plot.Plot, len(comps))
	bottom := make([]*plot.Plot, len(comps))
	xs := make([]float64, m)
	for k, i := range order {
		xs[k] = test[i].F[0]
	}
	x0, x1 := paddedRange(xs, 0.02)
	for j, comp := range comps {
		st := metrics.EnsembleBand(pred, order, comp, qs...)
		truth := make([]float64, m)
		noisy := make(plotter.XYs, m)
		for k, i := range order {
			truth[k] = test[i].STrue[comp]
			noisy[k] = plotter.XY{X: xs[k], Y: test[i].S[comp]}
		}
		// drawEnsemble adds the bands and the mean less off to p and
		// returns the values drawn.
		drawEnsemble := func(p *plot.Plot, off []float64) []float64 {
			sub := func(v []float64) []float64 {
				out := make([]float64, m)
				for k := range v {
					out[k] = v[k] - off[k]
				}
				return out
			}
			lo, hi := sub(st.Min), sub(st.Max)
			p.Add(&fillBand{xs: xs, lo: lo, hi: hi, color: rangeFill})
			if quantiles {
				p.Add(&fillBand{xs: xs, lo: sub(st.Quantiles[0]), hi: sub(st.Quantiles[1]), color: quantFill})
			}
			addFlat(p, line(xyOf(xs, sub(st.Mean)), meanSty))
			return append(lo, hi...)
		}
		label := hyperelastic.Components[comp]

		pt := newPanel(fmt.Sprintf("(%c) %s", 'a'+j, label), "", "")
		pt.Add(trainingSpan(), zeroLine())
		addFlat(pt, points(noisy, noisySty))
		ys := drawEnsemble(pt, make([]float64, m))
		addFlat(pt, line(xyOf(xs, truth), truthSty))
		for k := range noisy {
			ys = append(ys, truth[k], noisy[k].Y)
		}
		y0, y1 := paddedRange(ys, 0.04)
		setRange(&pt.X, x0, x1)
		setRange(&pt.Y, y0, y1)
		top[j] = pt

		pb := newPanel(fmt.Sprintf("(%c) %s − truth", 'a'+len(comps)+j, label), "F₁₁", "")
		pb.Add(trainingSpan())
		ys = drawEnsemble(pb, truth)
		pb.Add(refLine{style: truthSty})
		y0, y1 = paddedRange(append(ys, 0), 0.06)
		setRange(&pb.X, x0, x1)
		setRange(&pb.Y, y0, y1)
		bottom[j] = pb
	}

	leg := newLegend()
	leg.Add(fmt.Sprintf("ensemble (%d particles):", n))
	leg.Add("mean", lineThumb{meanSty})
	leg.Add("min-max", fillThumb{rangeFill})
	if quantiles {
		leg.Add(fmt.Sprintf("%s-%s%% quantiles", num(100*qLo), num(100*qHi)), fillThumb{blend(rangeFill, quantFill)})
	}
	leg.Add("")
	leg.Add("truth", lineThumb{truthSty})
	leg.Add("noisy test data", glyphThumb{bigger(noisySty)})
	leg.Add(fmt.Sprintf("training F₁₁ range 1 ± %s", num(hyperelastic.TrainingDelta)), fillThumb{shadeTrain})
	return &Figure{
		Name:      name,
		Panels:    [][]*plot.Plot{top, bottom},
		RowLabels: []string{"stress", "prediction − truth"},
		Legend:    leg,
		Width:     30 * vg.Centimeter,
		Height:    19 * vg.Centimeter,
	}
}

// W1Curve is the paper's Fig. noisy_pushforwards, one of its panels: the
// push-forward W1 along the test path, the sum over the six stress
// components at each point ([metrics.PushForward].PerPointSum) against
// F₁₁, one line per entry of curves (a noise level, a method), labelled
// with the entry's key. The keys are sorted in natural order, numbers in
// them by value ("5% noise" before "10% noise"), and coloured along
// viridis in that order, dark first. Each curve is smoothed with [metrics.MovingAverage] of width
// smooth (odd; 1 draws the raw curve), as the paper filters the
// high-frequency noise of its curves; the width is stated in the panel's
// title. The F₁₁ range of the training deformations, 1 ± 0.2, is shaded.
// The paper's panel (b) compares methods at one noise level and (a) noise
// levels for one method: [NoisyPushforwards] draws both.
//
// The y axis is linear from 0: W1 is close to 0 near F = I, where the
// truth's stress and its noise vanish, and grows outside the training
// range. The figure reports an error when there are no test points or no
// curves, when a curve has another number of points than test, when a
// value is not finite or when smooth is not a positive odd number.
func W1Curve(test []hyperelastic.Sample, curves map[string]metrics.PushForward, smooth int) *Figure {
	const name = "pushforward_w1"
	series := make([]Labeled, 0, len(curves))
	for k, c := range curves {
		series = append(series, Labeled{Label: k, W1: c})
	}
	sort.Slice(series, func(i, j int) bool { return naturalLess(series[i].Label, series[j].Label) })
	if err := checkW1Path(test, smooth); err != nil {
		return failed(name, err)
	}
	if err := checkW1Curves("curves", series, len(test)); err != nil {
		return failed(name, err)
	}
	leg := newLegend()
	p := w1Panel(w1Title(smooth), test, series, smooth, leg)
	addTrainingRange(leg)
	return &Figure{
		Name:   name,
		Panels: [][]*plot.Plot{{p}},
		Legend: leg,
		Width:  24 * vg.Centimeter,
		Height: 12 * vg.Centimeter,
	}
}

// checkW1Path is the input check of the figures of W1 along the test path
// ([W1Curve], [NoisyPushforwards]) but for the curves: test points, all
// finite, and a positive odd moving-average width.
func checkW1Path(test []hyperelastic.Sample, smooth int) error {
	if len(test) == 0 {
		return errors.New("no test points")
	}
	if smooth < 1 || smooth%2 == 0 {
		return fmt.Errorf("moving-average width %d: need a positive odd number", smooth)
	}
	return finiteSamples("test", test)
}

// checkW1Curves reports an empty series (named what) or a curve that has
// not one finite W1 per test point (n points).
func checkW1Curves(what string, series []Labeled, n int) error {
	if len(series) == 0 {
		return fmt.Errorf("no %s", what)
	}
	for _, s := range series {
		if len(s.W1.PerPointSum) != n {
			return fmt.Errorf("curve %q has %d points, the test path has %d", s.Label, len(s.W1.PerPointSum), n)
		}
		for i, v := range s.W1.PerPointSum {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return fmt.Errorf("curve %q, point %d: W1 = %v", s.Label, i, v)
			}
		}
	}
	return nil
}

// w1Title is the title of a figure of W1 along the test path, stating the
// moving-average width smooth when it is more than 1.
func w1Title(smooth int) string {
	title := "push-forward W₁ along the test path"
	if smooth > 1 {
		title += fmt.Sprintf(" (moving average of %d points)", smooth)
	}
	return title
}

// w1Panel is a panel titled title of the checked series' W1 along the
// test path, each curve the per-point sum smoothed with
// [metrics.MovingAverage] of width smooth, in the order of series and
// coloured along it ([rankColor]), over the shaded training range; the x
// axis spans the path, the y axis runs from 0. It adds one entry per
// curve to leg.
func w1Panel(title string, test []hyperelastic.Sample, series []Labeled, smooth int, leg *plot.Legend) *plot.Plot {
	order := pathOrder(test)
	p := newPanel(title, "F₁₁", "W₁, sum over the 6 components")
	p.Add(trainingSpan())
	var xs, ys []float64
	for r, s := range series {
		raw := make([]float64, len(order))
		for j, i := range order {
			raw[j] = s.W1.PerPointSum[i]
		}
		y := metrics.MovingAverage(raw, smooth)
		xy := make(plotter.XYs, len(order))
		for j, i := range order {
			xy[j] = plotter.XY{X: test[i].F[0], Y: y[j]}
			xs, ys = append(xs, xy[j].X), append(ys, y[j])
		}
		sty := draw.LineStyle{Color: rankColor(r, len(series)), Width: vg.Points(1.8)}
		addFlat(p, line(xy, sty))
		leg.Add(s.Label, lineThumb{sty})
	}
	x0, x1 := paddedRange(xs, 0.02)
	_, y1 := paddedRange(append(ys, 0), 0.05)
	setRange(&p.X, x0, x1)
	setRange(&p.Y, 0, y1)
	return p
}

// naturalLess orders strings by their runs of digits and of other
// characters, digit runs (with a decimal fraction, as in 2.5) by value, a
// number before text, then bytewise to break ties.
func naturalLess(a, b string) bool {
	ta, tb := naturalTokens(a), naturalTokens(b)
	for i := 0; i < len(ta) && i < len(tb); i++ {
		x, y := ta[i], tb[i]
		switch {
		case x.isNum && y.isNum:
			if x.num != y.num {
				return x.num < y.num
			}
		case x.isNum != y.isNum:
			return x.isNum
		case x.text != y.text:
			return x.text < y.text
		}
	}
	if len(ta) != len(tb) {
		return len(ta) < len(tb)
	}
	return a < b
}

type naturalToken struct {
	text  string
	num   float64
	isNum bool
}

func naturalTokens(s string) []naturalToken {
	isDigit := func(c byte) bool { return c >= '0' && c <= '9' }
	var out []naturalToken
	for i := 0; i < len(s); {
		j := i
		if isDigit(s[i]) {
			for j < len(s) && isDigit(s[j]) {
				j++
			}
			if j+1 < len(s) && s[j] == '.' && isDigit(s[j+1]) {
				for j++; j < len(s) && isDigit(s[j]); j++ {
				}
			}
			v, err := strconv.ParseFloat(s[i:j], 64)
			out = append(out, naturalToken{text: s[i:j], num: v, isNum: err == nil})
		} else {
			for j < len(s) && !isDigit(s[j]) {
				j++
			}
			out = append(out, naturalToken{text: s[i:j]})
		}
		i = j
	}
	return out
}

// finiteSamples reports the first sample of set whose F, S or STrue is
// not finite.
func finiteSamples(what string, set []hyperelastic.Sample) error {
	for i, s := range set {
		for _, v := range append(append(s.F[:], s.S[:]...), s.STrue[:]...) {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return fmt.Errorf("%s sample %d holds %v", what, i, v)
			}
		}
	}
	return nil
}

// pathOrder returns the indices of test in increasing F₁₁ (stable), so
// that lines along the path never double back.
func pathOrder(test []hyperelastic.Sample) []int {
	order := make([]int, len(test))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return test[order[a]].F[0] < test[order[b]].F[0] })
	return order
}

// The quantiles of the ensemble's inner band.
const qLo, qHi = 0.05, 0.95

// xyOf pairs xs and ys.
func xyOf(xs, ys []float64) plotter.XYs {
	xy := make(plotter.XYs, len(xs))
	for i := range xy {
		xy[i] = plotter.XY{X: xs[i], Y: ys[i]}
	}
	return xy
}

// line is a polyline through xy in one style.
func line(xy plotter.XYs, sty draw.LineStyle) *plotter.Line {
	l, err := plotter.NewLine(xy)
	if err != nil { // only for NaN or Inf, which callers reject
		panic(fmt.Sprintf("figures: line: %v", err))
	}
	l.LineStyle = sty
	return l
}

// bigger is a glyph style at a legible size for a legend.
func bigger(s draw.GlyphStyle) draw.GlyphStyle {
	s.Radius = vg.Points(2.6)
	return s
}

// blend is the colour of fill b painted over fill a on white.
func blend(a, b color.NRGBA) color.NRGBA {
	over := func(x, y uint8, ay float64) float64 { return float64(x)*(1-ay) + float64(y)*ay }
	aa, ab := float64(a.A)/255, float64(b.A)/255
	mix := func(ca, cb uint8) uint8 {
		under := over(255, ca, aa)
		return uint8(math.Round(under*(1-ab) + float64(cb)*ab))
	}
	return color.NRGBA{R: mix(a.R, b.R), G: mix(a.G, b.G), B: mix(a.B, b.B), A: 255}
}

// zeroLine marks S = 0.
func zeroLine() plot.Plotter {
	return refLine{style: draw.LineStyle{Color: lightGrey, Width: vg.Points(0.75)}}
}

// trainingSpan shades the F₁₁ range of the training deformations.
func trainingSpan() plot.Plotter {
	return xSpan{lo: 1 - hyperelastic.TrainingDelta, hi: 1 + hyperelastic.TrainingDelta, color: shadeTrain}
}

// addTrainingRange adds the shading of [trainingSpan] to leg.
func addTrainingRange(leg *plot.Legend) {
	leg.Add(fmt.Sprintf("training F₁₁ range 1 ± %s", num(hyperelastic.TrainingDelta)), fillThumb{shadeTrain})
}

// xSpan fills the panel's full height between x = lo and x = hi. It has no
// data range: the panel's x range is set by the data.
type xSpan struct {
	lo, hi float64
	color  color.Color
}

// Plot implements plot.Plotter.
func (s xSpan) Plot(c draw.Canvas, p *plot.Plot) {
	trX, _ := p.Transforms(&c)
	x0, x1 := max(trX(s.lo), c.Min.X), min(trX(s.hi), c.Max.X)
	if x1 <= x0 {
		return
	}
	c.FillPolygon(s.color, []vg.Point{{X: x0, Y: c.Min.Y}, {X: x1, Y: c.Min.Y}, {X: x1, Y: c.Max.Y}, {X: x0, Y: c.Max.Y}})
}

// fillBand fills the region between lo and hi over xs (increasing).
type fillBand struct {
	xs, lo, hi []float64
	color      color.Color
}

// Plot implements plot.Plotter.
func (b *fillBand) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	pts := make([]vg.Point, 0, 2*len(b.xs))
	for i, x := range b.xs {
		pts = append(pts, vg.Point{X: trX(x), Y: trY(b.hi[i])})
	}
	for i := len(b.xs) - 1; i >= 0; i-- {
		pts = append(pts, vg.Point{X: trX(b.xs[i]), Y: trY(b.lo[i])})
	}
	if clipped := c.ClipPolygonXY(pts); len(clipped) > 2 {
		c.FillPolygon(b.color, clipped)
	}
}

// DataRange implements plot.DataRanger.
func (b *fillBand) DataRange() (xmin, xmax, ymin, ymax float64) {
	xmin, xmax = slices.Min(b.xs), slices.Max(b.xs)
	return xmin, xmax, slices.Min(b.lo), slices.Max(b.hi)
}

// fillThumb is a legend thumbnail showing a filled box.
type fillThumb struct{ color.Color }

// Thumbnail implements plot.Thumbnailer.
func (t fillThumb) Thumbnail(c *draw.Canvas) {
	r := c.Rectangle
	h := (r.Max.Y - r.Min.Y) * 0.2
	c.FillPolygon(t.Color, []vg.Point{
		{X: r.Min.X, Y: r.Min.Y + h}, {X: r.Max.X, Y: r.Min.Y + h},
		{X: r.Max.X, Y: r.Max.Y - h}, {X: r.Min.X, Y: r.Max.Y - h},
	})
}

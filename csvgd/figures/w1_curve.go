package figures

import (
	"fmt"
	"image/color"
	"sort"
	"strconv"

	"github.com/csvgd/csvgd-go/csvgd/figures/plotkit"
	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"github.com/csvgd/csvgd-go/csvgd/metrics"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// W1Curve is the figure "w1_curve" (notebooks 03 and 04): one panel of
// the paper's Fig. noisy_pushforwards, the push-forward W1 along the test
// path, the sum over the six stress components at each point
// ([metrics.PushForward].PerPointSum) against F₁₁, one line per entry of
// curves (a noise level, a method), labelled with the entry's key. The
// keys are sorted in natural order, numbers in them by value ("5% noise"
// before "10% noise"), and coloured along viridis in that order, dark
// first. Each curve is smoothed with [metrics.MovingAverage] of width
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
	const name = "w1_curve"
	series := make([]Labeled, 0, len(curves))
	for k, c := range curves {
		series = append(series, Labeled{Label: k, W1: c})
	}
	sort.Slice(series, func(i, j int) bool { return naturalLess(series[i].Label, series[j].Label) })
	if err := checkW1Path(test, smooth); err != nil {
		return plotkit.Failed(name, err)
	}
	if err := checkW1Curves("curves", series, len(test)); err != nil {
		return plotkit.Failed(name, err)
	}
	leg := plotkit.NewLegend()
	p := w1Panel(w1Title(smooth), test, series, smooth, leg, plotkit.RankColor)
	return w1Figure(name, p, leg)
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

// The colours of the two methods wherever a figure of Sec. 5.4 sets them
// side by side (Figs. graph_condense_speedup and w1_lines): one colour
// per method throughout a notebook.
var (
	CSVGDColor = plotkit.Viridis(0.15) // with graph condensation
	SVGDColor  = plotkit.Viridis(0.62) // without
)

// W1Line is one curve of [W1Lines]: a label, the push-forward W1 and the
// curve's colour; Reference draws it grey and dotted instead, for a
// yardstick such as the noise-free truth's own W1 (the noise floor,
// [github.com/csvgd/csvgd-go/csvgd/train.NoiseFloor].TruthW1).
type W1Line struct {
	Label     string
	W1        metrics.PushForward
	Color     color.Color
	Reference bool
}

// W1Lines is [W1Curve] with the curves in the given order and colours
// (the figure "w1_curve"): a reference line is drawn grey and dotted,
// smoothed like the others. The checks are W1Curve's, and a curve
// other than a reference without a colour is an error.
func W1Lines(test []hyperelastic.Sample, lines []W1Line, smooth int) *Figure {
	const name = "w1_curve"
	series := make([]Labeled, len(lines))
	for i, l := range lines {
		if l.Color == nil && !l.Reference {
			return plotkit.Failed(name, fmt.Errorf("curve %q has no colour", l.Label))
		}
		series[i] = Labeled{Label: l.Label, W1: l.W1}
	}
	if err := checkW1Path(test, smooth); err != nil {
		return plotkit.Failed(name, err)
	}
	if err := checkW1Curves("curves", series, len(test)); err != nil {
		return plotkit.Failed(name, err)
	}
	leg := plotkit.NewLegend()
	refSty := draw.LineStyle{Color: plotkit.Grey, Width: vg.Points(1.6), Dashes: []vg.Length{vg.Points(1), vg.Points(3)}}
	p := w1PanelStyled(w1Title(smooth), test, series, smooth, leg, func(r int) draw.LineStyle {
		if lines[r].Reference {
			return refSty
		}
		return draw.LineStyle{Color: lines[r].Color, Width: vg.Points(1.8)}
	})
	return w1Figure(name, p, leg)
}

// w1Figure is the one-panel figure of a W1 curve along the test path, its
// legend naming the training range.
func w1Figure(name string, p *plot.Plot, leg *plot.Legend) *Figure {
	addTrainingRange(leg)
	return &Figure{
		Name:   name,
		Panels: [][]*plot.Plot{{p}},
		Legend: leg,
		Width:  24 * vg.Centimeter,
		Height: 12 * vg.Centimeter,
	}
}

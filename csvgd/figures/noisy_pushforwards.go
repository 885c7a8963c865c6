package figures

import (
	"github.com/csvgd/csvgd-go/csvgd/figures/plotkit"
	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
)

// NoisyPushforwards is the paper's Fig. noisy_pushforwards: the
// push-forward W1 along the test path, the sum over the six stress
// components at each point ([metrics.PushForward].PerPointSum) against
// F₁₁, in two panels:
//
//	(a) noise levels: one curve per entry of byNoise (the runs at each
//	    noise level);
//	(b) method comparison: one curve per entry of byMethod (at 10% noise
//	    in the paper: cSVGD, SVGD without condensation, the sequential
//	    sparsify-then-propagate method).
//
// Each curve is smoothed with [metrics.MovingAverage] of width window
// (odd; 1 draws the raw curves), as the paper filters the high-frequency
// noise of its curves; the figure's title states the width. Panel (a)
// colours its curves along viridis in the order given, dark first, panel
// (b) in warm colours that viridis does not hold ([warmColor]), so that
// the shared legend, which lists each panel's curves in order under its
// letter, gives every colour one meaning. The F₁₁
// range of the training deformations, 1 ± 0.2, is shaded; each panel's y
// axis is linear from 0, as in [W1Curve], whose panel this is.
//
// The figure reports an error when there are no test points, or no
// curves for a panel, when a curve has another number of points than
// test, when a value is not finite or when window is not a positive odd
// number.
func NoisyPushforwards(test []hyperelastic.Sample, byNoise, byMethod []Labeled, window int) *Figure {
	const name = "noisy_pushforwards"
	if err := checkW1Path(test, window); err != nil {
		return plotkit.Failed(name, err)
	}
	if err := checkW1Curves("noise levels", byNoise, len(test)); err != nil {
		return plotkit.Failed(name, err)
	}
	if err := checkW1Curves("methods", byMethod, len(test)); err != nil {
		return plotkit.Failed(name, err)
	}
	leg := plotkit.NewLegend()
	leg.Add("(a) noise level:")
	pa := w1Panel("(a) noise levels", test, byNoise, window, leg, plotkit.RankColor)
	leg.Add("")
	leg.Add("(b) method:")
	pb := w1Panel("(b) method comparison", test, byMethod, window, leg, warmColor)
	leg.Add("")
	addTrainingRange(leg)
	return &Figure{
		Name:   name,
		Title:  w1Title(window),
		Panels: [][]*plot.Plot{{pa, pb}},
		Legend: leg,
		Width:  32 * vg.Centimeter,
		Height: 12 * vg.Centimeter,
	}
}

package figures

import (
	"fmt"

	"github.com/csvgd/csvgd-go/csvgd/figures/plotkit"
	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"gonum.org/v1/plot"
)

// trainingSpan shades the F₁₁ range of the training deformations,
// 1 ± [hyperelastic.TrainingDelta], the paper's Delta: a training set
// carries no record of its Delta.
func trainingSpan() plot.Plotter {
	return plotkit.XSpan{Lo: 1 - hyperelastic.TrainingDelta, Hi: 1 + hyperelastic.TrainingDelta, Color: shadeTrain}
}

// addTrainingRange adds the shading of [trainingSpan] to leg.
func addTrainingRange(leg *plot.Legend) {
	leg.Add(fmt.Sprintf("training F₁₁ range 1 ± %s", plotkit.Num(hyperelastic.TrainingDelta)), plotkit.FillThumb(shadeTrain))
}

package figures

import (
	"fmt"

	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"gonum.org/v1/plot"
)

// trainingSpan shades the F₁₁ range of the training deformations,
// 1 ± [hyperelastic.TrainingDelta], the paper's Delta: a training set
// carries no record of its Delta.
func trainingSpan() plot.Plotter {
	return xSpan{lo: 1 - hyperelastic.TrainingDelta, hi: 1 + hyperelastic.TrainingDelta, color: shadeTrain}
}

// addTrainingRange adds the shading of [trainingSpan] to leg.
func addTrainingRange(leg *plot.Legend) {
	leg.Add(fmt.Sprintf("training F₁₁ range 1 ± %s", num(hyperelastic.TrainingDelta)), fillThumb{shadeTrain})
}

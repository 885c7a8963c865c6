package figures

import (
	"image/color"

	"github.com/csvgd/csvgd-go/csvgd/figures/plotkit"
)

// Colours of the Sec. 5 figures.
var (
	colorS11      = plotkit.Viridis(0.12)                      // S11 of the data
	colorS22      = plotkit.Viridis(0.66)                      // S22 = S33 of the data
	colorEnsemble = plotkit.Viridis(0.3)                       // the ensemble's mean and bands
	shadeTrain    = color.RGBA{R: 236, G: 236, B: 236, A: 255} // the training range
	noisyGrey     = color.NRGBA{R: 120, G: 120, B: 120, A: 90} // noisy test stresses behind a band
)

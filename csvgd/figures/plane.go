package figures

import (
	"github.com/csvgd/csvgd-go/csvgd/stein"
	"gonum.org/v1/plot/plotter"
)

// plane returns components i and j of every particle.
func plane(e *stein.Ensemble, i, j int) plotter.XYs {
	xy := make(plotter.XYs, e.N)
	for a := range xy {
		xy[a] = plotter.XY{X: e.Data[a*e.D+i], Y: e.Data[a*e.D+j]}
	}
	return xy
}

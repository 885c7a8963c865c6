package figures

import (
	"math"
	"sort"

	"gonum.org/v1/plot/plotter"
)

// xyOf pairs xs and ys.
func xyOf(xs, ys []float64) plotter.XYs {
	xy := make(plotter.XYs, len(xs))
	for i := range xy {
		xy[i] = plotter.XY{X: xs[i], Y: ys[i]}
	}
	return xy
}

// xsOf and ysOf are the x and y values of xy.
func xsOf(xy plotter.XYs) []float64 {
	v := make([]float64, len(xy))
	for i, p := range xy {
		v[i] = p.X
	}
	return v
}

func ysOf(xy plotter.XYs) []float64 {
	v := make([]float64, len(xy))
	for i, p := range xy {
		v[i] = p.Y
	}
	return v
}

// distinct returns the sorted distinct finite values of vs.
func distinct(vs []float64) []float64 {
	var u []float64
	seen := map[float64]bool{}
	for _, v := range vs {
		if !seen[v] && !math.IsNaN(v) && !math.IsInf(v, 0) {
			seen[v] = true
			u = append(u, v)
		}
	}
	sort.Float64s(u)
	return u
}

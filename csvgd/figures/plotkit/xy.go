package plotkit

import (
	"math"
	"sort"

	"gonum.org/v1/plot/plotter"
)

// XYOf pairs xs and ys.
func XYOf(xs, ys []float64) plotter.XYs {
	xy := make(plotter.XYs, len(xs))
	for i := range xy {
		xy[i] = plotter.XY{X: xs[i], Y: ys[i]}
	}
	return xy
}

// XsOf and YsOf are the x and y values of xy.
func XsOf(xy plotter.XYs) []float64 {
	v := make([]float64, len(xy))
	for i, p := range xy {
		v[i] = p.X
	}
	return v
}

func YsOf(xy plotter.XYs) []float64 {
	v := make([]float64, len(xy))
	for i, p := range xy {
		v[i] = p.Y
	}
	return v
}

// Distinct returns the sorted distinct finite values of vs.
func Distinct(vs []float64) []float64 {
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

package nuts

import (
	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat"
)

// Result is the outcome of [Sample]: the chains and the configuration that
// produced them.
type Result struct {
	Dim    int
	Config Config
	Chains []Chain
}

// Coordinate returns coordinate i of the draws, one row per chain: the
// input of the diagnostics ([RankRHat], [ESSBulk], ...).
func (r *Result) Coordinate(i int) [][]float64 {
	out := make([][]float64, len(r.Chains))
	for k, ch := range r.Chains {
		out[k] = make([]float64, len(ch.Draws))
		for j, x := range ch.Draws {
			out[k][j] = x[i]
		}
	}
	return out
}

// Pooled returns every chain's draws as the rows of one matrix.
func (r *Result) Pooled() *mat.Dense {
	var rows [][]float64
	for _, ch := range r.Chains {
		rows = append(rows, ch.Draws...)
	}
	m := mat.NewDense(len(rows), r.Dim, nil)
	for i, x := range rows {
		m.SetRow(i, x)
	}
	return m
}

// Moments are the mean and covariance (1/(N-1)) of the pooled draws.
func (r *Result) Moments() (mean []float64, cov *mat.SymDense) {
	x := r.Pooled()
	mean = make([]float64, r.Dim)
	for j := range mean {
		mean[j] = stat.Mean(mat.Col(nil, j, x), nil)
	}
	cov = mat.NewSymDense(r.Dim, nil)
	stat.CovarianceMatrix(cov, x, nil)
	return mean, cov
}

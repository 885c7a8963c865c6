package nuts

import (
	"math"
	"slices"

	"gonum.org/v1/gonum/stat"
)

// Summary is the posterior summary of one scalar quantity, as Stan's and
// ArviZ's tables print it.
type Summary struct {
	Mean, SD float64
	MCSE     float64 // Monte Carlo standard error of the mean ([MCSEMean])
	RHat     float64 // [RankRHat]
	ESSBulk  float64 // [ESSBulk]
	ESSTail  float64 // [ESSTail]
}

// Summarize summarises the draws of one quantity, one row per chain.
func Summarize(chains [][]float64) Summary {
	flat := slices.Concat(chains...)
	mean, sd := stat.MeanStdDev(flat, nil)
	return Summary{
		Mean: mean, SD: sd, MCSE: MCSEMean(chains),
		RHat: RankRHat(chains), ESSBulk: ESSBulk(chains), ESSTail: ESSTail(chains),
	}
}

// Summary summarises every coordinate.
func (r *Result) Summary() []Summary {
	out := make([]Summary, r.Dim)
	for i := range out {
		out[i] = Summarize(r.Coordinate(i))
	}
	return out
}

// Worst is the largest R-hat and the smallest bulk and tail ESS over the
// summaries; NaN if any of them is NaN (math.Max and math.Min propagate it).
func Worst(s []Summary) (rhatMax, essBulkMin, essTailMin float64) {
	rhatMax, essBulkMin, essTailMin = math.Inf(-1), math.Inf(1), math.Inf(1)
	for _, x := range s {
		rhatMax = math.Max(rhatMax, x.RHat)
		essBulkMin = math.Min(essBulkMin, x.ESSBulk)
		essTailMin = math.Min(essTailMin, x.ESSTail)
	}
	return rhatMax, essBulkMin, essTailMin
}

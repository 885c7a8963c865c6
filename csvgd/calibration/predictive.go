package calibration

import (
	"fmt"
	"math"
	"slices"

	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"github.com/csvgd/csvgd-go/csvgd/metrics"
)

// PredictiveInterval is the central interval at the given level of the
// posterior predictive of every point and component: the mixture
// 1/N sum_j N(f_j, sigma^2) of the members' predictions f_j = pred[j][m][k]
// with the likelihood's Gaussian noise. Its quantile q solves
// F(y) = 1/N sum_j Phi((y - f_j)/sigma) = q, found by bisection to a
// relative 1e-12 of sigma between min f_j - 10 sigma and max f_j + 10
// sigma, where F is below 1e-23 and above 1 - 1e-23.
func PredictiveInterval(pred hyperelastic.Predictions, sigma, level float64) (Interval, error) {
	if err := checkLevel(level); err != nil {
		return Interval{}, err
	}
	if err := checkPredictions(pred); err != nil {
		return Interval{}, err
	}
	if !(sigma > 0) || math.IsInf(sigma, 0) {
		return Interval{}, fmt.Errorf("calibration: sigma = %v must be finite and > 0", sigma)
	}
	m := pred.Points()
	out := Interval{Lo: make([]hyperelastic.Stress, m), Hi: make([]hyperelastic.Stress, m)}
	lo, hi := metrics.CentralQuantiles(level)
	f := make([]float64, len(pred))
	for i := range m {
		for k := range hyperelastic.NumComponents {
			for j, p := range pred {
				f[j] = p[i][k]
			}
			slices.Sort(f)
			out.Lo[i][k], out.Hi[i][k] = mixtureQuantile(f, sigma, lo), mixtureQuantile(f, sigma, hi)
		}
	}
	return out, nil
}

// mixtureQuantile is the q-quantile of 1/N sum_j N(f_j, sigma^2).
func mixtureQuantile(f []float64, sigma, q float64) float64 {
	lo, hi := slices.Min(f)-10*sigma, slices.Max(f)+10*sigma
	for hi-lo > 1e-12*sigma {
		mid := (lo + hi) / 2
		if mixtureCDF(f, sigma, mid) < q {
			lo = mid
		} else {
			hi = mid
		}
	}
	return (lo + hi) / 2
}

// mixtureCDF is 1/N sum_j Phi((y - f_j)/sigma).
func mixtureCDF(f []float64, sigma, y float64) float64 {
	var s float64
	for _, v := range f {
		s += 0.5 * math.Erfc(-(y-v)/(sigma*math.Sqrt2))
	}
	return s / float64(len(f))
}

package nuts

import (
	"math"
	"math/rand/v2"
	"strings"
)

// gaussian is the log density of N(mean, cov) with cov given by its
// inverse prec (row-major, d x d).
func gaussian(mean, prec []float64) LogDensity {
	d := len(mean)
	return func(x, grad []float64) float64 {
		var lp float64
		for i := range d {
			var g float64
			for j := range d {
				g -= prec[i*d+j] * (x[j] - mean[j])
			}
			grad[i] = g
			lp += 0.5 * (x[i] - mean[i]) * g
		}
		return lp
	}
}

// standardNormal is N(0, I_d).
func standardNormal(d int) LogDensity { return gaussian(make([]float64, d), identity(d)) }

// identity is I_d, row-major.
func identity(d int) []float64 {
	m := make([]float64, d*d)
	for i := range d {
		m[i*d+i] = 1
	}
	return m
}

// ar1 returns m chains of n draws of x_t = rho x_(t-1) + sqrt(1-rho^2) e_t,
// started from the stationary N(0, 1).
func ar1(rng *rand.Rand, m, n int, rho float64) [][]float64 {
	out := make([][]float64, m)
	s := math.Sqrt(1 - rho*rho)
	for k := range out {
		out[k] = make([]float64, n)
		x := rng.NormFloat64()
		for t := range out[k] {
			out[k][t] = x
			x = rho*x + s*rng.NormFloat64()
		}
	}
	return out
}

func newRNG(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, seed^0x5851f42d4c957f2d)) }

func contains(s, sub string) bool { return strings.Contains(s, sub) }

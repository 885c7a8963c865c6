package metrics

import (
	"fmt"
	"math"
	"slices"
)

// GaussianKDE is the Gaussian kernel density estimate of the sample vals
// with bandwidth h, at the points xs:
//
//	f(x) = 1/(n h sqrt(2 pi)) sum_i exp(-((x - v_i)/h)^2 / 2),
//
// which integrates to 1 over the real line. vals and xs are not modified.
// GaussianKDE panics if vals is empty or h is not a positive number.
func GaussianKDE(vals []float64, h float64, xs []float64) []float64 {
	if len(vals) == 0 || !(h > 0) || math.IsInf(h, 0) {
		panic(fmt.Sprintf("metrics: GaussianKDE: %d values, bandwidth %v: want at least 1 value and a positive bandwidth", len(vals), h))
	}
	out := make([]float64, len(xs))
	norm := 1 / (float64(len(vals)) * h * math.Sqrt(2*math.Pi))
	for i, x := range xs {
		s := 0.0
		for _, v := range vals {
			u := (x - v) / h
			s += math.Exp(-u * u / 2)
		}
		out[i] = s * norm
	}
	return out
}

// ReflectedKDE is the Gaussian kernel density estimate of a sample vals
// of a quantity that cannot fall below lower (a constrained weight, w >=
// 0), with the kernel mass that would spill below the bound reflected
// back above it (Schuster 1985):
//
//	f(x) = 1/(n h sqrt(2 pi)) sum_i [exp(-((x - v_i)/h)^2 / 2) + exp(-((x + v_i - 2 lower)/h)^2 / 2)]
//
// for x >= lower and 0 below, which integrates to 1 over [lower, inf)
// when every v_i >= lower, as the plain estimate ([GaussianKDE]) does over
// the real line: the density respects the bound instead of putting mass
// where no value can be. ReflectedKDE panics as GaussianKDE does.
func ReflectedKDE(vals []float64, h, lower float64, xs []float64) []float64 {
	mirror := make([]float64, len(vals))
	for i, v := range vals {
		mirror[i] = 2*lower - v
	}
	f, g := GaussianKDE(vals, h, xs), GaussianKDE(mirror, h, xs)
	for i, x := range xs {
		if x < lower {
			f[i] = 0
		} else {
			f[i] += g[i]
		}
	}
	return f
}

// Silverman is Silverman's rule-of-thumb bandwidth for a Gaussian kernel
// density estimate of the sample vals:
//
//	h = 0.9 min(sd, IQR/1.34) n^(-1/5),
//
// sd the sample standard deviation ([MeanSD]) and IQR the interquartile
// range ([QuantileSorted]); sd alone when the IQR is 0 (ties). It is 0
// when all values are equal. vals is not modified. Silverman panics if
// vals holds fewer than 2 values.
func Silverman(vals []float64) float64 {
	if len(vals) < 2 {
		panic(fmt.Sprintf("metrics: Silverman: %d values, want at least 2", len(vals)))
	}
	_, sd := MeanSD(vals)
	s := slices.Clone(vals)
	slices.Sort(s)
	spread := sd
	if iqr := QuantileSorted(s, 0.75) - QuantileSorted(s, 0.25); iqr > 0 {
		spread = math.Min(sd, iqr/1.34)
	}
	return 0.9 * spread * math.Pow(float64(len(vals)), -0.2)
}

// MeanSD is the mean of vals and their sample standard deviation,
// sqrt(sum (v - mean)^2 / (n - 1)) (NaN for a single value). MeanSD
// panics if vals is empty.
func MeanSD(vals []float64) (mean, sd float64) {
	n := len(vals)
	if n == 0 {
		panic("metrics: MeanSD: no values")
	}
	for _, v := range vals {
		mean += v / float64(n)
	}
	for _, v := range vals {
		sd += (v - mean) * (v - mean)
	}
	return mean, math.Sqrt(sd / float64(n-1))
}

// QuantileSorted is the q-quantile (0 <= q <= 1) of the sorted values v,
// interpolated linearly between order statistics (type 7 of Hyndman and
// Fan, as R's and NumPy's default): with h = q (n-1) and i = floor(h),
// v[i] + (h - i)(v[i+1] - v[i]). QuantileSorted panics if v is empty or q
// is outside [0, 1].
func QuantileSorted(v []float64, q float64) float64 {
	if len(v) == 0 || !(q >= 0 && q <= 1) {
		panic(fmt.Sprintf("metrics: QuantileSorted: %d values, q = %v: want at least 1 value and 0 <= q <= 1", len(v), q))
	}
	h := q * float64(len(v)-1)
	i := int(math.Floor(h))
	if i >= len(v)-1 {
		return v[len(v)-1]
	}
	return v[i] + (h-float64(i))*(v[i+1]-v[i])
}

// The grid of a density curve.
const (
	DensityPoints = 400 // points per density curve
	DensityReach  = 3.0 // the curve reaches this many bandwidths beyond the values
)

// DensityRange is the span of a density curve of the values vals (at
// least one) with bandwidth h: from DensityReach bandwidths below the
// smallest value to as far above the largest.
func DensityRange(vals []float64, h float64) (lo, hi float64) {
	return slices.Min(vals) - DensityReach*h, slices.Max(vals) + DensityReach*h
}

// DensityCurve is the Gaussian kernel density estimate of vals with
// bandwidth h ([GaussianKDE]) on DensityPoints evenly spaced points xs
// ([Linspace]) of [DensityRange]. It panics as GaussianKDE does.
func DensityCurve(vals []float64, h float64) (xs, ys []float64) {
	lo, hi := DensityRange(vals, h)
	xs = Linspace(lo, hi, DensityPoints)
	return xs, GaussianKDE(vals, h, xs)
}

// BoundedDensityCurve is [DensityCurve] for values that cannot fall below
// lower: the reflected estimate ([ReflectedKDE]) on DensityPoints evenly
// spaced points from lower (or from DensityRange's start, when that is
// above it) to DensityRange's end.
func BoundedDensityCurve(vals []float64, h, lower float64) (xs, ys []float64) {
	lo, hi := DensityRange(vals, h)
	xs = Linspace(math.Max(lo, lower), hi, DensityPoints)
	return xs, ReflectedKDE(vals, h, lower, xs)
}

// Linspace is n >= 2 evenly spaced points from lo to hi, both included:
// lo + (hi - lo) i / (n - 1).
func Linspace(lo, hi float64, n int) []float64 {
	v := make([]float64, n)
	for i := range v {
		v[i] = lo + (hi-lo)*float64(i)/float64(n-1)
	}
	return v
}

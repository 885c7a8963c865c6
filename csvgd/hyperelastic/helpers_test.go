package hyperelastic

import (
	"math"
	"math/rand/v2"
)

// randomRotation returns a uniformly random rotation (row-major) from a
// normalised Gaussian quaternion.
func randomRotation(rng *rand.Rand) [9]float64 {
	var q [4]float64
	var n float64
	for i := range q {
		q[i] = rng.NormFloat64()
		n += q[i] * q[i]
	}
	n = math.Sqrt(n)
	w, x, y, z := q[0]/n, q[1]/n, q[2]/n, q[3]/n
	return [9]float64{
		1 - 2*(y*y+z*z), 2 * (x*y - w*z), 2 * (x*z + w*y),
		2 * (x*y + w*z), 1 - 2*(x*x+z*z), 2 * (y*z - w*x),
		2 * (x*z - w*y), 2 * (y*z + w*x), 1 - 2*(x*x+y*y),
	}
}

func matMul(a, b [9]float64) [9]float64 {
	var c [9]float64
	for i := range 3 {
		for j := range 3 {
			for k := range 3 {
				c[3*i+j] += a[3*i+k] * b[3*k+j]
			}
		}
	}
	return c
}

// randomF returns I + H with H's entries uniform on [-delta, delta].
func randomF(rng *rand.Rand, delta float64) [9]float64 {
	var F [9]float64
	for i := range F {
		F[i] = delta * (2*rng.Float64() - 1)
	}
	F[0], F[4], F[8] = F[0]+1, F[4]+1, F[8]+1
	return F
}

// approx reports |got - want| <= tol max(1, |want|).
func approx(got, want, tol float64) bool {
	return math.Abs(got-want) <= tol*math.Max(1, math.Abs(want))
}

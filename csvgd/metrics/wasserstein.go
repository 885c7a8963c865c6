package metrics

import (
	"math"
	"slices"
)

// Wasserstein1 is the exact 1-D Wasserstein-1 distance between the
// empirical distributions of a and b, each sample with equal weights
// (1/len(a) and 1/len(b); the sizes may differ):
//
//	W1 = int |F_a(x) - F_b(x)| dx,
//
// the paper's Sec. 5.3 formula with F the empirical CDFs. Both CDFs are
// step functions, so the integral is computed exactly by a merge of the
// sorted samples: between consecutive jump points x_k < x_{k+1} of either
// sample, F_a = i/n and F_b = j/m are constant and the integrand
// contributes |i m - j n| / (n m) (x_{k+1} - x_k), with the weight
// |i m - j n| an exact integer. The cost is O((n + m) log(n + m)).
//
// a and b are not modified. Wasserstein1 returns NaN when either sample is
// empty or holds a NaN or an infinite value.
func Wasserstein1(a, b []float64) float64 {
	n, m := len(a), len(b)
	if n == 0 || m == 0 || !allFinite(a) || !allFinite(b) {
		return math.NaN()
	}
	sa, sb := slices.Clone(a), slices.Clone(b)
	slices.Sort(sa)
	slices.Sort(sb)
	return wasserstein1Sorted(sa, sb)
}

// wasserstein1Sorted is Wasserstein1 for sorted, finite, non-empty samples.
func wasserstein1Sorted(a, b []float64) float64 {
	n, m := len(a), len(b)
	var (
		i, j int     // points of a and b at or left of x: F_a = i/n, F_b = j/m
		x    float64 // current position
		sum  float64 // sum of |i m - j n| (x_{k+1} - x_k)
	)
	// Start at the leftmost point; both CDFs are 0 to its left.
	x = math.Min(a[0], b[0])
	for i < n || j < m {
		// The next jump point.
		var next float64
		switch {
		case i == n:
			next = b[j]
		case j == m:
			next = a[i]
		default:
			next = math.Min(a[i], b[j])
		}
		if next > x {
			w := int64(i)*int64(m) - int64(j)*int64(n)
			if w < 0 {
				w = -w
			}
			sum += float64(w) * (next - x)
			x = next
		}
		for i < n && a[i] == x {
			i++
		}
		for j < m && b[j] == x {
			j++
		}
	}
	return sum / (float64(n) * float64(m))
}

func allFinite(x []float64) bool {
	for _, v := range x {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return false
		}
	}
	return true
}

package compare

import "math"

// subsampleWeights are the weights w_j, j = 0..R-1, of the expected
// type-7 quantile at u of a subsample of N of R sorted values v_j drawn
// without replacement:
//
//	E[Q_N(u)] = sum_j w_j v_j,
//	w_j = (1 - f) P(X_(k) = v_j) + f P(X_(k+1) = v_j),
//	P(X_(k) = v_j) = C(j, k-1) C(R-1-j, N-k) / C(R, N)   (j 0-based),
//
// with h = (N-1) u, k = floor(h) + 1 and f = h - floor(h) (f = 0 and no
// second term when k = N). The weights sum to 1.
func subsampleWeights(r, n int, u float64) []float64 {
	h := float64(n-1) * u
	k := int(math.Floor(h)) + 1
	f := h - math.Floor(h)
	w := make([]float64, r)
	addOrderStatistic(w, r, n, k, 1-f)
	if k < n && f > 0 {
		addOrderStatistic(w, r, n, k+1, f)
	}
	return w
}

// addOrderStatistic adds c P(X_(k) = v_j) to w[j] for every j.
func addOrderStatistic(w []float64, r, n, k int, c float64) {
	total := logChoose(r, n)
	for j := k - 1; j <= r-1-(n-k); j++ {
		w[j] += c * math.Exp(logChoose(j, k-1)+logChoose(r-1-j, n-k)-total)
	}
}

// logChoose is log C(n, k) for 0 <= k <= n.
func logChoose(n, k int) float64 {
	a, _ := math.Lgamma(float64(n + 1))
	b, _ := math.Lgamma(float64(k + 1))
	c, _ := math.Lgamma(float64(n - k + 1))
	return a - b - c
}

// bandWeights are the weights of the expected width of the central band
// at level of a subsample of N of R draws: those of the upper quantile
// minus those of the lower one.
func bandWeights(r, n int, level float64) []float64 {
	lo, hi := subsampleWeights(r, n, (1-level)/2), subsampleWeights(r, n, (1+level)/2)
	for j := range hi {
		hi[j] -= lo[j]
	}
	return hi
}

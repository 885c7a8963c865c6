package stein

import (
	"errors"
	"math"
)

// DriveResult is what [DriveOnly] leaves: the bandwidth of its last step
// and the ensemble's covariance (divided by N) before and after.
type DriveResult struct {
	Gamma       float64     // gamma of the last step
	Start, End  [][]float64 // covariance of the particles before and after
	StartMean   []float64   // mean of the particles before
	EndMean     []float64   // mean of the particles after
	Iterations  int
	KernelStart float64 // median kernel value between the particles at the first step
	KernelEnd   float64 // and at the last step
}

// DriveOnly moves the particles x in place by iters steps of the first
// term of eq. (stein_grad) alone, the kernel-smoothed score without the
// repulsion,
//
//	theta_a <- theta_a + eps/N sum_b k(theta_b, theta_a) score(theta_b),
//
// with the kernel k of order kernel.Beta at the bandwidth bw.Of(x) of the
// current particles, recomputed at every step ([Bandwidth.Of]).
//
// What the drive does alone depends on the bandwidth. With a fixed gamma
// much wider than the ensemble the kernel is nearly flat: every particle
// receives nearly the same ensemble-averaged score and the ensemble
// translates almost rigidly, its covariance shrinking only at a rate of
// order |theta_a - theta_b|^2 / gamma. With any fixed gamma that
// contraction slows as the ensemble shrinks, since the kernel between the
// particles then tends to 1 (a flat kernel again). With Liu & Wang's
// median rule ([MedianLiuWang]) the bandwidth shrinks with the ensemble,
// so the kernel stays at 1/(N+1) at the median pair however close the
// particles come, and the ensemble keeps contracting onto the mode at a
// rate that does not vanish as they close in: the collapse of an ensemble without repulsion is
// brought about by the median rule, not by the drive alone.
func DriveOnly(x [][]float64, score func([]float64) []float64, bw Bandwidth, kernel Kernel, iters int, eps float64) (DriveResult, error) {
	if len(x) == 0 || len(x[0]) == 0 {
		return DriveResult{}, errors.New("drive only: no particles")
	}
	if iters < 1 || !(eps > 0) {
		return DriveResult{}, errors.New("drive only: need iters >= 1 and eps > 0")
	}
	n, d := len(x), len(x[0])
	r := DriveResult{Iterations: iters}
	r.StartMean, r.Start = hostMoments(x)
	scores := make([][]float64, n)
	step := make([][]float64, n)
	for a := range step {
		step[a] = make([]float64, d)
	}
	for it := range iters {
		gamma := bw.Of(x, kernel)
		if it == 0 {
			r.KernelStart = KernelMedian(x, kernel, gamma)
		}
		if it == iters-1 {
			r.Gamma, r.KernelEnd = gamma, KernelMedian(x, kernel, gamma)
		}
		for b := range x {
			scores[b] = score(x[b])
		}
		for a := range x {
			clear(step[a])
			for b := range x {
				k := math.Exp(-kernel.Distance(x[b], x[a]) / (gamma * kernel.Beta))
				for i := range d {
					step[a][i] += k * scores[b][i] / float64(n)
				}
			}
		}
		for a := range x {
			for i := range d {
				x[a][i] += eps * step[a][i]
			}
		}
	}
	r.EndMean, r.End = hostMoments(x)
	return r, nil
}

// hostMoments are the mean and the covariance (divided by N) of the rows
// of x.
func hostMoments(x [][]float64) (mean []float64, cov [][]float64) {
	d := len(x[0])
	mean = make([]float64, d)
	for _, th := range x {
		for i := range d {
			mean[i] += th[i] / float64(len(x))
		}
	}
	cov = make([][]float64, d)
	for i := range cov {
		cov[i] = make([]float64, d)
		for _, th := range x {
			for j := range d {
				cov[i][j] += (th[i] - mean[i]) * (th[j] - mean[j]) / float64(len(x))
			}
		}
	}
	return mean, cov
}

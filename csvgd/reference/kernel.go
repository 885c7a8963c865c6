package reference

import "math"

// kernel fills the kernel matrix K[b, a] = k(theta_b, theta_a) and the
// repulsion R[a] = sum_b grad_{theta_b} k(theta_b, theta_a) (not yet
// divided by N) of the ensemble x (n particles of d components) for the
// bandwidth gamma, with the formulas of [stein.Kernel.Repulsion]: the
// centred Gram form for the RBF kernel without a mask, the pairwise
// differences of [stein.Kernel.Matrix] otherwise.
func (s *Step) kernel(x []float64, n, d int, gamma float64) {
	if k := s.Config.Kernel; k.Beta == 2 && k.Mask == 0 {
		s.rbf(x, n, d, gamma)
		return
	}
	s.pairwise(x, n, d, gamma)
}

// rbf is the RBF kernel (beta = 2) in the centred Gram form of
// [stein.Kernel.Repulsion]: with x~ = x - mean(x),
//
//	|x_b - x_a|^2 = max(0, |x~_b|^2 + |x~_a|^2 - 2 x~_b . x~_a),
//	K[b, a] = exp(-|x_b - x_a|^2 / (2 gamma)),
//	R[a] = (x~_a sum_b K[b, a] - sum_b K[b, a] x~_b) / gamma.
func (s *Step) rbf(x []float64, n, d int, gamma float64) {
	xc := s.xc
	mean := s.rep[:d] // scratch: rep is overwritten below
	clear(mean)
	for a := 0; a < n; a++ {
		for i, v := range x[a*d : (a+1)*d] {
			mean[i] += v
		}
	}
	for i := range mean {
		mean[i] /= float64(n)
	}
	for a := 0; a < n; a++ {
		row, c := x[a*d:(a+1)*d], xc[a*d:(a+1)*d]
		var sq float64
		for i, v := range row {
			c[i] = v - mean[i]
			sq += c[i] * c[i]
		}
		s.sq[a] = sq
	}
	twoGamma := 2 * gamma
	s.parallel(n, func(_, lo, hi int) {
		for a := lo; a < hi; a++ {
			ca := xc[a*d : (a+1)*d]
			for b := 0; b < n; b++ {
				var gram float64
				for i, v := range xc[b*d : (b+1)*d] {
					gram += v * ca[i]
				}
				d2 := max(s.sq[b]+s.sq[a]-2*gram, 0)
				s.kmat[b*n+a] = math.Exp(-(d2 / twoGamma))
			}
		}
	})
	s.parallel(n, func(_, lo, hi int) {
		for a := lo; a < hi; a++ {
			r := s.rep[a*d : (a+1)*d]
			clear(r)
			var colsum float64
			for b := 0; b < n; b++ {
				k := s.kmat[b*n+a]
				colsum += k
				for i, v := range xc[b*d : (b+1)*d] {
					r[i] += k * v
				}
			}
			for i, v := range xc[a*d : (a+1)*d] {
				r[i] = (v*colsum - r[i]) / gamma
			}
		}
	})
}

// pairwise is the kernel of [stein.Kernel.Matrix] for any beta and the
// axis mask, from the pairwise differences d = x_b - x_a:
//
//	K[b, a] = exp(-sum_i |d_i|^beta / (gamma beta)),
//	R[a] = sum_b -(|d_i|^(beta-1) sign(d_i) / gamma) K[b, a],
//
// with |d_i|^(beta-1) sign(d_i) = 0 where d_i = 0, and component i of a
// term zeroed where |x_b,i| or |x_a,i| is below the mask threshold.
func (s *Step) pairwise(x []float64, n, d int, gamma float64) {
	k := s.Config.Kernel
	beta, mask := k.Beta, k.Mask
	s.parallel(n, func(w, lo, hi int) {
		pw := s.work[w].pw
		for a := lo; a < hi; a++ {
			xa, r := x[a*d:(a+1)*d], s.rep[a*d:(a+1)*d]
			clear(r)
			for b := 0; b < n; b++ {
				xb := x[b*d : (b+1)*d]
				var dist float64
				for i, v := range xb {
					diff := v - xa[i]
					switch beta {
					case 2:
						pw[i] = diff * diff
					case 1:
						pw[i] = math.Abs(diff)
					default:
						pw[i] = 0
						if diff != 0 {
							pw[i] = math.Pow(math.Abs(diff), beta)
						}
					}
					dist += pw[i]
				}
				kv := math.Exp(-(dist / (gamma * beta)))
				s.kmat[b*n+a] = kv
				for i, v := range xb {
					if mask > 0 && (math.Abs(v) < mask || math.Abs(xa[i]) < mask) {
						continue
					}
					diff := v - xa[i]
					var slope float64
					switch {
					case beta == 2:
						slope = diff
					case diff == 0:
					case beta == 1:
						slope = math.Copysign(1, diff)
					default:
						slope = math.Copysign(pw[i]/math.Abs(diff), diff) // |d|^(beta-1) sign(d)
					}
					r[i] -= slope / gamma * kv
				}
			}
		}
	})
}

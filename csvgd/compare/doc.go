// Package compare measures how much of a reference posterior a Stein
// ensemble holds: the widths of its push-forward bands against those of
// reference draws (NUTS on the same template and prior), with the
// Wasserstein distance between the two push-forwards, each with a
// bootstrap interval.
//
// # Like with like
//
// The central band of N values at level L is [Q((1-L)/2), Q((1+L)/2)] of
// the type-7 (linearly interpolated) empirical quantile Q. Its width is a
// biased estimate of the distribution's: for N independent normal draws
// the 90% band is on average 0.785, 0.873, 0.945 and 0.970 of the true
// width at N = 10, 20, 50 and 100. A Stein ensemble of N particles set
// against thousands of reference draws would look narrow for that reason
// alone. So the ratio that counts compares the ensemble with reference
// ensembles of its own size: with W_S(e) the Stein band's width at entry
// e (a non-zero stress component at a test point inside the training
// range) and E_N[W_R(e)] the mean width of the band of N reference draws
// over every subsample of N of the R draws,
//
//	band_ratio = sum_e W_S(e) / sum_e E_N[W_R(e)].
//
// If the Stein particles were N independent posterior draws, its expected
// value would be about 1 at every N. The mean over subsamples is exact,
// not sampled: for a subsample of N of R sorted values v_(1..R), drawn
// without replacement, the k-th smallest is v_(j) with probability
//
//	P(X_(k) = v_(j)) = C(j-1, k-1) C(R-j, N-k) / C(R, N),
//
// so the expected type-7 quantile at u, h = (N-1)u, k = floor(h) + 1, is
// sum_j [(1 - h + floor h) P(X_(k) = v_(j)) + (h - floor h) P(X_(k+1) = v_(j))] v_(j).
// The ratio against the band of all R draws (band_ratio_all) is reported
// beside it: it mixes the ensemble's spread with the small-sample bias.
//
// # The distance
//
// w1_in_range is the 1-D Wasserstein-1 distance between the Stein
// particles' and the draws' values, summed over the six stress components
// and the test points inside the training range, |d| <= 0.2 (as the
// paper's push-forward W1, eq. (pushforward), but to the reference draws
// instead of the noisy truth); w1_central90_in_range is the same between
// the central 90% of both, int_0.05^0.95 |Q_S(u) - Q_R(u)| du with the
// step quantile functions, which a few extreme draws do not dominate.
//
// # Intervals
//
// Every number comes with a 90% interval from the bootstrap: B replicates
// (Options.Bootstrap) each resample the N Stein particles and the R draws
// with replacement, whole members at a time (a member's predictions at
// all points stay together), and recompute the number the same way. A
// band of resampled values is narrower than the band of the values it was
// resampled from (ties), so the plain percentile interval would sit too
// low; the interval is the bias-corrected percentile interval (Efron
// 1982): with z0 = Phi^-1(share of replicates below the estimate), the
// quantiles Phi(2 z0 -+ 1.645) of the replicates. The interval covers the
// sampling error of the members at hand: that of the Stein ensemble as N
// draws from the spread it represents, and the Monte Carlo error of the
// reference draws (thinned, so nearly independent). It does not cover
// the variation from one Stein run to another beyond that: compare runs
// of several seeds for it. Each replicate draws from a PCG stream of
// (Options.Seed, replicate), so the intervals do not depend on
// Options.Workers.
//
// # Clipping
//
// [Ensembles] also counts the constrained weights (W_1 .. W_L, kept >= 0)
// that sit at 0: the Stein flow keeps them non-negative by clipping (a
// projection after each step), which piles particles up exactly at 0,
// while the reference sampler reflects at 0 and has a share of draws near
// 0 (below the prior's smoothing s, the condensation threshold 1e-3).
//
// # References
//
//   - B. Efron (1982). The jackknife, the bootstrap and other resampling
//     plans. SIAM, ch. 10.
//   - R. J. Hyndman, Y. Fan (1996). Sample quantiles in statistical
//     packages. The American Statistician 50(4), 361-365 (type 7).
package compare

// Package compare measures how much of a reference posterior a Stein
// ensemble holds: the widths of its push-forward bands against those of
// reference draws of the same size (NUTS on the same template and
// prior), with the Wasserstein distance between the two push-forwards,
// each with a 90% interval from resampling.
//
// # Like with like
//
// The central band of N values at level L is [Q((1-L)/2), Q((1+L)/2)] of
// the type-7 (linearly interpolated) empirical quantile Q. Its width is a
// biased estimate of the distribution's: for N independent normal draws
// the 90% band is on average about 0.788, 0.870, 0.945 and 0.970 of the
// true width at N = 10, 20, 50 and 100 (notebook 08 estimates them by
// simulation). A Stein ensemble of N particles set
// against a thousand reference draws would look narrow for that reason
// alone. So the ratio that counts compares the ensemble with reference
// ensembles of its own size. With W_S the Stein band's width summed over
// the entries (the non-zero stress components at the test points inside
// the training range, |d| <= 0.2) and W_N(b) the same for a stand-in
// ensemble b of N of the R reference draws, picked without replacement,
//
//	band_ratio = W_S / median_b W_N(b),
//
// over B = Options.Bootstrap stand-ins: the Stein band over that of a
// typical set of N posterior draws. If the Stein particles were N
// independent posterior draws, its median would be 1 at every N. The
// median, not the mean, because a posterior of a network can have draws
// that predict extreme stresses between the training points: a stand-in
// that happens to hold one has a band many times as wide, and a mean over
// stand-ins would measure how often that happens. The ratio against the
// band of all R draws (band_ratio_all) is reported beside it: it mixes the
// ensemble's spread with the small-sample bias.
//
// # Intervals
//
// The band ratios' 90% intervals come from the stand-ins: if the Stein
// band is rho times that of N posterior draws, log(W_S / (rho median W_N))
// is distributed like log(W_N(b) / median W_N), whose spread s is taken
// as the interquartile range of the log W_N(b) over 1.349 (the standard
// deviation of a normal distribution of that range), so that rho lies in
// band_ratio exp(-+1.645 s). The interquartile range, not the 5% and 95%
// quantiles: the stand-ins that hold an extreme draw have bands many
// times as wide, and as long as they are fewer than one in four they do
// not widen the interval. This takes the Stein ensemble's sampling error
// as that of N posterior draws, scaled by rho; whether Stein particles,
// which repel each other, vary less than that is not measured here. It
// does not cover the variation from
// one Stein run to another beyond that: compare runs of several seeds
// for it.
//
// # The distance
//
// w1_in_range is the 1-D Wasserstein-1 distance between the Stein
// particles' and the draws' values, summed over the entries (as the
// paper's push-forward W1, eq. (pushforward), but to the reference draws
// instead of the noisy truth); a few extreme draws dominate it.
// w1_central90_in_range is the same between the central 90% of both,
// int_0.05^0.95 |Q_S(u) - Q_R(u)| du with the step quantile functions,
// which they do not. Their 90% intervals are bias-corrected percentile
// intervals (Efron 1982) of B bootstrap replicates, each resampling the N
// particles and the R draws with replacement, whole members at a time (a
// member's predictions at all points stay together): with z0 =
// Phi^-1(share of replicates below the estimate), the replicates'
// quantiles at Phi(2 z0 -+ 1.645). The resampling takes the members as
// independent: for autocorrelated sampler draws the intervals are too
// narrow by as much as the draws' autocorrelation, which they leave out.
//
// Every stand-in and every replicate draws from a PCG stream of its own
// (nuts.ChainSeed of Options.Seed and its index), so the results do not
// depend on Options.Workers.
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
//   - D. N. Politis, J. P. Romano, M. Wolf (1999). Subsampling. Springer.
//   - R. J. Hyndman, Y. Fan (1996). Sample quantiles in statistical
//     packages. The American Statistician 50(4), 361-365 (type 7).
package compare

// Package metrics holds the measures of the paper's Secs. 5.3-5.5 for a
// Stein ensemble of networks, in plain Go: they work on host-side slices
// and need no compiled graph.
//
//   - [Wasserstein1]: the exact 1-D Wasserstein-1 distance between two
//     empirical distributions, W1 = int |F_a(x) - F_b(x)| dx.
//   - [PushForwardW1]: the push-forward W1 of Sec. 5.3 (docs/reading.md section
//     13): at each test point and stress component, W1 between the
//     ensemble's predictions and a reference sample of the noisy truth;
//     the curve over the test points and its sum.
//   - [TrimmedWasserstein1]: W1 between the central parts of two samples,
//     in quantile form, which a few extreme values do not dominate.
//   - [Distances]: the inter-particle distance matrix of eq. (distances);
//     [MeanDistance], the mean over the pairs.
//   - [ActiveWeights]: the count of weights with |w| >= threshold (and
//     w != 0) per particle (the paper's threshold is 1e-3,
//     [github.com/csvgd/csvgd-go/csvgd/condense.PaperThreshold]).
//   - [MovingAverage]: the centred moving average the paper applies to its
//     W1-over-F11 curves (Fig. noisy_pushforwards).
//   - [GaussianKDE], [Silverman], [MeanSD], [QuantileSorted],
//     [DensityCurve]: the kernel density estimates of Fig.
//     weight_distributions and of the weight explorer, with Silverman's
//     rule-of-thumb bandwidth; [ReflectedKDE] and [BoundedDensityCurve]
//     for a quantity bounded below (a constrained weight), its kernel mass
//     reflected at the bound.
//   - [WeightDensities], [OmitDensity], [DensityBandwidth]: the densities
//     of a weight matrix's entries across the particles, with the figure's
//     floored bandwidth and its rule that omits narrow zero-centred
//     distributions.
//   - [Modes], [Modality], [NormalUnimodalRate]: the modes of those
//     densities, the share of unimodal entries per weight matrix (the
//     paper's remark on Fig. weight_distributions, the alignment study's
//     table) and its yardstick on normal samples.
//   - [EnsembleBand]: an ensemble's min, max, mean and quantiles of one
//     stress component along the test path, the one computation of its
//     bands (the teaching figure's, and calibration's push-forward band,
//     the central band at level L: the quantiles [CentralQuantiles],
//     (1-L)/2 and (1+L)/2).
//   - [MeanSE], [Wilson]: the mean ± standard error over the splits of
//     the regression benchmark, and the Wilson score interval of a
//     binomial proportion (its coverages, pooled over the splits).
//   - [MidRanks], [Spearman], [SpearmanExact]: ranks with ties at their
//     mid-ranks, Spearman's rank correlation and its exact two-sided
//     permutation p-value (the benchmark's trend of cSVGD's cost with the
//     data set's size).
//   - [MeanRelativeError]: the relative RMS error of the ensemble-mean
//     stress against the truth, the accuracy beside the push-forward W1.
package metrics

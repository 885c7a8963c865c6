// Package exact samples the posterior of a network's template, the
// density a Stein ensemble is meant to represent, so that the ensemble's
// spread can be checked against it. Draws are a reference only where
// independent runs, with other seeds and starting points of two kinds,
// agree on what is reported ([Agree]). Stan's criteria ([Report.Misses])
// judge each run on its own (its chains' R-hat, ESS, divergences and
// E-BFMI); they are reported
// beside every run, and the agreement does not require them (chains that
// agree can all miss part of a posterior, and runs that miss a criterion
// can still agree in function space).
//
// # The posterior
//
// A cSVGD stage runs on a template, the layer widths its particles share;
// the condensation after the last stage shrinks it once more, to a
// template the flow never ran on. The posterior to compare an ensemble
// with is that of the template and prior the flow last ran on
// ([Posterior]), with the particles of the last stage before its
// condensation (train.Config.KeepLastStage):
//
//	log p(theta | D) = -w sum_{m,k} (S_mk(theta) - S^data_mk)^2 - c sum_i (theta_i^2 + s^2)^(alpha/2) + const,
//
// on W_1, ..., W_L >= 0 (every layer but the first, docs/reading.md section
// 8): the Gaussian stress likelihood with w = 1/(2 sigma^2 M), the mean
// over the M training points (docs/reading.md section 9), and the alpha
// prior with the smoothing s the flow differentiates (docs/reading.md
// section 2) and the coefficient c of its form at the last stage's lambda
// (stein.Prior.Penalty: c = lambda in the penalty form the comparisons
// use). [Settings] carry sigma, the
// likelihood's form and the prior, from a run ([SettingsOf]) or from a saved
// ensemble's meta ([FileSettings]). The log density and its gradient are
// computed on the host in float64 by [reference.Likelihood], the
// hand-written second-order score of package reference, and a one-pass
// smoothed prior.
//
// # Sampling
//
// [Sample] runs Config.Sampler: the No-U-Turn sampler of package nuts
// ([NUTSSampler], the default), or many chains as one batch with ChEES
// trajectory lengths, package hmc ([CHEESSampler]). Config.Starts says
// where the chains start: at Stein particles spread over the ensemble
// ([SteinStarts]: chain k at particle floor(k N / C), the last
// Config.Overdispersed of them at perturbed particles, [Perturb]), or at
// random initialisations of the template as training draws them, each
// optimised on the posterior by Adam ([InitStarts], [Optimize]): points
// that owe nothing to the Stein run. (Draws of the prior itself are no
// start: at alpha = 1/2 a weight's prior scale is in the thousands, and a
// prior network's stresses are expected to miss the data by far; at
// alpha = 1 and 2 the prior is narrower. How far a prior network misses
// is not measured.) The constraint W >= 0 is kept exactly by reflection in
// the leapfrog's position update (nuts.Config.NonNegative): a weight whose
// drift would cross 0 bounces back with its momentum reversed, a
// reversible, volume-preserving map, so the sampler remains exact for the
// density restricted to W >= 0 and no draw has a negative constrained
// weight. Every random draw derives from Config.Seed, and the draws do not
// depend on how many chains run at once. A draw that is not finite is an
// error, not a result.
//
// The trajectories move in the weights by default; Config.Coordinates
// moves them in phi with theta_i = g_i(phi_i), the Jacobian in the density
// and the draws mapped back to the weights: [PriorNormalCoordinates], each
// weight's prior quantile transform onto a standard normal
// ([PriorNormal]), or [LogScaleCoordinates], exp for the constrained
// layers and sinh for W_0 ([LogScale]). They were tried on the template
// of the smallest ensemble (docs/exact-posterior.md, "What was tried",
// which claims no result of those trials); the comparisons sample in the
// weights.
//
// # Agreement
//
// [Agree] measures whether runs on one template ([RunDraws], chain by
// chain) agree on the push-forward: each run's in-range 90% and 50% band
// widths with block bootstrap standard errors, their pooled values with
// 90% intervals, nested R-hat over the runs as superchains
// ([nuts.NestedRHat], Margossian et al. 2024) and R-hat within each, the
// shift of the watched quantities' quantiles, and the verdict [Agrees] or
// [Unresolved] under [Criteria]: every run's band widths within 10% of the
// pooled ones, nested R-hat at most 1.01, at least two runs starting from
// two kinds of points. Only the pooled draws of runs that agree are a
// reference to set a Stein ensemble against.
//
// # Diagnostics
//
// [Report] gives R-hat and the bulk and tail ESS of the push-forward (the
// stresses of [StressWatch] at [WatchPoints] inside the training range),
// which decide convergence for a network, beside those of the weights and
// of the log density, the divergences (a transition whose energy error
// H - H0 exceeded 1000 anywhere along its trajectory), E-BFMI per chain,
// the transitions at the depth limit, the acceptance rate and the cost;
// [Report.Misses] names each of Stan's criteria a run misses. Where the
// log density's R-hat stays above 1.01, the report describes what keeps
// moving (the drift of the log prior and of the log-likelihood from the
// first to the second half of the chains) and the push-forward's band
// widths over the two halves, without a test against their Monte Carlo
// error: it does not say whether the bands depend on what keeps moving.
// [Thin] keeps an evenly spread subset of the draws, which [HostPredict]
// turns into stresses and which can be saved as an ensemble file.
package exact

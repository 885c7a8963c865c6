// Package stein is the Stein core of the paper's Sec. 3: Stein variational
// gradient descent (SVGD, Liu & Wang 2016) with a sparsifying prior.
//
// An ensemble of N particles theta_1..theta_N (an [N, D] tensor) moves along
//
//	phi(theta_a) = 1/N sum_b [ k(theta_b, theta_a) (grad log p(D|theta_b) + grad log p(theta_b))
//	                           + grad_{theta_b} k(theta_b, theta_a) ]          eq. (stein_grad)
//
// whose three terms are (a) a kernel-smoothed data fit, (b) a sparsifying
// force from the prior and (c) a repulsion that keeps the particles apart
// ([Forces]). The pieces:
//
//   - [Prior]: the alpha-exponential family exp(-lambda |theta|^alpha) of
//     eqs. (prior_family) and (log_post), or, as an option ([PriorForm]),
//     the normalised generalised normal of eq. (sparprior), variance
//     1/lambda^2; the score is smoothed to be finite at 0, and a
//     particle's last [Prior].Hyper components (a model's hyper-parameters)
//     are left out.
//   - [Kernel]: the beta-exponential kernel exp(-|a-b|^beta / (gamma beta)),
//     its gradient and the optional axis mask of Sec. 4.
//   - [Bandwidth]: a fixed gamma, Liu & Wang's median rule (over the
//     distinct pairs; over the N x N matrix as their code takes it, for
//     ablation) or the paper's Sec. 5.4 rule, recomputed every iteration
//     when adaptive.
//   - [Optimizer]: plain steps ([SGD]), Liu & Wang's Adagrad with momentum
//     ([AdagradMomentum]; decay 0.9, or 0 for their first code's reset,
//     [AdagradResetName]) and [Adam].
//   - [Flow]: one compiled GoMLX graph per step for all particles — the
//     data score by autodiff of the log-likelihood ([NewFlow]) or given in
//     closed form ([NewFlowScore]) or estimated from a mini-batch chosen
//     by the iteration count ([NewFlowBatch]), kernel matrix, phi, optimizer update, a
//     finiteness check and the pairwise distances the next step's kernel and
//     bandwidth use — with no loop over particles on the host; the particles
//     stay on the device between steps until something reads them. A step
//     that meets NaN or Inf names the first non-finite quantity
//     ([NonFiniteError]); a graph execution that stalls ends, after the
//     flow's watchdog, in an error wrapping [ErrStalled] instead of a hang.
//   - [KSD] (beyond the paper): the kernel Stein discrepancy with the
//     inverse multiquadric kernel [IMQ] (c = 1, beta = -1/2), a convergence
//     diagnostic from the particles and their scores alone;
//     [Flow.PosteriorScore] and [Flow.KSD] give it for a flow's posterior at
//     its current lambda. [KernelMedian] and [KernelGroups] say how much
//     the particles still interact through the kernel.
//   - [Settings]: the prior, kernel, bandwidth, optimizer, ensemble size,
//     budget and seed that every flow of the project is configured by
//     (embedded in mvn.Config and train.Config).
//   - [PriorField]: the Stein direction and pseudopotential of one moving
//     particle among fixed ones without data (eq. prior_grad), on the host,
//     for the figures of the field.
//
// Setting lambda = 0 gives the plain Stein flow; a very wide kernel
// (gamma -> inf) with lambda = 0 turns it into gradient ascent on the
// log-likelihood of the ensemble mean (tested).
package stein

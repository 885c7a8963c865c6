package stein

import (
	. "github.com/gomlx/gomlx/core/graph" //nolint:revive // GoMLX graph DSL.
)

// LogLikelihood builds, for an ensemble theta of shape [N, D], the
// log-likelihood of every particle, shape [N]. Its gradient with respect to
// theta (taken by GoMLX's autodiff) is the data part of the score.
// A nil LogLikelihood means "no data": only prior and kernel act.
type LogLikelihood func(theta *Node) *Node

// Score builds, for an ensemble theta of shape [N, D], the data part of
// the score of every particle, grad_theta log p(D | theta), shape [N, D].
// A model whose gradient autodiff computes wastefully can give it in
// closed form (icnn's likelihood does); [LogLikelihood.Score] is the
// autodiff one. A nil Score means "no data".
type Score func(theta *Node) *Node

// Score is the gradient of the log-likelihood by GoMLX's autodiff (nil
// for a nil LogLikelihood).
func (like LogLikelihood) Score() Score {
	if like == nil {
		return nil
	}
	return func(theta *Node) *Node { return Gradient(ReduceAllSum(like(theta)), theta)[0] }
}

// Forces are the three terms of the Stein direction, eq. (stein_grad), for
// every particle a (each of shape [N, D]):
//
//	Likelihood[a] = 1/N sum_b k(theta_b, theta_a) grad log p(D | theta_b)   (a) data fit
//	Prior[a]      = 1/N sum_b k(theta_b, theta_a) grad log p(theta_b)        (b) sparsification
//	Repulsion[a]  = 1/N sum_b grad_{theta_b} k(theta_b, theta_a)             (c) repulsion
//
// phi = Likelihood + Prior + Repulsion.
type Forces struct {
	Likelihood, Prior, Repulsion *Node
}

// Phi is the Stein direction phi = (a) + (b) + (c).
func (f Forces) Phi() *Node { return Add(Add(f.Likelihood, f.Prior), f.Repulsion) }

// Direction builds the three forces of eq. (stein_grad) for the ensemble
// theta [N, D] in one graph: gamma (bandwidth) and lambda (prior multiplier)
// are scalar nodes of theta's dtype.
func Direction(theta, gamma, lambda *Node, like LogLikelihood, prior Prior, kernel Kernel) Forces {
	return directionTerms(theta, kernel.Distances(theta), gamma, lambda, like.Score(), prior, kernel).forces
}

// terms are the forces together with the raw quantities they are made of,
// which the diagnosis graph checks for NaN and Inf one by one so that an
// error can say which of them went bad first.
type terms struct {
	forces Forces
	scoreL *Node // likelihood gradient, [N, D]
	scoreP *Node // prior score, [N, D]
	kmat   *Node // kernel matrix, [N, N]
}

// directionTerms builds the forces of [Direction] from the particles theta
// and their distances dist ([Kernel.Distances]), and keeps the scores and
// the kernel matrix they are made of.
func directionTerms(theta, dist, gamma, lambda *Node, score Score, prior Prior, kernel Kernel) terms {
	n := float64(theta.Shape().Dimensions[0])
	kmat, rep := kernel.repulsion(theta, dist, gamma)
	smooth := func(score *Node) *Node { // 1/N sum_b k(theta_b, theta_a) score_b
		return DivScalar(Einsum("ba,bd->ad", kmat, score), n)
	}
	scoreL := ZerosLike(theta)
	if score != nil {
		scoreL = score(theta)
	}
	scoreP := prior.Score(theta, lambda)
	return terms{
		forces: Forces{
			Likelihood: smooth(scoreL),
			Prior:      smooth(scoreP),
			Repulsion:  DivScalar(rep, n),
		},
		scoreL: scoreL, scoreP: scoreP, kmat: kmat,
	}
}

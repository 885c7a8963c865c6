package exact

import (
	"fmt"
	"math"

	"github.com/csvgd/csvgd-go/csvgd/hmc"
	"github.com/csvgd/csvgd-go/csvgd/stein"
	"github.com/gomlx/compute"
	. "github.com/gomlx/gomlx/core/graph" //nolint:revive // GoMLX graph DSL.
	"github.com/gomlx/gomlx/core/tensors"
)

// GraphDensity is the posterior post as a batched density of package hmc
// that evaluates the log-likelihood and its gradient of all chains in one
// call of the ensembled graph of package icnn ([icnn.Arch.Score], the
// chains on the particle axis), in float64 on the backend be, and adds
// the smoothed prior on the host: one graph call per leapfrog step,
// whatever the number of chains. On a CPU the host evaluation
// ([hmc.Parallel] of [Posterior.LogDensity]) is the faster one; on an
// accelerator the batch costs about what one chain costs.
func GraphDensity(be compute.Backend, post *Posterior) (hmc.BatchDensity, error) {
	w := post.Like.Weight
	if !(w > 0) {
		return nil, fmt.Errorf("exact: graph density: likelihood weight %v must be > 0", w)
	}
	sigma := math.Sqrt(0.5 / w) // the scale of icnn's likelihood of weight w
	like, score := post.Arch.LogLikelihood(post.Batch, sigma), post.Arch.Score(post.Batch, sigma)
	exec, err := NewExec(be, func(theta *Node) (*Node, *Node) { return like(theta), score(theta) })
	if err != nil {
		return nil, fmt.Errorf("exact: building the density graph: %w", err)
	}
	return &graphDensity{post: post, exec: exec}, nil
}

type graphDensity struct {
	post *Posterior
	exec *Exec
}

// Eval evaluates every chain (the graph's batch is all of them); the
// entries of inactive chains are left alone.
func (g *graphDensity) Eval(x, grad [][]float64, lp []float64, active []bool) {
	n, d := len(x), g.post.Dim()
	theta := stein.NewEnsemble(n, d)
	for k, v := range x {
		copy(theta.Particle(k), v)
	}
	ll, sc, err := g.run(theta)
	for k := range x {
		if active != nil && !active[k] {
			continue
		}
		if err != nil {
			lp[k] = math.NaN() // the sampler takes it for a point outside the support and stops the trajectory
			continue
		}
		copy(grad[k], sc[k*d:(k+1)*d])
		lp[k] = ll[k]
		if g.post.Prior.Lambda != 0 {
			lp[k] += smoothedPrior(g.post.Prior, x[k], grad[k])
		}
	}
}

// run executes the graph on theta and returns the log-likelihoods and the
// scores, flat.
func (g *graphDensity) run(theta *stein.Ensemble) (ll, score []float64, err error) {
	out, err := g.exec.Exec(theta.Tensor())
	if err != nil {
		return nil, nil, err
	}
	defer func() {
		for _, t := range out {
			_ = t.FinalizeAll()
		}
	}()
	if ll, err = tensors.CopyFlatData[float64](out[0]); err != nil {
		return nil, nil, err
	}
	score, err = tensors.CopyFlatData[float64](out[1])
	return ll, score, err
}

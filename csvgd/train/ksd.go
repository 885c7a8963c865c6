package train

import (
	"slices"

	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/stein"
)

// ksd is the kernel Stein discrepancy (stein.KSD, IMQ kernel c = 1,
// beta = -1/2) of the particles to the posterior of the current stage:
// the score is the data score plus the prior score at the stage's lambda,
// what the stage's Stein steps follow. It is computed with a flow of the
// network the run's graphs are compiled for, kept for the purpose (its
// score graph compiles once per template, or once with fixed shapes, where
// the score is taken on the embedded particles and then lowered to the
// template's weights).
func (r *run) ksd() (float64, error) {
	f, emb, err := r.ksdFlowFor()
	if err != nil {
		return 0, err
	}
	f.Lambda = r.sched.Lambda
	if emb.Identity() {
		return f.KSD(r.x)
	}
	s, err := f.PosteriorScore(emb.Embed(r.x))
	if err != nil {
		return 0, err
	}
	return stein.KSD(r.x.Rows(), emb.Lower(s).Rows(), stein.DefaultIMQ())
}

// ksdFlowFor is the flow that scores the posterior for the KSD of the
// current template, made once per network the graphs are compiled for,
// and the template's embedding in that network.
func (r *run) ksdFlowFor() (*stein.Flow, icnn.Embedding, error) {
	wide, emb, err := r.graphArch(r.res.Arch)
	if err != nil {
		return nil, emb, err
	}
	if r.ksdFlow == nil || !slices.Equal(r.ksdArch, wide.Widths) {
		f, err := r.problem(wide).Flow(r.b)
		if err != nil {
			return nil, emb, err
		}
		r.ksdFlow, r.ksdArch = f, slices.Clone(wide.Widths)
		r.opt.built("ksd")
	}
	return r.ksdFlow, emb, nil
}

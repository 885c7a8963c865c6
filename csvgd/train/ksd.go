package train

import "slices"

// ksd is the kernel Stein discrepancy (stein.KSD, IMQ kernel c = 1,
// beta = -1/2) of the particles to the posterior of the current stage:
// the score is the data score plus the prior score at the stage's lambda,
// what the stage's Stein steps follow. It is computed with a flow of the
// current network kept for the purpose (its score graph compiles once per
// template).
func (r *run) ksd() (float64, error) {
	arch := r.res.Arch
	if r.ksdFlow == nil || !slices.Equal(r.ksdArch, arch.Widths) {
		f, err := r.problem(arch).Flow(r.b)
		if err != nil {
			return 0, err
		}
		r.ksdFlow, r.ksdArch = f, slices.Clone(arch.Widths)
	}
	r.ksdFlow.Lambda = r.sched.Lambda
	return r.ksdFlow.KSD(r.x)
}

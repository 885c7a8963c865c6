package train

import (
	"math/rand/v2"
	"time"

	"github.com/csvgd/csvgd-go/csvgd/condense"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/stein"
)

// sequentialSpread is the standard deviation of the perturbation that turns
// the one sparsified network into the initial ensemble of the sequential
// method.
const sequentialSpread = 0.01

// sequential is the baseline of the authors' earlier work (reading.md
// section 9): first sparsify one network — MAP training with the alpha = 2
// prior at the configured lambda for Stage iterations (a single particle:
// the kernel drops out and the Stein step is gradient ascent), then prune
// it (Alg. graph_condense on one particle) — then run SVGD with the
// configured prior on the pruned structure, without condensation, for the
// rest of the budget, from copies of the sparse network perturbed by
// N(0, 0.01^2) on its active weights.
func (r *run) sequential() error {
	arch := r.res.Arch
	sc, err := r.c.steinConfig(arch)
	if err != nil {
		return err
	}
	sc.Prior.Alpha = 2
	flow, err := stein.NewFlow(r.b, sc, r.c.logLikelihood(arch, r.train, r.sigma))
	if err != nil {
		return err
	}
	one, _ := stein.EnsembleFromRows([][]float64{r.x.Particle(0)})
	n := min(r.c.Stage, r.c.Iters)
	t0 := time.Now()
	for k := 0; k < n; k++ {
		if err := flow.Step(one); err != nil {
			return err
		}
		r.done++
		r.bar.update(r.done)
	}
	res, err := condense.Condense(arch, one.Rows(), condense.Options{Threshold: r.c.Threshold})
	if err != nil {
		return err
	}
	r.res.Arch = icnn.Arch{Widths: res.Arch.Widths}
	r.x = perturbedCopies(res.Particles[0], r.c.Particles, rand.New(rand.NewPCG(r.c.Seed, 0x5e9)))
	r.res.Stages = append(r.res.Stages, StageRecord{
		Stage: 0, Iterations: n, Lambda: r.c.Lambda, Widths: arch.Widths, TemplateParams: arch.NumParams(),
		MsPerIter: float64(time.Since(t0)) / float64(time.Millisecond) / float64(n), CondensedTo: r.res.Arch.Widths,
	})
	if r.done < r.c.Iters {
		return r.stage(1, r.c.Iters-r.done)
	}
	return nil
}

// perturbedCopies returns n copies of w with N(0, sequentialSpread^2) added
// to its non-zero entries, clipped at zero where w was positive so that
// non-negative weights stay non-negative (W_0 entries keep their sign too).
func perturbedCopies(w []float64, n int, rng *rand.Rand) *stein.Ensemble {
	e := stein.NewEnsemble(n, len(w))
	for a := 0; a < n; a++ {
		p := e.Particle(a)
		for i, v := range w {
			if v == 0 {
				continue
			}
			p[i] = v + sequentialSpread*rng.NormFloat64()
			if v > 0 && p[i] < 0 || v < 0 && p[i] > 0 {
				p[i] = 0
			}
		}
	}
	return e
}

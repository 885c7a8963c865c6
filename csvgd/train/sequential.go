package train

import (
	"math/rand/v2"
	"time"

	"github.com/csvgd/csvgd-go/csvgd/backend"
	"github.com/csvgd/csvgd-go/csvgd/condense"
	"github.com/csvgd/csvgd-go/csvgd/stein"
)

// sequentialSpread is the standard deviation of the perturbation that turns
// the one sparsified network into the initial ensemble of the sequential
// method.
const sequentialSpread = 0.01

// sequential is the baseline of the authors' earlier work, "L2 + Stein"
// (docs/reading.md section 12): first sparsify one network — MAP training with
// the alpha = 2 prior (Config.Alpha, which Validate holds at 2) at the
// configured lambda for Stage iterations (a single particle: the kernel
// drops out and the Stein step is gradient ascent), then prune it at the
// threshold (Alg. graph_condense on one particle) — then run SVGD with the
// same alpha = 2 prior on the pruned structure, without condensation, for
// the rest of the budget, from copies of the sparse network perturbed by
// N(0, 0.01^2) on its active weights. Its checkpoints name the phase by
// the stage: 0 the MAP phase (the checkpoint then holds the one network),
// 1 the SVGD phase; both can be resumed.
func (r *run) sequential() error {
	if r.at != nil && r.at.stage == 1 {
		return r.stage(1, r.at.length)
	}
	if err := r.sparsify(); err != nil {
		return err
	}
	if r.done >= r.c.Iters {
		return nil
	}
	n := r.c.Iters - r.done
	if err := r.save(position{stage: 1, length: n}); err != nil {
		return err
	}
	return r.stage(1, n)
}

// sparsify is the MAP and pruning phase of [run.sequential], stage 0: it
// leaves the perturbed copies of the pruned network in r.x.
func (r *run) sparsify() error {
	arch := r.res.Arch
	p := r.problem(arch)
	sc, err := p.SteinConfig()
	if err != nil {
		return err
	}
	flow, err := stein.NewFlowScore(backend.ForWork(r.b, p.Work(1)), sc, p.Score())
	if err != nil {
		return err
	}
	one, _ := stein.EnsembleFromRows([][]float64{r.x.Particle(0)})
	if r.at != nil {
		one = r.at.one
	}
	n := min(r.c.Stage, r.c.Iters)
	k0, err := r.startFlow(firstOrder{flow})
	if err != nil {
		return err
	}
	for k := k0; k < n; k++ {
		t0 := time.Now()
		if err := flow.Step(one); err != nil {
			return err
		}
		r.stepTime += time.Since(t0)
		r.done++
		r.bar.update(r.done)
		if err := r.afterStep(position{stage: 0, iter: k + 1, length: n, flow: firstOrder{flow}, one: one}); err != nil {
			return err
		}
	}
	res, err := condense.Condense(arch, one.Rows(), condense.Options{Threshold: r.c.Threshold})
	if err != nil {
		return err
	}
	r.res.Arch = res.Arch
	r.x = perturbedCopies(res.Particles[0], r.c.Particles, rand.New(rand.NewPCG(r.c.Seed, 0x5e9)))
	r.res.Stages = append(r.res.Stages, StageRecord{
		Stage: 0, Iterations: n, Lambda: r.c.Lambda, Widths: arch.Widths, TemplateParams: arch.NumParams(),
		MsPerIter: float64(r.stepTime) / float64(time.Millisecond) / float64(n), CondensedTo: r.res.Arch.Widths,
	})
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

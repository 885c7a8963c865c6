package study

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"github.com/csvgd/csvgd-go/csvgd/runcache"
	"github.com/csvgd/csvgd-go/csvgd/stein"
)

// kernelGroups are the runs whose kernel [KernelTable] reports, by study.
func (p Plan) kernelGroups() []struct {
	name  string
	specs []runcache.Spec
} {
	fixed, adaptive := p.AdaptiveRuns()
	var penalty []runcache.Spec
	for _, row := range fixed {
		penalty = append(penalty, row...)
	}
	forms, normalized := p.PriorFormRuns()
	return []struct {
		name  string
		specs []runcache.Spec
	}{
		{"convergence_priors (α = ¼ … 2)", p.ConvergencePriorsRuns()},
		{"convergence_ensemble (10 … 100 particles)", p.ConvergenceEnsembleRuns()},
		{"convergence_noise (0 … 20% noise)", p.ConvergenceNoiseRuns()},
		{"noisy_pushforwards (b): the baselines", p.MethodRuns()[1:]},
		{"adaptive_penalty, fixed λ", penalty},
		{"adaptive_penalty, adaptive λ", adaptive},
		{"prior forms, penalty form, seed 2", forms[1]},
		{"prior forms, normalized form", normalized},
	}
}

// KernelTable writes, for the runs of each study, how the kernel coupled
// the particles over every recorded iteration (condensations included):
// the smallest median kernel value between particles beside 1/(N+1), the
// value Liu & Wang's median rule gives it, and the records at which the
// kernel split the particles into groups that ignore each other
// ([stein.KernelGroups]), as Markdown.
func KernelTable(w io.Writer, s *Store) error {
	fmt.Fprintln(w, "| runs | particles N | smallest median kernel value | 1/(N+1) | records with the particles in more than one kernel group |")
	fmt.Fprintln(w, "|---|---|---|---|---|")
	for _, g := range s.kernelGroups() {
		res, err := s.All(g.specs)
		if err != nil {
			return err
		}
		smallest, split, records, maxN := math.Inf(1), 0, 0, 0
		var sizes []string
		for _, r := range res {
			if n := fmt.Sprint(r.Config.Particles); !slices.Contains(sizes, n) {
				sizes = append(sizes, n)
			}
			maxN = max(maxN, r.Config.Particles)
			for _, h := range r.History {
				smallest, records = math.Min(smallest, h.KernelMedian), records+1
				if h.KernelGroups > 1 {
					split++
				}
			}
		}
		fmt.Fprintf(w, "| %s | %s | %.4f | %.4f | %d of %d |\n", g.name, strings.Join(sizes, ", "), smallest, 1/float64(maxN+1), split, records)
	}
	fmt.Fprintf(w, "\nA kernel group: particles linked by pairs whose kernel value is at least %g. The median rule puts the median pair's kernel value at 1/(N+1) for the largest N of the row.\n", stein.CouplingKernel)
	return nil
}

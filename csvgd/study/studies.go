package study

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// Study is a figure or table of csvgd reproduce, by name, and the cached
// jobs it reads. Figures that read no cache (prior_family, mvn_gradient,
// mvn_particles and mvn_ksd compute in seconds) have none and are not
// listed.
type Study struct {
	Name string // the figure's name, or the table's (results, prior, alignment, exact-posterior)
	Jobs []Job
}

// Studies are the studies at the plan's size that read the cache, in the
// order of csvgd reproduce: the figures, then the tables.
func (p Plan) Studies() ([]Study, error) {
	b := jobBuilder{}
	with, without := p.SpeedupRuns()
	fixed, adaptive := p.AdaptiveRuns()
	penalty := append(slices.Concat(fixed...), adaptive...)
	importance, assignment := p.AlignmentRuns()
	forms, normalized := p.PriorFormRuns()
	exact := b.exact(append(p.ExactRuns(), p.ExactAgreementRun()))
	var kernel []Spec
	for _, g := range p.kernelGroups() {
		kernel = append(kernel, g.specs...)
	}
	out := []Study{
		{"mvn_survey", []Job{p.surveyJob()}},
		{"graph_condense_sequence", b.runs(p.SequenceRun())},
		{"graph_distance_evolution", b.runs(p.GraphRun())},
		{"weight_distributions", b.runs(p.GraphRun())},
		{"graph_condense_speedup", b.runs(append(with, without...)...)},
		{"convergence_priors", b.runs(p.ConvergencePriorsRuns()...)},
		{"convergence_ensemble", b.runs(p.ConvergenceEnsembleRuns()...)},
		{"convergence_noise", b.runs(p.ConvergenceNoiseRuns()...)},
		{"noisy_pushforwards", b.runs(append(p.ConvergenceNoiseRuns(), p.MethodRuns()...)...)},
		{"adaptive_penalty", b.runs(penalty...)},
		{"alignment", b.runs(append(importance, assignment...)...)},
		{"ksd_convergence", b.runs(p.ConvergencePriorsRuns()...)},
		{"mvn_exact", []Job{p.surveyJob(), p.marginalJob()}},
		{"stein_vs_nuts", exact},
		{"calibration", exact},
		{"nuts_diagnostics", b.exact(p.ExactRuns()[:1])},
		{"variance_collapse", []Job{p.collapseJob()}},
		{"results", b.runs(slices.Concat(p.ConvergencePriorsRuns(), p.MethodRuns(), p.ConvergenceNoiseRuns(), penalty, kernel)...)},
		{"prior", b.runs(slices.Concat(slices.Concat(forms...), normalized, slices.Concat(p.CalibrationRuns()...))...)},
		{"exact-posterior-mvn", []Job{p.surveyJob()}},
		{"exact-posterior", exact},
		{"newton", append(b.runs(p.NewtonRuns()...), b.exact(p.NewtonExactRuns())...)},
	}
	return out, b.err
}

// Jobs are the jobs of the studies named (all when none is), each once,
// in the order to start them: the studies of Sec. 4 first, then the
// training runs from the most work to the least, then the NUTS runs,
// which need training runs. An unknown name is an error that lists the
// known ones.
func (p Plan) Jobs(names ...string) ([]Job, error) {
	studies, err := p.Studies()
	if err != nil {
		return nil, err
	}
	var known []string
	byName := map[string][]Job{}
	for _, st := range studies {
		known, byName[st.Name] = append(known, st.Name), st.Jobs
	}
	if len(names) == 0 {
		names = known
	}
	var jobs []Job
	for _, n := range names {
		js, ok := byName[n]
		if !ok {
			return nil, fmt.Errorf("unknown study %q (known: %s)", n, strings.Join(known, ", "))
		}
		jobs = append(jobs, js...)
	}
	return schedule(jobs), nil
}

// schedule keeps the first job of every key and orders them to start:
// by kind, then the most costly first (ties in their first order).
func schedule(jobs []Job) []Job {
	seen := map[string]bool{}
	var out []Job
	for _, j := range jobs {
		if !seen[j.Key] {
			seen[j.Key] = true
			out = append(out, j)
		}
	}
	slices.SortStableFunc(out, func(a, b Job) int {
		return cmp.Or(cmp.Compare(a.weight, b.weight), cmp.Compare(b.Cost, a.Cost))
	})
	return out
}

// jobBuilder turns specs into jobs, keeping the first error.
type jobBuilder struct{ err error }

func (b *jobBuilder) runs(specs ...Spec) []Job {
	out := make([]Job, 0, len(specs))
	for _, s := range specs {
		j, err := specJob(s)
		b.err = cmp.Or(b.err, err)
		out = append(out, j)
	}
	return out
}

// exact is the training runs of the NUTS runs ns, then the NUTS runs.
func (b *jobBuilder) exact(ns []NUTSSpec) []Job {
	var runs, nuts []Job
	for _, n := range ns {
		runs = append(runs, b.runs(n.Run)...)
		j, err := nutsJob(n)
		b.err = cmp.Or(b.err, err)
		nuts = append(nuts, j)
	}
	return append(runs, nuts...)
}

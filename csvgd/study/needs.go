package study

import (
	"cmp"
	"slices"

	"github.com/csvgd/csvgd-go/csvgd/runcache"
)

// needs are the cached jobs a figure or table of the registry reads:
// studies of Sec. 4 cached whole, training runs, and NUTS runs, each after
// the training run it starts from.
type needs struct {
	jobs []runcache.Job
	runs []runcache.Spec
	nuts []runcache.NUTSSpec
}

// The needs of the registry's entries, by study.

func (p Plan) surveyNeeds() needs { return needs{jobs: []runcache.Job{p.surveyJob()}} }
func (p Plan) mvnExactNeeds() needs {
	return needs{jobs: []runcache.Job{p.surveyJob(), p.marginalJob()}}
}
func (p Plan) collapseNeeds() needs { return needs{jobs: []runcache.Job{p.collapseJob()}} }
func (p Plan) sequenceNeeds() needs { return needs{runs: []runcache.Spec{p.SequenceRun()}} }
func (p Plan) graphNeeds() needs    { return needs{runs: []runcache.Spec{p.GraphRun()}} }
func (p Plan) priorsNeeds() needs   { return needs{runs: p.ConvergencePriorsRuns()} }
func (p Plan) ensembleNeeds() needs { return needs{runs: p.ConvergenceEnsembleRuns()} }
func (p Plan) noiseNeeds() needs    { return needs{runs: p.ConvergenceNoiseRuns()} }
func (p Plan) penaltyNeeds() needs  { return needs{runs: p.penaltyRuns()} }

func (p Plan) speedupNeeds() needs {
	with, without := p.SpeedupRuns()
	return needs{runs: slices.Concat(with, without)}
}

func (p Plan) pushforwardNeeds() needs {
	return needs{runs: slices.Concat(p.ConvergenceNoiseRuns(), p.MethodRuns())}
}

func (p Plan) alignmentNeeds() needs {
	importance, assignment := p.AlignmentRuns()
	return needs{runs: slices.Concat(importance, assignment)}
}

func (p Plan) exactNeeds() needs { return needs{nuts: p.ExactRuns()} }

// exactTablesNeeds: the comparison's runs and, for the templates it
// shares with the agreement study, that study's runs.
func (p Plan) exactTablesNeeds() needs {
	return needs{nuts: append(p.ExactRuns(), p.agreementRuns()...)}
}

func (p Plan) diagnosticsNeeds() needs { return needs{nuts: p.ExactRuns()[:1]} }

func (p Plan) newtonNeeds() needs {
	return needs{runs: p.NewtonRuns(), nuts: p.NewtonExactRuns()}
}

// resultsNeeds: the runs of the tables of [WriteTables].
func (p Plan) resultsNeeds() needs {
	var kernel []runcache.Spec
	for _, g := range p.kernelGroups() {
		kernel = append(kernel, g.specs...)
	}
	runs := slices.Concat(p.ConvergencePriorsRuns(), p.MethodRuns(), p.ConvergenceNoiseRuns(), p.penaltyRuns(), kernel)
	return needs{runs: runs}
}

// priorNeeds: the runs of [PriorTables].
func (p Plan) priorNeeds() needs {
	forms, normalized := p.PriorFormRuns()
	return needs{runs: slices.Concat(slices.Concat(forms...), normalized, slices.Concat(p.CalibrationRuns()...))}
}

// penaltyRuns are the runs of Fig. adaptive_penalty: the fixed lambdas,
// then the adaptive schedule.
func (p Plan) penaltyRuns() []runcache.Spec {
	fixed, adaptive := p.AdaptiveRuns()
	return append(slices.Concat(fixed...), adaptive...)
}

// jobs are the jobs of n, in the order of its fields (a NUTS run's
// training run before it).
func (b *jobBuilder) jobs(n needs) []runcache.Job {
	return slices.Concat(n.jobs, b.runs(n.runs...), b.exact(n.nuts))
}

// jobBuilder turns specs into jobs, keeping the first error.
type jobBuilder struct{ err error }

func (b *jobBuilder) runs(specs ...runcache.Spec) []runcache.Job {
	out := make([]runcache.Job, 0, len(specs))
	for _, s := range specs {
		j, err := s.Job()
		b.err = cmp.Or(b.err, err)
		out = append(out, j)
	}
	return out
}

// exact is the training runs of the NUTS runs ns, then the NUTS runs.
func (b *jobBuilder) exact(ns []runcache.NUTSSpec) []runcache.Job {
	var runs, nuts []runcache.Job
	for _, n := range ns {
		runs = append(runs, b.runs(n.Run)...)
		j, err := n.Job()
		b.err = cmp.Or(b.err, err)
		nuts = append(nuts, j)
	}
	return append(runs, nuts...)
}

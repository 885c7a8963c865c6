package study

import (
	"fmt"

	"github.com/csvgd/csvgd-go/csvgd/compare"
	"github.com/csvgd/csvgd-go/csvgd/exact"
	"github.com/csvgd/csvgd-go/csvgd/runcache"
	"github.com/csvgd/csvgd-go/csvgd/train"
)

// ReferenceConfig is the configuration of a reference run of the
// comparisons: NUTS with its defaults, exact.DefaultConfig, whose chains
// are kept shorter than the agreement study's longer ones for their cost.
// Whether the agreement study ([Plan.AgreementTemplates],
// docs/exact-posterior.md) backs this setting at a prior is what the
// lines under its table say (settingsReading); the comparisons' verdicts
// are read with them.
func ReferenceConfig(quick bool) exact.Config { return exact.DefaultConfig(quick) }

// ReferenceRuns are the two runs whose agreement, with that of every
// other pair on the same posterior ([ExactComparison.Overruled]), decides
// whether the posterior of the template of run's last stage has a
// reference: run A
// from the Stein particles of that stage with seed 1 (ReferenceConfig),
// run B from optimised random initialisations of the template with seed 2
// (exact.InitStarts), whose chains owe nothing to the Stein run.
func (p Plan) ReferenceRuns(run runcache.Spec) []runcache.NUTSSpec {
	a := runcache.NUTSSpec{Run: run, Config: ReferenceConfig(p.Quick)}
	b := runcache.NUTSSpec{Run: run, Config: a.Config.WithStarts(exact.InitStarts, p.Quick)}
	b.Config.Seed = 2
	return []runcache.NUTSSpec{a, b}
}

// ReferenceAgreeOptions are the resampling settings of the agreements.
var ReferenceAgreeOptions = exact.DefaultAgreeOptions

// Reference is the posterior of a template as independent runs sample
// it: the runs, their results and their agreement (exact.Agree with
// exact.DefaultCriteria). Their pooled draws are the reference where they
// agree and no other pair on the same posterior disagrees
// ([ExactComparison.Agrees]); elsewhere the runs' numbers are given side
// by side.
type Reference struct {
	Specs     []runcache.NUTSSpec
	Runs      []*runcache.NUTSResult
	Agreement *exact.Agreement
}

// Reference samples (or reads from the cache) the runs of ReferenceRuns
// on run's last-stage template and their agreement.
func (s *Store) Reference(run runcache.Spec) (*Reference, error) {
	return s.referenceOf(s.ReferenceRuns(run))
}

// referenceOf samples (or reads) the runs specs of one template and their
// agreement, cached beside the first run.
func (s *Store) referenceOf(specs []runcache.NUTSSpec) (*Reference, error) {
	ref := &Reference{Specs: specs}
	for _, n := range specs {
		r, err := s.NUTS(n)
		if err != nil {
			return nil, err
		}
		ref.Runs = append(ref.Runs, r)
	}
	var err error
	ref.Agreement, err = s.Agreement(specs, exact.DefaultCriteria, ReferenceAgreeOptions, func() (*exact.Agreement, error) {
		return agree(ref.Specs, ref.Runs)
	})
	if err != nil {
		return nil, fmt.Errorf("study: agreement on %s: %w", specs[0].Run.Label, err)
	}
	return ref, nil
}

// agree is exact.Agree of the runs rs (of the specs) on their template.
func agree(specs []runcache.NUTSSpec, rs []*runcache.NUTSResult) (*exact.Agreement, error) {
	data, err := train.LoadPaperData(specs[0].Run.Noise)
	if err != nil {
		return nil, err
	}
	arch := rs[0].Arch
	var runs []exact.RunDraws
	for i, r := range rs {
		chains, err := exact.SplitChains(r.Draws, r.Config.Chains)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", specs[i].Name(), err)
		}
		runs = append(runs, exact.RunDraws{Label: RunLabel(specs[i]), Starts: r.Config.Starts, Seed: r.Config.Seed, Chains: chains})
	}
	return exact.Agree(arch, data.Test, runcache.Watch(arch, data.Test), runs, exact.DefaultCriteria, ReferenceAgreeOptions)
}

// RunLabel names a reference run in the tables: its sampler, starts and
// seed, e.g. "nuts, stein starts, seed 1".
func RunLabel(n runcache.NUTSSpec) string {
	return fmt.Sprintf("%s, %s starts, seed %d", n.Config.Sampler, n.Config.Starts, n.Config.Seed)
}

// Agrees reports whether the runs agree (exact.Agrees).
func (r *Reference) Agrees() bool { return r.Agreement.Verdict == exact.Agrees }

// Pooled are the runs' kept draws with an equal number from each (each
// run thinned evenly to the smallest run's count), the reference's draws
// where the runs agree.
func (r *Reference) Pooled() [][]float64 {
	runs := make([][][]float64, len(r.Runs))
	for i, run := range r.Runs {
		runs[i] = run.Draws
	}
	return compare.Pool(runs...)
}

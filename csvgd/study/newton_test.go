package study

import (
	"bytes"
	"math"
	"slices"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/exact"

	"github.com/csvgd/csvgd-go/csvgd/runcache"
	"github.com/csvgd/csvgd-go/csvgd/svn"
	"github.com/csvgd/csvgd-go/csvgd/train"
)

// TestNewtonRuns: the study has every update, size and seed once; its
// first-order runs are those of the comparison with the posterior (seed
// 1: Fig. convergence_ensemble's; shared by key), every run keeps its last
// stage; quick mode trains the small network.
func TestNewtonRuns(t *testing.T) {
	keys := func(specs []runcache.Spec) []string { return specKeys(t, specs) }
	for _, quick := range []bool{false, true} {
		p := Plan{Quick: quick}
		runs := p.NewtonRuns()
		if want := len(NewtonUpdates) * len(p.newtonSizes()) * len(p.newtonSeeds()); len(runs) != want {
			t.Fatalf("quick %v: %d runs, want %d", quick, len(runs), want)
		}
		ks := keys(runs)
		slices.Sort(ks)
		if len(slices.Compact(ks)) != len(runs) {
			t.Errorf("quick %v: runs share keys", quick)
		}
		for _, s := range runs {
			c := s.Config
			if !c.KeepLastStage {
				t.Errorf("quick %v: %s keeps no last stage", quick, s.Label)
			}
			if c.Alpha != 0.5 || c.Lambda != 0.05 || s.Noise != 0.1 || (quick != (c.Arch.NumParams() == quickNewtonArch.NumParams())) {
				t.Errorf("quick %v: %s: alpha %v, lambda %v, noise %v, %d weights", quick, s.Label, c.Alpha, c.Lambda, s.Noise, c.Arch.NumParams())
			}
		}
		if quick {
			continue
		}
		exactKeys := map[string]bool{}
		for _, n := range p.ExactRuns() {
			k, err := n.Key()
			if err != nil {
				t.Fatal(err)
			}
			exactKeys[k] = true
		}
		newtonExact := p.NewtonExactRuns()
		if len(newtonExact) != 2*len(NewtonSizes)*len(NewtonUpdates)*len(p.ExactSeeds()) {
			t.Errorf("%d reference runs of the Newton study, want two per size, update and seed of ExactSeeds", len(newtonExact))
		}
		for _, n := range newtonExact {
			k, err := n.Key()
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Contains(NewtonSizes, n.Run.Config.Particles) || exactKeys[k] != (n.Run.Config.Update.Or() == svn.SVGD) {
				t.Errorf("%s: %d particles, shared with the reference comparison %v", n.Run.Label, n.Run.Config.Particles, exactKeys[k])
			}
		}
		ens := keys(p.ConvergenceEnsembleRuns())
		compared := keys(p.ExactTemplates())
		for _, n := range NewtonSizes {
			k := keys([]runcache.Spec{p.NewtonRun(svn.SVGD, n, 1)})[0]
			if !slices.Contains(ens, k) {
				t.Errorf("the first-order run of %d particles, seed 1, is not convergence_ensemble's", n)
			}
			for _, seed := range p.ExactSeeds() {
				if k := keys([]runcache.Spec{p.NewtonRun(svn.SVGD, n, seed)})[0]; !slices.Contains(compared, k) {
					t.Errorf("the first-order run of %d particles, seed %d, is not one of the comparison's", n, seed)
				}
			}
			snewton := p.NewtonRun(svn.StochasticNewton, n, 2)
			plain := p.NewtonRun(svn.SVGD, n, 2)
			if snewton.Config.Update != svn.StochasticNewton || plain.Config.Update != "" || snewton.Config.Seed != 2 {
				t.Errorf("%d particles: updates %q, %q, seed %d", n, snewton.Config.Update, plain.Config.Update, snewton.Config.Seed)
			}
		}
	}
}

// TestConvergedAt: the convergence iteration is the first record from
// which W1 and the active weights stay within 10% of their final values,
// records before a condensation aside; the seconds up to it add the
// stages' milliseconds per iteration.
func TestConvergedAt(t *testing.T) {
	res := &train.Result{
		History: []train.Record{
			{Iter: 0, W1Sum: 300, ActiveWeights: 900},
			{Iter: 100, W1Sum: 120, ActiveWeights: 60},
			{Iter: 200, W1Sum: 104, ActiveWeights: 52, Condensation: train.Before},
			{Iter: 200, W1Sum: 96, ActiveWeights: 48, Condensation: train.After},
			{Iter: 300, W1Sum: 100, ActiveWeights: 50},
		},
		Stages: []train.StageRecord{{Iterations: 200, MsPerIter: 10}, {Iterations: 100, MsPerIter: 4}},
	}
	if got := convergedAt(res); got != 200 {
		t.Errorf("converged at %d, want 200", got)
	}
	if got := secondsUpTo(res, 250); math.Abs(got-(2+0.2)) > 1e-12 {
		t.Errorf("seconds up to 250: %v, want 2.2", got)
	}
	res.History[1].W1Sum, res.History[1].ActiveWeights = 101, 52
	if got := convergedAt(res); got != 100 {
		t.Errorf("converged at %d, want 100", got)
	}
}

// TestNewtonExactTableFormat: a run whose reference runs agree gets its
// ratios with their intervals and counts towards the goal (a ratio outside
// the goal range whose interval reaches it counted apart); one whose runs
// do not gets both runs' estimates, marked unresolved, no reference
// coverage and no ratio in the goal line.
func TestNewtonExactTableFormat(t *testing.T) {
	agreed, open := handMade(t), handMade(t)
	openRef := *open.Reference
	openAgree := *openRef.Agreement
	openAgree.Verdict = exact.Unresolved
	openRef.Agreement = &openAgree
	open.Reference, open.Compare = &openRef, nil
	var b bytes.Buffer
	newtonExactTable(&b, []NewtonComparison{{Update: svn.SVGD, ExactComparison: agreed}, {Update: svn.Newton, ExactComparison: open}}, []int{2})
	out := b.String()
	containsAll(t, out, "| 2 | svgd | 1 | 3-2-1 (8) | 0.2000 ± 0.0100 / 0.2100 ± 0.0100 | 1.002 | 0.00 / 0.00 | 0% / 0% | agrees | 1.38 [", "| unresolved | A 1.38, B 1.38 |",
		"- 2 particles, svgd: 90% band ratio 1.38 [0.189, 10.2] where the reference runs agree; 0 of 1 within [0.8, 1.25], 1 more whose interval reaches it (too wide to say); 0 seeds unresolved.",
		"- 2 particles, newton: unresolved: no seed's reference runs agree (1 of 1), no ratio.", " / – |")
}

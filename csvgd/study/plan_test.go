package study

import (
	"fmt"
	"slices"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/runcache"
	"github.com/csvgd/csvgd-go/csvgd/train"
)

// TestPaperFigures: the registry holds the paper's figures of docs/reading.md
// section 14, once each, in the paper's order of sections.
func TestPaperFigures(t *testing.T) {
	want := []string{"prior_family", "mvn_gradient", "mvn_survey", "mvn_particles",
		"graph_condense_sequence", "graph_distance_evolution", "weight_distributions", "graph_condense_speedup",
		"convergence_priors", "convergence_ensemble", "convergence_noise", "noisy_pushforwards", "adaptive_penalty"}
	var got []string
	for _, f := range PaperFigures() {
		got = append(got, f.Name)
		if f.Make == nil || f.Section == "" {
			t.Errorf("%s: no maker or section", f.Name)
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("figures %v, want %v", got, want)
	}
}

// specKeys are the keys of specs.
func specKeys(t *testing.T, specs []runcache.Spec) []string {
	t.Helper()
	var out []string
	for _, s := range specs {
		k, err := s.Key()
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, k)
	}
	return out
}

// TestStudiesShareRuns: runs that are the same in two studies have the
// same key, so they are trained once.
func TestStudiesShareRuns(t *testing.T) {
	keys := func(specs []runcache.Spec) []string { return specKeys(t, specs) }
	for _, quick := range []bool{false, true} {
		fixed, adaptive := Plan{Quick: quick}.AdaptiveRuns()
		with, _ := Plan{Quick: quick}.SpeedupRuns()
		noise := Plan{Quick: quick}.ConvergenceNoiseRuns()
		for j, a := range adaptive { // the paper's budget, twice the others', for the whole adaptive study
			if f := fixed[1][j]; f.Config.Iters != 2*noise[j].Config.Iters || a.Config.Iters != f.Config.Iters {
				t.Errorf("quick %v: adaptive study at %g%% noise: %d and %d iterations, want twice the noise study's %d",
					quick, 100*f.Noise, f.Config.Iters, a.Config.Iters, noise[j].Config.Iters)
			}
		}
		if keys(with)[0] != keys([]runcache.Spec{Plan{Quick: quick}.SequenceRun()})[0] {
			t.Errorf("quick %v: the alpha = 1/4 run is not the graph sequence run", quick)
		}
		if !slices.Equal(keys(Plan{Quick: quick}.ConvergencePriorsRuns()), keys(with)) {
			t.Errorf("quick %v: the alpha study is not the cSVGD half of the speed-up study", quick)
		}
		if keys(noise)[2] != keys(with)[1] || keys(Plan{Quick: quick}.MethodRuns())[0] != keys(with)[1] {
			t.Errorf("quick %v: the 10%% noise, alpha = 0.5 run is not shared", quick)
		}
		if keys(Plan{Quick: quick}.ConvergenceEnsembleRuns())[1] != keys([]runcache.Spec{Plan{Quick: quick}.GraphRun()})[0] {
			t.Errorf("quick %v: the 20-particle run is not the graph run", quick)
		}
	}
}

// TestBeyondFigures: the figures beyond the paper are registered once
// each, with makers, under names that no paper figure uses.
func TestBeyondFigures(t *testing.T) {
	seen := map[string]bool{}
	for _, f := range PaperFigures() {
		seen[f.Name] = true
	}
	var got []string
	for _, f := range BeyondFigures() {
		if seen[f.Name] || f.Make == nil || f.Section == "" {
			t.Errorf("%s: a duplicate name, or no maker or section", f.Name)
		}
		seen[f.Name] = true
		got = append(got, f.Name)
	}
	if want := []string{"alignment", "mvn_ksd", "ksd_convergence", "mvn_exact", "stein_vs_nuts", "calibration", "nuts_diagnostics", "variance_collapse", "uci_calibration", "uci_pareto"}; !slices.Equal(got, want) {
		t.Errorf("figures %v, want %v", got, want)
	}
}

// TestAlignmentRuns: the importance runs of the alignment study are those
// of Figs. convergence_priors (10 particles) and GraphRun (20), shared by
// key; each assignment run differs from its importance twin only in
// Config.Align.
func TestAlignmentRuns(t *testing.T) {
	for _, quick := range []bool{false, true} {
		imp, asg := Plan{Quick: quick}.AlignmentRuns()
		with, _ := Plan{Quick: quick}.SpeedupRuns()
		for i, want := range []runcache.Spec{with[1], Plan{Quick: quick}.GraphRun()} {
			k1, _ := imp[i].Key()
			k2, _ := want.Key()
			k3, _ := asg[i].Key()
			if k1 != k2 || k1 == k3 {
				t.Errorf("quick %v, size %d: keys %s (want %s) and %s", quick, AlignmentSizes[i], k1, k2, k3)
			}
			twin := asg[i].Config
			twin.Align = ""
			if twin.Particles != AlignmentSizes[i] || asg[i].Config.Align != "assignment" || fmt.Sprint(twin) != fmt.Sprint(imp[i].Config) {
				t.Errorf("quick %v: assignment run %+v is not the importance run %+v with Align set", quick, asg[i].Config, imp[i].Config)
			}
		}
	}
}

// TestAgreementSamplersLongerChains: the study's second NUTS setting is the
// references' with LongerChains times the warm-up and kept iterations and
// nothing else changed, and each setting has its own label.
func TestAgreementSamplersLongerChains(t *testing.T) {
	for _, quick := range []bool{false, true} {
		cs := AgreementSamplers(quick)
		if len(cs) != 3 {
			t.Fatalf("quick %v: %d settings, want 3", quick, len(cs))
		}
		ref, long := ReferenceConfig(quick), cs[1]
		if cs[0] != ref {
			t.Errorf("quick %v: first setting %+v, want the references' %+v", quick, cs[0], ref)
		}
		want := ref
		want.Warmup, want.Draws = LongerChains*ref.Warmup, LongerChains*ref.Draws
		if long != want {
			t.Errorf("quick %v: longer setting %+v, want %+v", quick, long, want)
		}
		labels := map[string]bool{}
		for _, c := range cs {
			labels[samplerLabel(c)] = true
		}
		if len(labels) != len(cs) {
			t.Errorf("quick %v: labels %v are not distinct", quick, labels)
		}
	}
}

// TestDistanceEvolutionRecords: the start and both sides of each
// condensation, at most the given number of condensations (spread evenly,
// with the last), and the start and the end of a run without any.
func TestDistanceEvolutionRecords(t *testing.T) {
	var h []train.Record // records every 100 iterations, a condensation every 500
	for i := 0; i <= 20; i++ {
		if i%5 == 0 && i > 0 {
			h = append(h, train.Record{Iter: 100 * i, Condensation: train.Before}, train.Record{Iter: 100 * i, Condensation: train.After})
			continue
		}
		h = append(h, train.Record{Iter: 100 * i})
	}
	iters := func(idx []int) []string {
		var s []string
		for _, i := range idx {
			s = append(s, fmt.Sprintf("%d%s", h[i].Iter, h[i].Condensation))
		}
		return s
	}
	for _, tc := range []struct {
		most int
		want []string
	}{
		{4, []string{"0", "500before", "500after", "1000before", "1000after", "1500before", "1500after", "2000before", "2000after"}},
		{2, []string{"0", "1000before", "1000after", "2000before", "2000after"}},
		{1, []string{"0", "2000before", "2000after"}},
	} {
		if got := iters(DistanceEvolutionRecords(h, tc.most)); !slices.Equal(got, tc.want) {
			t.Errorf("most %d: records %v, want %v", tc.most, got, tc.want)
		}
	}
	plain := []train.Record{{Iter: 0}, {Iter: 100}, {Iter: 200}}
	if got := DistanceEvolutionRecords(plain, 4); !slices.Equal(got, []int{0, 2}) {
		t.Errorf("without condensations: %v, want [0 2]", got)
	}
	if got := DistanceEvolutionRecords(plain[:1], 4); !slices.Equal(got, []int{0}) {
		t.Errorf("one record: %v, want [0]", got)
	}
	if got := DistanceEvolutionRecords(nil, 4); got != nil {
		t.Errorf("no records: %v, want none", got)
	}
}

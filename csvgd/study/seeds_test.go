package study

import (
	"slices"
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/runcache"
)

// TestTrainingSeeds: the distinct seeds in order; the note says "one seed"
// only when there is one.
func TestTrainingSeeds(t *testing.T) {
	spec := func(seed uint64) runcache.Spec {
		var s runcache.Spec
		s.Config.Seed = seed
		return s
	}
	one := []runcache.Spec{spec(1), spec(1), spec(1)}
	two := []runcache.Spec{spec(2), spec(1), spec(2)}
	if got := TrainingSeeds(two); !slices.Equal(got, []uint64{1, 2}) {
		t.Errorf("seeds %v, want [1 2]", got)
	}
	if n := SeedNote(one); !strings.Contains(n, "one seed (1)") {
		t.Errorf("one seed: %q", n)
	}
	if n := SeedNote(two); strings.Contains(n, "one seed") || !strings.Contains(n, "[1 2]") {
		t.Errorf("two seeds: %q", n)
	}
}

// TestSecondSeedTwins: a run has a twin in the second seed's runs when
// they differ only in the seed and in what the run keeps (KeepLastStage);
// another noise level or penalty, or a run already of that seed, has none;
// second-seed runs of two seeds are refused.
func TestSecondSeedTwins(t *testing.T) {
	spec := func(seed uint64, noise, lambda float64) runcache.Spec {
		s := runcache.Spec{Label: "any", Noise: noise}
		s.Config.Seed, s.Config.Lambda = seed, lambda
		return s
	}
	second := []runcache.Spec{spec(2, 0.1, 0.05), spec(2, 0.1, 0.5)}
	kept := spec(1, 0.1, 0.05)
	kept.Config.KeepLastStage, kept.Label = true, "other label"
	specs := []runcache.Spec{spec(1, 0.1, 0.5), kept, spec(1, 0.2, 0.05), spec(1, 0.1, 0.1), spec(2, 0.1, 0.05)}
	got, err := SecondSeedTwins(specs, second)
	if err != nil {
		t.Fatal(err)
	}
	if want := []int{1, 0, -1, -1, -1}; !slices.Equal(got, want) {
		t.Errorf("twins %v, want %v", got, want)
	}
	if _, err := SecondSeedTwins(specs, append(second, spec(3, 0.1, 0.05))); err == nil {
		t.Error("second-seed runs of seeds 2 and 3: want an error")
	}
}

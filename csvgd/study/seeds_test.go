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

package study

import (
	"fmt"
	"slices"

	"github.com/csvgd/csvgd-go/csvgd/runcache"
)

// TrainingSeeds are the distinct training seeds of specs, in increasing
// order.
func TrainingSeeds(specs []runcache.Spec) []uint64 {
	var seeds []uint64
	for _, s := range specs {
		if !slices.Contains(seeds, s.Config.Seed) {
			seeds = append(seeds, s.Config.Seed)
		}
	}
	slices.Sort(seeds)
	return seeds
}

// SeedNote says on how many training seeds the scorecard's runs specs
// rest: with one, that none of its verdicts carries a seed-to-seed
// spread ([SeedVerdictTable] gives the claims that a second seed is
// checked on).
func SeedNote(specs []runcache.Spec) string {
	seeds := TrainingSeeds(specs)
	if len(seeds) == 1 {
		return fmt.Sprintf("The scorecard's verdicts use runs trained with one seed (%d), so none of them carries a seed-to-seed spread; the table below checks the claims on Fig. convergence_priors again with a second seed, and the lines under it say which of the scorecard's runs have one.", seeds[0])
	}
	return fmt.Sprintf("The runs behind these verdicts were trained with the seeds %v.", seeds)
}

// SecondSeedTwins gives, for each run of specs, the index in second of
// the same training with another seed: a run of second with the noise
// level and configuration of specs[i] but for the seed and for what the
// run keeps besides its result (Keep, KeepLastStage: copies of
// particles, which change nothing of the training). It is -1 where
// second holds no such run. The runs of second must share one seed.
func SecondSeedTwins(specs, second []runcache.Spec) ([]int, error) {
	seeds := TrainingSeeds(second)
	if len(seeds) != 1 {
		return nil, fmt.Errorf("study: second-seed runs with the seeds %v, want one", seeds)
	}
	keys := make(map[string]int, len(second))
	for j, s := range second {
		k, err := trainingKey(s)
		if err != nil {
			return nil, err
		}
		keys[k] = j
	}
	out := make([]int, len(specs))
	for i, s := range specs {
		out[i] = -1
		if s.Config.Seed == seeds[0] {
			continue // already of second's seed: not a second one
		}
		s.Config.Seed = seeds[0]
		k, err := trainingKey(s)
		if err != nil {
			return nil, err
		}
		if j, ok := keys[k]; ok {
			out[i] = j
		}
	}
	return out, nil
}

// trainingKey is the [runcache.Spec.Key] of s without what the run keeps
// besides its result: runs with one training key train alike.
func trainingKey(s runcache.Spec) (string, error) {
	s.Config.Keep, s.Config.KeepLastStage = false, false
	return s.Key()
}

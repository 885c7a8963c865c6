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

// SeedNote says on how many training seeds the runs specs rest: with one,
// that no number or verdict built on them carries a seed-to-seed spread.
func SeedNote(specs []runcache.Spec) string {
	seeds := TrainingSeeds(specs)
	if len(seeds) == 1 {
		return fmt.Sprintf("Every run behind these verdicts was trained with one seed (%d): no verdict carries a seed-to-seed spread, and a difference between runs smaller than that spread decides nothing.", seeds[0])
	}
	return fmt.Sprintf("The runs behind these verdicts were trained with the seeds %v.", seeds)
}

package nuts

import (
	"fmt"
	"sync"
)

// Sample runs c.Chains NUTS chains on the log density f of dimension dim
// and returns their draws. Chains run in parallel on c.Workers goroutines
// (0: one per chain); each has its own random stream ([ChainSeed]), so the
// draws depend on c.Seed only, not on the scheduling. With
// c.Checkpoint the run resumes from a saved state and saves its own
// ([Checkpoint]), with the draws of an uninterrupted run.
func Sample(f LogDensity, dim int, c Config) (*Result, error) {
	if err := c.Validate(dim); err != nil {
		return nil, fmt.Errorf("nuts: %w", err)
	}
	saves, err := newSaver(c, dim, c.Checkpoint)
	if err != nil {
		return nil, fmt.Errorf("nuts: %w", err)
	}
	workers := c.Workers
	if workers == 0 || workers > c.Chains {
		workers = c.Chains
	}
	r := &Result{Dim: dim, Config: c, Chains: make([]Chain, c.Chains)}
	errs := make([]error, c.Chains)
	jobs := make(chan int)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for k := range jobs {
				ch, err := runChain(f, dim, c, k, saves)
				if err != nil {
					errs[k] = fmt.Errorf("nuts: chain %d: %w", k, err)
					continue
				}
				r.Chains[k] = *ch
			}
		})
	}
	for k := range c.Chains {
		jobs <- k
	}
	close(jobs)
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return r, nil
}

// ChainSeed is the seed pair of chain k's PCG generator: two SplitMix64
// outputs of the user's seed offset by 2k+1 and 2k+2 golden-ratio steps,
// so that chains of one seed, and the same chain of nearby seeds, get
// unrelated streams.
func ChainSeed(seed uint64, k int) (uint64, uint64) {
	return splitMix64(seed + uint64(2*k+1)*golden), splitMix64(seed + uint64(2*k+2)*golden)
}

const golden = 0x9e3779b97f4a7c15

// splitMix64 is the output function of Steele, Lea & Flood's SplitMix64.
func splitMix64(x uint64) uint64 {
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

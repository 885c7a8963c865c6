package hmc

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// TestContextStopsTheRun cancels a run's context after iteration n, in
// the warm-up and while drawing: no further iteration starts, and Sample
// returns no result and an error wrapping the context's that names the
// iteration it stopped before.
func TestContextStopsTheRun(t *testing.T) {
	const warmup, draws = 60, 20
	for _, n := range []int{0, 30, warmup - 1, warmup + 5} {
		ctx, cancel := context.WithCancel(context.Background())
		last := -1
		c := DefaultConfig(starts(8, 3, 1, nil, 4))
		c.Warmup, c.Draws, c.Context = warmup, draws, ctx
		c.Progress = func(i int, _ Iteration) {
			last = i
			if i == n {
				cancel()
			}
		}
		r, err := Sample(Parallel(gaussian([]float64{1, 2, 3}), 1), 3, c)
		cancel()
		if r != nil || !errors.Is(err, context.Canceled) {
			t.Fatalf("cancelled after iteration %d: result %v, error %v; want none and an error wrapping context.Canceled", n, r != nil, err)
		}
		if want := fmt.Sprintf("before iteration %d of %d", n+2, warmup+draws); !strings.Contains(err.Error(), want) {
			t.Errorf("cancelled after iteration %d (from 0): %q does not say %q", n, err, want)
		}
		if last != n {
			t.Errorf("cancelled after iteration %d: iteration %d ran", n, last)
		}
	}
}

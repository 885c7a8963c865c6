package nuts

import (
	"context"
	"errors"
	"strings"
	"sync/atomic"
	"testing"
)

// TestContextStopsTheChains cancels a run's context from inside its log
// density, after a given number of evaluations, in the warm-up and while
// drawing: every chain stops before its next iteration (at most one
// trajectory of 2^MaxDepth leapfrog steps later), and Sample returns no
// draws and an error wrapping the context's that says where it stopped.
// A context that stays open changes no draw.
func TestContextStopsTheChains(t *testing.T) {
	const dim, depth = 3, 6
	base := DefaultConfig()
	base.Chains, base.Warmup, base.Draws, base.MaxDepth, base.Workers = 2, 200, 200, depth, 1
	open, err := Sample(standardNormal(dim), dim, base)
	if err != nil {
		t.Fatal(err)
	}
	perChain := open.Chains[0].WarmupGradients + open.Chains[0].Gradients
	for _, tc := range []struct {
		name  string
		after int // evaluations before the cancel
	}{
		{"warm-up", 50},
		{"drawing", open.Chains[0].WarmupGradients + 20},
		{"second chain", perChain + 10},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			var calls atomic.Int64
			f := func(x, grad []float64) float64 {
				if calls.Add(1) == int64(tc.after) {
					cancel()
				}
				return standardNormal(dim)(x, grad)
			}
			c := base
			c.Context = ctx
			r, err := Sample(f, dim, c)
			if r != nil || !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "stopped before iteration") {
				t.Fatalf("cancelled after %d evaluations: result %v, error %v; want none and a stop wrapping context.Canceled", tc.after, r != nil, err)
			}
			// One trajectory's leapfrog steps, each one evaluation, may follow the cancel.
			if extra := calls.Load() - int64(tc.after); extra > 1<<depth {
				t.Errorf("%d evaluations after the cancel, want at most %d (one trajectory)", extra, 1<<depth)
			}
		})
	}
	c := base
	c.Context = context.Background()
	same, err := Sample(standardNormal(dim), dim, c)
	if err != nil {
		t.Fatal(err)
	}
	for k := range open.Chains {
		for i, x := range open.Chains[k].Draws {
			for j := range x {
				if same.Chains[k].Draws[i][j] != x[j] {
					t.Fatalf("chain %d draw %d: %v with an open context, %v without", k, i, same.Chains[k].Draws[i], x)
				}
			}
		}
	}
}

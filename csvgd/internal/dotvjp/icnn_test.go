package dotvjp_test

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/csvgd/csvgd-go/csvgd/backend/backendtest"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/internal/dotvjp"
	"github.com/csvgd/csvgd-go/csvgd/stein"
	"github.com/csvgd/csvgd-go/csvgd/train"
	. "github.com/gomlx/gomlx/core/graph" //nolint:revive // GoMLX graph DSL.
)

// icnnFlow is the Stein flow of the paper's ICNN ensemble on the 80
// training points at noise 0.1 (alpha = 1/2, lambda = 0.05, Adam at 0.01,
// the paper's median bandwidth, the mean likelihood at sigma = 0.065), and
// n particles initialised from a fixed seed. The step graph is compiled at
// the first Step, with the DotGeneral VJP registered at that moment.
func icnnFlow(tb testing.TB, n int) (*stein.Flow, *stein.Ensemble) {
	tb.Helper()
	data, err := train.LoadPaperData(0.1)
	if err != nil {
		tb.Skip(err)
	}
	arch := icnn.Paper()
	x := arch.Init(n, rand.New(rand.NewPCG(1, 2)))
	opt, err := stein.NewOptimizer("adam", 0.01)
	if err != nil {
		tb.Fatal(err)
	}
	sc := stein.Config{Prior: stein.Prior{Alpha: 0.5, Lambda: 0.05, Smoothing: 1e-3}, Kernel: stein.Kernel{Beta: 2},
		Bandwidth: stein.Bandwidth{Rule: stein.MedianPaper}, Optimizer: opt, Project: arch.Project}
	flow, err := stein.NewFlow(backendtest.Backend(tb), sc, arch.MeanLogLikelihood(icnn.NewBatch(data.Train), 0.065))
	if err != nil {
		tb.Fatal(err)
	}
	return flow, x
}

// TestICNNStepUsesThisGradient: the Stein step of the ICNN ensemble, on
// the backend every command and notebook gets (backend.New registers the
// rule), builds its DotGeneral gradients with this package's rule and
// never falls back. Its values are checked against the hand-written
// reference in csvgd/reference (TestStepMatchesFlow).
func TestICNNStepUsesThisGradient(t *testing.T) {
	if !dotvjp.Installed() {
		t.Fatal("the registered DotGeneral gradient is not this package's")
	}
	noFallback(t, func() {
		flow, x := icnnFlow(t, 4)
		if err := flow.Step(x); err != nil {
			t.Fatal(err)
		}
	})
}

// BenchmarkICNNStep times one Stein step of the ICNN ensemble (the flow of
// icnnFlow) for 10 and 100 particles, with GoMLX's DotGeneral
// VJP ("gomlx") and this package's ("dotgeneral"); compile time (the first
// step) is excluded. Run with -count to interleave the two on a busy
// machine:
//
//	go test -run '^$' -bench ICNNStep -count 3 ./csvgd/internal/dotvjp/
func BenchmarkICNNStep(b *testing.B) {
	for _, n := range []int{10, 100} {
		for _, v := range []struct {
			name string
			fn   VJP
		}{{"gomlx", gomlxVJP}, {"dotgeneral", dotvjp.New}} {
			b.Run(fmt.Sprintf("N=%d/%s", n, v.name), func(b *testing.B) {
				using(v.fn, func() {
					flow, x := icnnFlow(b, n)
					if err := flow.Step(x); err != nil { // compiles
						b.Fatal(err)
					}
					b.ResetTimer()
					start := time.Now()
					for i := 0; i < b.N; i++ {
						if err := flow.Step(x); err != nil {
							b.Fatal(err)
						}
					}
					b.ReportMetric(float64(time.Since(start).Microseconds())/1000/float64(b.N), "ms/step")
				})
			})
		}
	}
}

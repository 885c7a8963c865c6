package train

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/csvgd/csvgd-go/csvgd/backend"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/stein"
)

// TestICNNSteinStepsDoNotStall runs the full Stein step of the paper's
// ICNN ensemble (10 particles, the 80 training points of the committed
// noise-0.10 data, the mean log-likelihood, the alpha = 0.5 prior at
// lambda = 0.05, the paper's bandwidth rule, Adam) 100 times on the
// project's backend configuration, at full width (parallel operations)
// and at the condensed width 4 (the sequential twin of backend.ForWork).
// A deadlocking backend (the default simplego worker pool on two cores
// did) makes this test fail with a message after stallLimit, rather than
// hang until go test's own time-out.
func TestICNNSteinStepsDoNotStall(t *testing.T) {
	for _, widths := range [][]int{{3, 30, 30, 1}, {3, 4, 4, 1}} {
		t.Run(fmt.Sprint(widths), func(t *testing.T) { checkNoStall(t, icnn.Arch{Widths: widths}) })
	}
}

func checkNoStall(t *testing.T, arch icnn.Arch) {
	const steps, stallLimit = 100, 5 * time.Minute
	flow, x := paperICNNFlow(t, arch)
	done := make(chan error, 1)
	var first time.Duration // the first step compiles the graph
	start := time.Now()
	go func() { done <- stepAndCheck(flow, x, steps, &first) }()
	timer := time.NewTimer(stallLimit)
	defer timer.Stop()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-timer.C:
		t.Fatalf("%d Stein steps of the ICNN ensemble did not finish within %v (%d done): "+
			"the backend %q stalls; see docs/speed.md", steps, stallLimit, flow.Iter, backend.Config())
	}
	total := time.Since(start)
	t.Logf("%d steps in %v: the first (compiling) %v, then %v per step", steps, total, first, (total-first)/(steps-1))
}

// paperICNNFlow is the Stein flow and the seeded initial particles of a
// csvgd training run with the network arch at lambda = 0.05.
func paperICNNFlow(t *testing.T, arch icnn.Arch) (*stein.Flow, *stein.Ensemble) {
	t.Helper()
	data, err := LoadPaperData(0.1)
	if err != nil {
		t.Fatal(err)
	}
	c := DefaultConfig() // step size, prior smoothing and seed of the command line
	c.Arch, c.Particles, c.Optimizer = arch, 10, "adam"
	c.Alpha, c.Lambda, c.Beta, c.Bandwidth = 0.5, 0.05, 2, stein.Bandwidth{Rule: stein.MedianPaper}
	c.Likelihood = "mean"
	train := icnn.NewBatch(data.Train)
	if train.Len() != 80 {
		t.Fatalf("%d training points, want 80", train.Len())
	}
	flow, err := NewProblem(c, data).Flow(testBackend(t))
	if err != nil {
		t.Fatal(err)
	}
	return flow, c.Arch.Init(c.Particles, rand.New(rand.NewPCG(c.Seed, 0x1c22)))
}

// stepAndCheck takes n steps, checking after each that it succeeded and
// left finite particles, and sets first to the time of the first step.
func stepAndCheck(flow *stein.Flow, x *stein.Ensemble, n int, first *time.Duration) error {
	start := time.Now()
	for k := 0; k < n; k++ {
		if k == 1 {
			*first = time.Since(start)
		}
		if err := flow.Step(x); err != nil {
			return fmt.Errorf("step %d: %w", k, err)
		}
		if !x.Finite() {
			return fmt.Errorf("step %d left non-finite particles", k)
		}
	}
	return nil
}

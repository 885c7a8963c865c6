package reference_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/internal/numtest"
	"github.com/csvgd/csvgd-go/csvgd/train"

	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/reference"
	"github.com/csvgd/csvgd-go/csvgd/stein"
)

// sigma is the likelihood's noise scale in the tests, that of the ICNN
// flow of internal/dotvjp.
const sigma = 0.065

// archs are the networks of the tests: the paper's, two condensed ones and
// one with three hidden layers.
var archs = []struct {
	name string
	arch icnn.Arch
}{
	{"3-30-30-1", icnn.Paper()},
	{"3-8-3-1", icnn.Arch{Widths: []int{3, 8, 3, 1}}},
	{"3-4-4-1", icnn.Arch{Widths: []int{3, 4, 4, 1}}},
	{"3-5-4-3-1", icnn.Arch{Widths: []int{3, 5, 4, 3, 1}}},
}

// trainingSamples are the 80 training points at noise 0.1; the test is
// skipped when the data set is missing.
func trainingSamples(tb testing.TB) []hyperelastic.Sample {
	tb.Helper()
	data, err := train.LoadPaperData(0.1)
	if err != nil {
		tb.Skip(err)
	}
	return data.Train
}

// meanWeight is w of icnn.Arch.MeanLogLikelihood(b, sigma).
func meanWeight(b icnn.Batch) float64 { return 0.5 / (sigma * sigma) / float64(b.Len()) }

// flowConfig is the configuration of the ICNN flow of internal/dotvjp:
// the alpha = 0.5 prior at lambda 0.05, the RBF kernel with the paper's
// bandwidth rule, Adam at 0.01 and the projection.
func flowConfig(tb testing.TB, arch icnn.Arch, optimizer stein.OptimizerName) stein.Config {
	tb.Helper()
	opt, err := stein.NewOptimizer(optimizer, 0.01)
	if err != nil {
		tb.Fatal(err)
	}
	return stein.Config{
		Prior:     stein.Prior{Alpha: 0.5, Lambda: 0.05, Smoothing: 1e-3},
		Kernel:    stein.Kernel{Beta: 2},
		Bandwidth: stein.Bandwidth{Rule: stein.MedianPaper},
		Optimizer: opt,
		Project:   arch.Project,
	}
}

// newStep is the reference step of flowConfig on the batch.
func newStep(tb testing.TB, arch icnn.Arch, b icnn.Batch, optimizer stein.OptimizerName) *reference.Step {
	tb.Helper()
	s, err := reference.NewStep(arch, b, meanWeight(b), flowConfig(tb, arch, optimizer))
	if err != nil {
		tb.Fatal(err)
	}
	return s
}

// initial draws n particles of arch from a fixed seed.
func initial(arch icnn.Arch, n int, seed uint64) *stein.Ensemble {
	return arch.Init(n, rand.New(rand.NewPCG(seed, 2)))
}

// layerDiffs checks got against want layer by layer (each layer's
// relative difference, so that a small layer's gradient is not hidden by a
// large one's), reporting the layers beyond tol.
func layerDiffs(t *testing.T, what string, arch icnn.Arch, got, want []float64, tol float64) {
	t.Helper()
	worst := 0.0
	for k, l := range arch.Layers() {
		lo, hi := l.Offset, l.Offset+l.Rows*l.Cols
		d := numtest.RelDiff(got[lo:hi], want[lo:hi])
		if !(d <= tol) {
			t.Errorf("%s, layer W_%d: relative difference %.3g > %.0e", what, k, d, tol)
		}
		worst = math.Max(worst, d)
	}
	t.Logf("%s: largest relative difference of a layer %.3g", what, worst)
}

package exact_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/backend/backendtest"
	"github.com/csvgd/csvgd-go/csvgd/exact"
	"github.com/csvgd/csvgd-go/csvgd/internal/numtest"
)

// TestGraphDensityMatchesHost: the ensembled graph's batch of five
// chains gives the host's log posterior and gradient at each (to 1e-9
// relative), and leaves inactive chains' entries alone.
func TestGraphDensityMatchesHost(t *testing.T) {
	post := smallPosterior(t)
	g, err := exact.GraphDensity(backendtest.Backend(t), post)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(5, 6))
	x := make([][]float64, 5)
	grad, lp := make([][]float64, 5), make([]float64, 5)
	for k := range x {
		x[k] = post.Arch.Init(1, rng).Particle(0)
		grad[k] = make([]float64, post.Dim())
	}
	lp[4] = 7
	g.Eval(x, grad, lp, []bool{true, true, true, true, false})
	for k := range 4 {
		want := make([]float64, post.Dim())
		wl := post.LogDensity(x[k], want)
		if math.Abs(lp[k]-wl) > 1e-9*math.Abs(wl) || numtest.RelDiff(grad[k], want) > 1e-9 {
			t.Errorf("chain %d: graph %v, host %v; gradients differ by %.3g", k, lp[k], wl, numtest.RelDiff(grad[k], want))
		}
	}
	if lp[4] != 7 {
		t.Errorf("an inactive chain's log density was overwritten: %v", lp[4])
	}
}

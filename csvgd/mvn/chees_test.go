package mvn

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/csvgd/csvgd-go/csvgd/hmc"
	"github.com/csvgd/csvgd-go/csvgd/nuts"
	"github.com/csvgd/csvgd-go/csvgd/stein"
)

// TestChEESMatchesExact: many-chain HMC with ChEES (package hmc; 64
// chains started uniformly in (-2, 2)^3, 500 warm-up and 100 kept
// iterations) on LogPosterior agrees with ExactMoments at alpha = 1,
// lambda = 1, as TestNUTSMatchesExact checks NUTS: every mean and
// covariance within 5 Monte Carlo standard errors, no divergence, and
// nested R-hat over 4 superchains of 16 chains below 1.01 (R-hat over the
// 64 chains of 100 draws each is logged: it conflates short chains with
// poor mixing, which is what nested R-hat is for). Without -short also
// the cusped prior alpha = 0.5 and the weak Gaussian prior alpha = 2,
// lambda = 0.1.
func TestChEESMatchesExact(t *testing.T) {
	forSamplerPriors(t, func(t *testing.T, prior stein.Prior) {
		target := PaperTarget()
		mean, cov, err := ExactMoments(target, prior)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(1, 2))
		init := make([][]float64, 64)
		for k := range init {
			init[k] = []float64{4*rng.Float64() - 2, 4*rng.Float64() - 2, 4*rng.Float64() - 2}
		}
		start := time.Now()
		res, err := hmc.Sample(hmc.Parallel(target.LogPosterior(prior), 0), 3, hmc.DefaultConfig(init))
		if err != nil {
			t.Fatal(err)
		}
		r := &nuts.Result{Dim: 3, Chains: res.Chains}
		rhat, bulk, tail := nuts.Worst(r.Summary())
		nested := 0.0
		for i := range 3 {
			x := r.Coordinate(i)
			nested = max(nested, nuts.NestedRHat([][][]float64{x[:16], x[16:32], x[32:48], x[48:]}))
		}
		divergent := 0
		for _, ch := range r.Chains {
			for _, tr := range ch.Stats {
				if tr.Divergent {
					divergent++
				}
			}
		}
		t.Logf("%.2f s: nested R-hat max %.4f, R-hat max %.4f, ESS bulk min %.0f, tail min %.0f, %d divergences, step size %.3g, trajectory length %.3g",
			time.Since(start).Seconds(), nested, rhat, bulk, tail, divergent, res.StepSize, res.TrajectoryLength)
		if divergent > 0 || !(nested < 1.01) {
			t.Errorf("%d divergences, nested R-hat %.4f", divergent, nested)
		}
		for i := range 3 {
			x := r.Coordinate(i)
			checkWithin(t, fmt.Sprintf("mean[%d]", i), x, mean[i], 5)
			for j := i; j < 3; j++ {
				checkWithin(t, fmt.Sprintf("cov[%d][%d]", i, j), centredProduct(x, r.Coordinate(j), mean[i], mean[j]), cov.At(i, j), 5)
			}
		}
	})
}

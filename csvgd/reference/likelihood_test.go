package reference_test

import (
	"math"
	"sync"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/reference"
)

// TestLikelihoodMatchesStep: the concurrency-safe likelihood gives the
// step's log-likelihood and score to the bit, also when 8 goroutines call
// it at once on different particles.
func TestLikelihoodMatchesStep(t *testing.T) {
	b := icnn.NewBatch(trainingSamples(t))
	arch := icnn.Arch{Widths: []int{3, 8, 3, 1}}
	s := newStep(t, arch, b, "adam")
	l, err := reference.NewLikelihood(arch, b, meanWeight(b))
	if err != nil {
		t.Fatal(err)
	}
	x := initial(arch, 8, 11)
	wantScore := make([][]float64, x.N)
	wantLL := make([]float64, x.N)
	for p := range x.N {
		wantScore[p] = make([]float64, x.D)
		s.Score(x.Particle(p), wantScore[p])
		wantLL[p] = s.LogLikelihood(x.Particle(p))
	}
	var wg sync.WaitGroup
	for p := range x.N {
		wg.Go(func() {
			for range 20 {
				g := make([]float64, l.Dim())
				ll := l.Eval(x.Particle(p), g)
				if ll != wantLL[p] {
					t.Errorf("particle %d: log-likelihood %v, step %v", p, ll, wantLL[p])
					return
				}
				for i := range g {
					if g[i] != wantScore[p][i] {
						t.Errorf("particle %d, weight %d: score %v, step %v", p, i, g[i], wantScore[p][i])
						return
					}
				}
			}
		})
	}
	wg.Wait()
}

// TestNewLikelihoodRefusesBadInput: a network without 3 inputs, a negative
// or infinite weight and an empty batch are refused.
func TestNewLikelihoodRefusesBadInput(t *testing.T) {
	b := icnn.NewBatch(trainingSamples(t)[:3])
	arch := icnn.Arch{Widths: []int{3, 2, 1}}
	for name, tc := range map[string]struct {
		arch   icnn.Arch
		b      icnn.Batch
		weight float64
	}{
		"two inputs":      {icnn.Arch{Widths: []int{2, 2, 1}}, b, 1},
		"negative weight": {arch, b, -1},
		"infinite weight": {arch, b, math.Inf(1)},
		"empty batch":     {arch, icnn.Batch{}, 1},
	} {
		if _, err := reference.NewLikelihood(tc.arch, tc.b, tc.weight); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

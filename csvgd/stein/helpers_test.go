package stein

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/backend/backendtest"
	"github.com/gomlx/compute"
)

func testBackend(t testing.TB) compute.Backend { return backendtest.Backend(t) }

func randomEnsemble(seed uint64, n, d int, std float64) *Ensemble {
	return GaussianEnsemble(n, make([]float64, d), std, rand.New(rand.NewPCG(seed, 1)))
}

func maxAbsDiff(a, b []float64) float64 {
	var m float64
	for i := range a {
		m = math.Max(m, math.Abs(a[i]-b[i]))
	}
	return m
}

package stein

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/backend"
	"github.com/gomlx/gomlx/backends"
)

func testBackend(t testing.TB) backends.Backend {
	t.Helper()
	b, err := backend.Default()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

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

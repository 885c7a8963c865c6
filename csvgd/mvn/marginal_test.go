package mvn

import (
	"math"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/stein"
	"gonum.org/v1/gonum/integrate/quad"
)

// TestMarginal: without a prior the theta_3 marginal is the normal
// N(3, 400); with the Laplace prior it integrates to 1 and has the mean
// and variance of ExactMoments (by an independent adaptive quadrature);
// a coordinate coupled to another is refused.
func TestMarginal(t *testing.T) {
	target := PaperTarget()
	flat, err := Marginal(target, stein.Prior{Alpha: 1, Lambda: 0}, 2)
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range []float64{-30, 0, 3, 41} {
		want := math.Exp(-(x-3)*(x-3)/800) / math.Sqrt(2*math.Pi*400)
		if math.Abs(flat(x)-want) > 1e-10*want {
			t.Errorf("no prior, theta_3 = %v: density %v, want %v", x, flat(x), want)
		}
	}
	prior := stein.Prior{Alpha: 1, Lambda: 0.1}
	p, err := Marginal(target, prior, 2)
	if err != nil {
		t.Fatal(err)
	}
	mean, cov, err := ExactMoments(target, prior)
	if err != nil {
		t.Fatal(err)
	}
	integral := func(f func(float64) float64) float64 {
		return quad.Fixed(f, -400, 0, 4000, nil, 0) + quad.Fixed(f, 0, 400, 4000, nil, 0)
	}
	mass := integral(p)
	m1 := integral(func(x float64) float64 { return x * p(x) })
	m2 := integral(func(x float64) float64 { return (x - m1) * (x - m1) * p(x) })
	if math.Abs(mass-1) > 1e-6 || math.Abs(m1-mean[2]) > 1e-4 || math.Abs(m2/cov.At(2, 2)-1) > 1e-4 {
		t.Errorf("Laplace prior: mass %v, mean %v (exact %v), variance %v (exact %v)", mass, m1, mean[2], m2, cov.At(2, 2))
	}
	if _, err := Marginal(target, prior, 0); err == nil {
		t.Error("theta_1, coupled to theta_2, accepted")
	}
}

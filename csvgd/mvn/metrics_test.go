package mvn

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/stein"
	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat/distmv"
)

func randomSPD(rng *rand.Rand, n int) *mat.SymDense {
	a := mat.NewDense(n, n, nil)
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			a.Set(i, j, rng.NormFloat64())
		}
	}
	s := mat.NewSymDense(n, nil)
	s.SymOuterK(1, a)
	for i := 0; i < n; i++ {
		s.SetSym(i, i, s.At(i, i)+0.1)
	}
	return s
}

// TestBhattacharyyaAgainstGonum compares with gonum's closed form for two
// multivariate normals (distmv.Bhattacharyya).
func TestBhattacharyyaAgainstGonum(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 20; trial++ {
		n := 1 + trial%4
		mu1, mu2 := make([]float64, n), make([]float64, n)
		for i := range mu1 {
			mu1[i], mu2[i] = rng.NormFloat64(), 3*rng.NormFloat64()
		}
		s1, s2 := randomSPD(rng, n), randomSPD(rng, n)
		got, err := Bhattacharyya(mu1, s1, mu2, s2)
		if err != nil {
			t.Fatal(err)
		}
		l, ok1 := distmv.NewNormal(mu1, s1, nil)
		r, ok2 := distmv.NewNormal(mu2, s2, nil)
		if !ok1 || !ok2 {
			t.Fatal("random matrix not positive definite")
		}
		want := distmv.Bhattacharyya{}.DistNormal(l, r)
		if math.Abs(got-want) > 1e-10*(1+want) {
			t.Errorf("trial %d (n=%d): %v, gonum %v", trial, n, got, want)
		}
	}
}

func TestBhattacharyyaEdgeCases(t *testing.T) {
	target := PaperTarget()
	cov, err := target.Covariance()
	if err != nil {
		t.Fatal(err)
	}
	if d, _ := Bhattacharyya(target.Mean, cov, target.Mean, cov); math.Abs(d) > 1e-14 {
		t.Errorf("distance of a distribution to itself = %v, want 0", d)
	}
	singular := mat.NewSymDense(3, []float64{1, 0, 0, 0, 1, 0, 0, 0, 0})
	if d, _ := Bhattacharyya(target.Mean, singular, target.Mean, singular); !math.IsInf(d, 1) {
		t.Errorf("singular covariances: %v, want +Inf", d)
	}
	if _, err := Bhattacharyya([]float64{0}, cov, target.Mean, cov); err == nil {
		t.Error("want an error for mismatched dimensions")
	}
}

func TestMomentsAndSparsity(t *testing.T) {
	e, _ := stein.EnsembleFromRows([][]float64{{1, 2, -3}, {3, 2, 1}, {2, 5, 0}})
	mean, cov := Moments(e)
	wantMean := []float64{2, 3, -2.0 / 3}
	for i := range mean {
		if math.Abs(mean[i]-wantMean[i]) > 1e-14 {
			t.Errorf("mean[%d] = %v, want %v", i, mean[i], wantMean[i])
		}
	}
	// Unbiased: var(theta_1) = ((1-2)^2 + (3-2)^2 + 0) / 2 = 1.
	if v := cov.At(0, 0); math.Abs(v-1) > 1e-14 {
		t.Errorf("var(theta_1) = %v, want 1", v)
	}
	if got := L1Theta3(e); math.Abs(got-4.0/3) > 1e-14 {
		t.Errorf("mean |theta_3| = %v, want 4/3", got)
	}
}

func TestPaperTargetCovariance(t *testing.T) {
	cov, err := PaperTarget().Covariance()
	if err != nil {
		t.Fatal(err)
	}
	// inverse of [[2,1],[1,2]] is [[2,-1],[-1,2]]/3; of 0.0025 is 400.
	want := []float64{2.0 / 3, -1.0 / 3, 0, -1.0 / 3, 2.0 / 3, 0, 0, 0, 400}
	for i, w := range want {
		if got := cov.At(i/3, i%3); math.Abs(got-w) > 1e-12*(1+w) {
			t.Errorf("cov[%d,%d] = %v, want %v", i/3, i%3, got, w)
		}
	}
}

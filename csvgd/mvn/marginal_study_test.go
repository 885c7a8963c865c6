package mvn

import (
	"errors"
	"io/fs"
	"math"
	"path/filepath"
	"testing"

	"gonum.org/v1/gonum/stat/distuv"
)

// TestW1ToDensity: the evenly spread quantiles of N(0, 1) are within
// 2e-3 of it; shifted by 0.5 they are 0.5 away.
func TestW1ToDensity(t *testing.T) {
	n := distuv.UnitNormal
	xs := make([]float64, 2000)
	for i := range xs {
		xs[i] = n.Quantile((float64(i) + 0.5) / float64(len(xs)))
	}
	if d := W1ToDensity(xs, n.Prob); !(d < 2e-3) {
		t.Errorf("quantiles of the density: W1 %v", d)
	}
	for i := range xs {
		xs[i] += 0.5
	}
	if d := W1ToDensity(xs, n.Prob); math.Abs(d-0.5) > 2e-3 {
		t.Errorf("shifted by 0.5: W1 %v", d)
	}
}

// TestMarginalStudyRunsAndCaches: a tiny study runs the base, each fixed
// bandwidth, each kernel order and each size once, with finite distances,
// and a second call reads the cache (no backend needed).
func TestMarginalStudyRunsAndCaches(t *testing.T) {
	m := PaperMarginal(true)
	m.Base.Particles, m.Base.Iters = 8, 50
	m.Gammas, m.Particles = []float64{1}, []int{16}
	path := filepath.Join(t.TempDir(), "marginal.json")
	runs, err := CachedMarginalStudy(testBackend(t), PaperTarget(), m, path, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"median γ, β = 2, N = 8", "γ = 1", "β = 1", "N = 16"}
	if len(runs) != len(want) {
		t.Fatalf("%d runs, want %d", len(runs), len(want))
	}
	for i, r := range runs {
		if r.Label() != want[i] || len(r.Theta3) != r.Config.Particles || !(r.W1 >= 0) || math.IsInf(r.Bhattacharyya, 0) {
			t.Errorf("run %d: %s, %d values, W1 %v, distance %v", i, r.Label(), len(r.Theta3), r.W1, r.Bhattacharyya)
		}
	}
	again, err := CachedMarginalStudy(nil, PaperTarget(), m, path, nil)
	if err != nil || again[3].W1 != runs[3].W1 {
		t.Errorf("cached study: %v, W1 %v", err, again)
	}
	if read, err := ReadMarginalStudy(path, m); err != nil || read[3].W1 != runs[3].W1 {
		t.Errorf("ReadMarginalStudy: %v, %v", err, read)
	}
	m.Base.Seed++
	if _, err := ReadMarginalStudy(path, m); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("ReadMarginalStudy of another configuration: %v, want fs.ErrNotExist", err)
	}
}

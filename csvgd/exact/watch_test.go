package exact_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/backend/backendtest"
	"github.com/csvgd/csvgd-go/csvgd/exact"
	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/nuts"
	"github.com/csvgd/csvgd-go/csvgd/stein"
	"github.com/csvgd/csvgd-go/csvgd/train"
)

// TestWatchPointsAreInsideTheTrainingRange: 25 points, all with
// |d| <= 0.2, spread from one end of the range to the other.
func TestWatchPointsAreInsideTheTrainingRange(t *testing.T) {
	data, err := train.LoadPaperData(0.1)
	if err != nil {
		t.Skip(err)
	}
	pts := exact.WatchPoints(data.Test, 25)
	if len(pts) != 25 || pts[0].D > -0.19 || pts[24].D < 0.17 {
		t.Fatalf("%d points from d = %v to %v", len(pts), pts[0].D, pts[len(pts)-1].D)
	}
	for _, p := range pts {
		if math.Abs(p.D) > hyperelastic.TrainingDelta {
			t.Errorf("watch point at d = %v, outside the training range", p.D)
		}
	}
}

// TestHostPredictMatchesTheGraph: the host stresses of a few particles
// agree with icnn.PredictAt's to 1e-9, and StressWatch gives the same
// numbers in point-major order.
func TestHostPredictMatchesTheGraph(t *testing.T) {
	data, err := train.LoadPaperData(0.1)
	if err != nil {
		t.Skip(err)
	}
	arch := icnn.Arch{Widths: []int{3, 4, 3, 1}}
	x := stein.GaussianEnsemble(3, make([]float64, arch.NumParams()), 0.5, rand.New(rand.NewPCG(4, 5)))
	for i := range x.Data {
		x.Data[i] = math.Abs(x.Data[i]) // W_1, W_2 >= 0 do not matter here
	}
	pts := data.Test[:40]
	got := exact.HostPredict(arch, pts, x.Rows())
	want, err := icnn.PredictAt(backendtest.Backend(t), arch, pts, x)
	if err != nil {
		t.Fatal(err)
	}
	watch := exact.StressWatch(arch, pts)(x.Particle(1))
	for m := range pts {
		for k := range 6 {
			if d := math.Abs(got[1][m][k] - want[1][m][k]); d > 1e-9*(1+math.Abs(want[1][m][k])) {
				t.Fatalf("point %d, component %d: host %v, graph %v", m, k, got[1][m][k], want[1][m][k])
			}
			if watch[6*m+k] != got[1][m][k] {
				t.Fatalf("watch %v, host %v", watch[6*m+k], got[1][m][k])
			}
		}
	}
}

// TestThinSpreadsOverChains: 4 of 2 chains x 4 draws are the first and
// third draw of each chain, copied.
func TestThinSpreadsOverChains(t *testing.T) {
	r := &nuts.Result{Dim: 1, Chains: []nuts.Chain{
		{Draws: [][]float64{{0}, {1}, {2}, {3}}},
		{Draws: [][]float64{{10}, {11}, {12}, {13}}},
	}}
	got := exact.Thin(r, 4)
	want := []float64{0, 2, 10, 12}
	for j := range want {
		if got[j][0] != want[j] {
			t.Fatalf("kept %v, want %v", got, want)
		}
	}
	got[0][0] = 99
	if r.Chains[0].Draws[0][0] != 0 {
		t.Error("Thin returned a draw that shares memory with the result")
	}
	if n := len(exact.Thin(r, 100)); n != 8 {
		t.Errorf("keep above the draws gave %d, want all 8", n)
	}
}

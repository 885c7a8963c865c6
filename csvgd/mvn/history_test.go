package mvn

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/stein"
)

// TestHistoryKSD: a run with lambda = 0 records its history every Every
// iterations from 0 and at the end; its KSD falls from the initial
// N(0, I) particles (which miss the target's mean (1, 2, 3)) by at least a
// factor 10, and ends below the KSD an exact sample of the target of the
// same size has on average, sqrt((d + E|s|^2) / N) with E|s|^2 = tr P:
// SVGD's particles are better spread than independent draws. The final
// history point is the result's final state.
func TestHistoryKSD(t *testing.T) {
	c := DefaultConfig()
	c.Iters, c.Every = 500, 100
	tg := PaperTarget()
	r, err := Run(testBackend(t), tg, c)
	if err != nil {
		t.Fatal(err)
	}
	var iters []int
	for _, h := range r.History {
		iters = append(iters, h.Iter)
		t.Logf("iteration %4d: KSD %.4f, Bhattacharyya %.4g", h.Iter, h.KSD, h.Bhattacharyya)
	}
	if want := []int{0, 100, 200, 300, 400, 500}; len(iters) != len(want) || iters[0] != 0 || iters[len(iters)-1] != 500 {
		t.Fatalf("history at iterations %v, want %v", iters, want)
	}
	first, last := r.History[0], r.History[len(r.History)-1]
	if last.KSD != r.KSD || last.Bhattacharyya != r.Bhattacharyya || last.L1Theta3 != r.L1Theta3 {
		t.Errorf("last history point %+v differs from the result (KSD %v, Bhattacharyya %v)", last, r.KSD, r.Bhattacharyya)
	}
	if last.KSD > first.KSD/10 {
		t.Errorf("KSD %v at the start, %v at the end: less than a factor 10", first.KSD, last.KSD)
	}
	bias := KSDFloor(tg, c.Particles)
	if r.KSD > bias {
		t.Errorf("final KSD %v above an exact sample's %v", r.KSD, bias)
	}
}

// TestExactSampleKSDs: the KSDs of many exact samples of 128 points have a
// mean square within 10% of KSDFloor's square, spread around it, and the
// same seed gives the same values.
func TestExactSampleKSDs(t *testing.T) {
	tg := PaperTarget()
	ks, err := ExactSampleKSDs(tg, 128, 200, 5)
	if err != nil {
		t.Fatal(err)
	}
	ms := 0.0
	for _, k := range ks {
		ms += k * k / float64(len(ks))
	}
	floor := KSDFloor(tg, 128)
	if r := ms / (floor * floor); r < 0.9 || r > 1.1 {
		t.Errorf("mean square KSD %v, KSDFloor^2 %v", ms, floor*floor)
	}
	if slices.Min(ks) >= floor || slices.Max(ks) <= floor {
		t.Errorf("KSDs from %v to %v do not straddle the floor %v", slices.Min(ks), slices.Max(ks), floor)
	}
	again, _ := ExactSampleKSDs(tg, 128, 200, 5)
	if !slices.Equal(ks, again) {
		t.Error("same seed, other KSDs")
	}
	if _, err := ExactSampleKSDs(tg, 0, 1, 1); err == nil {
		t.Error("0 points accepted")
	}
}

// TestKSDExactSample: the KSD of an exact sample of the target (lambda =
// 0) agrees with KSDFloor, sqrt((d + tr P) / N), within 30%, and shifting the sample
// by 1 along theta_1 raises it at least threefold.
func TestKSDExactSample(t *testing.T) {
	tg := PaperTarget()
	const n = 1000
	x, err := tg.Sample(n, rand.New(rand.NewPCG(14, 11)))
	if err != nil {
		t.Fatal(err)
	}
	exact, err := KSD(tg, stein.Prior{Alpha: 1}, x)
	if err != nil {
		t.Fatal(err)
	}
	want := KSDFloor(tg, n)
	if r := exact * exact / (want * want); r < 0.7 || r > 1.3 {
		t.Errorf("exact sample: KSD %v, want about %v", exact, want)
	}
	for a := range n {
		x.Particle(a)[0]++
	}
	shifted, err := KSD(tg, stein.Prior{Alpha: 1}, x)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("KSD exact %.4f (expected %.4f), shifted by 1 along theta_1: %.4f", exact, want, shifted)
	if shifted < 3*exact {
		t.Errorf("shifted sample: KSD %v, less than 3 times the exact sample's %v", shifted, exact)
	}
}

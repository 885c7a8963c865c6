package stein

import (
	"math"
	"testing"
)

// TestStepKeepsParticlesOnTheDevice: a step feeds the particles the last
// step returned back to the graph without a new tensor while the caller
// leaves them alone, and takes the caller's values as soon as one bit
// changes (-0 for 0 included); either way the step is the one a new flow
// with the same optimizer state takes.
func TestStepKeepsParticlesOnTheDevice(t *testing.T) {
	b := testBackend(t)
	cfg := Config{Prior: Prior{Alpha: 0.5, Lambda: 0.1}, Kernel: Kernel{Beta: 2}, Bandwidth: Bandwidth{Rule: MedianLiuWang},
		Optimizer: Adam{LR: 0.05, Beta1: 0.9, Beta2: 0.999, Eps: 1e-8}}
	f, err := NewFlow(b, cfg, testTarget.graph)
	if err != nil {
		t.Fatal(err)
	}
	x := randomEnsemble(3, 6, 3, 1)
	x.Data[4] = 0
	if err := f.Step(x); err != nil {
		t.Fatal(err)
	}
	if f.particles(x) != f.last {
		t.Fatal("unchanged particles were copied again")
	}
	for _, change := range []func(x *Ensemble){
		func(x *Ensemble) {}, // unchanged
		func(x *Ensemble) { x.Data[7] += 0.25 },
		func(x *Ensemble) { x.Data[4] = math.Copysign(0, -1) },
	} {
		change(x)
		state, err := f.State()
		if err != nil {
			t.Fatal(err)
		}
		g, err := NewFlow(b, cfg, testTarget.graph)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.SetState(state, f.Iter); err != nil {
			t.Fatal(err)
		}
		y := x.Clone()
		if err := f.Step(x); err != nil {
			t.Fatal(err)
		}
		if err := g.Step(y); err != nil {
			t.Fatal(err)
		}
		for i := range x.Data {
			if math.Float64bits(x.Data[i]) != math.Float64bits(y.Data[i]) {
				t.Fatalf("iteration %d, component %d: %v, a new flow gives %v", f.Iter, i, x.Data[i], y.Data[i])
			}
		}
	}
}

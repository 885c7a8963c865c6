package nuts

import (
	"math"
	"testing"
)

// TestNestedRHatClosedForm: two superchains of two chains each,
// {1, 3}, {3, 5} and {2, 4}, {6, 8}: chain means 2, 4 and 3, 7,
// superchain means 3 and 5 (B_nu = 2), between-chain variances 2 and 8,
// within-chain variances 2 in every chain (W_nu = (2 + 2 + 8 + 2) / 2 = 7),
// so nested R-hat = sqrt(1 + 2/7).
func TestNestedRHatClosedForm(t *testing.T) {
	got := NestedRHat([][][]float64{{{1, 3}, {3, 5}}, {{2, 4}, {6, 8}}})
	if want := math.Sqrt(1 + 2.0/7); math.Abs(got-want) > 1e-14 {
		t.Fatalf("nested R-hat = %.16g, want %.16g", got, want)
	}
}

// TestNestedRHatEdgeCases: chains of one draw (no within-chain variance),
// superchains of one chain (no between-chain variance), constant draws,
// a NaN, and the panics.
func TestNestedRHatEdgeCases(t *testing.T) {
	for _, c := range []struct {
		name string
		sc   [][][]float64
		want float64
	}{
		// chain means 1, 3 and 2, 4: B_nu = 1/2, W_nu = 2.
		{"one draw per chain", [][][]float64{{{1}, {3}}, {{2}, {4}}}, math.Sqrt(1 + 0.25)},
		// superchain means 2 and 3: B_nu = 1/2, W_nu = 1.
		{"one chain per superchain", [][][]float64{{{1, 2, 3}}, {{2, 3, 4}}}, math.Sqrt(1.5)},
		{"constant", [][][]float64{{{2, 2}}, {{2, 2}, {2}}}, 1},
		{"NaN", [][][]float64{{{1, math.NaN()}}, {{2, 3}}}, math.NaN()},
	} {
		got := NestedRHat(c.sc)
		if !(math.Abs(got-c.want) < 1e-14) && !(math.IsNaN(got) && math.IsNaN(c.want)) {
			t.Errorf("%s: nested R-hat %v, want %v", c.name, got, c.want)
		}
	}
	for name, sc := range map[string][][][]float64{"one superchain": {{{1, 2}}}, "empty superchain": {{{1}}, {}}, "empty chain": {{{1}}, {{}}}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", name)
				}
			}()
			NestedRHat(sc)
		}()
	}
}

// TestNestedRHatSeesAShiftedSuperchain, over 10 seeded replicates of 4
// superchains of 64 chains of 25 iid N(0, 1) draws: well mixed, nested
// R-hat is below 1.01 (its expected square is about 1 + 1/1600); with
// one superchain's draws shifted by 1/2 it is near its large-sample value
// sqrt(1 + (1/2)^2 (1/4)(3/4)(4/3)) = 1.031 and above 1.01. Short chains
// alone do not raise it: the same draws as 4 superchains of 400 chains of
// one draw each give the same value within 0.005.
func TestNestedRHatSeesAShiftedSuperchain(t *testing.T) {
	rng := newRNG(11)
	group := func(chains [][]float64, k int) [][][]float64 {
		out := make([][][]float64, k)
		per := len(chains) / k
		for i := range out {
			out[i] = chains[i*per : (i+1)*per]
		}
		return out
	}
	want := math.Sqrt(1 + 0.25*0.25*0.75*4/3)
	for rep := range 10 {
		chains := ar1(rng, 256, 25, 0)
		if r := NestedRHat(group(chains, 4)); r >= 1.01 {
			t.Errorf("replicate %d: well mixed, nested R-hat %.4f", rep, r)
		}
		var single [][]float64
		for _, ch := range chains {
			for _, x := range ch {
				single = append(single, []float64{x})
			}
		}
		if a, b := NestedRHat(group(chains, 4)), NestedRHat(group(single, 4)); math.Abs(a-b) > 0.005 {
			t.Errorf("replicate %d: 16 chains of 25 draws %.4f, 400 chains of one draw %.4f", rep, a, b)
		}
		for _, ch := range chains[192:] {
			for i := range ch {
				ch[i] += 0.5
			}
		}
		if r := NestedRHat(group(chains, 4)); r <= 1.01 || math.Abs(r-want) > 0.01 {
			t.Errorf("replicate %d: shifted superchain, nested R-hat %.4f, want about %.4f", rep, r, want)
		}
	}
}

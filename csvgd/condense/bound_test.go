package condense

import (
	"math"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/icnn"
)

// TestPruneBound, property (b): condensing with constant nodes kept changes
// each particle's potential and stress by no more than PruneBound (plus
// rounding, 1e-13 (1 + |value|)); the a posteriori PerturbationBound lies
// between the change and PruneBound. The bound is not vacuous: the largest
// bound stays within a factor maxRatio of the largest change (the bound adds
// up the pruned edges' effects in absolute value, while they partly
// cancel). Observed: 10 to 20 on the shifted invariants, 20 to 36 on the
// raw ones, whose size (about 3) multiplies the first layer's sensitivities.
func TestPruneBound(t *testing.T) {
	ks := kinematics(t, 12, 0.25, 21)
	shifted := func(widths ...int) icnn.Arch { return icnn.Arch{Widths: widths, Inputs: icnn.Shifted} }
	for _, tc := range []struct {
		name     string
		arch     icnn.Arch
		eps      float64
		frac     float64
		maxRatio float64 // largest bound over largest change, over stress components and points
	}{
		{"paper threshold, 10% small", icnn.Paper(), PaperThreshold, 0.1, 40},
		{"paper threshold, 50% small", icnn.Paper(), PaperThreshold, 0.5, 40},
		{"threshold 0.01, 30% small", icnn.Paper(), 0.01, 0.3, 40},
		{"deep, threshold 1e-3, 40% small", icnn.Arch{Widths: []int{3, 8, 8, 8, 1}}, 1e-3, 0.4, 40},
		{"shifted, paper threshold, 10% small", shifted(3, 30, 30, 1), PaperThreshold, 0.1, 30},
		{"shifted, paper threshold, 50% small", shifted(3, 30, 30, 1), PaperThreshold, 0.5, 30},
		{"shifted, threshold 0.01, 30% small", shifted(3, 30, 30, 1), 0.01, 0.3, 30},
		{"shifted, deep, threshold 1e-3, 40% small", shifted(3, 8, 8, 8, 1), 1e-3, 0.4, 30},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ps := sparsified(tc.arch, 6, tc.frac, tc.eps, 22)
			o := Options{Threshold: tc.eps, KeepConstantNodes: true}
			r, err := Condense(tc.arch, ps, o)
			if err != nil {
				t.Fatal(err)
			}
			var change, bnd, post, stress float64
			for a, p := range ps {
				wt := expand(r, a)
				for _, k := range ks {
					b := PruneBound(tc.arch, p, tc.eps, k)
					pb := PerturbationBound(tc.arch, p, wt, k)
					s0, s1 := tc.arch.HostStress(p, k), r.Arch.HostStress(r.Particles[a], k)
					for v := range 6 {
						d := math.Abs(s1[v] - s0[v])
						if d > b.Stress[v]+1e-13*(1+math.Abs(s0[v])) {
							t.Errorf("particle %d: |dS[%d]| = %g above the bound %g", a, v, d, b.Stress[v])
						}
						if pb.Stress[v] > b.Stress[v]*(1+1e-12) || d > pb.Stress[v]+1e-13*(1+math.Abs(s0[v])) {
							t.Errorf("particle %d S[%d]: change %g, a posteriori bound %g, bound %g out of order", a, v, d, pb.Stress[v], b.Stress[v])
						}
						change, bnd, post, stress = max(change, d), max(bnd, b.Stress[v]), max(post, pb.Stress[v]), max(stress, math.Abs(s0[v]))
					}
					p0, p1 := tc.arch.HostPotential(p, k), r.Arch.HostPotential(r.Particles[a], k)
					if d := math.Abs(p1 - p0); d > b.Potential+1e-13*(1+math.Abs(p0)) {
						t.Errorf("particle %d: |dPsi| = %g above the bound %g", a, d, b.Potential)
					}
				}
			}
			t.Logf("largest: stress %.3g, change %.3g, a posteriori bound %.3g, bound %.3g (ratio %.1f, %.2g of the stress)",
				stress, change, post, bnd, bnd/change, bnd/stress)
			if change == 0 || bnd/change > tc.maxRatio {
				t.Errorf("bound %g, %g times the largest change %g: vacuous", bnd, bnd/change, change)
			}
		})
	}
}

// TestPruneBoundLinear: the bound is eps times a sum of sensitivities plus
// O(eps^2): doubling the threshold, with the same weights pruned, doubles
// it to within 5%.
func TestPruneBoundLinear(t *testing.T) {
	arch := icnn.Paper()
	ps := sparsified(arch, 1, 0.3, 1e-4, 23)
	k := kinematics(t, 1, 0.3, 24)[0]
	b1 := PruneBound(arch, ps[0], 1e-3, k)
	b2 := PruneBound(arch, ps[0], 2e-3, k)
	for v := range 6 {
		if r := b2.Stress[v] / b1.Stress[v]; math.Abs(r-2) > 0.1 {
			t.Errorf("S[%d]: doubling the threshold scales the bound by %v, want 2", v, r)
		}
	}
}

package icnn_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/backend/backendtest"
	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	. "github.com/gomlx/gomlx/core/graph" //nolint:revive // GoMLX graph DSL.
	"github.com/gomlx/gomlx/core/tensors"
)

// hostKinematics draws n deformation gradients F = I + U(-delta, delta)^9.
func hostKinematics(t *testing.T, n int, delta float64, seed uint64) []hyperelastic.Kinematics {
	t.Helper()
	ks, err := hyperelastic.RandomKinematics(n, delta, rand.New(rand.NewPCG(seed, 11)))
	if err != nil {
		t.Fatal(err)
	}
	return ks
}

// kinematicsOfC is what HostPotential reads of a kinematics (the invariants
// and J = sqrt(I3)) for an arbitrary symmetric C, Voigt order.
func kinematicsOfC(c [6]float64) hyperelastic.Kinematics {
	k := hyperelastic.Kinematics{C: c}
	k.I1, k.I2, k.I3 = hyperelastic.Invariants(c)
	k.J = math.Sqrt(k.I3)
	return k
}

var hostArchs = []struct {
	name string
	arch icnn.Arch
}{
	{"paper", icnn.Paper()},
	{"one hidden layer", icnn.Arch{Widths: []int{3, 5, 1}}},
	{"three hidden layers", icnn.Arch{Widths: []int{3, 4, 6, 2, 1}}},
}

// TestHostStressMatchesGraph: the host stress against the graph's
// Arch.Stress for several particles and points, to 1e-12.
func TestHostStressMatchesGraph(t *testing.T) {
	b := backendtest.Backend(t)
	ks := hostKinematics(t, 5, 0.25, 1)
	samples := make([]hyperelastic.Sample, len(ks))
	for i, k := range ks {
		samples[i] = hyperelastic.Sample{Kinematics: k}
	}
	batch := icnn.NewBatch(samples)
	for _, tc := range hostArchs {
		t.Run(tc.name, func(t *testing.T) {
			x := tc.arch.Init(3, rand.New(rand.NewPCG(2, 2)))
			out := MustExecOnceN(b, func(theta *Node) []*Node {
				return []*Node{tc.arch.Stress(theta, batch), tc.arch.Potential(theta, batch)}
			}, x.Tensor())
			s, _ := tensors.CopyFlatData[float64](out[0])
			psi, _ := tensors.CopyFlatData[float64](out[1])
			const tol = 1e-12
			for p := 0; p < x.N; p++ {
				w := x.Particle(p)
				for m, k := range ks {
					got := tc.arch.HostStress(w, k)
					for v := range got {
						want := s[(p*len(ks)+m)*6+v]
						if math.Abs(got[v]-want) > tol*(1+math.Abs(want)) {
							t.Errorf("particle %d point %d: host S[%d] = %v, graph %v", p, m, v, got[v], want)
						}
					}
					gp, wp := tc.arch.HostPotential(w, k), psi[p*len(ks)+m]
					if math.Abs(gp-wp) > tol*(1+math.Abs(wp)) {
						t.Errorf("particle %d point %d: host Psi = %v, graph %v", p, m, gp, wp)
					}
				}
			}
		})
	}
}

// TestHostStressIsTwiceThePotentialGradientInC: S_ij = dPsi/dC_ij of the
// Voigt vector off the diagonal (C_ij appears twice in C), 2 dPsi/dC_ii on
// it, against central differences of HostPotential with step 1e-6.
func TestHostStressIsTwiceThePotentialGradientInC(t *testing.T) {
	ks := hostKinematics(t, 4, 0.3, 3)
	for _, tc := range hostArchs {
		t.Run(tc.name, func(t *testing.T) {
			x := tc.arch.Init(2, rand.New(rand.NewPCG(4, 4)))
			const h, tol = 1e-6, 1e-7
			for p := 0; p < x.N; p++ {
				w := x.Particle(p)
				for m, k := range ks {
					// The stress is evaluated with J = sqrt(I3), as the
					// finite differences see it.
					s := tc.arch.HostStress(w, withC(k))
					for v := range 6 {
						cp, cm := k.C, k.C
						cp[v] += h
						cm[v] -= h
						fd := (tc.arch.HostPotential(w, kinematicsOfC(cp)) - tc.arch.HostPotential(w, kinematicsOfC(cm))) / (2 * h)
						if v < 3 {
							fd *= 2
						}
						if math.Abs(s[v]-fd) > tol*(1+math.Abs(fd)) {
							t.Errorf("particle %d point %d: S[%d] = %v, finite difference %v", p, m, v, s[v], fd)
						}
					}
				}
			}
		})
	}
}

// withC is k with J replaced by sqrt(I3) (equal up to rounding).
func withC(k hyperelastic.Kinematics) hyperelastic.Kinematics {
	k.J = math.Sqrt(k.I3)
	return k
}

// TestHostNNByHand: a network small enough to evaluate by hand.
func TestHostNNByHand(t *testing.T) {
	a := icnn.Arch{Widths: []int{2, 2, 1}}
	// W_0 = [[1, -1], [0.5, 2]], W_1 = [3, 0.25].
	w := []float64{1, -1, 0.5, 2, 3, 0.25}
	sp := func(z float64) float64 { return math.Log1p(math.Exp(z)) }
	for _, tc := range []struct{ x []float64 }{{[]float64{0, 0}}, {[]float64{0.3, -0.7}}, {[]float64{-2, 1.5}}} {
		want := 3*sp(tc.x[0]-tc.x[1]) + 0.25*sp(0.5*tc.x[0]+2*tc.x[1])
		if got := a.HostNN(w, tc.x); math.Abs(got-want) > 1e-15*(1+math.Abs(want)) {
			t.Errorf("NN(%v) = %v, want %v", tc.x, got, want)
		}
	}
}

// TestHostStressVanishesAtTheReference: the normalisation makes S(I) = 0.
func TestHostStressVanishesAtTheReference(t *testing.T) {
	k, err := hyperelastic.NewKinematics([9]float64{1, 0, 0, 0, 1, 0, 0, 0, 1})
	if err != nil {
		t.Fatal(err)
	}
	a := icnn.Paper()
	x := a.Init(4, rand.New(rand.NewPCG(5, 5)))
	for p := 0; p < x.N; p++ {
		if psi := a.HostPotential(x.Particle(p), k); psi != 0 {
			t.Errorf("particle %d: Psi(I) = %g, want 0", p, psi)
		}
		for v, s := range a.HostStress(x.Particle(p), k) {
			if math.Abs(s) > 1e-14 {
				t.Errorf("particle %d: S(I)[%d] = %g, want 0", p, v, s)
			}
		}
	}
}

// TestHostStressesMatchHostStress: the batched host stresses equal
// HostStress point by point (to 1e-13 relative) for networks of one to
// three hidden layers, both inputs, weights of order 1 and of order 100.
func TestHostStressesMatchHostStress(t *testing.T) {
	ks := hostKinematics(t, 40, 0.3, 5)
	for _, widths := range [][]int{{3, 4, 1}, {3, 5, 7, 1}, {3, 2, 6, 3, 1}} {
		for _, in := range []icnn.Inputs{icnn.Raw, icnn.Shifted} {
			for _, scale := range []float64{1, 100} {
				a := icnn.Arch{Widths: widths, Inputs: in}
				w := a.Init(1, rand.New(rand.NewPCG(7, 8))).Particle(0)
				cons := a.Constrained()
				for i := range w {
					if w[i] *= scale; cons[i] {
						w[i] = math.Abs(w[i])
					}
				}
				got := make([]hyperelastic.Stress, len(ks))
				a.HostStresses(w, ks, got)
				for m, k := range ks {
					want := a.HostStress(w, k)
					for c := range want {
						if math.Abs(got[m][c]-want[c]) > 1e-13*math.Max(1, math.Abs(want[c])) {
							t.Fatalf("%v %v scale %v, point %d, component %d: %v, HostStress %v", widths, in, scale, m, c, got[m][c], want[c])
						}
					}
				}
			}
		}
	}
}

package condense

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// FuzzCondense checks the properties of Condense on random networks (1 to 3
// hidden layers of 1 to 6 nodes) and ensembles (1 to 5 particles) in which
// some hidden nodes have their outgoing edges cut and some weights are
// moved below the threshold:
//
//	(a) permuting hidden nodes leaves the potential and the stress
//	    unchanged, and so does Condense at threshold 0 with constant nodes
//	    kept (which removes only nodes without an outgoing edge), to 1e-12;
//	(b) with constant nodes kept the change is within PruneBound; in any
//	    case the condensed network is the original with the removed weights
//	    set to 0, and its change is within PerturbationBound;
//	(c) condensing twice equals condensing once;
//	(d) the template's hidden widths are the largest active counts (at
//	    least 1), which agree with the path rule of pathLive;
//	(e) remapping the original particles gives the condensed ones.
//
// The seed corpus runs with go test; go test -fuzz=FuzzCondense explores.
func FuzzCondense(f *testing.F) {
	f.Add(uint64(1), uint8(3), uint8(0), uint8(0), uint8(0), false)
	f.Add(uint64(2), uint8(4), uint8(60), uint8(80), uint8(1), false)
	f.Add(uint64(3), uint8(2), uint8(120), uint8(30), uint8(2), true)
	f.Add(uint64(4), uint8(0), uint8(200), uint8(200), uint8(0), false)
	f.Add(uint64(5), uint8(4), uint8(30), uint8(250), uint8(3), true)
	f.Add(uint64(6), uint8(1), uint8(90), uint8(140), uint8(4), false)
	f.Add(uint64(7), uint8(3), uint8(255), uint8(0), uint8(4), true)
	f.Add(uint64(8), uint8(2), uint8(10), uint8(100), uint8(2), false)
	f.Fuzz(func(t *testing.T, seed uint64, n, cut, small, epsExp uint8, keep bool) {
		rng := rand.New(rand.NewPCG(seed, 31))
		arch := randomArch(rng, 6)
		eps := 0.0
		if e := epsExp % 5; e < 4 {
			eps = math.Pow(10, -float64(e+1))
		}
		ps := randomParticles(arch, 1+int(n)%5, rng)
		con := arch.Constrained()
		for _, p := range ps {
			for k := 1; k+1 < len(arch.Widths); k++ {
				for j := range arch.Widths[k] {
					if rng.IntN(256) < int(cut) {
						cutOutgoing(arch, p, k, j)
					}
				}
			}
			for i := range p {
				if rng.IntN(256) < int(small) {
					p[i] = eps * rng.Float64()
					if !con[i] && rng.IntN(2) == 0 {
						p[i] = -p[i]
					}
				}
			}
		}
		ks := kinematics(t, 3, 0.25, seed)

		// (a)
		for _, p := range ps {
			assertSameResponse(t, "permuted", arch, p, arch, Permute(arch, p, randomPerm(arch, rng)), ks, 1e-12)
		}
		exact, err := Condense(arch, ps, Options{KeepConstantNodes: true})
		if err != nil {
			t.Fatal(err)
		}
		for a, p := range ps {
			assertSameResponse(t, "condensed at threshold 0", arch, p, exact.Arch, exact.Particles[a], ks, 1e-12)
		}

		o := Options{Threshold: eps, KeepConstantNodes: keep}
		r, err := Condense(arch, ps, o)
		if err != nil {
			t.Fatal(err)
		}
		// (b)
		for a, p := range ps {
			wt := expand(r, a)
			assertSameResponse(t, "condensed and expanded", r.Arch, r.Particles[a], arch, wt, ks, 1e-12)
			for _, k := range ks {
				s0, s1 := arch.HostStress(p, k), r.Arch.HostStress(r.Particles[a], k)
				post := PerturbationBound(arch, p, wt, k)
				prior := PruneBound(arch, p, eps, k)
				for v := range 6 {
					d, tol := math.Abs(s1[v]-s0[v]), 1e-12*(1+math.Abs(s0[v]))
					if d > post.Stress[v]+tol {
						t.Errorf("particle %d: |dS[%d]| = %g above PerturbationBound %g", a, v, d, post.Stress[v])
					}
					if keep && d > prior.Stress[v]+tol {
						t.Errorf("particle %d: |dS[%d]| = %g above PruneBound %g", a, v, d, prior.Stress[v])
					}
				}
				p0, p1 := arch.HostPotential(p, k), r.Arch.HostPotential(r.Particles[a], k)
				if d := math.Abs(p1 - p0); d > post.Potential+1e-12*(1+math.Abs(p0)) || keep && d > prior.Potential+1e-12*(1+math.Abs(p0)) {
					t.Errorf("particle %d: |dPsi| = %g above the bounds %g (a posteriori), %g", a, d, post.Potential, prior.Potential)
				}
			}
		}
		// (c)
		r2, err := Condense(r.Arch, r.Particles, o)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(r2.Arch.Widths, r.Arch.Widths) {
			t.Fatalf("template %v, then %v", r.Arch.Widths, r2.Arch.Widths)
		}
		for a := range ps {
			if !slices.Equal(r2.Particles[a], r.Particles[a]) {
				t.Errorf("particle %d changed by a second condensation", a)
			}
		}
		// (d)
		counts, err := ActiveCounts(arch, ps, o)
		if err != nil {
			t.Fatal(err)
		}
		want := checkActiveCounts(t, arch, ps, counts, eps, keep)
		if !slices.Equal(r.Arch.Widths, want) {
			t.Errorf("template %v, largest active counts %v", r.Arch.Widths, want)
		}
		// (e)
		for a, q := range r.Remap(ps) {
			if !slices.Equal(q, r.Particles[a]) {
				t.Errorf("particle %d: remapped original differs from the condensed particle", a)
			}
		}
	})
}

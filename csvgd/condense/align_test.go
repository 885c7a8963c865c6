package condense

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/assign"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/metrics"
)

// distTo is the eq. (distances) distance of every particle to particle m.
func distTo(ps [][]float64, m int) []float64 {
	return metrics.Distances(ps)[m]
}

// TestAlignKeepsFunction: aligned particles (both references) compute the
// same potential and stress as the particles given, to 1e-12, on random
// networks of 1 to 3 hidden layers; the inputs and the output are never
// permuted; the medoid is left as it was.
func TestAlignKeepsFunction(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 2))
	ks := kinematics(t, 6, 0.25, 3)
	for trial := range 12 {
		arch := randomArch(rng, 7)
		ps := randomParticles(arch, 2+rng.IntN(5), rng)
		for _, ref := range []Reference{Medoid, Barycenter} {
			aligned, perms, err := AlignParticles(arch, ps, AlignOptions{Reference: ref})
			if err != nil {
				t.Fatal(err)
			}
			m, _ := medoidOrder(metrics.Distances(ps))
			if !slices.Equal(aligned[m], ps[m]) {
				t.Errorf("trial %d %s: the medoid %d changed", trial, ref, m)
			}
			for a, p := range ps {
				if perms[a][0] != nil || perms[a][len(arch.Widths)-1] != nil {
					t.Errorf("trial %d %s: particle %d: inputs or output permuted", trial, ref, a)
				}
				if !slices.Equal(Permute(arch, p, perms[a]), aligned[a]) {
					t.Errorf("trial %d %s: particle %d is not its permutation", trial, ref, a)
				}
				assertSameResponse(t, string(ref), arch, p, arch, aligned[a], ks, 1e-12)
			}
		}
	}
}

// TestAlignRecoversPermutation: with one hidden layer the assignment is
// solved exactly, so randomly permuted copies of one particle (plus a
// little noise, 1e-3) are put back into one order: their distances to the
// medoid drop to the noise's scale, from the permutation's.
func TestAlignRecoversPermutation(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 4))
	arch := icnn.Arch{Widths: []int{3, 12, 1}}
	base := randomParticles(arch, 1, rng)[0]
	var ps [][]float64
	for range 6 {
		p := Permute(arch, base, randomPerm(arch, rng))
		for i := range p {
			p[i] += 1e-3 * rng.NormFloat64()
		}
		ps = append(ps, p)
	}
	aligned, _, err := AlignParticles(arch, ps, AlignOptions{})
	if err != nil {
		t.Fatal(err)
	}
	m, _ := medoidOrder(metrics.Distances(ps))
	before, after := distTo(ps, m), distTo(aligned, m)
	noise := 1e-3 * math.Sqrt(2*float64(len(base))) // the distance two noisy copies keep
	for a := range ps {
		if after[a] > 2*noise {
			t.Errorf("particle %d: distance to the medoid %g after alignment (before %g), want about the noise's %g", a, after[a], before[a], noise)
		}
	}
	t.Logf("distances to the medoid before %.3g, after %.3g", before, after)
}

// TestAlignNeverWorse: starting from the importance order of Condense,
// the medoid alignment never moves a particle away from the medoid, and
// the end is a local optimum: re-solving any one layer's assignment with
// the others fixed does not lower the distance (1e-9 relative). On the
// paper's network with random weights the mean distance to the medoid
// must drop by at least 2%.
func TestAlignNeverWorse(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 5))
	for _, arch := range []icnn.Arch{icnn.Paper(), {Widths: []int{3, 5, 4, 3, 1}}, {Widths: []int{3, 4, 4, 1}}} {
		ps := randomParticles(arch, 8, rng)
		r, err := Condense(arch, ps, Options{})
		if err != nil {
			t.Fatal(err)
		}
		al, err := Align(r, AlignOptions{})
		if err != nil {
			t.Fatal(err)
		}
		m, _ := medoidOrder(metrics.Distances(r.Particles))
		before, after := distTo(r.Particles, m), distTo(al.Particles, m)
		var sb, sa float64
		for a := range before {
			if after[a] > before[a]*(1+1e-12) {
				t.Errorf("%v: particle %d: distance to the medoid %g after alignment, %g before", arch.Widths, a, after[a], before[a])
			}
			sb, sa = sb+before[a], sa+after[a]
			perm := make([][]int, len(arch.Widths))
			for k := 1; k+1 < len(arch.Widths); k++ {
				perm[k] = identity(arch.Widths[k])
			}
			for k := 1; k+1 < len(arch.Widths); k++ {
				c := layerCost(arch, al.Particles[m], al.Particles[a], perm, k)
				cur := 0.0
				for i := range c {
					cur += c[i][i]
				}
				_, best := solveOrFail(t, c)
				if best < cur-1e-9*(1+cur) {
					t.Errorf("%v: particle %d: layer %d could still drop from %g to %g", arch.Widths, a, k, cur, best)
				}
			}
		}
		t.Logf("%v: summed distance to the medoid %.4g -> %.4g", arch.Widths, sb, sa)
		if arch.Widths[1] == 30 && sa > 0.98*sb {
			t.Errorf("paper network: summed distance %g -> %g, less than 2%% lower", sb, sa)
		}
	}
}

// TestAlignMaps: the aligned result's maps carry the particles given to
// Condense (and so optimizer state) to the aligned particles, its nodes'
// original indices follow the permutation, and its networks equal the
// condensed ones.
func TestAlignMaps(t *testing.T) {
	ks := kinematics(t, 4, 0.25, 7)
	arch := icnn.Arch{Widths: []int{3, 9, 7, 1}}
	ps := sparsified(arch, 5, 0.3, PaperThreshold, 8)
	r, err := Condense(arch, ps, Options{Threshold: PaperThreshold})
	if err != nil {
		t.Fatal(err)
	}
	for _, ref := range []Reference{Medoid, Barycenter} {
		al, err := Align(r, AlignOptions{Reference: ref})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(al.Arch.Widths, r.Arch.Widths) || !slices.Equal(al.From.Widths, r.From.Widths) {
			t.Fatalf("%s: widths %v from %v, condensed %v from %v", ref, al.Arch.Widths, al.From.Widths, r.Arch.Widths, r.From.Widths)
		}
		remapped := al.Remap(ps)
		for a := range ps {
			if !slices.Equal(remapped[a], al.Particles[a]) {
				t.Errorf("%s: particle %d: Remap of the originals differs from the aligned particle", ref, a)
			}
			assertSameResponse(t, "aligned against condensed", r.Arch, r.Particles[a], al.Arch, al.Particles[a], ks, 1e-12)
			for k, nodes := range al.Maps[a].Nodes {
				a0, a1 := slices.Clone(nodes), slices.Clone(r.Maps[a].Nodes[k])
				slices.Sort(a0)
				slices.Sort(a1)
				if !slices.Equal(a0, a1) {
					t.Errorf("%s: particle %d layer %d: nodes %v are not a permutation of %v", ref, a, k, nodes, r.Maps[a].Nodes[k])
				}
			}
			got, _ := metrics.ActiveWeights(al.Particles[a:a+1], PaperThreshold)
			want, _ := metrics.ActiveWeights(r.Particles[a:a+1], PaperThreshold)
			if got[0] != want[0] {
				t.Errorf("%s: particle %d: %d active weights, condensed %d", ref, a, got[0], want[0])
			}
		}
	}
}

func TestAlignErrors(t *testing.T) {
	arch := icnn.Arch{Widths: []int{3, 2, 1}}
	good := make([]float64, arch.NumParams())
	for _, tc := range []struct {
		name string
		arch icnn.Arch
		ps   [][]float64
		o    AlignOptions
	}{
		{"no particles", arch, nil, AlignOptions{}},
		{"short particle", arch, [][]float64{good, good[:3]}, AlignOptions{}},
		{"NaN", arch, [][]float64{{0, 0, math.NaN(), 0, 0, 0, 0, 0}}, AlignOptions{}},
		{"bad reference", arch, [][]float64{good}, AlignOptions{Reference: "mean"}},
		{"negative sweeps", arch, [][]float64{good}, AlignOptions{MaxSweeps: -1}},
		{"bad widths", icnn.Arch{Widths: []int{3, 0, 1}}, [][]float64{good}, AlignOptions{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, _, err := AlignParticles(tc.arch, tc.ps, tc.o); err == nil {
				t.Errorf("no error")
			}
		})
	}
	for _, s := range []string{"sort", "Importance"} {
		if _, err := ParseAlignment(s); err == nil {
			t.Errorf("ParseAlignment(%q): no error", s)
		}
	}
	checkNames(t, ParseAlignment, map[string]Alignment{"": ByImportance, "importance": ByImportance, "assignment": ByAssignment},
		map[Alignment]string{ByImportance: "importance", ByAssignment: "assignment"})
	checkNames(t, ParseReference, map[string]Reference{"": Medoid, "medoid": Medoid, "barycenter": Barycenter},
		map[Reference]string{Medoid: "medoid", Barycenter: "barycenter"})
}

// checkNames checks a mode's parser and names: parse reads every spelling
// of reads as its value ("" as the default, the zero value), and every
// value of names has that name, which parse reads back as the value.
func checkNames[T interface {
	~string
	String() string
}](t *testing.T, parse func(string) (T, error), reads map[string]T, names map[T]string) {
	t.Helper()
	for s, want := range reads {
		if got, err := parse(s); err != nil || got != want {
			t.Errorf("parse(%q) = %q, %v; want %q", s, string(got), err, string(want))
		}
	}
	for v, name := range names {
		if got, err := parse(v.String()); v.String() != name || err != nil || got != v {
			t.Errorf("%q: name %q, read back as %q (%v); want %q", string(v), v.String(), string(got), err, name)
		}
	}
}

// solveOrFail is the least total of the assignment problem c.
func solveOrFail(t *testing.T, c [][]float64) ([]int, float64) {
	t.Helper()
	p, total, err := assign.Solve(c)
	if err != nil {
		t.Fatal(err)
	}
	return p, total
}

// TestStressChange: zero for the same ensemble, below 1e-13 for aligned
// particles, and the relative size of a deliberate change.
func TestStressChange(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 9))
	arch := icnn.Arch{Widths: []int{3, 6, 5, 1}}
	ps := randomParticles(arch, 4, rng)
	ks := kinematics(t, 5, 0.2, 10)
	if d, err := StressChange(arch, ps, arch, ps, ks); err != nil || d != 0 {
		t.Errorf("same ensemble: %v, %v", d, err)
	}
	al, _, err := AlignParticles(arch, ps, AlignOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if d, _ := StressChange(arch, ps, arch, al, ks); d > 1e-13 {
		t.Errorf("aligned ensemble: relative change %g", d)
	}
	scaled := make([][]float64, len(ps))
	for i, p := range ps {
		scaled[i] = slices.Clone(p)
		last := arch.Layers()[2]
		for j := last.Offset; j < last.Offset+last.Rows*last.Cols; j++ {
			scaled[i][j] *= 1.5 // the output layer: every stress grows by half
		}
	}
	if d, _ := StressChange(arch, ps, arch, scaled, ks); math.Abs(d-0.5) > 1e-9 {
		t.Errorf("output weights scaled by 1.5: relative change %v, want 0.5", d)
	}
	if _, err := StressChange(arch, ps, arch, ps[:2], ks); err == nil {
		t.Error("different sizes: no error")
	}
}

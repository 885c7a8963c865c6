package condense

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/metrics"
)

// TestCondenseByHand: two particles of [3, 3, 2, 1] condensed at threshold
// 0.1, worked out on paper. Particle A's node 1 of layer 1 loses all its
// incoming edges (a constant node) and its node 1 of layer 2 its outgoing
// edge; particle B keeps every node.
func TestCondenseByHand(t *testing.T) {
	arch := icnn.Arch{Widths: []int{3, 3, 2, 1}}
	a := []float64{
		1, -0.5, 0.2, // W_0 row 0
		0.05, -0.02, 0.01, // W_0 row 1: all pruned
		0.3, 0.4, -0.6, // W_0 row 2
		0.2, 0.5, 0.9, // W_1 row 0
		0.05, 0.3, 0, // W_1 row 1
		0.7, 0.04, // W_2: node 1 of layer 2 loses its outgoing edge
	}
	b := []float64{
		0.5, 0.5, 0.5,
		-1, 0, 2,
		0.2, 0.2, 0.2,
		0.1, 0.2, 0.3,
		0.4, 0, 0.6,
		0.5, 0.8,
	}
	for _, tc := range []struct {
		name   string
		opt    Options
		widths []int
		want   [][]float64
		nodes  [][][]int // [particle][layer][node]
	}{
		{
			name:   "paper: constant nodes pruned",
			opt:    Options{Threshold: 0.1},
			widths: []int{3, 3, 2, 1},
			want: [][]float64{
				{
					0.3, 0.4, -0.6, 1, -0.5, 0.2, 0, 0, 0, // layer 1 order 2, 0, padding
					0.9, 0.2, 0, 0, 0, 0, // layer 2 order 0, padding
					0.7, 0,
				},
				{
					0.2, 0.2, 0.2, 0.5, 0.5, 0.5, -1, 0, 2, // importances 0.9, 0.5, 0.2
					0.6, 0.4, 0, 0.3, 0.1, 0.2, // importances 0.8, 0.5
					0.8, 0.5,
				},
			},
			nodes: [][][]int{
				{{0, 1, 2}, {2, 0, -1}, {0, -1}, {0}},
				{{0, 1, 2}, {2, 0, 1}, {1, 0}, {0}},
			},
		},
		{
			name:   "constant nodes kept",
			opt:    Options{Threshold: 0.1, KeepConstantNodes: true},
			widths: []int{3, 3, 2, 1},
			want: [][]float64{
				{
					0.3, 0.4, -0.6, 0, 0, 0, 1, -0.5, 0.2, // importances 0.9, 0.5, 0.2
					0.9, 0.5, 0.2, 0, 0, 0,
					0.7, 0,
				},
				{
					0.2, 0.2, 0.2, 0.5, 0.5, 0.5, -1, 0, 2,
					0.6, 0.4, 0, 0.3, 0.1, 0.2,
					0.8, 0.5,
				},
			},
			nodes: [][][]int{
				{{0, 1, 2}, {2, 1, 0}, {0, -1}, {0}},
				{{0, 1, 2}, {2, 0, 1}, {1, 0}, {0}},
			},
		},
		{
			name:   "one particle: template shrinks",
			opt:    Options{Threshold: 0.1},
			widths: []int{3, 2, 1, 1},
			want:   [][]float64{{0.3, 0.4, -0.6, 1, -0.5, 0.2, 0.9, 0.2, 0.7}},
			nodes:  [][][]int{{{0, 1, 2}, {2, 0}, {0}, {0}}},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := [][]float64{a, b}[:len(tc.want)]
			r, err := Condense(arch, in, tc.opt)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(r.Arch.Widths, tc.widths) {
				t.Fatalf("template %v, want %v", r.Arch.Widths, tc.widths)
			}
			if r.Iterations != 2 {
				t.Errorf("%d passes, want 2 (one that condenses, one that confirms)", r.Iterations)
			}
			for p := range tc.want {
				if !slices.Equal(r.Particles[p], tc.want[p]) {
					t.Errorf("particle %d:\n got %v\nwant %v", p, r.Particles[p], tc.want[p])
				}
				for k := range tc.nodes[p] {
					if !slices.Equal(r.Maps[p].Nodes[k], tc.nodes[p][k]) {
						t.Errorf("particle %d layer %d: nodes %v, want %v", p, k, r.Maps[p].Nodes[k], tc.nodes[p][k])
					}
				}
			}
		})
	}
}

// TestExactSteps, property (a): permuting hidden nodes, removing nodes
// without an outgoing edge and padding leave every particle's potential and
// stress unchanged to 1e-12 (relative to 1 + |value|); so does Condense at
// threshold 0 when no node is left without an incoming edge.
func TestExactSteps(t *testing.T) {
	ks := kinematics(t, 6, 0.25, 1)
	// cascade leaves node 5 of layer 1 a single outgoing edge, to node 2 of
	// layer 2, and cuts that node's outgoing edge: both nodes go.
	cascade := func(arch icnn.Arch, p []float64) {
		for r := 0; r < arch.Widths[2]; r++ {
			if r != 2 {
				*weight(arch, p, 1, r, 5) = 0
			}
		}
		cutOutgoing(arch, p, 2, 2)
	}
	for _, tc := range []struct {
		name   string
		arch   icnn.Arch
		cut    [][2]int // (layer, node) whose outgoing edges are cut
		prep   func(icnn.Arch, []float64)
		widths []int
	}{
		{"paper, nothing cut", icnn.Paper(), nil, nil, []int{3, 30, 30, 1}},
		{"paper, three cut", icnn.Paper(), [][2]int{{1, 4}, {2, 0}, {2, 29}}, nil, []int{3, 29, 28, 1}},
		{"paper, a cut that cascades", icnn.Paper(), nil, cascade, []int{3, 29, 29, 1}},
		{"deep and narrow", icnn.Arch{Widths: []int{3, 4, 3, 5, 1}}, [][2]int{{3, 2}, {1, 0}, {2, 2}}, nil, []int{3, 3, 2, 4, 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(7, uint64(len(tc.cut))))
			ps := randomParticles(tc.arch, 4, rng)
			for _, p := range ps {
				for _, c := range tc.cut {
					cutOutgoing(tc.arch, p, c[0], c[1])
				}
				if tc.prep != nil {
					tc.prep(tc.arch, p)
				}
				q := Permute(tc.arch, p, randomPerm(tc.arch, rng))
				assertSameResponse(t, "permuted", tc.arch, p, tc.arch, q, ks, 1e-12)
			}
			r, err := Condense(tc.arch, ps, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(r.Arch.Widths, tc.widths) {
				t.Errorf("template %v, want %v", r.Arch.Widths, tc.widths)
			}
			for a, p := range ps {
				assertSameResponse(t, "condensed", tc.arch, p, r.Arch, r.Particles[a], ks, 1e-12)
			}
		})
	}
}

// TestPermutationInvariant: sorting by importance undoes any permutation of
// the hidden nodes (importances of random weights do not tie), to the bit.
func TestPermutationInvariant(t *testing.T) {
	arch := icnn.Paper()
	rng := rand.New(rand.NewPCG(8, 8))
	ps := randomParticles(arch, 5, rng)
	qs := make([][]float64, len(ps))
	for a, p := range ps {
		qs[a] = Permute(arch, p, randomPerm(arch, rng))
	}
	o := Options{Threshold: PaperThreshold}
	rp, err := Condense(arch, ps, o)
	if err != nil {
		t.Fatal(err)
	}
	rq, err := Condense(arch, qs, o)
	if err != nil {
		t.Fatal(err)
	}
	for a := range ps {
		if !slices.Equal(rp.Particles[a], rq.Particles[a]) {
			t.Errorf("particle %d: condensed differently after a permutation", a)
		}
	}
}

// TestIdempotent, property (c): condensing a condensed ensemble changes
// nothing, and its maps are the identity on the non-zero weights.
func TestIdempotent(t *testing.T) {
	for _, tc := range []struct {
		name string
		opt  Options
		frac float64 // fraction of weights moved below the threshold
	}{
		{"threshold 0", Options{}, 0},
		{"paper threshold, 30% small", Options{Threshold: PaperThreshold}, 0.3},
		{"paper threshold, 80% small", Options{Threshold: PaperThreshold}, 0.8},
		{"80% small, constant nodes kept", Options{Threshold: PaperThreshold, KeepConstantNodes: true}, 0.8},
		{"threshold 0.05, 50% small", Options{Threshold: 0.05}, 0.5},
	} {
		t.Run(tc.name, func(t *testing.T) {
			arch := icnn.Paper()
			ps := sparsified(arch, 6, tc.frac, tc.opt.Threshold, 9)
			r1, err := Condense(arch, ps, tc.opt)
			if err != nil {
				t.Fatal(err)
			}
			r2, err := Condense(r1.Arch, r1.Particles, tc.opt)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(r1.Arch.Widths, r2.Arch.Widths) {
				t.Fatalf("template %v, then %v", r1.Arch.Widths, r2.Arch.Widths)
			}
			if r2.Iterations != 1 {
				t.Errorf("%d passes on a condensed ensemble, want 1", r2.Iterations)
			}
			for a := range r1.Particles {
				if !slices.Equal(r1.Particles[a], r2.Particles[a]) {
					t.Errorf("particle %d changed by a second condensation", a)
				}
				for i, s := range r2.Maps[a].Source {
					if want := i; r2.Particles[a][i] == 0 {
						want = -1
					} else if s != want {
						t.Errorf("particle %d: parameter %d from %d on the second condensation", a, i, s)
						break
					}
				}
			}
			_, active := metrics.ActiveWeights(r1.Particles, tc.opt.Threshold)
			t.Logf("template %v (%d parameters), mean active weights %.1f", r1.Arch.Widths, r1.Arch.NumParams(), active)
		})
	}
}

// sparsified draws n particles of arch and moves the given fraction of the
// weights, at random, into (-eps, eps) (the constrained ones into [0, eps))
// or to exactly 0 when eps = 0.
func sparsified(arch icnn.Arch, n int, frac, eps float64, seed uint64) [][]float64 {
	rng := rand.New(rand.NewPCG(seed, 5))
	ps := randomParticles(arch, n, rng)
	con := arch.Constrained()
	for _, p := range ps {
		for i := range p {
			if rng.Float64() >= frac {
				continue
			}
			v := eps * rng.Float64()
			if !con[i] && rng.IntN(2) == 0 {
				v = -v
			}
			p[i] = v
		}
	}
	return ps
}

// TestTemplateIsLargestActiveCount, property (d): the template's hidden
// widths are the largest active counts over the ensemble, and the counts
// agree with an independent rule (a node survives if and only if it lies on
// a path of surviving edges from an input to the output — to the output
// only, when constant nodes are kept).
func TestTemplateIsLargestActiveCount(t *testing.T) {
	for _, tc := range []struct {
		name string
		opt  Options
		frac float64
	}{
		{"paper threshold, 50% small", Options{Threshold: PaperThreshold}, 0.5},
		{"paper threshold, 85% small", Options{Threshold: PaperThreshold}, 0.85},
		{"85% small, constant nodes kept", Options{Threshold: PaperThreshold, KeepConstantNodes: true}, 0.85},
		{"exact zeros, 90%", Options{}, 0.9},
	} {
		t.Run(tc.name, func(t *testing.T) {
			arch := icnn.Arch{Widths: []int{3, 12, 10, 8, 1}}
			ps := sparsified(arch, 8, tc.frac, tc.opt.Threshold, 10)
			counts, err := ActiveCounts(arch, ps, tc.opt)
			if err != nil {
				t.Fatal(err)
			}
			want := checkActiveCounts(t, arch, ps, counts, tc.opt.Threshold, tc.opt.KeepConstantNodes)
			r, err := Condense(arch, ps, tc.opt)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(r.Arch.Widths, want) {
				t.Errorf("template %v, largest active counts %v", r.Arch.Widths, want)
			}
			t.Logf("active counts %v, template %v", counts, r.Arch.Widths)
		})
	}
}

// TestRemap, property (e): remapping the original particles gives the
// condensed ones exactly, and values shaped like the particles land where
// the node maps say: condensed W_k[r][c] comes from original
// W_k[Nodes[k+1][r]][Nodes[k][c]], or is 0 for padding and pruned weights.
func TestRemap(t *testing.T) {
	arch := icnn.Paper()
	o := Options{Threshold: PaperThreshold}
	ps := sparsified(arch, 5, 0.6, o.Threshold, 11)
	r, err := Condense(arch, ps, o)
	if err != nil {
		t.Fatal(err)
	}
	got := r.Remap(ps)
	for a := range ps {
		if !slices.Equal(got[a], r.Particles[a]) {
			t.Errorf("particle %d: remapped original differs from the condensed particle", a)
		}
	}
	// A moment-like array: every value names its own position.
	old := make([][]float64, len(ps))
	for a := range old {
		old[a] = make([]float64, arch.NumParams())
		for i := range old[a] {
			old[a][i] = float64(1000*(a+1) + i)
		}
	}
	moved := r.Remap(old)
	from, to := arch.Layers(), r.Arch.Layers()
	for a := range ps {
		m := r.Maps[a]
		for k, l := range to {
			for row := 0; row < l.Rows; row++ {
				for c := 0; c < l.Cols; c++ {
					i := l.Offset + row*l.Cols + c
					or, oc := m.Nodes[k+1][row], m.Nodes[k][c]
					want := 0.0
					if or >= 0 && oc >= 0 && present(ps[a][from[k].Offset+or*from[k].Cols+oc], o.Threshold) {
						want = old[a][from[k].Offset+or*from[k].Cols+oc]
					}
					if moved[a][i] != want {
						t.Fatalf("particle %d W_%d[%d][%d]: remapped %v, want %v", a, k, row, c, moved[a][i], want)
					}
				}
			}
		}
	}
}

// TestConstantNodeRemoval measures what removing a node with no incoming
// edge (it outputs softplus(0) = log 2 whatever the input) does to the
// stress. In the last hidden layer the node adds the constant
// W_L[j] log 2 to NN, which the normalisation Psi = NN(x) - NN(x_ref) - ...
// cancels: exact. In an earlier layer the constant shifts the next layer's
// pre-activations, and the stress changes; the change is within the a
// posteriori PerturbationBound. Keeping the node changes nothing.
func TestConstantNodeRemoval(t *testing.T) {
	arch := icnn.Paper()
	ks := kinematics(t, 20, 0.2, 12)
	for _, tc := range []struct {
		name     string
		layer    int
		keep     bool
		min, max float64 // the band of the largest relative stress change
	}{
		{"last hidden layer", 2, false, 0, 1e-12},
		{"first hidden layer", 1, false, 1e-3, 0.2},
		{"first hidden layer, kept", 1, true, 0, 1e-12},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(13, 13))
			ps := randomParticles(arch, 10, rng)
			for _, p := range ps {
				cutIncoming(arch, p, tc.layer, rng.IntN(arch.Widths[tc.layer]))
			}
			r, err := Condense(arch, ps, Options{KeepConstantNodes: tc.keep})
			if err != nil {
				t.Fatal(err)
			}
			worst, worstPsi := 0.0, 0.0
			for a, p := range ps {
				wt := expand(r, a)
				for _, k := range ks {
					s0, s1 := arch.HostStress(p, k), r.Arch.HostStress(r.Particles[a], k)
					b := PerturbationBound(arch, p, wt, k)
					var num, den float64
					for v := range 6 {
						d := math.Abs(s1[v] - s0[v])
						if d > b.Stress[v]+1e-12 {
							t.Errorf("particle %d: |dS[%d]| = %g above the bound %g", a, v, d, b.Stress[v])
						}
						num, den = max(num, d), max(den, math.Abs(s0[v]))
					}
					worst = max(worst, num/den)
					p0, p1 := arch.HostPotential(p, k), r.Arch.HostPotential(r.Particles[a], k)
					worstPsi = max(worstPsi, math.Abs(p1-p0)/math.Abs(p0))
				}
			}
			t.Logf("largest relative change: stress %.3g, potential %.3g", worst, worstPsi)
			if worst < tc.min || worst > tc.max {
				t.Errorf("largest relative stress change %g outside [%g, %g]", worst, tc.min, tc.max)
			}
		})
	}
}

func TestCondenseErrors(t *testing.T) {
	arch := icnn.Arch{Widths: []int{3, 2, 1}}
	good := make([]float64, arch.NumParams())
	for _, tc := range []struct {
		name string
		arch icnn.Arch
		ps   [][]float64
		opt  Options
	}{
		{"no particles", arch, nil, Options{}},
		{"short particle", arch, [][]float64{good, good[:3]}, Options{}},
		{"NaN", arch, [][]float64{{0, 0, math.NaN(), 0, 0, 0, 0, 0}}, Options{}},
		{"negative threshold", arch, [][]float64{good}, Options{Threshold: -1}},
		{"NaN threshold", arch, [][]float64{good}, Options{Threshold: math.NaN()}},
		{"bad widths", icnn.Arch{Widths: []int{3, 0, 1}}, [][]float64{good}, Options{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := Condense(tc.arch, tc.ps, tc.opt); err == nil {
				t.Errorf("no error")
			}
		})
	}
}

// TestEmptyNetwork: a particle with every weight pruned keeps one padded
// node per hidden layer (a network needs one) and is the zero network.
func TestEmptyNetwork(t *testing.T) {
	arch := icnn.Paper()
	p := make([]float64, arch.NumParams())
	for i := range p {
		p[i] = 1e-4
	}
	r, err := Condense(arch, [][]float64{p}, Options{Threshold: PaperThreshold})
	if err != nil {
		t.Fatal(err)
	}
	if want := []int{3, 1, 1, 1}; !slices.Equal(r.Arch.Widths, want) {
		t.Errorf("template %v, want %v", r.Arch.Widths, want)
	}
	for i, v := range r.Particles[0] {
		if v != 0 {
			t.Errorf("parameter %d = %v, want 0", i, v)
		}
	}
}

// checkActiveCounts checks every particle's active-node counts against the
// independent path rule (pathLive) and returns the widths a template must
// have: the largest count per hidden layer (at least 1), inputs and output
// as in arch.
func checkActiveCounts(t *testing.T, arch icnn.Arch, ps [][]float64, counts [][]int, eps float64, keep bool) []int {
	t.Helper()
	want := slices.Clone(arch.Widths)
	for l := 1; l+1 < len(want); l++ {
		want[l] = 1
	}
	for a, p := range ps {
		live := pathLive(arch, p, eps, keep)
		for l, c := range counts[a] {
			n := 0
			for _, v := range live[l+1] {
				if v {
					n++
				}
			}
			if c != n {
				t.Errorf("particle %d layer %d: %d active nodes, the path rule says %d", a, l+1, c, n)
			}
			want[l+1] = max(want[l+1], c)
		}
	}
	return want
}

package condense

import (
	"fmt"
	"slices"

	"github.com/csvgd/csvgd-go/csvgd/assign"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/metrics"
)

// Alignment is how the hidden nodes of the particles are put in a common
// order, so that their weights can be compared entry by entry. The zero
// value is [ByImportance], the paper's sort, so that a configuration that
// leaves it unset (and its JSON, which omits it) means the default; its
// name is "importance" ([Alignment.String], [ParseAlignment]).
type Alignment string

const (
	// ByImportance sorts each particle's hidden nodes on its own, in
	// descending importance (eq. importance): [Condense], the paper's
	// method and the default (the zero value).
	ByImportance Alignment = ""
	// ByAssignment then permutes each particle's hidden nodes to match a
	// reference particle, layer by layer, by linear assignment on the
	// nodes' weights: [Align].
	ByAssignment Alignment = "assignment"
)

// importanceName is the name of [ByImportance].
const importanceName = "importance"

// ParseAlignment reads an alignment's name, "importance" or
// "assignment"; "" is [ByImportance] too. It is the one place where the
// two spellings of the default become its one value.
func ParseAlignment(s string) (Alignment, error) {
	switch s {
	case "", importanceName:
		return ByImportance, nil
	case string(ByAssignment):
		return ByAssignment, nil
	}
	return "", fmt.Errorf("alignment %q: want importance or assignment", s)
}

// String is the alignment's name: "importance" for [ByImportance].
func (a Alignment) String() string {
	if a == ByImportance {
		return importanceName
	}
	return string(a)
}

// Reference is what [Align] matches the particles to. The zero value is
// [Medoid], the default; its name is "medoid" ([Reference.String],
// [ParseReference]).
type Reference string

const (
	// Medoid is the particle whose summed distance (eq. distances) to the
	// others is least, ties to the lowest index; it keeps its order and
	// every other particle is matched to it. The default (the zero value).
	Medoid Reference = ""
	// Barycenter starts from the medoid and matches the other particles
	// one at a time, nearest to the medoid first, each to the mean of the
	// particles matched before it, which it then joins.
	Barycenter Reference = "barycenter"
)

// medoidName is the name of [Medoid].
const medoidName = "medoid"

// ParseReference reads a reference's name, "medoid" or "barycenter"; ""
// is [Medoid] too.
func ParseReference(s string) (Reference, error) {
	switch s {
	case "", medoidName:
		return Medoid, nil
	case string(Barycenter):
		return Barycenter, nil
	}
	return "", fmt.Errorf("alignment reference %q: want medoid or barycenter", s)
}

// String is the reference's name: "medoid" for [Medoid].
func (r Reference) String() string {
	if r == Medoid {
		return medoidName
	}
	return string(r)
}

// defaultSweeps bounds the sweeps over the hidden layers of one particle's
// matching; each sweep that changes a permutation lowers the distance, so
// the bound is a guard, not a tolerance (a few sweeps settle in practice).
const defaultSweeps = 100

// AlignOptions configures [Align] and [AlignParticles].
type AlignOptions struct {
	Reference Reference // the zero value is Medoid
	MaxSweeps int       // sweeps over the hidden layers per particle; 0 means 100
}

// Align permutes the hidden nodes of every particle of the condensed
// result r to match a reference ([AlignOptions].Reference) by weight
// matching, after Ainsworth, Hayase and Srinivasa, "Git Re-Basin: Merging
// models modulo permutation symmetries" (ICLR 2023), and returns
// the result with the permuted particles and maps composed with the
// permutations, so that [Result.Remap] carries optimizer state from the
// particles given to Condense straight to the aligned ones. Inputs and
// the output are never permuted; permutations keep every network's
// function (tested to rounding), the template and the active weights.
//
// # Weight matching
//
// For a particle theta and the reference R, both of the template's widths,
// let P_k be the permutation of hidden layer k (node i of the aligned
// particle is node P_k(i) of theta). The squared distance of eq.
// (distances) between the aligned particle and R is
//
//	sum_l || R_l - P_{l+1}^T W_l P_l ||^2.
//
// With the permutations of the other layers fixed, only W_{k-1}'s rows and
// W_k's columns depend on P_k, and the distance is, up to a constant,
//
//	sum_i C_k[i][P_k(i)],
//	C_k[i][j] = sum_c (R_{k-1}[i][c] - W_{k-1}[j][P_{k-1}(c)])^2
//	          + sum_r (R_k[r][i] - W_k[P_{k+1}(r)][j])^2,
//
// the cost of putting theta's node j (its incoming and outgoing weights)
// at the reference's node i: a linear assignment problem, solved exactly
// by [assign.Solve]. Align sweeps over the hidden layers in order, solving
// each layer's problem with the others fixed (coordinate descent, as Git
// Re-Basin's weight matching), and keeps a layer's new permutation only
// when it lowers the distance, until a sweep changes nothing. It starts
// from the importance order Condense left, so the distance to the
// reference never exceeds that of the importance sort; the end is a local
// optimum: no single layer's permutation lowers it further.
//
// Align fails on an invalid result (no particles, lengths that do not
// match the template, values that are not finite) or options.
func Align(r Result, o AlignOptions) (Result, error) {
	aligned, perms, err := AlignParticles(r.Arch, r.Particles, o)
	if err != nil {
		return Result{}, err
	}
	out := Result{From: r.From, Arch: r.Arch, Particles: aligned, Iterations: r.Iterations}
	for a, m := range r.Maps {
		nodes := make([][]int, len(m.Nodes))
		for k, n := range m.Nodes {
			nodes[k] = slices.Clone(n)
			if perms[a][k] != nil {
				for i, j := range perms[a][k] {
					nodes[k][i] = n[j]
				}
			}
		}
		out.Maps = append(out.Maps, ParticleMap{Source: permuteFlat(r.Arch, m.Source, perms[a]), Nodes: nodes})
	}
	return out, nil
}

// AlignParticles is the matching of [Align] for particles of arch as they
// are, nothing pruned: it returns the permuted particles and, for every
// particle, the permutation of [Permute] that made it (nil for the inputs,
// the output and the reference's layers left as they were). particles is
// not modified.
func AlignParticles(arch icnn.Arch, particles [][]float64, o AlignOptions) (aligned [][]float64, perms [][][]int, err error) {
	if err := arch.Validate(); err != nil {
		return nil, nil, fmt.Errorf("condense: %w", err)
	}
	ref, err := ParseReference(string(o.Reference))
	if err != nil {
		return nil, nil, fmt.Errorf("condense: %w", err)
	}
	if o.MaxSweeps < 0 {
		return nil, nil, fmt.Errorf("condense: alignment sweeps = %d must be >= 0 (0: %d)", o.MaxSweeps, defaultSweeps)
	}
	sweeps := o.MaxSweeps
	if sweeps == 0 {
		sweeps = defaultSweeps
	}
	if len(particles) == 0 {
		return nil, nil, fmt.Errorf("condense: no particles")
	}
	for a, theta := range particles {
		if err := checkParticle(NetworkOf(arch), a, theta); err != nil {
			return nil, nil, err
		}
	}
	d := metrics.Distances(particles)
	m, order := medoidOrder(d)
	aligned = make([][]float64, len(particles))
	perms = make([][][]int, len(particles))
	aligned[m], perms[m] = slices.Clone(particles[m]), make([][]int, len(arch.Widths))
	target := slices.Clone(particles[m]) // the medoid, or the running barycenter
	for n, a := range order {
		perms[a] = match(arch, target, particles[a], sweeps)
		aligned[a] = Permute(arch, particles[a], perms[a])
		if ref == Barycenter { // the mean of the medoid and the n+1 particles matched so far
			for i, v := range aligned[a] {
				target[i] += (v - target[i]) / float64(n+2)
			}
		}
	}
	return aligned, perms, nil
}

// medoidOrder returns the medoid of the distance matrix d and the other
// particles in ascending distance to it (ties in index order).
func medoidOrder(d [][]float64) (int, []int) {
	m, best := 0, 0.0
	for a, row := range d {
		s := 0.0
		for _, v := range row {
			s += v
		}
		if a == 0 || s < best {
			m, best = a, s
		}
	}
	var order []int
	for a := range d {
		if a != m {
			order = append(order, a)
		}
	}
	slices.SortStableFunc(order, func(a, b int) int {
		switch {
		case d[m][a] < d[m][b]:
			return -1
		case d[m][a] > d[m][b]:
			return 1
		}
		return 0
	})
	return m, order
}

// match is the coordinate descent of [Align] for one particle theta and
// the target ref, both of arch, from the identity: it returns the
// permutations of [Permute] (nil for inputs and the output).
func match(arch icnn.Arch, ref, theta []float64, sweeps int) [][]int {
	perm := make([][]int, len(arch.Widths))
	for k := 1; k+1 < len(arch.Widths); k++ {
		perm[k] = identity(arch.Widths[k])
	}
	for range sweeps {
		changed := false
		for k := 1; k+1 < len(arch.Widths); k++ {
			c := layerCost(arch, ref, theta, perm, k)
			cur := 0.0
			for i, j := range perm[k] {
				cur += c[i][j]
			}
			next, total, err := assign.Solve(c)
			if err != nil { // the costs of finite particles are finite
				panic(fmt.Sprintf("condense: alignment of layer %d: %v", k, err))
			}
			if total < cur-1e-12*(1+cur) {
				perm[k], changed = next, true
			}
		}
		if !changed {
			break
		}
	}
	return perm
}

// layerCost is C_k of [Align]: C[i][j], the squared distance between the
// incoming and outgoing weights of ref's node i of hidden layer k and
// those of theta's node j, with theta's neighbouring layers permuted by
// perm.
func layerCost(arch icnn.Arch, ref, theta []float64, perm [][]int, k int) [][]float64 {
	at := func(k, i int) int {
		if perm[k] == nil {
			return i
		}
		return perm[k][i]
	}
	in, out := arch.Layers()[k-1], arch.Layers()[k] // W_{k-1}: rows are layer k; W_k: columns are layer k
	n := arch.Widths[k]
	c := make([][]float64, n)
	for i := range c {
		c[i] = make([]float64, n)
		for j := range c[i] {
			s := 0.0
			for col := 0; col < in.Cols; col++ {
				d := ref[in.Offset+i*in.Cols+col] - theta[in.Offset+j*in.Cols+at(k-1, col)]
				s += d * d
			}
			for row := 0; row < out.Rows; row++ {
				d := ref[out.Offset+row*out.Cols+i] - theta[out.Offset+at(k+1, row)*out.Cols+j]
				s += d * d
			}
			c[i][j] = s
		}
	}
	return c
}

package condense

import (
	"math"

	"github.com/csvgd/csvgd-go/csvgd/icnn"
)

// graph is one particle during condensation: its layer widths, each weight
// matrix W_k (widths[k+1] x widths[k], row-major, rows the output nodes) and,
// for every weight, the index in the original flat particle it came from
// (-1 for a pruned or padded weight, whose value is 0).
type graph struct {
	widths []int
	w      [][]float64
	src    [][]int
	nodes  [][]int // nodes[k][j]: the original index of node j of layer k, -1 for padding
}

// newGraph views the flat particle theta of arch as a graph whose sources
// are the identity, except for exact zeros, which are pruned at any
// threshold.
func newGraph(arch icnn.Arch, theta []float64) graph {
	g := graph{widths: append([]int(nil), arch.Widths...)}
	for _, l := range arch.Layers() {
		n := l.Rows * l.Cols
		g.w = append(g.w, append([]float64(nil), theta[l.Offset:l.Offset+n]...))
		src := make([]int, n)
		for i := range src {
			src[i] = l.Offset + i
			if theta[l.Offset+i] == 0 {
				src[i] = -1
			}
		}
		g.src = append(g.src, src)
	}
	for _, n := range g.widths {
		g.nodes = append(g.nodes, identity(n))
	}
	return g
}

// flat returns the particle and its map to the original particle.
func (g graph) flat() ([]float64, ParticleMap) {
	var theta []float64
	m := ParticleMap{}
	for k := range g.w {
		theta = append(theta, g.w[k]...)
		m.Source = append(m.Source, g.src[k]...)
	}
	for _, n := range g.nodes {
		m.Nodes = append(m.Nodes, append([]int(nil), n...))
	}
	return theta, m
}

// present reports whether a weight survives edge pruning at threshold eps:
// |v| >= eps and v != 0 (so that eps = 0 drops only exact zeros).
func present(v, eps float64) bool { return v != 0 && math.Abs(v) >= eps }

// prune sets every weight that is not present to 0 and its source to -1.
func (g graph) prune(eps float64) {
	for k := range g.w {
		for i, v := range g.w[k] {
			if !present(v, eps) {
				g.w[k][i], g.src[k][i] = 0, -1
			}
		}
	}
}

// live marks the nodes that survive node pruning of the (edge-pruned)
// graph: inputs and the output always; a hidden node while it has a non-zero
// outgoing edge to a live node and, unless keepConstant, a non-zero incoming
// edge from a live node. Removing a node changes the liveness of its
// neighbours, so the marking is repeated to a fixed point (the largest set
// of nodes that satisfies the rule).
func (g graph) live(keepConstant bool) [][]bool {
	L := len(g.widths) - 1 // output layer
	alive := make([][]bool, len(g.widths))
	for k, n := range g.widths {
		alive[k] = make([]bool, n)
		for j := range alive[k] {
			alive[k][j] = true
		}
	}
	for changed := true; changed; {
		changed = false
		for k := 1; k < L; k++ {
			for j := range alive[k] {
				if !alive[k][j] {
					continue
				}
				out := false // W_k column j, live rows of layer k+1
				for r := 0; r < g.widths[k+1] && !out; r++ {
					out = alive[k+1][r] && g.w[k][r*g.widths[k]+j] != 0
				}
				in := keepConstant // W_{k-1} row j, live columns of layer k-1
				for c := 0; c < g.widths[k-1] && !in; c++ {
					in = alive[k-1][c] && g.w[k-1][j*g.widths[k-1]+c] != 0
				}
				if !out || !in {
					alive[k][j], changed = false, true
				}
			}
		}
	}
	return alive
}

// identity is 0, 1, .., n-1.
func identity(n int) []int {
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	return p
}

package condense

import (
	"math"
)

// graph is one particle during condensation: its layer widths, each weight
// matrix W_k (widths[k+1] x widths[k], row-major, rows the output nodes),
// with biases each bias vector b_k, the extra parameters and, for every
// value, the index in the original flat particle it came from (-1 for a
// pruned or padded one, whose value is 0).
type graph struct {
	net    Network // the original network (its layout, activation and importance)
	widths []int
	w      [][]float64
	src    [][]int
	b      [][]float64 // b[k]: the biases of layer k+1 (nil without biases)
	bsrc   [][]int
	extra  []float64
	xsrc   []int
	nodes  [][]int // nodes[k][j]: the original index of node j of layer k, -1 for padding
}

// newGraph views the flat particle theta of n as a graph whose sources
// are the identity, except for exact zeros, which are pruned at any
// threshold.
func newGraph(n Network, theta []float64) graph {
	g := graph{net: n, widths: append([]int(nil), n.Widths...)}
	for _, l := range n.Layers() {
		w, src := sourced(theta, l.Offset, l.Rows*l.Cols)
		g.w, g.src = append(g.w, w), append(g.src, src)
		if n.Biases {
			b, bsrc := sourced(theta, l.Bias, l.Rows)
			g.b, g.bsrc = append(g.b, b), append(g.bsrc, bsrc)
		}
	}
	g.extra, g.xsrc = sourced(theta, n.Size(), n.Extra)
	for i := range g.xsrc {
		g.xsrc[i] = n.Size() + i // carried whatever its value
	}
	for _, w := range g.widths {
		g.nodes = append(g.nodes, identity(w))
	}
	return g
}

// sourced copies theta[off : off+n] and its sources: the indices, -1 for
// exact zeros.
func sourced(theta []float64, off, n int) ([]float64, []int) {
	v := append([]float64(nil), theta[off:off+n]...)
	src := make([]int, n)
	for i := range src {
		src[i] = off + i
		if v[i] == 0 {
			src[i] = -1
		}
	}
	return v, src
}

// flat returns the particle and its map to the original particle.
func (g graph) flat() ([]float64, ParticleMap) {
	var theta []float64
	m := ParticleMap{}
	for k := range g.w {
		theta = append(theta, g.w[k]...)
		m.Source = append(m.Source, g.src[k]...)
		if g.b != nil {
			theta = append(theta, g.b[k]...)
			m.Source = append(m.Source, g.bsrc[k]...)
		}
	}
	theta = append(theta, g.extra...)
	m.Source = append(m.Source, g.xsrc...)
	for _, n := range g.nodes {
		m.Nodes = append(m.Nodes, append([]int(nil), n...))
	}
	return theta, m
}

// present reports whether a weight survives edge pruning at threshold eps:
// |v| >= eps and v != 0 (so that eps = 0 drops only exact zeros).
func present(v, eps float64) bool { return v != 0 && math.Abs(v) >= eps }

// prune sets every weight and bias that is not present to 0 and its
// source to -1.
func (g graph) prune(eps float64) {
	for k := range g.w {
		pruneValues(g.w[k], g.src[k], eps)
		if g.b != nil {
			pruneValues(g.b[k], g.bsrc[k], eps)
		}
	}
}

func pruneValues(v []float64, src []int, eps float64) {
	for i, x := range v {
		if !present(x, eps) {
			v[i], src[i] = 0, -1
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
				in := keepConstant || g.hasInput(k, j, alive)
				if !out || !in {
					alive[k][j], changed = false, true
				}
			}
		}
	}
	return alive
}

// hasInput reports whether node j of hidden layer k has a non-zero
// incoming edge from a live node of layer k-1 (W_{k-1} row j).
func (g graph) hasInput(k, j int, alive [][]bool) bool {
	for c := 0; c < g.widths[k-1]; c++ {
		if alive[k-1][c] && g.w[k-1][j*g.widths[k-1]+c] != 0 {
			return true
		}
	}
	return false
}

// fold makes the network's constant hidden nodes part of the biases, in
// order from the first hidden layer to the last: a node j of hidden layer
// k with no non-zero incoming edge from a node that is not itself
// constant outputs c_j = Activation(b_{k-1}[j]) whatever the input, so
// b_k[r] += W_k[r][j] c_j for every node r of layer k+1 and W_k[:, j] = 0
// compute the same network, in which the node has no outgoing edge left
// and node pruning removes it exactly. A bias that was pruned or zero and
// now holds a folded constant takes its node's original bias as its
// source.
func (g graph) fold() {
	constant := make([][]bool, len(g.widths))
	for k := range g.widths {
		constant[k] = make([]bool, g.widths[k])
	}
	notConstant := func(k int) [][]bool { // layer k-1 as hasInput needs it
		a := make([][]bool, len(g.widths))
		a[k-1] = make([]bool, g.widths[k-1])
		for c := range a[k-1] {
			a[k-1][c] = !constant[k-1][c]
		}
		return a
	}
	layers := g.net.Layers()
	for k := 1; k+1 < len(g.widths); k++ {
		alive := notConstant(k)
		for j := 0; j < g.widths[k]; j++ {
			if g.nodes[k][j] < 0 || g.hasInput(k, j, alive) {
				continue
			}
			constant[k][j] = true
			c := g.net.Activation(g.b[k-1][j])
			for r := 0; r < g.widths[k+1]; r++ {
				i := r*g.widths[k] + j
				if g.w[k][i] == 0 {
					continue
				}
				g.b[k][r] += g.w[k][i] * c
				if g.bsrc[k][r] < 0 && g.nodes[k+1][r] >= 0 {
					g.bsrc[k][r] = layers[k].Bias + g.nodes[k+1][r]
				}
				g.w[k][i], g.src[k][i] = 0, -1
			}
		}
	}
}

// identity is 0, 1, .., n-1.
func identity(n int) []int {
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	return p
}

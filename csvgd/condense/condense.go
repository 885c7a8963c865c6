package condense

import (
	"fmt"
	"math"
	"slices"

	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/stein"
)

// PaperThreshold is the paper's pruning threshold, 1e-3
// ([github.com/csvgd/csvgd-go/csvgd/stein.PaperThreshold], its one
// definition), for edge pruning, the count of active weights
// ([github.com/csvgd/csvgd-go/csvgd/metrics.ActiveWeights]) and the edges
// the figures draw; training's default threshold and the prior's default
// smoothing are the same constant.
const PaperThreshold = stein.PaperThreshold

// Options configures [Condense].
type Options struct {
	// Threshold is the edge-pruning threshold epsilon: weights with
	// |w| < Threshold are set to 0. Zero prunes only exact zeros, so that
	// Condense only removes nodes that are already disconnected, sorts and
	// pads. The paper uses [PaperThreshold].
	Threshold float64

	// KeepConstantNodes keeps hidden nodes that have no incoming edge but do
	// have an outgoing one. Such a node outputs softplus(0) = log 2 whatever
	// the input, a constant that reaches the next layer, so removing it (the
	// paper's rule, and the default) changes the network; keeping it makes
	// condensation change the network only through edge pruning, within
	// [PruneBound]. See the package documentation for the measured effect.
	KeepConstantNodes bool
}

// Validate reports an unusable threshold.
func (o Options) Validate() error {
	if !(o.Threshold >= 0) || math.IsInf(o.Threshold, 1) {
		return fmt.Errorf("condense: threshold %v: want a finite threshold >= 0", o.Threshold)
	}
	return nil
}

// Result is a condensed ensemble of input-convex networks: the common
// template, the particles laid out in it and, for every particle, the map
// from the template back to the original particle.
type Result struct {
	From       icnn.Arch     // the widths of the particles given to Condense
	Arch       icnn.Arch     // the template: inputs and output as in From, hidden widths the largest active counts
	Particles  [][]float64   // [particle][Arch.NumParams()]
	Maps       []ParticleMap // [particle]
	Iterations int           // prune/sort/template passes, the last of which changed nothing
}

// Condensed is [Result] for any [Network] ([CondenseNetwork]).
type Condensed struct {
	From       Network       // the network of the particles given to CondenseNetwork
	To         Network       // the template: inputs and outputs as in From, hidden widths the largest active counts
	Particles  [][]float64   // [particle][To.NumParams()]
	Maps       []ParticleMap // [particle]
	Iterations int           // prune/sort/template passes, the last of which changed nothing
}

// Condense applies Alg. graph_condense to the particles of arch: in each
// pass, for every particle,
//
//  1. prune the edges with |w| < o.Threshold (set them to 0),
//  2. prune the hidden nodes with no non-zero outgoing edge to a remaining
//     node or (unless o.KeepConstantNodes) no non-zero incoming edge from
//     one, repeatedly, since every removal can disconnect a neighbour,
//  3. sort each hidden layer's remaining nodes in descending importance
//     (eq. importance, [Importance]), ties keeping their order;
//
// then build the template whose hidden widths are the largest remaining
// counts over the ensemble (at least 1) and lay every particle into it,
// padding with nodes whose incoming and outgoing weights are 0. Inputs and
// the output are neither removed nor permuted. The passes repeat until one
// changes nothing (the second, in practice: a pass prunes to a fixed point).
//
// Condense does not modify particles. It fails on an invalid architecture
// or options, on no particles, on a particle of the wrong length and on a
// value that is not finite.
func Condense(arch icnn.Arch, particles [][]float64, o Options) (Result, error) {
	if err := arch.Validate(); err != nil {
		return Result{}, fmt.Errorf("condense: %w", err)
	}
	c, err := CondenseNetwork(NetworkOf(arch), particles, o)
	if err != nil {
		return Result{}, err
	}
	return Result{From: arch.WithWidths(arch.Widths), Arch: arch.WithWidths(c.To.Widths), Particles: c.Particles, Maps: c.Maps, Iterations: c.Iterations}, nil
}

// CondenseNetwork is [Condense] for any [Network]. With biases, step 1
// prunes biases below the threshold as it does weights, and with an
// Activation, before step 2, every hidden node without a non-zero incoming
// edge has its constant output folded into the next layer's biases (in
// order from the first hidden layer), which leaves it without outgoing
// edges: node pruning then keeps the function exactly, and only edge (and
// bias) pruning changes it. The Extra parameters are carried unchanged.
// Importance follows [Network].Signed.
func CondenseNetwork(n Network, particles [][]float64, o Options) (Condensed, error) {
	if err := n.Validate(); err != nil {
		return Condensed{}, err
	}
	if err := o.Validate(); err != nil {
		return Condensed{}, err
	}
	if len(particles) == 0 {
		return Condensed{}, fmt.Errorf("condense: no particles")
	}
	gs := make([]graph, len(particles))
	for a, theta := range particles {
		if err := checkParticle(n, a, theta); err != nil {
			return Condensed{}, err
		}
		gs[a] = newGraph(n, theta)
	}
	hidden := 0
	for _, w := range n.Widths[1 : len(n.Widths)-1] {
		hidden += w
	}
	for it := 1; ; it++ {
		next := pass(gs, o)
		if sameTopology(gs, next) {
			return condensed(n, next, it), nil
		}
		// Every pass but the last removes a node, prunes an edge or moves
		// a node; more passes than hidden nodes (plus the two of a plain
		// run) means the loop does not settle.
		if it > hidden+2 {
			return Condensed{}, fmt.Errorf("condense: the ensemble's topology did not settle after %d passes", it)
		}
		gs = next
	}
}

// pass is one iteration of Alg. graph_condense's loop, on copies of gs.
func pass(gs []graph, o Options) []graph {
	orders := make([][][]int, len(gs))
	pruned := make([]graph, len(gs))
	for a, g := range gs {
		g = g.clone()
		g.prune(o.Threshold)
		if g.net.folds() {
			g.fold()
		}
		alive := g.live(o.KeepConstantNodes || g.net.folds())
		order := make([][]int, len(g.widths))
		for k, n := range g.widths {
			if k == 0 || k+1 == len(g.widths) {
				order[k] = identity(n)
			} else {
				order[k] = g.order(k, alive)
			}
		}
		orders[a], pruned[a] = order, g
	}
	t := templateWidths(gs[0].widths, orders)
	next := make([]graph, len(gs))
	for a, g := range pruned {
		next[a] = g.place(t, orders[a])
	}
	return next
}

// sameTopology reports whether two passes' graphs coincide: the same
// widths and sources. The weights follow from the sources, and so do the
// live nodes (a live node has a non-zero edge, whose source names it); only
// the node maps of padded nodes may differ, which the later pass has right.
func sameTopology(a, b []graph) bool {
	for i := range a {
		if !slices.Equal(a[i].widths, b[i].widths) {
			return false
		}
		for k := range a[i].src {
			if !slices.Equal(a[i].src[k], b[i].src[k]) {
				return false
			}
		}
		for k := range a[i].bsrc {
			if !slices.Equal(a[i].bsrc[k], b[i].bsrc[k]) || !slices.Equal(a[i].b[k], b[i].b[k]) {
				return false
			}
		}
	}
	return true
}

func condensed(n Network, gs []graph, iterations int) Condensed {
	r := Condensed{From: n.WithWidths(n.Widths), To: n.WithWidths(gs[0].widths), Iterations: iterations}
	for _, g := range gs {
		theta, m := g.flat()
		r.Particles = append(r.Particles, theta)
		r.Maps = append(r.Maps, m)
	}
	return r
}

// clone is a deep copy.
func (g graph) clone() graph {
	c := graph{net: g.net, widths: slices.Clone(g.widths), extra: g.extra, xsrc: g.xsrc}
	for k := range g.w {
		c.w = append(c.w, slices.Clone(g.w[k]))
		c.src = append(c.src, slices.Clone(g.src[k]))
	}
	for k := range g.b {
		c.b = append(c.b, slices.Clone(g.b[k]))
		c.bsrc = append(c.bsrc, slices.Clone(g.bsrc[k]))
	}
	for _, n := range g.nodes {
		c.nodes = append(c.nodes, slices.Clone(n))
	}
	return c
}

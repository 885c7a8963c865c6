// Package dotvjp replaces GoMLX's reverse-mode gradient of DotGeneral with
// one written as DotGeneral products, right for every axis layout.
//
// GoMLX v0.26.0 differentiated out = DotGeneral(lhs, rhs) by broadcasting
// the adjoint against the other operand into the full
// [batch..., lhsCross..., rhsCross..., contracted...] tensor (Mul) and
// summing the unwanted axes away (ReduceSum); on the pure-Go backend that
// took about 70% of a Stein step of the ICNN ensemble. GoMLX v0.28.2
// writes the common case as a DotGeneral too, but lays its result out
// wrongly when the contracting axes come in different orders on the two
// sides (a shape error, or wrong numbers when the dimensions agree; the
// tests keep one case that shows it). The gradient of a bilinear map is
// itself a contraction: with v the adjoint, laid out as out is
// ([batch..., lhsCross..., rhsCross...]),
//
//	dL/dlhs = DotGeneral(v, rhs): contract v's rhsCross axes with rhs's
//	          cross axes, batch v's batch axes with rhs's batch axes;
//	dL/drhs = DotGeneral(lhs, v): contract lhs's cross axes with v's
//	          lhsCross axes, batch likewise,
//
// each followed by a transpose into the operand's own axis order (skipped
// when it is the identity). No tensor larger than the operands and the
// adjoint is ever formed, and the matrix-product kernel of the backend
// does the sums.
//
// The new gradient is itself made of DotGeneral and Transpose nodes, so it
// can be differentiated again (gradients of functions of gradients).
package dotvjp

import (
	"fmt"
	"io"
	"os"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/gomlx/compute"
	"github.com/gomlx/compute/shapes"
	"github.com/gomlx/gomlx/core/graph"
)

var (
	once sync.Once
	// original is GoMLX's VJP for DotGeneral, saved by Register; it is used
	// whenever the axes of a node cannot be read (see axesOf).
	original graph.VJP
	// uses counts the gradients this package built; fallbacks those it
	// delegated to original.
	uses, fallbacks atomic.Int64
	// warnOnce makes the first fallback of a process print a warning.
	warnOnce sync.Once
)

// Warnings is where a fallback to GoMLX's own gradient is reported (once
// per process, with the node it could not read); standard error by
// default.
var Warnings io.Writer = os.Stderr

// Register installs the DotGeneral gradient of this package in
// graph.VJPRegistration. It is idempotent: only the first call does
// anything.
//
// Why: GoMLX's own gradient of DotGeneral materialises the broadcast
// product [batch, lhsCross, rhsCross, contracted] and then reduces it
// (Mul + ReduceSum); profiling the Stein step of the ICNN ensemble on the
// pure-Go backend put about 70% of the time there. The replacement
// computes each operand's gradient with one DotGeneral and one Transpose.
//
// What it changes: the registration is process-wide. Every DotGeneral
// gradient built (by graph.Gradient, at graph construction) after the call,
// in any graph of the process, uses the new rule; graphs built before keep
// the rule they were built with. The results are the same as GoMLX's up to
// the order of floating-point summation (agreement to about 1e-15
// relative in float64).
//
// The map graph.VJPRegistration is not guarded by a lock: call Register
// before other goroutines build gradients (the project calls it from
// backend.New, before any graph exists).
func Register() {
	once.Do(func() {
		original = graph.VJPRegistration[graph.NodeTypeDotGeneral]
		graph.VJPRegistration[graph.NodeTypeDotGeneral] = vjp
	})
}

// Installed reports whether the DotGeneral gradient registered in
// graph.VJPRegistration is this package's: false before Register, or
// after something else replaced it.
func Installed() bool {
	fn := graph.VJPRegistration[graph.NodeTypeDotGeneral]
	return fn != nil && reflect.ValueOf(fn).Pointer() == reflect.ValueOf(graph.VJP(vjp)).Pointer()
}

// Uses is how many DotGeneral gradients this package has built in this
// process; Fallbacks is how many it handed to GoMLX's own rule because it
// could not read a node's axes (the first of them is reported on
// [Warnings] with the node's description).
func Uses() int64 { return uses.Load() }

// Fallbacks: see [Uses].
func Fallbacks() int64 { return fallbacks.Load() }

// dotAxes are the parameters of a DotGeneral node: the contracting and
// batch axes of both operands (batch and contracting axes are paired by
// their position in the lists).
type dotAxes struct {
	lhsContracting, lhsBatch []int
	rhsContracting, rhsBatch []int
}

// vjp is the graph.VJP of DotGeneral.
func vjp(node *graph.Node, vjpOutputs []*graph.Node, outputShape shapes.Shape) []*graph.Node {
	ax, ok := axesOf(node)
	if !ok || len(vjpOutputs) != 1 || !vjpOutputs[0].Shape().Equal(node.Shape()) {
		fallback(node)
		return original(node, vjpOutputs, outputShape)
	}
	uses.Add(1)
	lhs, rhs := node.Inputs()[0], node.Inputs()[1]
	v := vjpOutputs[0]
	lhsCross := crossAxes(lhs.Rank(), ax.lhsContracting, ax.lhsBatch)
	rhsCross := crossAxes(rhs.Rank(), ax.rhsContracting, ax.rhsBatch)

	// Where the axes of out (and v) come from: batch first, then the cross
	// axes of lhs, then those of rhs, each group in increasing axis order.
	nb := len(ax.lhsBatch)
	vBatch := iota(0, nb)
	vLhsCross := iota(nb, len(lhsCross))
	vRhsCross := iota(nb+len(lhsCross), len(rhsCross))

	return []*graph.Node{
		side{
			batch: ax.lhsBatch, contracting: ax.lhsContracting, cross: lhsCross,
			other: rhs, otherBatch: ax.rhsBatch, otherContracting: ax.rhsContracting, otherCross: rhsCross, vOtherCross: vRhsCross,
			rank: lhs.Rank(),
		}.grad(v, vBatch, true),
		side{
			batch: ax.rhsBatch, contracting: ax.rhsContracting, cross: rhsCross,
			other: lhs, otherBatch: ax.lhsBatch, otherContracting: ax.lhsContracting, otherCross: lhsCross, vOtherCross: vLhsCross,
			rank: rhs.Rank(),
		}.grad(v, vBatch, false),
	}
}

// fallback counts a gradient handed to GoMLX's own rule and reports the
// first one of the process on Warnings.
func fallback(node *graph.Node) {
	fallbacks.Add(1)
	warnOnce.Do(func() {
		if Warnings != nil {
			fmt.Fprintf(Warnings, "csvgd: warning: the DotGeneral gradient of GoMLX is used for %s: its axes could not be read "+
				"(GoMLX's own rule lays out some axis orders wrongly; check the results, and this package against the GoMLX version)\n", node)
		}
	})
}

// side describes the operand ("this") whose gradient is wanted and the
// other operand of the DotGeneral. contracting[k] of this operand was
// contracted with otherContracting[k]; vOtherCross are the positions in
// the adjoint v of the other operand's cross axes (this operand's cross
// axes are the remaining non-batch axes of v, in the same order).
type side struct {
	batch, contracting, cross                             []int
	other                                                 *graph.Node
	otherBatch, otherContracting, otherCross, vOtherCross []int
	rank                                                  int
}

// grad returns the gradient with respect to this operand: the adjoint v
// contracted with the other operand over the other's cross axes, batched
// over the batch axes, and transposed into this operand's axis order.
//
// DotGeneral orders its result as batch axes, then the free axes of its
// first operand, then those of its second, in increasing axis order. With
// v first the result is [batch, this cross, other's contracting axes];
// with the other operand first it is [batch, other's contracting axes,
// this cross]. The contracting axes of the other operand stand for this
// operand's contracting axes (paired by position), sorted by their axis in
// the other operand. The order whose transpose is the identity is used
// when there is one; vFirst breaks the tie (lhs: v first, as in
// v·rhsᵀ; rhs: lhs first, as in lhsᵀ·v).
func (s side) grad(v *graph.Node, vBatch []int, vFirst bool) *graph.Node {
	nb, nc := len(s.batch), len(s.cross)
	// Position of each contracted axis of the other operand among the free
	// axes of the other operand in the product: its rank in sorted order.
	sorted := slices.Sorted(slices.Values(s.otherContracting))
	contractedAt := func(k int) int { return slices.Index(sorted, s.otherContracting[k]) }

	// perm[a] is where axis a of this operand lands in the product, for
	// each order: what TransposeAllAxes needs to restore this operand's
	// layout.
	vFirstPerm := make([]int, s.rank)
	otherFirstPerm := make([]int, s.rank)
	for i, a := range s.batch {
		vFirstPerm[a], otherFirstPerm[a] = i, i
	}
	for i, a := range s.cross {
		vFirstPerm[a], otherFirstPerm[a] = nb+i, nb+len(sorted)+i
	}
	for k, a := range s.contracting {
		vFirstPerm[a], otherFirstPerm[a] = nb+nc+contractedAt(k), nb+contractedAt(k)
	}

	useVFirst := vFirst
	switch {
	case isIdentity(vFirstPerm):
		useVFirst = true
	case isIdentity(otherFirstPerm):
		useVFirst = false
	}
	var g *graph.Node
	perm := otherFirstPerm
	if useVFirst {
		g = graph.DotGeneral(v, s.vOtherCross, vBatch, s.other, s.otherCross, s.otherBatch)
		perm = vFirstPerm
	} else {
		g = graph.DotGeneral(s.other, s.otherCross, s.otherBatch, v, s.vOtherCross, vBatch)
	}
	if !isIdentity(perm) {
		g = graph.TransposeAllAxes(g, perm...)
	}
	return g
}

// crossAxes are the axes of an operand of the given rank that are neither
// contracted nor batch, in increasing order: those DotGeneral crosses with
// the other operand.
func crossAxes(rank int, contracting, batch []int) []int {
	var out []int
	for a := 0; a < rank; a++ {
		if !slices.Contains(contracting, a) && !slices.Contains(batch, a) {
			out = append(out, a)
		}
	}
	return out
}

// iota is [from, from+1, ..., from+n-1].
func iota(from, n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = from + i
	}
	return out
}

func isIdentity(perm []int) bool {
	for i, p := range perm {
		if i != p {
			return false
		}
	}
	return true
}

// axesOf reads the contracting and batch axes of a DotGeneral node.
//
// GoMLX keeps them in an unexported field and, as of v0.28.2, offers no
// accessor; the only public view of them is the node's description
// (Node.String), which in v0.28.2 reads
//
//	Node #5 DotGeneral(lhs=[#3], lhsContractingAxes=[1], lhsBatchAxes=[0], rhs=[#4], rhsContractingAxes=[2], rhsBatchAxes=[0], config={AccumulatorDType:InvalidDType OutputDType:InvalidDType}) -> ...
//
// (with [\"alias\"] after the node id when the node has an alias). The
// description is parsed and then checked against everything else the
// public API tells: the node and operand ids match Node.Id and
// Node.Inputs, the precision configuration is the default one (this
// package's products use the default), the axes are valid and distinct,
// the paired dimensions agree and the output shape they imply is the
// node's shape. ok is false when any of that fails (a GoMLX that words the
// description differently, or a product with its own accumulator or output
// type): the caller then falls back to GoMLX's own VJP, and says so.
func axesOf(node *graph.Node) (ax dotAxes, ok bool) {
	if node.Type() != graph.NodeTypeDotGeneral || len(node.Inputs()) != 2 {
		return ax, false
	}
	sc := scanner{s: node.String(), ok: true}
	sc.literal(fmt.Sprintf("Node #%d ", node.Id()))
	if alias := node.GetAlias(); alias != "" {
		sc.literal(fmt.Sprintf("[%q] ", alias))
	}
	sc.literal("DotGeneral(lhs=[#")
	lhsID := sc.integer()
	sc.literal("], lhsContractingAxes=")
	ax.lhsContracting = sc.list()
	sc.literal(", lhsBatchAxes=")
	ax.lhsBatch = sc.list()
	sc.literal(", rhs=[#")
	rhsID := sc.integer()
	sc.literal("], rhsContractingAxes=")
	ax.rhsContracting = sc.list()
	sc.literal(", rhsBatchAxes=")
	ax.rhsBatch = sc.list()
	sc.literal(fmt.Sprintf(", config=%+v)", compute.DotGeneralConfig{}))
	if !sc.ok {
		return ax, false
	}
	lhs, rhs := node.Inputs()[0], node.Inputs()[1]
	if lhsID != int(lhs.Id()) || rhsID != int(rhs.Id()) {
		return ax, false
	}
	return ax, ax.consistent(lhs.Shape(), rhs.Shape(), node.Shape())
}

// consistent reports whether the axes are valid for operands shaped lhs and
// rhs and give a DotGeneral shaped out.
func (ax dotAxes) consistent(lhs, rhs, out shapes.Shape) bool {
	if len(ax.lhsContracting) != len(ax.rhsContracting) || len(ax.lhsBatch) != len(ax.rhsBatch) {
		return false
	}
	valid := func(rank int, contracting, batch []int) bool {
		seen := make([]bool, rank)
		for _, a := range slices.Concat(contracting, batch) {
			if a < 0 || a >= rank || seen[a] {
				return false
			}
			seen[a] = true
		}
		return true
	}
	if !valid(lhs.Rank(), ax.lhsContracting, ax.lhsBatch) || !valid(rhs.Rank(), ax.rhsContracting, ax.rhsBatch) {
		return false
	}
	for k := range ax.lhsContracting {
		if lhs.Dimensions[ax.lhsContracting[k]] != rhs.Dimensions[ax.rhsContracting[k]] {
			return false
		}
	}
	var dims []int
	for k := range ax.lhsBatch {
		if lhs.Dimensions[ax.lhsBatch[k]] != rhs.Dimensions[ax.rhsBatch[k]] {
			return false
		}
		dims = append(dims, lhs.Dimensions[ax.lhsBatch[k]])
	}
	for _, a := range crossAxes(lhs.Rank(), ax.lhsContracting, ax.lhsBatch) {
		dims = append(dims, lhs.Dimensions[a])
	}
	for _, a := range crossAxes(rhs.Rank(), ax.rhsContracting, ax.rhsBatch) {
		dims = append(dims, rhs.Dimensions[a])
	}
	return lhs.DType == rhs.DType && out.DType == lhs.DType && slices.Equal(dims, out.Dimensions)
}

// scanner reads a node description left to right; ok turns false at the
// first mismatch and stays false.
type scanner struct {
	s  string
	ok bool
}

// literal consumes prefix p.
func (sc *scanner) literal(p string) {
	if sc.ok {
		sc.s, sc.ok = strings.CutPrefix(sc.s, p)
	}
}

// integer consumes a non-negative decimal integer.
func (sc *scanner) integer() int {
	if !sc.ok {
		return 0
	}
	n := 0
	for n < len(sc.s) && sc.s[n] >= '0' && sc.s[n] <= '9' {
		n++
	}
	v, err := strconv.Atoi(sc.s[:n])
	if err != nil {
		sc.ok = false
		return 0
	}
	sc.s = sc.s[n:]
	return v
}

// list consumes a list of integers as fmt prints an []int: "[]", "[3]",
// "[0 2]".
func (sc *scanner) list() []int {
	sc.literal("[")
	var out []int
	for sc.ok && !strings.HasPrefix(sc.s, "]") {
		if len(out) > 0 {
			sc.literal(" ")
		}
		out = append(out, sc.integer())
	}
	sc.literal("]")
	return out
}

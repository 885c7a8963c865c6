package stein

import (
	"math"

	"github.com/gomlx/compute/dtypes"
	"github.com/gomlx/compute/shapes"

	. "github.com/gomlx/gomlx/core/graph" //nolint:revive // GoMLX graph DSL.
)

// gammaNode is the bandwidth of rule b for the step from the particles
// theta [N, D], inside the graph: a fixed gamma is the scalar input fixed;
// an adaptive rule takes its median on the device, with the same rule as
// the host ([Bandwidth.Of], docs/reading.md section 4), from pairs [N, N],
// the pairwise values of theta the graph formed ([Flow.pairNodes]): the
// kernel's |a-b|^beta for Liu & Wang's rules, the squared Euclidean
// distances for the paper's.
//
// The values at the rule's median ranks ([Bandwidth.medianRanks]) of those
// above the diagonal are selected exactly, by [Flow.Selection]. Each is then measured
// again from the particles of its pair, the first pair (in the order of
// [pairwise], which is the row-major order of the matrix) with exactly
// that value, with differences formed directly: the RBF kernel's distances
// come from the Gram matrix, whose rounding would otherwise reach the
// bandwidth. The host computes the same numbers; only the order in which a
// backend sums the D terms of a distance can make them differ, in the last
// bits.
func (f *Flow) gammaNode(b Bandwidth, theta, pairs, fixed *Node) *Node {
	if !b.adaptive() {
		return fixed
	}
	g := theta.Graph()
	n := theta.Shape().Dimensions[0]
	ranks, count := b.medianRanks(n)
	if len(ranks) == 0 {
		return Scalar(g, theta.DType(), positive(0))
	}
	upper := GreaterThan(Iota(g, pairs.Shape(), 1), Iota(g, pairs.Shape(), 0))
	masked := Reshape(Where(upper, pairs, Infinity(g, pairs.DType(), 1)), n*n)
	selected := f.Selection.selectRanks(masked, ranks)
	dist := b.pairDistanceNode(f.Kernel)
	var med *Node
	for i := range ranks {
		v := Slice(selected, AxisElem(i))
		at := ArgMax(ConvertDType(Equal(masked, v), dtypes.Int32), 0) // the first pair with that value
		i, j := DivScalar(at, int32(n)), ModScalar(at, int32(n))
		d := dist(Gather(theta, Reshape(i, 1, 1)), Gather(theta, Reshape(j, 1, 1)))
		if b.euclidean() {
			d = Sqrt(d)
		}
		if med == nil {
			med = d
		} else {
			med = Add(med, d)
		}
	}
	return b.ruleNode(divide(med, float64(count)), n, f.Kernel)
}

// rankCountLimit is the largest number of values whose order statistics
// [orderStatistics] finds by comparing every pair of values; above it, by
// a radix selection.
const rankCountLimit = 256

// orderStatistics are the values of v ([L], non-negative or +Inf, as
// distances are) at the given 0-based ranks in ascending order,
// [len(ranks)], selected exactly without a sort, which GoMLX's pure-Go
// backend runs one comparator call at a time and refuses inside a loop
// body. The ranks are those of [Bandwidth.medianRanks]: one, or two that
// follow each other. Up to [rankCountLimit] values, the value at rank r is the one with
// at most r values below it and more than r at or below it ([rankCount]);
// above it, a radix selection on the values' bits finds it
// ([radixSelect]).
func orderStatistics(v *Node, ranks []int) *Node {
	if v.Shape().Dimensions[0] <= rankCountLimit {
		return rankCount(v, ranks)
	}
	first := radixSelect(v, ranks[0])
	if len(ranks) == 1 {
		return Reshape(first, 1)
	}
	// The next rank: the same value when more than ranks[0]+1 values are
	// at or below it, else the least value above it.
	atOrBelow := ReduceSum(ConvertDType(LessOrEqual(v, first), dtypes.Int64))
	above := ReduceMin(Where(GreaterThan(v, first), v, Infinity(v.Graph(), v.DType(), 1)))
	second := Where(GreaterThan(atOrBelow, Const(v.Graph(), int64(ranks[0]+1))), first, above)
	return Stack([]*Node{first, second}, 0)
}

// rankCount selects the values of v at ranks by comparing every pair of
// values: O(L^2) work in a few operations, for small L.
func rankCount(v *Node, ranks []int) *Node {
	want := ExpandAxes(Const(v.Graph(), int64s(ranks)), 1)                                                  // [R, 1]
	row, col := ExpandAxes(v, 1), ExpandAxes(v, 0)                                                          // v_i down, v_j across
	below := ReduceSum(ConvertDType(LessThan(col, row), dtypes.Int64), 1)                                   // #{j: v_j < v_i}
	atOrBelow := ReduceSum(ConvertDType(LessOrEqual(col, row), dtypes.Int64), 1)                            // #{j: v_j <= v_i}
	hit := LogicalAnd(LessOrEqual(ExpandAxes(below, 0), want), GreaterThan(ExpandAxes(atOrBelow, 0), want)) // [R, L]
	return Gather(v, ExpandAxes(ArgMax(ConvertDType(hit, dtypes.Int32), 1), -1))
}

// radixSelect is the value of v at rank r: the bits of non-negative floats
// order as integers do, so the bits of the value are found four at a time,
// from the highest: among the values that share the bits found so far, the
// counts of the next four bits' 16 values say in which of them the r-th
// value lies (16 passes of O(16 L) comparisons, each a reduction that a
// GPU runs in one kernel; no scatter, whose atomic adds into 16 bins would
// contend).
func radixSelect(v *Node, r int) *Node {
	const bits, buckets = 4, 16
	g := v.Graph()
	keys := Bitcast(v, dtypes.Int64)
	prefix := Scalar(g, dtypes.Int64, 0) // the bits found so far, in place
	rank := Scalar(g, dtypes.Float64, r) // r among the values that share them
	tri := lowerTriangle(g, buckets)
	values := ExpandAxes(Iota(g, shapes.Make(dtypes.Int64, buckets), 0), 1) // [16, 1]
	for shift := 64 - bits; shift >= 0; shift -= bits {
		digit := BitwiseAnd(BitwiseShiftRightArithmeticScalar(keys, shift), ConstAs(keys, int64(buckets-1)))
		in := Equal(ExpandAxes(digit, 0), values) // [16, L]
		if shift < 64-bits {                      // only the values that share the higher bits
			same := Equal(BitwiseShiftRightArithmeticScalar(keys, shift+bits), BitwiseShiftRightArithmeticScalar(prefix, shift+bits))
			in = LogicalAnd(in, ExpandAxes(same, 0))
		}
		hist := ReduceSum(ConvertDType(in, dtypes.Float64), 1) // [16]
		cum := Einsum("dk,k->d", tri, hist)                    // cum[d] = #{values with digit <= d}
		d := ArgMax(ConvertDType(GreaterThan(cum, rank), dtypes.Int32), 0)
		before := Sub(Gather(cum, Reshape(d, 1, 1)), Gather(hist, Reshape(d, 1, 1)))
		rank = Sub(rank, Reshape(before))
		prefix = BitwiseOr(prefix, BitwiseShiftLeftScalar(ConvertDType(d, dtypes.Int64), shift))
	}
	return Bitcast(prefix, v.DType())
}

// lowerTriangle is the constant n x n matrix with ones on and below the
// diagonal (a cumulative sum as a product).
func lowerTriangle(g *Graph, n int) *Node {
	m := make([][]float64, n)
	for i := range m {
		m[i] = make([]float64, n)
		for j := 0; j <= i; j++ {
			m[i][j] = 1
		}
	}
	return Const(g, m)
}

// int64s converts ranks to int64.
func int64s(ranks []int) []int64 {
	out := make([]int64, len(ranks))
	for i, r := range ranks {
		out[i] = int64(r)
	}
	return out
}

// ruleNode is gamma of an adaptive rule from the median med (a scalar
// node), as [Bandwidth.ofPairs] computes it on the host.
func (b Bandwidth) ruleNode(med *Node, n int, k Kernel) *Node {
	logN := math.Log(float64(n) + 1)
	var gamma *Node
	switch b.Rule {
	case MedianLiuWang, MedianMatrix:
		gamma = divide(med, k.Beta*logN)
	default: // MedianPaper
		gamma = Sqrt(divide(MulScalar(med, 0.5), logN))
	}
	const tiny = 1e-12 // as positive
	floor := ConstAs(gamma, tiny)
	return Where(GreaterThan(gamma, floor), gamma, floor)
}

// pairDistanceNode is [Bandwidth.pairDistance] in the graph, for two
// particles a and b of shape [1, D]: a scalar.
func (b Bandwidth) pairDistanceNode(k Kernel) func(a, c *Node) *Node {
	if b.euclidean() {
		k = Kernel{Beta: 2}
	}
	return func(a, c *Node) *Node { return ReduceAllSum(k.power(Sub(a, c))) }
}

// divide is x / c, rounded as the host rounds it (GoMLX's DivScalar
// multiplies by 1/c instead).
func divide(x *Node, c float64) *Node { return Div(x, ConstAs(x, c)) }

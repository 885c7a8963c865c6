package stein

import (
	"math"

	"github.com/gomlx/compute/dtypes"

	. "github.com/gomlx/gomlx/core/graph" //nolint:revive // GoMLX graph DSL.
)

// gammaNode is the bandwidth of rule b for the step from the particles
// theta [N, D], inside the graph: a fixed gamma is the scalar input fixed;
// an adaptive rule takes its median on the device, with the same rule as
// the host ([Bandwidth.Of], docs/reading.md section 4), from pairs [N, N],
// the pairwise values of theta the graph formed ([Flow.pairNodes]): the
// kernel's |a-b|^beta for Liu & Wang's rule, the squared Euclidean
// distances for the paper's.
//
// The values at the median ranks ([medianRanks]) of those above the
// diagonal are selected exactly ([orderStatistics]). Each is then measured
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
	ranks := medianRanks(n)
	if len(ranks) == 0 {
		return Scalar(g, theta.DType(), positive(0))
	}
	upper := GreaterThan(Iota(g, pairs.Shape(), 1), Iota(g, pairs.Shape(), 0))
	masked := Reshape(Where(upper, pairs, Infinity(g, pairs.DType(), 1)), n*n)
	selected := orderStatistics(masked, ranks)
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
	return b.ruleNode(divide(med, float64(len(ranks))), n, f.Kernel)
}

// rankCountLimit is the largest number of values whose order statistics
// [orderStatistics] finds by comparing every pair of values; above it, by
// bisection.
const rankCountLimit = 1024

// orderStatistics are the values of v ([L], non-negative or +Inf, as
// distances are) at the given 0-based ranks in ascending order, [len(ranks)],
// selected exactly without a sort, which GoMLX's pure-Go backend runs one
// comparator call at a time and refuses inside a loop body. Up to
// [rankCountLimit] values, the value at rank r is the one with fewer than
// r+1 values below it and more than r at or below it; above it, a
// bisection on the values' bits, which order non-negative floats as
// integers, finds for each rank the least bit pattern with more than r
// values at or below it: 63 halvings reach it exactly.
func orderStatistics(v *Node, ranks []int) *Node {
	g := v.Graph()
	l := v.Shape().Dimensions[0]
	r := make([]int64, len(ranks))
	for i, rank := range ranks {
		r[i] = int64(rank)
	}
	want := Const(g, r) // [R]
	if l <= rankCountLimit {
		row, col := ExpandAxes(v, 1), ExpandAxes(v, 0)                               // v_i down, v_j across
		below := ReduceSum(ConvertDType(LessThan(col, row), dtypes.Int64), 1)        // #{j: v_j < v_i}
		atOrBelow := ReduceSum(ConvertDType(LessOrEqual(col, row), dtypes.Int64), 1) // #{j: v_j <= v_i}
		hit := LogicalAnd(LessOrEqual(ExpandAxes(below, 0), ExpandAxes(want, 1)),
			GreaterThan(ExpandAxes(atOrBelow, 0), ExpandAxes(want, 1))) // [R, L]
		at := ArgMax(ConvertDType(hit, dtypes.Int32), 1)
		return Gather(v, ExpandAxes(at, -1))
	}
	keys := ExpandAxes(Bitcast(v, dtypes.Int64), 0) // [1, L]
	lo := ZerosLike(want)
	hi := BroadcastToDims(Const(g, int64(math.Float64bits(math.Inf(1)))), len(ranks))
	for range 63 {
		mid := Add(lo, BitwiseShiftRightArithmeticScalar(Sub(hi, lo), 1))
		count := ReduceSum(ConvertDType(LessOrEqual(keys, ExpandAxes(mid, 1)), dtypes.Int64), 1)
		enough := GreaterThan(count, want)
		hi, lo = Where(enough, mid, hi), Where(enough, lo, AddScalar(mid, 1))
	}
	return Bitcast(lo, v.DType())
}

// ruleNode is gamma of an adaptive rule from the median med (a scalar
// node), as [Bandwidth.ofPairs] computes it on the host.
func (b Bandwidth) ruleNode(med *Node, n int, k Kernel) *Node {
	logN := math.Log(float64(n) + 1)
	var gamma *Node
	switch b.Rule {
	case MedianLiuWang:
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

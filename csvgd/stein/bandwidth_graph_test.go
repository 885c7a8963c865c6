package stein

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/gomlx/compute"

	. "github.com/gomlx/gomlx/core/graph" //nolint:revive // GoMLX graph DSL.
	"github.com/gomlx/gomlx/core/tensors"
)

// TestOrderStatisticsMatchTheHost: the device's selection of the values at
// one rank or two that follow each other (as the median takes them), by
// pairwise counts (up to rankCountLimit values) and by radix selection
// (above), and by the backend's sort (SortSelection), gives the values a
// sort on the host gives, bit for bit, with ties, zeros, +Inf (masked
// entries) and values that differ in the last bit.
func TestOrderStatisticsMatchTheHost(t *testing.T) {
	for _, sel := range []MedianSelection{RadixSelection, SortSelection} {
		t.Run(sel.String(), func(t *testing.T) { checkOrderStatistics(t, sel) })
	}
}

func checkOrderStatistics(t *testing.T, sel MedianSelection) {
	b := testBackend(t)
	rng := rand.New(rand.NewPCG(3, 4))
	for _, l := range []int{2, 7, 64, rankCountLimit, rankCountLimit + 1, 4000} {
		sets := [][]int{{0}, {0, 1}, {l / 2}, {l/2 - 1, l / 2}, {l - 2, l - 1}, {l - 1}}
		e := MustNewExec(b, func(x *Node) *Node { // every set of ranks in one graph
			var all []*Node
			for _, ranks := range sets {
				all = append(all, sel.selectRanks(x, ranks))
			}
			return Concatenate(all, 0)
		})
		for _, kind := range []string{"random", "ties", "ulps"} {
			v := make([]float64, l)
			for i := range v {
				switch kind {
				case "random":
					v[i] = math.Exp(4 * rng.NormFloat64())
				case "ties":
					v[i] = float64(rng.IntN(5))
				case "ulps":
					v[i] = math.Nextafter(1, 2+float64(rng.IntN(3)))
				}
			}
			v[rng.IntN(l)] = math.Inf(1)
			sorted := slices.Clone(v)
			slices.Sort(sorted)
			got := tensors.MustCopyFlatData[float64](e.MustExec(v)[0])
			for _, ranks := range sets {
				for _, r := range ranks {
					if math.Float64bits(got[0]) != math.Float64bits(sorted[r]) {
						t.Errorf("%d %s values, ranks %v: %v at rank %d, want %v", l, kind, ranks, got[0], r, sorted[r])
					}
					got = got[1:]
				}
			}
		}
	}
}

// TestDeviceBandwidthMatchesTheHost: the bandwidth the graph takes from
// the pairwise distances equals Bandwidth.Of on the host, the three median
// rules (Liu & Wang's over the pairs and over the N x N matrix, whose
// median at N = 2 is half a pair's value, and the paper's), beta 1 and 2,
// from 2 to 60 particles (the larger ones select by radix selection),
// with duplicated particles (ties at the median): to 1e-14 relative, the
// order of the D terms of a distance aside.
func TestDeviceBandwidthMatchesTheHost(t *testing.T) {
	b := testBackend(t)
	for _, rule := range []BandwidthRule{MedianLiuWang, MedianMatrix, MedianPaper} {
		for _, beta := range []float64{1, 2} {
			for _, n := range []int{2, 3, 4, 10, 33, 60} {
				bw, k := Bandwidth{Rule: rule}, Kernel{Beta: beta}
				t.Run(fmt.Sprintf("%v/beta=%v/N=%d", bw, beta, n), func(t *testing.T) {
					checkDeviceBandwidth(t, b, bw, k, n)
				})
			}
		}
	}
}

func checkDeviceBandwidth(t *testing.T, b compute.Backend, bw Bandwidth, k Kernel, n int) {
	x := randomEnsemble(uint64(n), n, 5, 1)
	if n > 3 {
		copy(x.Particle(1), x.Particle(0)) // a zero distance and tied pairs
	}
	f := &Flow{Config: Config{Kernel: k, Bandwidth: bw}, euclidPairs: bw.euclidean() && k.Beta != 2}
	got, err := CallOnce(b, func(theta *Node) *Node {
		pairs := f.pairNodes(theta)
		return f.gammaNode(bw, theta, pairs[len(pairs)-1], ConstAs(theta, 0.0))
	}, x.Tensor())
	if err != nil {
		t.Fatal(err)
	}
	g, want := tensors.ToScalar[float64](got), bw.Of(x.Rows(), k)
	if !(math.Abs(g-want) <= 1e-14*want) {
		t.Fatalf("gamma %v on the device, %v on the host", g, want)
	}
}

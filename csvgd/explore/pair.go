package explore

import (
	"fmt"
	"math"

	"github.com/csvgd/csvgd-go/csvgd/weights"
)

// PairRelation says how two weights x and y of the ensemble e relate
// across its particles: the Pearson correlation of their values (NaN when
// one of them does not vary), and which node they share, in the paper's
// numbering (W_k(i, j) joins node j of layer k to node i of layer k+1,
// nodes numbered from 1): "both into node i of layer k+1", "both from node
// j of layer k", or "no node in common". It reports an error when x or y
// is not a weight of e's network.
func PairRelation(e weights.Networks, x, y weights.Entry) (corr float64, shared string, err error) {
	var vals [2][]float64
	for n, en := range []weights.Entry{x, y} {
		idx, err := en.Index(e.Arch)
		if err != nil {
			return 0, "", err
		}
		for _, th := range e.Particles {
			vals[n] = append(vals[n], th[idx])
		}
	}
	shared = "no node in common"
	switch {
	case x.K == y.K && x.I == y.I:
		shared = fmt.Sprintf("both into node %d of layer %d", x.I+1, x.K+1)
	case x.K == y.K && x.J == y.J:
		shared = fmt.Sprintf("both from node %d of layer %d", x.J+1, x.K)
	case x.K+1 == y.K && x.I == y.J:
		shared = fmt.Sprintf("one into and the other from node %d of layer %d", x.I+1, y.K)
	case y.K+1 == x.K && y.I == x.J:
		shared = fmt.Sprintf("one into and the other from node %d of layer %d", y.I+1, x.K)
	}
	return correlation(vals[0], vals[1]), shared, nil
}

// correlation is the Pearson correlation of a and b (NaN when either is
// constant).
func correlation(a, b []float64) float64 {
	n := float64(len(a))
	var ma, mb float64
	for i := range a {
		ma, mb = ma+a[i]/n, mb+b[i]/n
	}
	var sab, saa, sbb float64
	for i := range a {
		sab += (a[i] - ma) * (b[i] - mb)
		saa += (a[i] - ma) * (a[i] - ma)
		sbb += (b[i] - mb) * (b[i] - mb)
	}
	if saa == 0 || sbb == 0 {
		return math.NaN()
	}
	return sab / math.Sqrt(saa*sbb)
}

package explore

import (
	"math"
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/weights"
)

// TestPairRelation: two weights that rise together correlate at +1, one
// that falls as the other rises at -1; the node they share is named in the
// paper's numbering; an entry outside the network is an error.
func TestPairRelation(t *testing.T) {
	arch := icnn.Arch{Widths: []int{2, 2, 1}} // W_0 is 2 x 2 (offsets 0-3), W_1 is 1 x 2 (4-5)
	var ps [][]float64
	for a := range 5 {
		v := float64(a)
		ps = append(ps, []float64{v, 3 - 2*v, 2 * v, 1, v * v, v})
	}
	e := weights.Networks{Label: "test", Arch: arch, Particles: ps}
	for _, c := range []struct {
		x, y   weights.Entry
		corr   float64
		shared string
	}{
		{weights.Entry{K: 0, I: 0, J: 0}, weights.Entry{K: 0, I: 0, J: 1}, -1, "both into node 1 of layer 1"},
		{weights.Entry{K: 0, I: 0, J: 0}, weights.Entry{K: 0, I: 1, J: 0}, 1, "both from node 1 of layer 0"},
		{weights.Entry{K: 0, I: 1, J: 0}, weights.Entry{K: 1, I: 0, J: 1}, 1, "one into and the other from node 2 of layer 1"},
	} {
		corr, shared, err := PairRelation(e, c.x, c.y)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(corr-c.corr) > 1e-12 || shared != c.shared {
			t.Errorf("%v and %v: %v, %q; want %v, %q", c.x, c.y, corr, shared, c.corr, c.shared)
		}
	}
	if corr, _, _ := PairRelation(e, weights.Entry{K: 0, I: 1, J: 1}, weights.Entry{K: 0, I: 0, J: 0}); !math.IsNaN(corr) {
		t.Errorf("a constant weight correlates at %v, want NaN", corr)
	}
	if _, _, err := PairRelation(e, weights.Entry{K: 2, I: 0, J: 0}, weights.Entry{K: 0, I: 0, J: 0}); err == nil || !strings.Contains(err.Error(), "W") {
		t.Errorf("an entry outside the network: %v", err)
	}
}

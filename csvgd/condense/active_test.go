package condense

import (
	"math"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/icnn"
)

// TestLiveNodes: the live hidden nodes are those of the independent path
// rule (pathLive), with and without constant nodes kept; inputs and the
// output are always live; bad input is an error.
func TestLiveNodes(t *testing.T) {
	arch := icnn.Arch{Widths: []int{3, 12, 10, 8, 1}}
	for _, o := range []Options{{Threshold: PaperThreshold}, {Threshold: PaperThreshold, KeepConstantNodes: true}, {}} {
		for a, p := range sparsified(arch, 6, 0.85, o.Threshold, 11) {
			alive, err := LiveNodes(arch, p, o)
			if err != nil {
				t.Fatal(err)
			}
			want := pathLive(arch, p, o.Threshold, o.KeepConstantNodes)
			last := len(arch.Widths) - 1
			for k := range alive {
				for j, v := range alive[k] {
					if w := k == 0 || k == last || want[k][j]; v != w {
						t.Errorf("%+v, particle %d, layer %d node %d: live = %v, want %v", o, a, k, j, v, w)
					}
				}
			}
		}
	}
	p := make([]float64, arch.NumParams())
	if _, err := LiveNodes(arch, p[1:], Options{}); err == nil {
		t.Error("short particle: no error")
	}
	p[0] = math.NaN()
	if _, err := LiveNodes(arch, p, Options{}); err == nil {
		t.Error("NaN: no error")
	}
	if _, err := LiveNodes(arch, make([]float64, arch.NumParams()), Options{Threshold: -1}); err == nil {
		t.Error("negative threshold: no error")
	}
}

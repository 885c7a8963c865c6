package weights

import (
	"math"
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/icnn"
)

// TestNetworksCheck: a valid ensemble passes; a bad one is refused with
// the reason, after its label when it has one.
func TestNetworksCheck(t *testing.T) {
	arch := icnn.Arch{Widths: []int{3, 2, 1}} // 3x2 + 2x1 = 8 parameters
	good := [][]float64{{1, 2, 3, 4, 5, 6, 7, 8}, {8, 7, 6, 5, 4, 3, 2, 1}}
	nan := [][]float64{good[0], {8, 7, 6, math.NaN(), 4, 3, 2, 1}}
	for _, c := range []struct {
		name string
		n    Networks
		want string // the error's start, "" for none
	}{
		{"valid", Networks{Label: "run", Arch: arch, Particles: good}, ""},
		{"one particle", Networks{Label: "run", Arch: arch, Particles: good[:1]}, "run: 1 particles"},
		{"not finite", Networks{Label: "run", Arch: arch, Particles: nan}, "run: "},
		{"short particle", Networks{Label: "run", Arch: arch, Particles: [][]float64{good[0], good[1][:7]}}, "run: "},
		{"no label", Networks{Arch: arch, Particles: good[:1]}, "1 particles"},
		{"no layers", Networks{Label: "run", Arch: icnn.Arch{Widths: []int{3}}, Particles: good}, "run: "},
	} {
		err := c.n.Check()
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: %v", c.name, err)
		case c.want != "" && (err == nil || !strings.HasPrefix(err.Error(), c.want)):
			t.Errorf("%s: error %v, want one starting %q", c.name, err, c.want)
		}
	}
}

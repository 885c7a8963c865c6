package explore

import (
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/weights"
)

// TestCompareMatrix: each measure of "fewer and larger" is answered from
// the runs' own values, and the closing words say whether they agree: one
// run fewer and larger by all three, one by none, and one larger but not
// fewer (the case of notebook 07's two priors).
func TestCompareMatrix(t *testing.T) {
	// ens is an ensemble of three equal particles on widths, whose W_0 is
	// w0 (row-major) and the rest 1.
	ens := func(label string, widths []int, w0 ...float64) weights.Networks {
		arch := icnn.Arch{Widths: widths}
		var ps [][]float64
		for range 3 {
			p := make([]float64, arch.NumParams())
			for i := range p {
				p[i] = 1
			}
			copy(p, w0)
			ps = append(ps, p)
		}
		return weights.Networks{Label: label, Arch: arch, Particles: ps}
	}
	spare := ens("spare", []int{2, 2, 1}, 5, 0, 0, 0)
	dense := ens("dense", []int{2, 3, 1}, 1, 1, 1, 1, 1, 1)
	mixed := ens("mixed", []int{2, 2, 1}, 1.5, 0.06, 0.06, 0)
	pair := ens("pair", []int{2, 2, 1}, 1, 1, 0, 0)
	for _, c := range []struct {
		a, b weights.Networks
		want []string
	}{
		{spare, dense, []string{"spare against dense", "the smaller template: yes (6 against 9 parameters)", "fewer active weights of W_0 per particle: yes (1.0 against 6.0)", "a larger largest mean |w|: yes (5 against 1)", "fewer entries with mean |w| ≥ 0.05: yes (1 against 6)", "fewer and larger by every measure"}},
		{dense, spare, []string{"the smaller template: no (9 against 6 parameters)", "fewer active weights of W_0 per particle: no", "a larger largest mean |w|: no", "not fewer and larger by any measure"}},
		{mixed, pair, []string{"the smaller template: no (6 against 6 parameters)", "fewer active weights of W_0 per particle: no (3.0 against 2.0)", "a larger largest mean |w|: yes (1.5 against 1)", "fewer entries with mean |w| ≥ 0.05: no (3 against 2)", "the measures of \"fewer and larger\" disagree"}},
	} {
		got, err := CompareMatrix(c.a, c.b, 0, 0.05)
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range c.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s against %s: %q lacks %q", c.a.Label, c.b.Label, got, w)
			}
		}
	}
	if _, err := CompareMatrix(spare, dense, 2, 0.05); err == nil {
		t.Error("W_2 of a network with two weight matrices: no error")
	}
}

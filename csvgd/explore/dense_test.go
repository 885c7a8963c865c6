package explore

import (
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/dense"
	"github.com/csvgd/csvgd-go/csvgd/ensemble"
	"github.com/csvgd/csvgd-go/csvgd/weights"
)

// TestDenseFile: a saved ensemble of dense networks (one and two
// targets, with a constant hidden node and a weak weight) opens as its
// condensed, signed weight matrices, and the explorer draws every view
// of it.
func TestDenseFile(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 5))
	for _, outs := range []int{1, 2} {
		a := dense.Arch{Widths: []int{3, 6, outs}, Activation: dense.ReLU}
		extra := outs + 1
		var ps [][]float64
		for range 5 {
			theta := make([]float64, a.NumParams()+extra)
			a.Init(theta, rng)
			l := a.Layers()[0]
			for c := range l.Cols { // hidden node 0 is a constant
				theta[l.Offset+c] = 0
			}
			theta[l.Bias] = 0.7
			theta[l.Offset+l.Cols+1] = 1e-4 // pruned
			ps = append(ps, theta)
		}
		cols := func(n int, p string) []ensemble.Column {
			var out []ensemble.Column
			for i := range n {
				out = append(out, ensemble.Column{Name: p + string(rune('a'+i)), Mean: 0, SD: 1})
			}
			return out
		}
		f := ensemble.NewDense(a.Widths, ps, ensemble.Dense{Activation: "relu", Inputs: cols(3, "x"), Targets: cols(outs, "y")}, nil)
		path := filepath.Join(t.TempDir(), "fit.json")
		if err := ensemble.Save(path, f, ensemble.KeepExisting); err != nil {
			t.Fatal(err)
		}
		e, err := LoadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !e.Signed || e.Arch.Widths[1] != 5 || len(e.Particles[0]) != 3*5+5*outs {
			t.Fatalf("%d targets: opened as widths %v, %d values per particle, signed %v", outs, e.Arch.Widths, len(e.Particles[0]), e.Signed)
		}
		figs, err := Views(e, []weights.Networks{e}, DefaultOptions())
		if err != nil {
			t.Fatalf("%d targets: views: %v", outs, err)
		}
		if len(figs) != 4 {
			t.Errorf("%d targets: %d views, want 4", outs, len(figs))
		}
	}
}

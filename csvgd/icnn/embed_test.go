package icnn

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/internal/numtest"
	"github.com/csvgd/csvgd-go/csvgd/stein"
	. "github.com/gomlx/gomlx/core/graph" //nolint:revive // GoMLX graph DSL.
	"github.com/gomlx/gomlx/core/tensors"
)

// TestEmbeddedTemplateComputesTheTemplate: a condensed template embedded in
// the paper's network gives the template's stresses and, on the template's
// weights, its score (to 1e-12 relative: only the order of the sums
// differs); lowering undoes embedding bit for bit, the mask marks exactly
// the template's weights, and embedding the network in itself is the
// identity.
func TestEmbeddedTemplateComputesTheTemplate(t *testing.T) {
	b := testBackend(t)
	batch := NewBatch(testSamples(t, 9, 4))
	wide := Paper()
	for _, widths := range [][]int{{3, 8, 10, 1}, {3, 1, 1, 1}, {3, 30, 30, 1}} {
		t.Run(fmt.Sprint(widths), func(t *testing.T) {
			a := wide.WithWidths(widths)
			e, err := a.EmbedIn(wide)
			if err != nil {
				t.Fatal(err)
			}
			x := particles(a, 4, 3)
			w := e.Embed(x)
			if !slices.Equal(e.Lower(w).Data, x.Data) {
				t.Fatal("Lower(Embed(x)) != x")
			}
			if ones := sum(e.Mask(2).Data); ones != float64(2*a.NumParams()) || e.Identity() != slices.Equal(widths, wide.Widths) {
				t.Fatalf("the mask has %v ones, want %d; identity %v", ones, 2*a.NumParams(), e.Identity())
			}
			stress := func(arch Arch, p *stein.Ensemble) []float64 {
				out := MustExecOnce(b, func(theta *Node) *Node { return arch.Stress(theta, batch) }, p.Tensor())
				v, _ := tensors.CopyFlatData[float64](out)
				return v
			}
			if d := numtest.RelDiff(stress(wide, w), stress(a, x)); !(d <= 1e-12) {
				t.Errorf("stresses differ by %.3g relative", d)
			}
			score := func(arch Arch, p *stein.Ensemble) *stein.Ensemble {
				out := MustExecOnce(b, func(theta *Node) *Node { return arch.MeanScore(batch, 0.3)(theta) }, p.Tensor())
				v, _ := tensors.CopyFlatData[float64](out)
				return &stein.Ensemble{N: p.N, D: p.D, Data: v}
			}
			if d := numtest.RelDiff(e.Lower(score(wide, w)).Data, score(a, x).Data); !(d <= 1e-12) {
				t.Errorf("scores on the template's weights differ by %.3g relative", d)
			}
		})
	}
}

// TestEmbedInRefusesWhatDoesNotFit: a wider layer, another depth or other
// inputs cannot be embedded, and the error names both networks.
func TestEmbedInRefusesWhatDoesNotFit(t *testing.T) {
	wide := Arch{Widths: []int{3, 8, 8, 1}}
	for _, a := range []Arch{{Widths: []int{3, 9, 8, 1}}, {Widths: []int{3, 8, 1}}, {Widths: []int{3, 4, 4, 1}, Inputs: Shifted}} {
		if _, err := a.EmbedIn(wide); err == nil {
			t.Errorf("%v (inputs %v) embedded in %v", a.Widths, a.Inputs, wide.Widths)
		} else if !strings.Contains(err.Error(), fmt.Sprint(a.Widths)) || !strings.Contains(err.Error(), fmt.Sprint(wide.Widths)) {
			t.Errorf("error %q does not name both networks", err)
		}
	}
}

func sum(v []float64) float64 {
	var s float64
	for _, x := range v {
		s += x
	}
	return s
}

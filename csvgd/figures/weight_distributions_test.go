package figures

import (
	"fmt"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/figures/plotkit"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/metrics"
	"github.com/csvgd/csvgd-go/csvgd/weights"
)

// TestWeightDistributionsOmits: narrow zero-centred entries are left out
// and counted in the panel titles; a layer that is all zero draws nothing
// but still renders.
func TestWeightDistributionsOmits(t *testing.T) {
	arch := icnn.Arch{Widths: []int{3, 2, 1}}
	rng := rand.New(rand.NewPCG(1, 2))
	var ps [][]float64
	for range 8 {
		p := make([]float64, arch.NumParams())
		p[0] = 1 + 0.1*rng.NormFloat64() // W_0 (1, 1): kept
		p[1] = 0.5 * rng.NormFloat64()   // W_0 (1, 2): wide, zero-centred: kept
		p[2] = 1e-3 * rng.NormFloat64()  // W_0 (1, 3): narrow at zero: omitted
		// the rest of W_0, and W_1, are 0
		ps = append(ps, p)
	}
	f := WeightDistributions(arch, ps)
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	if got := f.Panels[0][0].Title.Text; !strings.Contains(got, "2 of 6 entries") {
		t.Errorf("W0 titled %q", got)
	}
	if got := f.Panels[0][1].Title.Text; !strings.Contains(got, "0 of 2 entries") {
		t.Errorf("W1 titled %q", got)
	}
	for _, th := range ps {
		if p := f.Panels[0][0]; th[0] < p.X.Min || th[0] > p.X.Max || th[1] < p.X.Min || th[1] > p.X.Max {
			t.Errorf("W0 axis %v..%v does not hold the kept values %v, %v", p.X.Min, p.X.Max, th[0], th[1])
		}
	}
	if _, err := f.Render("svg"); err != nil {
		t.Fatal(err)
	}
	// the legend names at most kdeLegendCap entries per panel
	wide := icnn.Arch{Widths: []int{3, 10, 1}}
	var many [][]float64
	for range 5 {
		p := make([]float64, wide.NumParams())
		for i := range p {
			p[i] = 1 + rng.Float64()
		}
		many = append(many, p)
	}
	f = WeightDistributions(wide, many)
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	svg, err := f.Render("svg")
	if err != nil {
		t.Fatal(err)
	}
	if named := strings.Count(string(svg), ", mean "); named != 2*kdeLegendCap {
		t.Errorf("%d entries named in the legend, want %d", named, 2*kdeLegendCap)
	}
}

// TestLayerWeights: each layer of a real (tiny) run renders alone, as the
// panel of WeightDistributions with the same title and the same entries
// named in the legend; a layer out of range is an error naming it and the
// number of layers.
func TestLayerWeights(t *testing.T) {
	res := tinyResult(t)
	ps := res.Particles.Rows()
	whole := WeightDistributions(res.Arch, ps)
	if err := whole.Err(); err != nil {
		t.Fatal(err)
	}
	wholeSVG, err := whole.Render("svg")
	if err != nil {
		t.Fatal(err)
	}
	layers := len(res.Arch.Layers())
	named := 0
	for k := range layers {
		t.Run("W"+strconv.Itoa(k), func(t *testing.T) {
			f := LayerWeights(res.Arch, ps, k)
			svg := checkFigure(t, "", figureCase{f, "layer_weights", 1, 1})
			if got, want := f.Panels[0][0].Title.Text, whole.Panels[0][k].Title.Text; got != want {
				t.Errorf("titled %q, want %q as in WeightDistributions", got, want)
			}
			named += strings.Count(string(svg), ", mean ")
		})
	}
	if want := strings.Count(string(wholeSVG), ", mean "); named != want {
		t.Errorf("the layers name %d entries in their legends, WeightDistributions %d", named, want)
	}
	for _, k := range []int{-1, layers} {
		f := LayerWeights(res.Arch, ps, k)
		err := f.Err()
		if err == nil {
			t.Errorf("k = %d: no error", k)
			continue
		}
		if msg := err.Error(); !strings.Contains(msg, "k = "+strconv.Itoa(k)) || !strings.Contains(msg, strconv.Itoa(layers)+" layers") {
			t.Errorf("k = %d: error %q does not name k and the %d layers", k, msg, layers)
		}
		if _, err := f.Render("png"); err == nil {
			t.Errorf("k = %d: Render succeeded", k)
		}
	}
	if err := LayerWeights(res.Arch, ps[:1], 0).Err(); err == nil {
		t.Error("one particle: no error")
	}
}

// TestConstrainedDensitiesRespectTheBound: the densities of the
// non-negative W_1 start at 0, where the reflected estimate of values
// near 0 is highest, and hold no point below it; those of the
// unconstrained W_0 reach below the smallest value.
func TestConstrainedDensitiesRespectTheBound(t *testing.T) {
	arch := icnn.Arch{Widths: []int{1, 2, 1}}
	rng := rand.New(rand.NewPCG(3, 4))
	var ps [][]float64
	for range 12 {
		p := make([]float64, arch.NumParams())
		p[0], p[1] = 1+0.3*rng.NormFloat64(), -1+0.3*rng.NormFloat64() // W_0
		p[2], p[3] = 0.05*rng.Float64(), 1+0.2*rng.Float64()           // W_1 >= 0: one entry near 0
		ps = append(ps, p)
	}
	f := WeightDistributions(arch, ps)
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	if w0 := f.Panels[0][0]; !(w0.X.Min < -1.3) {
		t.Errorf("W0 axis starts at %v: the unconstrained densities should reach below their values", w0.X.Min)
	}
	w1 := f.Panels[0][1]
	if w1.X.Min != 0 {
		t.Errorf("W1 axis starts at %v, want 0", w1.X.Min)
	}
	// the reflected density: at 0 not below its value just above (the
	// plain estimate of values in [0, 0.05] would fall off towards 0)
	d := entryKDE([]float64{0.01, 0.03, 0.04}, 0.02, true, []float64{0, 0.01})
	if !(d[0] > 0 && d[0] >= 0.9*d[1]) {
		t.Errorf("reflected density %v at 0 and 0.01", d)
	}
}

// TestWeightPanelHoldsEveryNamedPeak: the y axis of a density panel holds
// the peak of every named curve; the narrow spike at zero of an unnamed
// entry that most particles have pruned rises above it, is cut at the top,
// and the legend counts it among the others: "N others (1 cut at the
// top)", not all N. Without such a spike nothing is cut and the legend
// says nothing of it.
func TestWeightPanelHoldsEveryNamedPeak(t *testing.T) {
	arch := icnn.Arch{Widths: []int{3, 9, 1}}
	for _, spike := range []bool{true, false} {
		rng := rand.New(rand.NewPCG(3, 4))
		var ps [][]float64
		for a := range 20 {
			// Every entry the same broad density, shifted: peaks of one height.
			z := rng.NormFloat64()
			p := make([]float64, arch.NumParams())
			for i := range p {
				p[i] = 3 + 0.1*float64(i) + z
			}
			if spike { // W_0 (1, 1): zero in 18 particles, 2 in two: a narrow spike at 0
				p[0] = 0
				if a < 2 {
					p[0] = 2
				}
			}
			ps = append(ps, p)
		}
		kept, _, _ := layerEntries(arch, ps, 0)
		if len(kept) < kdeLegendCap+1 {
			t.Fatalf("%d entries drawn: the test wants unnamed ones too", len(kept))
		}
		leg := plotkit.NewLegend()
		p, _ := weightPanel(weights.Networks{Label: "spikes", Arch: arch, Particles: ps}, 0, "(a)", leg, nil)
		xs := metrics.Linspace(p.X.Min, p.X.Max, metrics.DensityPoints)
		cuts := 0
		for r, e := range kept {
			peak := slices.Max(entryKDE(e.Values, e.Bandwidth, false, xs))
			if r < kdeLegendCap && peak > p.Y.Max {
				t.Errorf("spike %v: named entry (%d, %d): peak %.3g above the axis' top %.3g", spike, e.I+1, e.J+1, peak, p.Y.Max)
			}
			if peak > p.Y.Max {
				cuts++
			}
		}
		cut := cuts > 0
		if cut != spike || (spike && (cuts != 1 || len(kept)-kdeLegendCap < 2)) {
			t.Errorf("spike %v: %d peaks cut at the top of %d unnamed: want one, among several, with the spike", spike, cuts, len(kept)-kdeLegendCap)
		}
		svg, err := (&Figure{Name: "spikes", Panels: [][]*plot.Plot{{p}}, Legend: leg, Width: 20 * vg.Centimeter, Height: 10 * vg.Centimeter}).Render("svg")
		if err != nil {
			t.Fatal(err)
		}
		said := strings.Contains(string(svg), "cut at the top")
		if said != cut {
			t.Errorf("spike %v: the legend says a peak is cut: %v, and one is: %v", spike, said, cut)
		}
		if want := fmt.Sprintf("%d others (1 cut at the top)", len(kept)-kdeLegendCap); spike && !strings.Contains(string(svg), want) {
			t.Errorf("spike: the legend does not say %q", want)
		}
	}
}

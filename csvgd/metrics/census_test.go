package metrics

import (
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/icnn"
)

// TestCensusOf: on a hand-made W_0 of four particles, an entry live in
// three particles with values small against the matrix's largest is
// omitted from the display yet counted as live in most particles; one
// live in a single particle is not; the drawn count agrees with
// [WeightDensities]; the absolute cutoff counts by mean |w|.
func TestCensusOf(t *testing.T) {
	arch := icnn.Arch{Widths: []int{3, 2, 1}} // W0 2x3 at offset 0, W1 1x2 at offset 6
	particles := make([][]float64, 4)
	for a := range particles {
		particles[a] = make([]float64, arch.NumParams())
		particles[a][0] = 10 // live everywhere, the largest
		if a < 3 {
			particles[a][1] = 0.2 // live in 3 of 4, omitted (mean 0.15 < 0.5)
		}
		if a == 0 {
			particles[a][2] = 0.2 // live in 1 of 4, omitted
		}
		if a < 2 {
			particles[a][3] = 5 // live in 2 of 4, drawn
		}
		particles[a][6], particles[a][7] = 1, 1
	}
	c := CensusOf(arch, particles, 0, 1e-3, 0.1)
	want := MatrixCensus{Size: 6, Drawn: 2, OmittedLive: 1, AtCutoff: 3, Active: 2.5}
	if c != want {
		t.Errorf("census %+v, want %+v", c, want)
	}
	if drawn, _, _ := WeightDensities(arch, particles, 0); len(drawn) != c.Drawn {
		t.Errorf("drawn %d, WeightDensities draws %d", c.Drawn, len(drawn))
	}
	if c := CensusOf(arch, particles, 0, 1e-3, 0.01); c.AtCutoff != 4 {
		t.Errorf("cutoff 0.01: %d entries, want 4 (the one-particle entry's mean 0.05 too)", c.AtCutoff)
	}
}

package figures

import (
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/metrics"
	"github.com/csvgd/csvgd-go/csvgd/weights"
)

// TopEntries are the (at most) n entries of W_k with the largest mean |w|
// across the particles, among those [WeightDistributions] draws (it omits
// narrow zero-centred ones), largest first: the entries its legend names.
// It reports the errors of WeightDistributions, and one when k is out of
// range.
func TopEntries(arch icnn.Arch, particles [][]float64, k, n int) ([]weights.Entry, error) {
	if err := metrics.CheckParticles(arch, particles); err != nil {
		return nil, err
	}
	if err := CheckLayer(arch, k); err != nil {
		return nil, err
	}
	kept, _, _ := layerEntries(arch, particles, k)
	var out []weights.Entry
	for _, e := range kept[:min(n, len(kept))] {
		out = append(out, e.Entry)
	}
	return out, nil
}

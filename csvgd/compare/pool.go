package compare

import (
	"fmt"

	"github.com/csvgd/csvgd-go/csvgd/ensemble"
)

// Pool is the draws of several runs on one posterior pooled with an
// equal number from each: every run thinned evenly to the smallest run's
// number of draws n (its draws j·len/n for j = 0 .. n−1), the runs one
// after the other. So no run weighs more for having kept more draws.
func Pool(runs ...[][]float64) [][]float64 {
	if len(runs) == 0 {
		return nil
	}
	n := len(runs[0])
	for _, r := range runs {
		n = min(n, len(r))
	}
	out := make([][]float64, 0, n*len(runs))
	for _, r := range runs {
		for j := range n {
			out = append(out, r[j*len(r)/n])
		}
	}
	return out
}

// PoolFiles is the reference draws of the files pooled by [Pool]: a copy
// of the first file (its template, settings and meta) holding the pooled
// draws. Files of different templates or recorded posteriors are refused
// with an error wrapping [ErrMismatch].
func PoolFiles(files ...*ensemble.File) (*ensemble.File, error) {
	if len(files) == 0 {
		return nil, fmt.Errorf("compare: no reference draws to pool")
	}
	runs := [][][]float64{files[0].Particles}
	for i, f := range files[1:] {
		if _, err := sameTemplateOf(files[0], f, "the first reference", fmt.Sprintf("reference %d", i+2), "pool draws of one posterior only"); err != nil {
			return nil, fmt.Errorf("compare: %w", err)
		}
		runs = append(runs, f.Particles)
	}
	out := *files[0]
	out.Particles = Pool(runs...)
	return &out, nil
}

package compare

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
)

// Agreement is how two sets of draws of one posterior (two NUTS runs of
// other seeds or settings) agree on its push-forward: the ratios of their
// central 90% and 50% band widths, summed over the entries, with their
// 90% intervals. An interval that holds 1 says that the runs agree
// within their Monte Carlo error.
type Agreement struct {
	DrawsA, DrawsB int
	Band90Ratio    Estimate `json:"band90_ratio"` // A's over B's
	Band50Ratio    Estimate `json:"band50_ratio"`
}

// Agree compares the predictions a and b ([draw][test point]) of two
// sets of draws at the test points test. The intervals are bias-corrected
// percentile intervals of o.Bootstrap replicates, each resampling both
// sets of draws with replacement (thinned draws, nearly independent).
func Agree(a, b hyperelastic.Predictions, test []hyperelastic.Sample, o Options) (*Agreement, error) {
	if err := o.Validate(); err != nil {
		return nil, fmt.Errorf("compare: %w", err)
	}
	if min(len(a), len(b)) < 20 {
		return nil, fmt.Errorf("compare: %d and %d draws: need at least 20 of each", len(a), len(b))
	}
	p, err := newProblem(a, b, test)
	if err != nil {
		return nil, fmt.Errorf("compare: %w", err)
	}
	ratios := func(ca, cb []int32) [2]float64 {
		var wa, wb [2]float64
		for _, e := range p.entries {
			a90, a50 := e[0].bandWidths(ca, p.n)
			b90, b50 := e[1].bandWidths(cb, p.r)
			wa[0], wa[1], wb[0], wb[1] = wa[0]+a90, wa[1]+a50, wb[0]+b90, wb[1]+b50
		}
		return [2]float64{wa[0] / wb[0], wa[1] / wb[1]}
	}
	est := ratios(nil, nil)
	reps := parallel(o, func(rng *rand.Rand, s *scratch) [2]float64 {
		resample(rng, s.cs)
		resample(rng, s.cr)
		return ratios(s.cs, s.cr)
	}, p)
	out := &Agreement{DrawsA: p.n, DrawsB: p.r}
	for i, dst := range []*Estimate{&out.Band90Ratio, &out.Band50Ratio} {
		col := make([]float64, len(reps))
		for b, r := range reps {
			col[b] = r[i]
		}
		*dst = biasCorrected(est[i], slices.Clip(col))
		if !finite(dst.Estimate, dst.Lo, dst.Hi) {
			return nil, fmt.Errorf("compare: band ratio %v is not finite: a band has width 0", *dst)
		}
	}
	return out, nil
}

package compare

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"

	"github.com/csvgd/csvgd-go/csvgd/calibration"
	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"github.com/csvgd/csvgd-go/csvgd/nuts"
	"gonum.org/v1/gonum/stat/distuv"
)

// Options are the bootstrap's settings.
type Options struct {
	Bootstrap int    // replicates of the 90% intervals (>= 100)
	Seed      uint64 // every resample derives from it
	Workers   int    // replicates computed at once (0: one per CPU); the result does not depend on it
}

// DefaultOptions are 1000 replicates with seed 1.
func DefaultOptions() Options { return Options{Bootstrap: 1000, Seed: 1} }

// Validate refuses too few replicates or a negative worker count.
func (o Options) Validate() error {
	switch {
	case o.Bootstrap < 100:
		return fmt.Errorf("bootstrap replicates = %d: need at least 100 for a 90%% interval", o.Bootstrap)
	case o.Workers < 0:
		return fmt.Errorf("workers = %d must be >= 0", o.Workers)
	}
	return nil
}

// Estimate is a number with its bootstrap 90% interval [Lo, Hi].
type Estimate struct {
	Estimate float64 `json:"estimate"`
	Lo       float64 `json:"lo"`
	Hi       float64 `json:"hi"`
}

// String writes 0.52 [0.41, 0.63].
func (e Estimate) String() string { return fmt.Sprintf("%.3g [%.3g, %.3g]", e.Estimate, e.Lo, e.Hi) }

// Result is the comparison of a Stein ensemble with reference draws. Its
// JSON is what csvgd compare -json prints.
type Result struct {
	Members        int `json:"members"`         // N, the Stein ensemble's size
	ReferenceDraws int `json:"reference_draws"` // R
	Entries        int `json:"entries"`         // non-zero stress components at the test points inside the training range
	InRangePoints  int `json:"in_range_points"` // test points inside the training range
	// Band90Ratio and Band50Ratio are the Stein ensemble's mean central
	// band widths over those of N reference draws (the mean over every
	// subsample of N of the R draws).
	Band90Ratio Estimate `json:"band90_ratio"`
	Band50Ratio Estimate `json:"band50_ratio"`
	// Band90RatioAll and Band50RatioAll are over the band widths of all R
	// draws.
	Band90RatioAll Estimate `json:"band90_ratio_all"`
	Band50RatioAll Estimate `json:"band50_ratio_all"`
	// Band90Stein and Band90Reference are the mean widths behind
	// Band90Ratio (the reference's over subsamples of N); likewise at 50%.
	Band90Stein     float64 `json:"band90_stein"`
	Band90Reference float64 `json:"band90_reference"`
	Band50Stein     float64 `json:"band50_stein"`
	Band50Reference float64 `json:"band50_reference"`
	// W1InRange is the Wasserstein-1 distance between the two
	// push-forwards summed over the components and the test points inside
	// the training range; W1Central90InRange between their central 90%.
	W1InRange          Estimate `json:"w1_in_range"`
	W1Central90InRange Estimate `json:"w1_central90_in_range"`
	Bootstrap          int      `json:"bootstrap"`
	Seed               uint64   `json:"seed"`
	// Weights is the count of constrained weights at or near 0, filled by
	// [Ensembles] (nil from [Predictions]).
	Weights *ZeroWeights `json:"constrained_weights,omitempty"`
}

// The numbers of a comparison, in the order of their replicates.
const (
	band90, band50, band90All, band50All, w1, w1Central90, numStats = 0, 1, 2, 3, 4, 5, 6
)

var statNames = [numStats]string{"band90_ratio", "band50_ratio", "band90_ratio_all", "band50_ratio_all", "w1_in_range", "w1_central90_in_range"}

// Predictions compares the Stein ensemble's predictions stein with the
// reference draws' ref, both [member][test point][6] at the test points
// test: the band ratios and distances of [Result] with their bootstrap
// intervals. It needs at least 2 Stein members and at least as many
// draws as members, and refuses values that are not finite.
func Predictions(stein, ref [][][6]float64, test []hyperelastic.Sample, o Options) (*Result, error) {
	if err := o.Validate(); err != nil {
		return nil, fmt.Errorf("compare: %w", err)
	}
	p, err := newProblem(stein, ref, test)
	if err != nil {
		return nil, fmt.Errorf("compare: %w", err)
	}
	est := p.estimate()
	reps := p.replicates(o)
	r := &Result{
		Members: p.n, ReferenceDraws: p.r, Entries: len(p.bands), InRangePoints: len(p.dists) / 6,
		Band90Stein: p.widths.stein90, Band90Reference: p.widths.ref90, Band50Stein: p.widths.stein50, Band50Reference: p.widths.ref50,
		Bootstrap: o.Bootstrap, Seed: o.Seed,
	}
	for i, dst := range []*Estimate{&r.Band90Ratio, &r.Band50Ratio, &r.Band90RatioAll, &r.Band50RatioAll, &r.W1InRange, &r.W1Central90InRange} {
		col := make([]float64, len(reps))
		for b, s := range reps {
			col[b] = s[i]
		}
		if i < w1 {
			*dst = pivotInterval(est[i], col)
		} else {
			*dst = biasCorrected(est[i], col)
		}
		if !finite(dst.Estimate, dst.Lo, dst.Hi) {
			return nil, fmt.Errorf("compare: %s is not finite (%v): a band of the reference has width 0", statNames[i], *dst)
		}
	}
	return r, nil
}

// finite reports whether every value is finite.
func finite(vs ...float64) bool {
	for _, v := range vs {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return false
		}
	}
	return true
}

// problem is a comparison laid out for the bootstrap: one column per
// band entry and per distance entry, for each ensemble.
type problem struct {
	n, r         int
	bands, dists [][2]column // [entry]{stein, reference}
	w90, w50     []float64   // subsample band weights over the R draws
	widths       struct{ stein90, ref90, stein50, ref50 float64 }
}

func newProblem(stein, ref [][][6]float64, test []hyperelastic.Sample) (*problem, error) {
	if err := checkPredictions("Stein ensemble", stein, len(test)); err != nil {
		return nil, err
	}
	if err := checkPredictions("reference", ref, len(test)); err != nil {
		return nil, err
	}
	n, r := len(stein), len(ref)
	switch {
	case n < 2:
		return nil, fmt.Errorf("%d Stein members: need at least 2 for a band", n)
	case r < n:
		return nil, fmt.Errorf("%d reference draws for %d Stein members: need at least as many draws as members", r, n)
	}
	entries := calibration.Entries(test)
	in := hyperelastic.WithinRange(test, hyperelastic.TrainingDelta)
	if len(entries) == 0 {
		return nil, errors.New("no non-zero stress component at a test point inside the training range")
	}
	p := &problem{n: n, r: r, w90: bandWeights(r, n, 0.9), w50: bandWeights(r, n, 0.5)}
	pair := func(m, k int) [2]column {
		return [2]column{newColumn(values(stein, m, k)), newColumn(values(ref, m, k))}
	}
	for _, e := range entries {
		p.bands = append(p.bands, pair(e.Point, e.Component))
	}
	for _, m := range in {
		for k := range 6 {
			p.dists = append(p.dists, pair(m, k))
		}
	}
	return p, nil
}

// checkPredictions refuses an ensemble of the wrong shape or with a
// value that is not finite, naming the member, point and component.
func checkPredictions(name string, pred [][][6]float64, points int) error {
	for j, p := range pred {
		if len(p) != points {
			return fmt.Errorf("%s: member %d predicts %d points, the test path has %d", name, j, len(p), points)
		}
		for m, s := range p {
			for k, v := range s {
				if math.IsNaN(v) || math.IsInf(v, 0) {
					return fmt.Errorf("%s: member %d, point %d, component %d is %v", name, j, m, k, v)
				}
			}
		}
	}
	return nil
}

// values is component k at point m of every member.
func values(pred [][][6]float64, m, k int) []float64 {
	out := make([]float64, len(pred))
	for j, p := range pred {
		out[j] = p[m][k]
	}
	return out
}

// estimate computes the numbers of the ensembles themselves and keeps
// the mean widths.
func (p *problem) estimate() [numStats]float64 {
	var s90, s50, r90, r50, a90, a50 float64
	for _, b := range p.bands {
		w90, w50 := b[0].bandWidths(nil, p.n)
		s90, s50 = s90+w90, s50+w50
		w90, w50 = b[1].weighted(nil, p.w90, p.w50)
		r90, r50 = r90+w90, r50+w50
		w90, w50 = b[1].bandWidths(nil, p.r)
		a90, a50 = a90+w90, a50+w50
	}
	e := float64(len(p.bands))
	p.widths.stein90, p.widths.ref90, p.widths.stein50, p.widths.ref50 = s90/e, r90/e, s50/e, r50/e
	d, dc := p.distances(nil, nil)
	return [numStats]float64{s90 / r90, s50 / r50, s90 / a90, s50 / a50, d, dc}
}

// replicate computes replicate b of the numbers from its own PCG stream
// ([nuts.ChainSeed] of seed and b): the band ratios of a stand-in ensemble of N draws picked
// from the reference (without replacement) against the reference
// resampled with replacement, and the distances between both ensembles
// resampled with replacement. The scratch slices are the caller's.
func (p *problem) replicate(seed uint64, b int, cs, cr []int32, in []bool) [numStats]float64 {
	rng := rand.New(rand.NewPCG(nuts.ChainSeed(seed, b)))
	resample(rng, cs)
	resample(rng, cr)
	clear(in)
	for _, m := range rng.Perm(p.r)[:p.n] {
		in[m] = true
	}
	var s90, s50, r90, r50, a90, a50 float64
	for _, b := range p.bands {
		w90, w50 := b[1].subsetWidths(in, p.n)
		s90, s50 = s90+w90, s50+w50
		w90, w50 = b[1].weighted(cr, p.w90, p.w50)
		r90, r50 = r90+w90, r50+w50
		w90, w50 = b[1].bandWidths(cr, p.r)
		a90, a50 = a90+w90, a50+w50
	}
	d, dc := p.distances(cs, cr)
	return [numStats]float64{s90 / r90, s50 / r50, s90 / a90, s50 / a50, d, dc}
}

// distances are the W1 and central-90% W1 between the members drawn cs
// and cr times (nil: once each), summed over the distance entries.
func (p *problem) distances(cs, cr []int32) (d, dc float64) {
	var va, ca, vb, cb []float64
	for _, e := range p.dists {
		va, ca = e[0].steps(cs, p.n, va, ca)
		vb, cb = e[1].steps(cr, p.r, vb, cb)
		d += quantileDistance(va, ca, vb, cb, 0)
		dc += quantileDistance(va, ca, vb, cb, 0.05)
	}
	return d, dc
}

// replicates computes o.Bootstrap replicates on o.Workers goroutines;
// each depends on its index only.
func (p *problem) replicates(o Options) [][numStats]float64 {
	out := make([][numStats]float64, o.Bootstrap)
	workers := o.Workers
	if workers == 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	jobs := make(chan int)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			cs, cr, in := make([]int32, p.n), make([]int32, p.r), make([]bool, p.r)
			for b := range jobs {
				out[b] = p.replicate(o.Seed, b, cs, cr, in)
			}
		})
	}
	for b := range o.Bootstrap {
		jobs <- b
	}
	close(jobs)
	wg.Wait()
	return out
}

// resample sets count to the multiplicities of len(count) draws with
// replacement from len(count) members.
func resample(rng *rand.Rand, count []int32) {
	clear(count)
	for range count {
		count[rng.IntN(len(count))]++
	}
}

// pivotInterval is the 90% interval of a ratio est whose replicates reps
// are those of ensembles that are N posterior draws: if the Stein
// ensemble's band is rho times theirs, est/rho is distributed like
// reps/mean(reps), so rho lies in [est m/q95, est m/q05] with m the
// replicates' mean and q their type-7 quantiles.
func pivotInterval(est float64, reps []float64) Estimate {
	var m float64
	for _, v := range reps {
		m += v / float64(len(reps))
	}
	s := slices.Sorted(slices.Values(reps))
	return Estimate{Estimate: est, Lo: est * m / quantileSorted(s, 0.95), Hi: est * m / quantileSorted(s, 0.05)}
}

// biasCorrected is the bias-corrected percentile interval at 90% of the
// replicates around est (Efron 1982): z0 = Phi^-1(share of replicates
// below est, ties counted half), and the replicates' type-7 quantiles at
// Phi(2 z0 - 1.645) and Phi(2 z0 + 1.645).
func biasCorrected(est float64, reps []float64) Estimate {
	below := 0.0
	for _, v := range reps {
		switch {
		case v < est:
			below++
		case v == est:
			below += 0.5
		}
	}
	n := float64(len(reps))
	z0 := distuv.UnitNormal.Quantile(math.Min(math.Max(below/n, 0.5/n), 1-0.5/n))
	z := distuv.UnitNormal.Quantile(0.95)
	s := slices.Sorted(slices.Values(reps))
	return Estimate{Estimate: est, Lo: quantileSorted(s, distuv.UnitNormal.CDF(2*z0-z)), Hi: quantileSorted(s, distuv.UnitNormal.CDF(2*z0+z))}
}

// quantileSorted is the type-7 quantile at u of sorted values.
func quantileSorted(s []float64, u float64) float64 {
	h := float64(len(s)-1) * u
	i := int(math.Floor(h))
	if i >= len(s)-1 {
		return s[len(s)-1]
	}
	return s[i] + (h-float64(i))*(s[i+1]-s[i])
}

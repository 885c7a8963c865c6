package compare

import (
	"errors"
	"fmt"
	"github.com/csvgd/csvgd-go/csvgd"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"

	"github.com/csvgd/csvgd-go/csvgd/calibration"
	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"github.com/csvgd/csvgd-go/csvgd/internal/errtag"
	"github.com/csvgd/csvgd-go/csvgd/nuts"
	"gonum.org/v1/gonum/stat/distuv"
)

// ErrMismatch is wrapped by the errors of [Ensembles] and [Predictions]
// that say the two ensembles cannot be compared: of other templates or
// posteriors, or too few members or draws. A command line reads it as a
// bad input; the other errors (a value that is not finite, a band of
// width 0) are failures of the comparison.
var ErrMismatch = errors.New("the ensembles cannot be compared")

// Options are the bootstrap's settings.
type Options struct {
	Bootstrap int    // stand-in ensembles of the band ratios and bootstrap replicates of the distances (>= 100)
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
	// The subsamples and replicates, two float64 each, and their sorted copies.
	return csvgd.CheckMemory(fmt.Sprintf("%d bootstrap replicates", o.Bootstrap), 64*float64(o.Bootstrap))
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
	// Band90Ratio and Band50Ratio are the Stein ensemble's summed central
	// band widths over the median of those of N reference draws (over
	// Options.Bootstrap subsamples of N of the R draws).
	Band90Ratio Estimate `json:"band90_ratio"`
	Band50Ratio Estimate `json:"band50_ratio"`
	// Band90RatioAll and Band50RatioAll are over the band widths of all R
	// draws.
	Band90RatioAll Estimate `json:"band90_ratio_all"`
	Band50RatioAll Estimate `json:"band50_ratio_all"`
	// Band90Stein, Band90Reference and Band90All are the mean widths over
	// the entries behind the ratios: the Stein ensemble's, that of N
	// reference draws (the subsamples' median) and that of all draws;
	// likewise at 50%.
	Band90Stein     float64 `json:"band90_stein"`
	Band90Reference float64 `json:"band90_reference"`
	Band90All       float64 `json:"band90_all"`
	Band50Stein     float64 `json:"band50_stein"`
	Band50Reference float64 `json:"band50_reference"`
	Band50All       float64 `json:"band50_all"`
	// W1InRange is the Wasserstein-1 distance between the two
	// push-forwards summed over the entries; W1Central90InRange between
	// their central 90%.
	W1InRange          Estimate `json:"w1_in_range"`
	W1Central90InRange Estimate `json:"w1_central90_in_range"`
	Bootstrap          int      `json:"bootstrap"`
	Seed               uint64   `json:"seed"`
	// Weights is the count of constrained weights at or near 0, filled by
	// [Ensembles] (nil from [Predictions]).
	Weights *ZeroWeights `json:"constrained_weights,omitempty"`
}

// Predictions compares the Stein ensemble's predictions stein with the
// reference draws' ref, both at the test points test: the band ratios and distances of [Result] with their bootstrap
// intervals. It needs at least 2 Stein members and at least as many
// draws as members, and refuses values that are not finite.
func Predictions(stein, ref hyperelastic.Predictions, test []hyperelastic.Sample, o Options) (*Result, error) {
	if err := o.Validate(); err != nil {
		return nil, fmt.Errorf("compare: %w", err)
	}
	p, err := newProblem(stein, ref, test)
	if err != nil {
		return nil, fmt.Errorf("compare: %w", err)
	}
	sub := p.subsamples(o)
	boot := p.replicates(o)
	r := &Result{Members: p.n, ReferenceDraws: p.r, Entries: len(p.entries), InRangePoints: p.points, Bootstrap: o.Bootstrap, Seed: o.Seed}
	e := float64(len(p.entries))
	for i, lv := range []struct {
		ratio, all           *Estimate
		stein, ref, allWidth *float64
	}{
		{&r.Band90Ratio, &r.Band90RatioAll, &r.Band90Stein, &r.Band90Reference, &r.Band90All},
		{&r.Band50Ratio, &r.Band50RatioAll, &r.Band50Stein, &r.Band50Reference, &r.Band50All},
	} {
		stein, all := p.steinWidths[i], p.allWidths[i]
		widths := make([]float64, len(sub))
		for b, w := range sub {
			widths[b] = w[i]
		}
		slices.Sort(widths)
		med := quantileSorted(widths, 0.5)
		*lv.stein, *lv.ref, *lv.allWidth = stein/e, med/e, all/e
		*lv.ratio = pivotInterval(stein/med, widths, med)
		*lv.all = pivotInterval(stein/all, widths, med)
	}
	d, dc := p.distances(nil, nil)
	r.W1InRange = biasCorrected(d, column0(boot, 0))
	r.W1Central90InRange = biasCorrected(dc, column0(boot, 1))
	for name, v := range map[string]Estimate{"band90_ratio": r.Band90Ratio, "band50_ratio": r.Band50Ratio, "band90_ratio_all": r.Band90RatioAll,
		"band50_ratio_all": r.Band50RatioAll, "w1_in_range": r.W1InRange, "w1_central90_in_range": r.W1Central90InRange} {
		if !finite(v.Estimate, v.Lo, v.Hi) {
			return nil, fmt.Errorf("compare: %s is not finite (%v): the reference's bands have width 0", name, v)
		}
	}
	return r, nil
}

// column0 is entry k of every replicate.
func column0(reps [][2]float64, k int) []float64 {
	out := make([]float64, len(reps))
	for b, r := range reps {
		out[b] = r[k]
	}
	return out
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

// problem is a comparison laid out for the resampling: for every entry
// a column of the Stein members' values and one of the reference draws',
// and the Stein ensemble's and all draws' summed band widths (index 0:
// 90%, 1: 50%).
type problem struct {
	n, r, points           int
	entries                [][2]column // [entry]{stein, reference}
	steinWidths, allWidths [2]float64
}

func newProblem(stein, ref hyperelastic.Predictions, test []hyperelastic.Sample) (*problem, error) {
	if err := checkPredictions("Stein ensemble", stein, len(test)); err != nil {
		return nil, err
	}
	if err := checkPredictions("reference", ref, len(test)); err != nil {
		return nil, err
	}
	n, r := len(stein), len(ref)
	switch {
	case n < 2:
		return nil, errtag.With(fmt.Errorf("%d Stein members: need at least 2 for a band", n), ErrMismatch)
	case r < n:
		return nil, errtag.With(fmt.Errorf("%d reference draws for %d Stein members: need at least as many draws as members", r, n), ErrMismatch)
	}
	entries := calibration.Entries(test)
	if len(entries) == 0 {
		return nil, errors.New("no non-zero stress component at a test point inside the training range")
	}
	p := &problem{n: n, r: r, points: len(hyperelastic.WithinRange(test, hyperelastic.TrainingDelta))}
	for _, e := range entries {
		c := [2]column{newColumn(stein.At(e.Point, e.Component)), newColumn(ref.At(e.Point, e.Component))}
		p.entries = append(p.entries, c)
		s90, s50 := c[0].bandWidths(nil, n)
		a90, a50 := c[1].bandWidths(nil, r)
		p.steinWidths[0], p.steinWidths[1] = p.steinWidths[0]+s90, p.steinWidths[1]+s50
		p.allWidths[0], p.allWidths[1] = p.allWidths[0]+a90, p.allWidths[1]+a50
	}
	return p, nil
}

// checkPredictions refuses an ensemble of the wrong shape or with a
// value that is not finite, naming the member, point and component.
func checkPredictions(name string, pred hyperelastic.Predictions, points int) error {
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

// subsamples are the summed 90% and 50% band widths of o.Bootstrap
// stand-in ensembles, each N of the R reference draws picked without
// replacement from its own PCG stream ([nuts.ChainSeed] of o.Seed and its
// index): the spread of the bands of ensembles that are N posterior draws.
func (p *problem) subsamples(o Options) [][2]float64 {
	return parallel(o, func(rng *rand.Rand, s *scratch) [2]float64 {
		clear(s.in)
		for _, m := range rng.Perm(p.r)[:p.n] {
			s.in[m] = true
		}
		var w [2]float64
		for _, c := range p.entries {
			w90, w50 := c[1].subsetWidths(s.in, p.n)
			w[0], w[1] = w[0]+w90, w[1]+w50
		}
		return w
	}, p)
}

// replicates are o.Bootstrap bootstrap replicates of the distances, each
// resampling both ensembles' members with replacement from its own PCG
// stream.
func (p *problem) replicates(o Options) [][2]float64 {
	return parallel(o, func(rng *rand.Rand, s *scratch) [2]float64 {
		resample(rng, s.cs)
		resample(rng, s.cr)
		d, dc := p.distances(s.cs, s.cr)
		return [2]float64{d, dc}
	}, p)
}

// scratch is one worker's buffers.
type scratch struct {
	cs, cr []int32
	in     []bool
}

// parallel computes f for the indices 0..o.Bootstrap-1 on o.Workers
// goroutines, index b with the PCG stream nuts.ChainSeed(o.Seed, b), so
// that the result does not depend on the scheduling.
func parallel(o Options, f func(*rand.Rand, *scratch) [2]float64, p *problem) [][2]float64 {
	out := make([][2]float64, o.Bootstrap)
	workers := o.Workers
	if workers == 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	jobs := make(chan int)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			s := &scratch{cs: make([]int32, p.n), cr: make([]int32, p.r), in: make([]bool, p.r)}
			for b := range jobs {
				out[b] = f(rand.New(rand.NewPCG(nuts.ChainSeed(o.Seed, b))), s)
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

// distances are the W1 and central-90% W1 between the members drawn cs
// and cr times (nil: once each), summed over the entries.
func (p *problem) distances(cs, cr []int32) (d, dc float64) {
	var va, ca, vb, cb []float64
	for _, e := range p.entries {
		va, ca = e[0].steps(cs, p.n, va, ca)
		vb, cb = e[1].steps(cr, p.r, vb, cb)
		d += quantileDistance(va, ca, vb, cb, 0)
		dc += quantileDistance(va, ca, vb, cb, 0.05)
	}
	return d, dc
}

// resample sets count to the multiplicities of len(count) draws with
// replacement from len(count) members.
func resample(rng *rand.Rand, count []int32) {
	clear(count)
	for range count {
		count[rng.IntN(len(count))]++
	}
}

// pivotInterval is the 90% interval of the ratio est = W_S / med, with
// W_S the Stein ensemble's summed band width and med the median of the
// summed widths of the stand-in ensembles of N posterior draws (sorted
// widths): if the Stein ensemble's band is rho times that of N posterior
// draws, log(est / rho) is distributed like log(W_N / med), whose spread
// is taken as the stand-ins' interquartile range of log W_N over 1.349
// (the standard deviation of a normal distribution with that range), so
// that rho lies in est exp(-+1.645 s). The interquartile range, not the
// 5% and 95% quantiles, because a few posterior draws predict extreme
// stresses: the stand-ins that hold one have bands many times as wide,
// and as long as they are fewer than one in four they do not widen the
// interval.
func pivotInterval(est float64, widths []float64, med float64) Estimate {
	s := (math.Log(quantileSorted(widths, 0.75)) - math.Log(quantileSorted(widths, 0.25))) / 1.349
	z := distuv.UnitNormal.Quantile(0.95)
	return Estimate{Estimate: est, Lo: est * math.Exp(-z*s), Hi: est * math.Exp(z*s)}
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

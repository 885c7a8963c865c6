package exact

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/csvgd/csvgd-go/csvgd/calibration"
	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/metrics"
	"github.com/csvgd/csvgd-go/csvgd/nuts"
)

// RunDraws are the draws of one run on a template's posterior, chain by
// chain, as the agreement of runs reads them.
type RunDraws struct {
	Label  string
	Starts Starts        // the kind of starting points
	Seed   uint64        // the run's seed
	Chains [][][]float64 // Chains[k][i] is draw i of chain k (the same number in every chain)
}

// SplitChains cuts draws kept chain by chain (chain 0's first, as [Thin]
// keeps them when keep is a multiple of the chains) into chains chains.
func SplitChains(draws [][]float64, chains int) ([][][]float64, error) {
	if chains < 1 || len(draws)%chains != 0 || len(draws) == 0 {
		return nil, fmt.Errorf("%d draws do not split into %d chains of equal length", len(draws), chains)
	}
	per := len(draws) / chains
	out := make([][][]float64, chains)
	for k := range out {
		out[k] = draws[k*per : (k+1)*per]
	}
	return out, nil
}

// Criteria are when independent runs agree on a template's posterior,
// so that their draws are a reference:
//   - each run's in-range 90% and 50% band widths within BandTolerance of
//     their pooled value (a share of it);
//   - nested R-hat over the runs, as superchains, at most MaxNestedRHat on
//     every watched quantity ([nuts.NestedRHat]);
//   - at least MinRuns runs, starting from at least MinKinds kinds of
//     starting points.
type Criteria struct {
	BandTolerance float64
	MaxNestedRHat float64
	MinRuns       int
	MinKinds      int
}

// Validate reports the first setting that no agreement can be judged by,
// naming its value: a band tolerance that is not a finite share >= 0, a
// nested R-hat bound that is not finite and >= 1 (R-hat is never below
// 1), fewer than 1 run or kind of start.
func (c Criteria) Validate() error {
	switch {
	case !(c.BandTolerance >= 0) || math.IsInf(c.BandTolerance, 1):
		return fmt.Errorf("band tolerance = %v must be finite and >= 0", c.BandTolerance)
	case !(c.MaxNestedRHat >= 1) || math.IsInf(c.MaxNestedRHat, 1):
		return fmt.Errorf("max nested R-hat = %v must be finite and >= 1", c.MaxNestedRHat)
	case c.MinRuns < 1 || c.MinKinds < 1:
		return fmt.Errorf("%d runs of %d kinds of starts: want at least 1 of each", c.MinRuns, c.MinKinds)
	}
	return nil
}

// DefaultCriteria: within 10% of the pooled band widths, nested R-hat at
// most 1.01, two runs of two kinds of starts.
var DefaultCriteria = Criteria{BandTolerance: 0.10, MaxNestedRHat: 1.01, MinRuns: 2, MinKinds: 2}

// Verdict is what the agreement says of the runs' draws.
type Verdict string

const (
	// Agrees: the runs meet every criterion; their pooled draws are the
	// reference, and a ratio to it may be quoted.
	Agrees Verdict = "agrees"
	// Unresolved: a criterion is missed; the runs' values are given side
	// by side and no ratio to a reference is quoted.
	Unresolved Verdict = "unresolved"
)

// Estimate is a value with its Monte Carlo standard error.
type Estimate struct {
	Value float64 `json:"value"`
	MCSE  float64 `json:"mcse"`
}

// Interval is a value with a 90% interval.
type Interval struct {
	Value float64 `json:"value"`
	Lo    float64 `json:"lo"`
	Hi    float64 `json:"hi"`
}

// RunAgreement is one run's summary in an [Agreement].
type RunAgreement struct {
	Label  string `json:"label"`
	Starts Starts `json:"starts"`
	Seed   uint64 `json:"seed"`
	Chains int    `json:"chains"`
	Draws  int    `json:"draws"` // per chain
	// Band90 and Band50 are the mean widths of the central push-forward
	// bands over the in-range entries ([calibration.BandWidth]).
	Band90 Estimate `json:"band90"`
	Band50 Estimate `json:"band50"`
	// RHat is the largest rank-normalised split R-hat of a watched
	// quantity over this run's chains (NaN for chains of fewer than 4
	// draws).
	RHat float64 `json:"rhat"`
	// QuantileShift is the largest distance of this run's 5%, 50% or 95%
	// quantile of a watched quantity from the pooled one, as a share of
	// the quantity's pooled 90% width.
	QuantileShift float64 `json:"quantile_shift"`
}

// Agreement is what independent runs on one posterior say together: each
// run's push-forward summaries with their Monte Carlo standard errors, the
// pooled band widths with 90% intervals, nested R-hat over the runs, and
// the verdict with the criteria it missed.
type Agreement struct {
	Runs       []RunAgreement `json:"runs"`
	Band90     Interval       `json:"band90"` // pooled
	Band50     Interval       `json:"band50"`
	NestedRHat float64        `json:"nested_rhat"` // largest over the watched quantities
	Watched    int            `json:"watched"`
	Criteria   Criteria       `json:"criteria"`
	Verdict    Verdict        `json:"verdict"`
	Misses     []string       `json:"misses,omitempty"`
}

// AgreeOptions are the resampling settings of [Agree]: bootstrap
// replicates and their seed, and the fewest blocks a run is cut into.
type AgreeOptions struct {
	Bootstrap int
	Seed      uint64
	MinBlocks int
}

// DefaultAgreeOptions: 200 replicates, seed 1, at least 20 blocks.
var DefaultAgreeOptions = AgreeOptions{Bootstrap: 200, Seed: 1, MinBlocks: 20}

// Agree measures whether runs on the posterior of the template arch agree
// (see [Criteria]). Band widths are over the entries of
// [calibration.Entries] at the test points test, the watched quantities
// those of watch (the stresses of [StressWatch] at [WatchPoints] in the
// comparisons).
//
// Monte Carlo standard errors (the replicates' interquartile range over
// 1.349, robust to the few replicates that resample extreme draws many
// times) and intervals come from a block bootstrap:
// each run is cut into contiguous segments of its chains (the chains
// themselves when there are at least o.MinBlocks of them, else every
// chain into ceil(MinBlocks / chains) segments), which keep the
// autocorrelation within a segment (not across segments: where a chain's
// autocorrelation time is longer than a segment, the standard errors and
// the pooled intervals are too small), and the replicates resample the
// blocks with replacement, within each run. The pooled value is that of all runs'
// draws with an equal number from each (each run thinned evenly to the
// smallest run's count), its interval the 5% and 95% quantiles of the
// replicates.
func Agree(arch icnn.Arch, test []hyperelastic.Sample, watch func([]float64) []float64, runs []RunDraws, c Criteria, o AgreeOptions) (*Agreement, error) {
	if err := c.Validate(); err != nil {
		return nil, fmt.Errorf("exact: agreement: %w", err)
	}
	if err := checkRuns(runs, arch.NumParams()); err != nil {
		return nil, fmt.Errorf("exact: agreement: %w", err)
	}
	if o.Bootstrap < 2 || o.MinBlocks < 1 {
		return nil, fmt.Errorf("exact: agreement: %d bootstrap replicates and %d blocks: want at least 2 and 1", o.Bootstrap, o.MinBlocks)
	}
	entries := calibration.Entries(test)
	if len(entries) == 0 {
		return nil, errors.New("exact: agreement: no stress entry inside the training range")
	}
	a := &Agreement{Criteria: c}
	ps := make([]*runProblem, len(runs))
	for k, r := range runs {
		ps[k] = newRunProblem(arch, test, entries, watch, r)
	}
	rng := rand.New(rand.NewPCG(o.Seed, 0x4167726565)) // "Agree"
	for k, r := range runs {
		a.Runs = append(a.Runs, ps[k].summary(r, o, rng))
	}
	pooled := poolRuns(ps)
	a.Band90, a.Band50 = pooled.bands(o, rng)
	a.Watched = len(ps[0].watched[0][0])
	a.NestedRHat = nestedRHat(ps)
	q := pooled.quantileTable()
	for k := range ps {
		a.Runs[k].QuantileShift = ps[k].quantileShift(q)
	}
	a.judge(runs)
	return a, nil
}

// checkRuns refuses runs without chains, with chains of different lengths
// or draws of another template.
func checkRuns(runs []RunDraws, dim int) error {
	if len(runs) == 0 {
		return errors.New("no run")
	}
	for _, r := range runs {
		if len(r.Chains) == 0 || len(r.Chains[0]) == 0 {
			return fmt.Errorf("run %q has no draws", r.Label)
		}
		for k, ch := range r.Chains {
			if len(ch) != len(r.Chains[0]) {
				return fmt.Errorf("run %q: chain %d has %d draws, chain 0 %d", r.Label, k, len(ch), len(r.Chains[0]))
			}
			for _, x := range ch {
				if len(x) != dim {
					return fmt.Errorf("run %q: a draw of %d weights for a template of %d", r.Label, len(x), dim)
				}
			}
		}
	}
	return nil
}

// judge sets the verdict and the criteria missed, with their values.
func (a *Agreement) judge(runs []RunDraws) {
	c := a.Criteria
	kinds := map[Starts]bool{}
	for _, r := range runs {
		kinds[r.Starts] = true
	}
	if len(runs) < c.MinRuns {
		a.Misses = append(a.Misses, fmt.Sprintf("%d runs < %d", len(runs), c.MinRuns))
	}
	if len(kinds) < c.MinKinds {
		a.Misses = append(a.Misses, fmt.Sprintf("%d kind of starting points < %d", len(kinds), c.MinKinds))
	}
	for _, b := range []struct {
		name   string
		pooled float64
		run    func(RunAgreement) float64
	}{{"90%", a.Band90.Value, func(r RunAgreement) float64 { return r.Band90.Value }}, {"50%", a.Band50.Value, func(r RunAgreement) float64 { return r.Band50.Value }}} {
		off, lo, hi := 0, math.Inf(1), math.Inf(-1)
		for _, r := range a.Runs {
			d := b.run(r)/b.pooled - 1
			lo, hi = math.Min(lo, d), math.Max(hi, d)
			if !(math.Abs(d) <= c.BandTolerance) {
				off++
			}
		}
		if off > 0 {
			a.Misses = append(a.Misses, fmt.Sprintf("%s band: %d of %d runs more than %.0f%% off the pooled %.4g (from %+.1f%% to %+.1f%%)", b.name, off, len(a.Runs), 100*c.BandTolerance, b.pooled, 100*lo, 100*hi))
		}
	}
	if !(a.NestedRHat <= c.MaxNestedRHat) {
		a.Misses = append(a.Misses, fmt.Sprintf("nested R-hat %.3f > %.2f", a.NestedRHat, c.MaxNestedRHat))
	}
	a.Verdict = Agrees
	if len(a.Misses) > 0 {
		a.Verdict = Unresolved
	}
}

// runProblem is one run prepared for the bootstrap: its draws' stresses at
// the band entries and watched quantities, by draw in chain order, and
// its blocks.
type runProblem struct {
	chains, per int
	entries     *columns
	watchCols   *columns
	watched     [][][]float64 // [chain][draw][quantity]
	blocks      [][]int       // the draws of each block
}

func newRunProblem(arch icnn.Arch, test []hyperelastic.Sample, entries []calibration.Entry, watch func([]float64) []float64, r RunDraws) *runProblem {
	var flat [][]float64
	for _, ch := range r.Chains {
		flat = append(flat, ch...)
	}
	// Only the entries' points are predicted.
	at := map[int]int{}
	var points []hyperelastic.Sample
	for _, e := range entries {
		if _, ok := at[e.Point]; !ok {
			at[e.Point] = len(points)
			points = append(points, test[e.Point])
		}
	}
	pred := HostPredict(arch, points, flat)
	vals := make([][]float64, len(flat))
	w := make([][]float64, len(flat))
	for d, p := range pred {
		vals[d] = make([]float64, len(entries))
		for j, e := range entries {
			vals[d][j] = p[at[e.Point]][e.Component]
		}
		w[d] = watch(flat[d])
	}
	p := &runProblem{chains: len(r.Chains), per: len(r.Chains[0]), entries: newColumns(vals), watchCols: newColumns(w)}
	for k := range p.chains {
		p.watched = append(p.watched, w[k*p.per:(k+1)*p.per])
	}
	return p
}

// setBlocks cuts the run's chains into contiguous segments, at least
// minBlocks in all where the draws allow.
func (p *runProblem) setBlocks(minBlocks int) {
	segs := min(p.per, (minBlocks+p.chains-1)/p.chains)
	p.blocks = p.blocks[:0]
	for k := range p.chains {
		for s := range segs {
			var b []int
			for d := k*p.per + s*p.per/segs; d < k*p.per+(s+1)*p.per/segs; d++ {
				b = append(b, d)
			}
			p.blocks = append(p.blocks, b)
		}
	}
}

// resample adds to mult the multiplicities of one bootstrap replicate of
// blocks, its draws numbered from offset, and returns how many draws it
// took.
func resample(rng *rand.Rand, blocks [][]int, mult []int32, offset int) int {
	n := 0
	for range blocks {
		b := blocks[rng.IntN(len(blocks))]
		for _, d := range b {
			mult[offset+d]++
		}
		n += len(b)
	}
	return n
}

// bandWidths are the mean 90% and 50% band widths over the entries of the
// draws taken mult times each, n in all (mult nil: every draw once).
func bandWidths(c *columns, mult []int32, n int) (b90, b50 float64) {
	if mult == nil {
		n = c.draws
	}
	lo90, hi90 := metrics.CentralQuantiles(0.9)
	lo50, hi50 := metrics.CentralQuantiles(0.5)
	qs := []float64{lo90, lo50, hi50, hi90}
	out := make([]float64, 4)
	for j := range c.order {
		c.quantiles(j, mult, n, qs, out)
		b90 += out[3] - out[0]
		b50 += out[2] - out[1]
	}
	m := float64(len(c.order))
	return b90 / m, b50 / m
}

// summary is the run's band widths with their bootstrap standard errors
// and the largest R-hat of a watched quantity over its chains.
func (p *runProblem) summary(r RunDraws, o AgreeOptions, rng *rand.Rand) RunAgreement {
	p.setBlocks(o.MinBlocks)
	out := RunAgreement{Label: r.Label, Starts: r.Starts, Seed: r.Seed, Chains: p.chains, Draws: p.per}
	b90, b50 := bandWidths(p.entries, nil, 0)
	reps := make([][2]float64, o.Bootstrap)
	mult := make([]int32, p.chains*p.per)
	for i := range reps {
		clear(mult)
		n := resample(rng, p.blocks, mult, 0)
		reps[i][0], reps[i][1] = bandWidths(p.entries, mult, n)
	}
	out.Band90 = Estimate{b90, robustSD(reps, 0)}
	out.Band50 = Estimate{b50, robustSD(reps, 1)}
	out.RHat = math.Inf(-1)
	for q := range p.watched[0][0] {
		out.RHat = math.Max(out.RHat, nuts.RankRHat(p.quantity(q)))
	}
	return out
}

// quantity is watched quantity q of the run, one row per chain.
func (p *runProblem) quantity(q int) [][]float64 {
	out := make([][]float64, p.chains)
	for k, ch := range p.watched {
		out[k] = make([]float64, len(ch))
		for i, v := range ch {
			out[k][i] = v[q]
		}
	}
	return out
}

// robustSD is the spread of column i of the replicates as a standard
// deviation: their interquartile range over 1.349 (that of a normal
// distribution). Not their standard deviation: a few posterior draws
// predict extreme stresses, and a replicate that takes their block
// several times has a band many times as wide, which would make the
// standard deviation that of those few replicates.
func robustSD(reps [][2]float64, i int) float64 {
	v := make([]float64, len(reps))
	for n, r := range reps {
		v[n] = r[i]
	}
	slices.Sort(v)
	return (metrics.QuantileSorted(v, 0.75) - metrics.QuantileSorted(v, 0.25)) / 1.349
}

// nestedRHat is the largest nested R-hat of a watched quantity over the
// runs as superchains.
func nestedRHat(ps []*runProblem) float64 {
	if len(ps) < 2 {
		return math.NaN()
	}
	worst := math.Inf(-1)
	for q := range ps[0].watched[0][0] {
		sc := make([][][]float64, len(ps))
		for k, p := range ps {
			sc[k] = p.quantity(q)
		}
		worst = math.Max(worst, nuts.NestedRHat(sc))
	}
	return worst
}

// pooled is the runs' draws with an equal number from each.
type pooled struct {
	runs    int
	n       int       // draws kept from each run
	blocks  [][][]int // per run, its blocks of kept draws (positions in the pool)
	entries *columns
	watch   *columns
}

// poolRuns thins every run evenly to the smallest run's number of draws
// and sorts their pooled columns; a kept draw belongs to the block of the
// run's draw it is.
func poolRuns(ps []*runProblem) *pooled {
	n := math.MaxInt
	for _, p := range ps {
		n = min(n, p.chains*p.per)
	}
	out := &pooled{runs: len(ps), n: n}
	var vals, w [][]float64
	for k, p := range ps {
		total := p.chains * p.per
		blockOf := make([]int, total)
		for b, ds := range p.blocks {
			for _, d := range ds {
				blockOf[d] = b
			}
		}
		blocks := make([][]int, len(p.blocks))
		for j := range n {
			d := j * total / n
			vals = append(vals, column(p.entries, d))
			w = append(w, column(p.watchCols, d))
			blocks[blockOf[d]] = append(blocks[blockOf[d]], k*n+j)
		}
		out.blocks = append(out.blocks, slices.DeleteFunc(blocks, func(b []int) bool { return len(b) == 0 }))
	}
	out.entries, out.watch = newColumns(vals), newColumns(w)
	return out
}

// column is draw d's values over the columns of c.
func column(c *columns, d int) []float64 {
	out := make([]float64, len(c.value))
	for j, v := range c.value {
		out[j] = v[d]
	}
	return out
}

// bands are the pooled 90% and 50% band widths with the 5% and 95%
// quantiles of a stratified block bootstrap: every replicate resamples
// each run's blocks of pooled draws as many times as the run has.
func (pl *pooled) bands(o AgreeOptions, rng *rand.Rand) (Interval, Interval) {
	b90, b50 := bandWidths(pl.entries, nil, 0)
	var r90, r50 []float64
	mult := make([]int32, pl.n*pl.runs)
	for range o.Bootstrap {
		clear(mult)
		n := 0
		for _, blocks := range pl.blocks {
			n += resample(rng, blocks, mult, 0)
		}
		x, y := bandWidths(pl.entries, mult, n)
		r90, r50 = append(r90, x), append(r50, y)
	}
	return interval(b90, r90), interval(b50, r50)
}

// interval is the estimate with the 5% and 95% quantiles of the
// replicates.
func interval(est float64, reps []float64) Interval {
	slices.Sort(reps)
	return Interval{Value: est, Lo: metrics.QuantileSorted(reps, 0.05), Hi: metrics.QuantileSorted(reps, 0.95)}
}

// quantileTable is the pooled 5%, 50% and 95% quantile of every watched
// quantity.
func (pl *pooled) quantileTable() [][3]float64 {
	out := make([][3]float64, len(pl.watch.order))
	q := make([]float64, 3)
	for j := range out {
		pl.watch.quantiles(j, nil, pl.watch.draws, []float64{0.05, 0.5, 0.95}, q)
		out[j] = [3]float64{q[0], q[1], q[2]}
	}
	return out
}

// quantileShift is the largest distance of the run's 5%, 50% or 95%
// quantile of a watched quantity from the pooled one q, over the pooled
// 90% width.
func (p *runProblem) quantileShift(pooled [][3]float64) float64 {
	worst := 0.0
	q := make([]float64, 3)
	for j, ref := range pooled {
		p.watchCols.quantiles(j, nil, p.watchCols.draws, []float64{0.05, 0.5, 0.95}, q)
		w := ref[2] - ref[0]
		if w == 0 {
			continue
		}
		for i := range q {
			worst = math.Max(worst, math.Abs(q[i]-ref[i])/w)
		}
	}
	return worst
}

// Summary is the agreement in one line: the verdict, the runs' 90% band
// widths, the pooled one with its interval and nested R-hat, and the
// criteria missed.
func (a *Agreement) Summary() string {
	var runs []string
	for _, r := range a.Runs {
		runs = append(runs, fmt.Sprintf("%s %.4g ± %.2g", r.Label, r.Band90.Value, r.Band90.MCSE))
	}
	s := fmt.Sprintf("%s: 90%% band %s; pooled %.4g [%.4g, %.4g]; nested R-hat %.3f", a.Verdict, strings.Join(runs, ", "), a.Band90.Value, a.Band90.Lo, a.Band90.Hi, a.NestedRHat)
	if len(a.Misses) > 0 {
		s += " (" + strings.Join(a.Misses, "; ") + ")"
	}
	return s
}

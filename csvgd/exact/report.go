package exact

import (
	"fmt"
	"math"
	"slices"

	"github.com/csvgd/csvgd-go/csvgd/nuts"
)

// Report is what a NUTS run on a template's posterior says about itself.
//
// The convergence diagnostics that matter are those of the push-forward:
// the stresses the comparisons use (the quantities of the watch function
// of [Sample]). A network's posterior is invariant under permutations of
// hidden nodes and has directions that the data do not see (the incoming
// weights of a node whose output weights are near zero, which only the
// prior holds), so R-hat and ESS of single weights measure how far the
// chains have wandered along those directions, not whether the predictions
// have converged; Bayesian neural network studies report the diagnostics of
// the predictions for that reason (Izmailov, Vikram, Hoffman & Wilson 2021,
// "What are Bayesian neural network posteriors really like?"). The weights'
// and the log density's diagnostics are reported beside them: the log
// density is invariant under those permutations, so its R-hat above 1.01
// means that the chains do not yet sample one distribution (still moving,
// or stuck in different regions), not that they swapped labels.
type Report struct {
	Sampler               Sampler     `json:",omitempty"` // the algorithm
	Starts                Starts      `json:",omitempty"` // where the chains started
	Chains, Warmup, Draws int         // per chain
	Overdispersed         int         // chains started at perturbed particles
	Accept                float64     // the target acceptance of the step size adaptation (adapt_delta)
	Metric                nuts.Metric // the adapted mass matrix's form
	Coordinates           Coordinates // the coordinates the trajectories moved in
	MaxDepth              int         // the tree depth limit
	Watched               int         // quantities watched
	RHatMax               float64     // largest rank-normalised split R-hat of a watched quantity
	ESSBulkMin            float64     // smallest bulk ESS of a watched quantity
	ESSTailMin            float64     // smallest tail ESS of a watched quantity
	ESSPerSecond          float64     // ESSBulkMin per second of sampling (warm-up included)
	WeightsRHatMax        float64     // largest R-hat of a single weight
	WeightsESSBulkMin     float64     // smallest bulk ESS of a single weight
	LogDensityRHat        float64     // R-hat of log p(theta | D)
	LogDensityESSBulk     float64     // bulk ESS of log p(theta | D)
	LogDensityESSTail     float64     // tail ESS of log p(theta | D)
	Divergences           int         // divergent transitions among the kept ones
	ChainDivergences      []int       // per chain, divergent transitions among the kept ones
	WarmupDivergences     int         // divergent transitions during the warm-up
	AcceptRate            float64     // mean acceptance statistic of the kept transitions
	EBFMI                 []float64   // per chain ([nuts.EBFMI])
	EBFMIMin              float64     // the smallest of EBFMI
	TreeDepthMean         float64     // NUTS: mean tree depth of the kept transitions
	MaxDepthHits          int         // kept transitions that stopped at the depth limit (ChEES: at the most leapfrog steps)
	LeapfrogMean          float64     `json:",omitempty"` // mean leapfrog steps of the kept transitions
	TrajectoryLength      float64     `json:",omitempty"` // ChEES: the adapted trajectory length
	StepSizes             []float64   // per chain, after warm-up
	Gradients             int         // log density evaluations, warm-up included
	Seconds               float64     // wall time of the sampler, warm-up included (a resumed NUTS run adds its chains' time before)
	// Drift says what keeps moving while the log density's R-hat is above
	// 1.01: the change from the first to the second half of the kept
	// draws, averaged over the chains, of the log-likelihood and of the log
	// prior; and the mean 90% band width of the watched quantities over
	// the first halves of the chains and over the second halves. They are
	// described without a Monte Carlo error, so they do not say whether
	// the bands change with what keeps moving.
	LogLikelihoodDrift float64
	LogPriorDrift      float64
	Band90Halves       [2]float64
}

// Stan's diagnostics with this project's thresholds, as the comparisons
// apply them: at most 1% of the kept transitions divergent (a tolerance
// of this project: Stan itself warns on any divergent transition after
// warm-up), R-hat at most 1.01, bulk and tail ESS at least 400, E-BFMI
// at least 0.3 in every chain.
const (
	MaxDivergentShare = 0.01
	MaxRHat           = 1.01
	MinESS            = 400
	MinEBFMI          = 0.3
)

// Transitions is the number of kept transitions, over all chains.
func (r Report) Transitions() int { return r.Chains * r.Draws }

// DivergentShare is the share of the kept transitions that diverged.
func (r Report) DivergentShare() float64 { return float64(r.Divergences) / float64(r.Transitions()) }

// MaxDepthShare is the share of the kept transitions that stopped at the
// depth limit.
func (r Report) MaxDepthShare() float64 { return float64(r.MaxDepthHits) / float64(r.Transitions()) }

// Misses lists, with the measured value, each of the criteria (Stan's
// diagnostics with the thresholds above) that the run misses (the
// divergences, R-hat, bulk and tail ESS of the watched quantities,
// E-BFMI). Meeting them all does not make the run a reference: that
// takes independent runs that agree ([Agree]), and even then their draws
// agree in function space only.
func (r Report) Misses() []string {
	var out []string
	if s := r.DivergentShare(); s > MaxDivergentShare {
		out = append(out, fmt.Sprintf("%d divergent transitions (%.1f%% > %.0f%%)", r.Divergences, 100*s, 100*MaxDivergentShare))
	}
	if !(r.RHatMax <= MaxRHat) {
		out = append(out, fmt.Sprintf("R-hat %.3f > %.2f", r.RHatMax, MaxRHat))
	}
	if !(r.ESSBulkMin >= MinESS) {
		out = append(out, fmt.Sprintf("bulk ESS %.0f < %d", r.ESSBulkMin, MinESS))
	}
	if !(r.ESSTailMin >= MinESS) {
		out = append(out, fmt.Sprintf("tail ESS %.0f < %d", r.ESSTailMin, MinESS))
	}
	if !(r.EBFMIMin >= MinEBFMI) {
		out = append(out, fmt.Sprintf("E-BFMI %.2f < %.1f", r.EBFMIMin, MinEBFMI))
	}
	return out
}

// Trace is what the rank plots of a run need: per chain, in order, the
// log density of the kept draws and the watched quantity with the
// largest R-hat.
type Trace struct {
	LogDensity   [][]float64 `json:"log_density"`
	Watched      [][]float64 `json:"watched"`
	WatchedIndex int         `json:"watched_index"` // which of the watched quantities
}

// newReport computes the report of the run sr with the sampler's
// statistics s, sampled in seconds, with the
// quantities of watch (the weights themselves when watch is nil), and the
// trace of the log density and of the watched quantity with the largest
// R-hat.
func newReport(post *Posterior, sr sampled, s nuts.Stats, c Config, seconds float64, watch func([]float64) []float64) (Report, Trace, error) {
	res := sr.Result
	r := Report{
		Sampler: c.Sampler, Starts: c.Starts, TrajectoryLength: sr.TrajectoryLength,
		Chains: c.Chains, Warmup: c.Warmup, Draws: c.Draws, Overdispersed: c.Overdispersed, Accept: c.Accept, Metric: c.Metric, Coordinates: c.Coordinates, MaxDepth: c.MaxDepth,
		Divergences: s.Divergences, AcceptRate: s.AcceptRate, EBFMI: s.EBFMI, EBFMIMin: slices.Min(s.EBFMI), TreeDepthMean: s.TreeDepthMean,
		MaxDepthHits: s.AtMaxDepth, StepSizes: s.StepSizes, Gradients: s.Gradients + s.WarmupGradients, Seconds: seconds,
	}
	for _, ch := range res.Chains {
		r.WarmupDivergences += ch.WarmupDivergences
		n := 0
		for _, t := range ch.Stats {
			if t.Divergent {
				n++
			}
			r.LeapfrogMean += float64(t.Leapfrogs) / float64(s.Draws)
		}
		r.ChainDivergences = append(r.ChainDivergences, n)
	}
	weights := res.Summary()
	r.WeightsRHatMax, r.WeightsESSBulkMin, _ = nuts.Worst(weights)
	tr := Trace{LogDensity: logDensities(res)}
	lp := nuts.Summarize(tr.LogDensity)
	r.LogDensityRHat, r.LogDensityESSBulk, r.LogDensityESSTail = lp.RHat, lp.ESSBulk, lp.ESSTail
	q, sums := watchedSummaries(res, watch, weights)
	r.Watched = len(sums)
	r.RHatMax, r.ESSBulkMin, r.ESSTailMin = nuts.Worst(sums)
	for i, x := range sums {
		if x.RHat > sums[tr.WatchedIndex].RHat {
			tr.WatchedIndex = i
		}
	}
	tr.Watched = q(tr.WatchedIndex)
	r.LogLikelihoodDrift, r.LogPriorDrift = drift(post, res, tr.LogDensity)
	r.Band90Halves = bandHalves(q, len(sums))
	if seconds > 0 {
		r.ESSPerSecond = r.ESSBulkMin / seconds
	}
	return r, tr, r.finite()
}

// watchedSummaries are the summaries of the watched quantities (the
// weights when watch is nil) and a function giving the draws of one of
// them, one row per chain.
func watchedSummaries(res *nuts.Result, watch func([]float64) []float64, weights []nuts.Summary) (func(int) [][]float64, []nuts.Summary) {
	if watch == nil {
		return res.Coordinate, weights
	}
	q := watched(res, watch)
	sums := make([]nuts.Summary, len(q))
	for i, chains := range q {
		sums[i] = nuts.Summarize(chains)
	}
	return func(i int) [][]float64 { return q[i] }, sums
}

// finite reports a diagnostic that is not finite: a watched quantity that
// became NaN or Inf.
func (r Report) finite() error {
	for name, v := range map[string]float64{
		"R-hat": r.RHatMax, "bulk ESS": r.ESSBulkMin, "tail ESS": r.ESSTailMin,
		"R-hat of the weights": r.WeightsRHatMax, "R-hat of the log density": r.LogDensityRHat,
	} {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("%s is %v: a watched quantity or a draw is not finite", name, v)
		}
	}
	return nil
}

// logDensities is log p of the kept draws, one row per chain.
func logDensities(res *nuts.Result) [][]float64 {
	out := make([][]float64, len(res.Chains))
	for k, ch := range res.Chains {
		for _, t := range ch.Stats {
			out[k] = append(out[k], t.LogDensity)
		}
	}
	return out
}

// watched evaluates watch at every kept draw: out[q][k][i] is quantity q
// of draw i of chain k.
func watched(res *nuts.Result, watch func([]float64) []float64) [][][]float64 {
	var out [][][]float64
	for k, ch := range res.Chains {
		for i, x := range ch.Draws {
			v := watch(x)
			if out == nil {
				out = make([][][]float64, len(v))
				for q := range out {
					out[q] = make([][]float64, len(res.Chains))
					for kk := range out[q] {
						out[q][kk] = make([]float64, len(ch.Draws))
					}
				}
			}
			for q := range out {
				out[q][k][i] = v[q]
			}
		}
	}
	return out
}

// drift is the change of the log-likelihood and of the log prior (the log
// density less the log-likelihood) from the first to the second half of
// every chain's kept draws, averaged over the chains.
func drift(post *Posterior, res *nuts.Result, logp [][]float64) (like, prior float64) {
	grad := make([]float64, post.Dim())
	for k, ch := range res.Chains {
		half := len(ch.Draws) / 2
		for i, x := range ch.Draws {
			l := post.Like.Eval(x, grad)
			sign := -1 / float64(half)
			if i >= half {
				sign = 1 / float64(len(ch.Draws)-half)
			}
			like += sign * l
			prior += sign * (logp[k][i] - l)
		}
	}
	n := float64(len(res.Chains))
	return like / n, prior / n
}

// bandHalves is the mean width of the central 90% band of the n watched
// quantities (q gives one's draws per chain) over the first halves of the
// chains pooled, and over the second halves.
func bandHalves(q func(int) [][]float64, n int) [2]float64 {
	var out [2]float64
	for i := range n {
		var first, second []float64
		for _, ch := range q(i) {
			first, second = append(first, ch[:len(ch)/2]...), append(second, ch[len(ch)/2:]...)
		}
		for h, v := range [][]float64{first, second} {
			slices.Sort(v)
			out[h] += (quantile(v, 0.95) - quantile(v, 0.05)) / float64(n)
		}
	}
	return out
}

// quantile is the type-7 quantile at u of sorted values.
func quantile(s []float64, u float64) float64 {
	h := float64(len(s)-1) * u
	i := int(math.Floor(h))
	if i >= len(s)-1 {
		return s[len(s)-1]
	}
	return s[i] + (h-float64(i))*(s[i+1]-s[i])
}

// diverged lists where the kept transitions diverged, in chain order.
func diverged(res *nuts.Result) [][]float64 {
	var out [][]float64
	for _, ch := range res.Chains {
		for _, t := range ch.Stats {
			if t.Divergent {
				out = append(out, t.DivergedAt)
			}
		}
	}
	return out
}

package exact

import (
	"fmt"
	"math"

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
// and the log density's diagnostics are reported beside them.
type Report struct {
	Chains, Warmup, Draws int     // per chain
	Watched               int     // quantities watched
	RHatMax               float64 // largest rank-normalised split R-hat of a watched quantity
	ESSBulkMin            float64 // smallest bulk ESS of a watched quantity
	ESSTailMin            float64 // smallest tail ESS of a watched quantity
	ESSPerSecond          float64 // ESSBulkMin per second of sampling (warm-up included)
	WeightsRHatMax        float64 // largest R-hat of a single weight
	WeightsESSBulkMin     float64 // smallest bulk ESS of a single weight
	LogDensityRHat        float64 // R-hat of log p(theta | D)
	LogDensityESSBulk     float64 // bulk ESS of log p(theta | D)
	Divergences           int     // divergent transitions among the kept ones
	WarmupDivergences     int     // divergent transitions during the warm-up
	AcceptRate            float64 // mean acceptance statistic of the kept transitions
	TreeDepthMean         float64
	MaxDepthHits          int       // kept transitions that stopped at the depth limit
	StepSizes             []float64 // per chain, after warm-up
	Gradients             int       // log density evaluations, warm-up included
	Seconds               float64   // wall time of the sampler, warm-up included
}

// newReport computes the report of res, sampled in seconds, with the
// quantities of watch (the weights themselves when watch is nil).
func newReport(res *nuts.Result, seconds float64, watch func([]float64) []float64) (Report, error) {
	s := res.Stats()
	c := res.Config
	r := Report{
		Chains: c.Chains, Warmup: c.Warmup, Draws: c.Draws,
		Divergences: s.Divergences, AcceptRate: s.AcceptRate, TreeDepthMean: s.TreeDepthMean,
		MaxDepthHits: s.AtMaxDepth, StepSizes: s.StepSizes, Gradients: s.Gradients + s.WarmupGradients, Seconds: seconds,
	}
	for _, ch := range res.Chains {
		r.WarmupDivergences += ch.WarmupDivergences
	}
	r.WeightsRHatMax, r.WeightsESSBulkMin, _ = nuts.Worst(res.Summary())
	lp := nuts.Summarize(logDensities(res))
	r.LogDensityRHat, r.LogDensityESSBulk = lp.RHat, lp.ESSBulk
	if watch == nil {
		r.Watched = res.Dim
		r.RHatMax, r.ESSBulkMin, r.ESSTailMin = nuts.Worst(res.Summary())
	} else {
		q := watched(res, watch)
		r.Watched = len(q)
		sums := make([]nuts.Summary, len(q))
		for i, chains := range q {
			sums[i] = nuts.Summarize(chains)
		}
		r.RHatMax, r.ESSBulkMin, r.ESSTailMin = nuts.Worst(sums)
	}
	if seconds > 0 {
		r.ESSPerSecond = r.ESSBulkMin / seconds
	}
	return r, r.finite()
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

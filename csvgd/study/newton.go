package study

import (
	"fmt"
	"io"
	"math"
	"slices"

	"github.com/csvgd/csvgd-go/csvgd/calibration"
	"github.com/csvgd/csvgd-go/csvgd/exact"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/runcache"
	"github.com/csvgd/csvgd-go/csvgd/svn"
	"github.com/csvgd/csvgd-go/csvgd/train"
)

// The Newton updates on the condensed templates of Sec. 5 (beyond the
// paper, docs/beyond.md): cSVGD with the first-order update (the paper's)
// and with the two Newton updates of package svn, alpha = 1/2, lambda =
// 0.05, 10% noise, for several ensemble sizes and seeds.

// NewtonUpdates are the updates of the study, the paper's first.
var NewtonUpdates = []svn.Update{svn.SVGD, svn.Newton, svn.StochasticNewton}

// NewtonSizes and NewtonSeeds are the ensemble sizes and seeds of the
// study.
var (
	NewtonSizes = []int{10, 20, 50}
	NewtonSeeds = []uint64{1, 2, 3}
)

// newtonSizes and newtonSeeds are the study's sizes and seeds at the
// plan's size: quick mode runs 10 particles with seed 1.
func (p Plan) newtonSizes() []int {
	if p.Quick {
		return NewtonSizes[:1]
	}
	return NewtonSizes
}

func (p Plan) newtonSeeds() []uint64 {
	if p.Quick {
		return NewtonSeeds[:1]
	}
	return NewtonSeeds
}

// quickNewtonArch is the network of the quick study: 96 weights, small
// enough for the Newton updates from the first iteration (quick runs are
// too short to condense the paper's 1020 weights below
// train.DefaultNewtonMaxParams).
var quickNewtonArch = icnn.Arch{Widths: []int{3, 8, 8, 1}}

// NewtonRun is the study's run of update u with n particles and the seed:
// cSVGD at alpha = 0.5, lambda = 0.05 on the 10% noise data, 2000
// iterations in stages of 500, the Newton updates on the templates of at
// most train.DefaultNewtonMaxParams weights. The first-order runs are
// [Plan.EnsembleRun]'s (seed 1 is Fig. convergence_ensemble's run, a
// template of the comparison with the posterior), and every run keeps its
// last stage
// (train.Config.KeepLastStage), the ensemble to compare with the
// posterior of its template.
func (p Plan) NewtonRun(u svn.Update, n int, seed uint64) runcache.Spec {
	if u.Or() == svn.SVGD && !p.Quick {
		return p.EnsembleRun(n, seed)
	}
	s := p.paperRun(fmt.Sprintf("cSVGD, %s update, %d particles, seed %d", u.Or(), n, seed), 0.5)
	s.Config.Particles, s.Config.Seed, s.Config.KeepLastStage = n, seed, true
	if u.SecondOrder() {
		s.Config.Update = u
	}
	if p.Quick {
		s.Config.Arch = quickNewtonArch
	}
	return s
}

// NewtonRuns are the runs of the study, update by update, then size by
// size, then seed by seed.
func (p Plan) NewtonRuns() []runcache.Spec {
	var out []runcache.Spec
	for _, u := range NewtonUpdates {
		for _, n := range p.newtonSizes() {
			for _, seed := range p.newtonSeeds() {
				out = append(out, p.NewtonRun(u, n, seed))
			}
		}
	}
	return out
}

// NewtonRow is one run of the study measured: what it ends with, its
// coverage and its cost.
type NewtonRow struct {
	Update    svn.Update
	Particles int
	Seed      uint64
	Final
	TrainRMSE float64 // of the ensemble's mean stress on the training data, after the last condensation
	// Band50 and Band90 are the mean widths of the central push-forward
	// bands over the stress components that are not zero inside the
	// training range (calibration.BandWidth).
	Band50, Band90 float64
	// Coverage is what csvgd calibrate reports for the final ensemble: the
	// truth inside the central 50% and 90% bands, and a fresh observation
	// (seed FreshSeed) inside the central intervals of the plug-in
	// predictive.
	Coverage calibration.Report
	// MsNewton is the mean milliseconds per iteration of the stages that
	// took the Newton update (0: none did), NewtonIters their iterations.
	MsNewton    float64
	NewtonIters int
	Seconds     float64 // wall time of the run's iterations
	// Converged is the first iteration of the history from which the
	// push-forward W1 and the active weights stay within 10% of their
	// final values ([convergedAt]).
	Converged        int
	SecondsConverged float64 // wall time of the iterations up to Converged, from the stages' ms per iteration
}

// NewtonRows measures every run of the study.
func NewtonRows(s *Store) ([]NewtonRow, error) {
	var rows []NewtonRow
	for _, spec := range s.NewtonRuns() {
		res, err := s.Result(spec)
		if err != nil {
			return nil, err
		}
		r, err := newtonRow(spec, res)
		if err != nil {
			return nil, fmt.Errorf("study: %s: %w", spec.Label, err)
		}
		rows = append(rows, r)
	}
	return rows, nil
}

// newtonRow measures the run res of spec.
func newtonRow(spec runcache.Spec, res *train.Result) (NewtonRow, error) {
	data, err := train.LoadPaperData(spec.Noise)
	if err != nil {
		return NewtonRow{}, err
	}
	c := spec.Config
	r := NewtonRow{Update: c.Update.Or(), Particles: c.Particles, Seed: c.Seed, Final: FinalOf(res), Seconds: res.Seconds}
	if n := len(res.Stages); n > 0 {
		r.TrainRMSE = res.Stages[n-1].TrainRMSE
	}
	pred := exact.HostPredict(res.Arch, data.Test, res.Particles.Rows())
	if r.Band50, err = calibration.BandWidth(pred, data.Test, 0.5); err != nil {
		return NewtonRow{}, err
	}
	if r.Band90, err = calibration.BandWidth(pred, data.Test, 0.9); err != nil {
		return NewtonRow{}, err
	}
	obs := calibration.Fresh(data.Test, data.Noise, FreshSeed)
	if r.Coverage, err = calibration.Calibrate(pred, data.Test, obs, res.Sigma, []float64{0.5, 0.9}); err != nil {
		return NewtonRow{}, err
	}
	var ms float64
	var iters int
	for _, st := range res.Stages {
		if st.Update.SecondOrder() {
			ms += st.MsPerIter * float64(st.Iterations)
			iters += st.Iterations
		}
	}
	if iters > 0 {
		r.MsNewton = ms / float64(iters)
	}
	r.NewtonIters = iters
	r.Converged = convergedAt(res)
	r.SecondsConverged = secondsUpTo(res, r.Converged)
	return r, nil
}

// convergenceTolerance is the relative band of [convergedAt].
const convergenceTolerance = 0.1

// convergedAt is the first iteration of res's history from which the two
// quantities of the paper's convergence figures, the push-forward W1 sum
// and the mean active weights, stay within convergenceTolerance (10%) of
// their final values at every later record (records after a condensation
// count, those before it do not: the condensation's jump is part of the
// run's end).
func convergedAt(res *train.Result) int {
	h := res.History
	if len(h) == 0 {
		return 0
	}
	last := h[len(h)-1]
	within := func(v, ref float64) bool { return math.Abs(v-ref) <= convergenceTolerance*math.Abs(ref) }
	at := last.Iter
	for i := len(h) - 1; i >= 0; i-- {
		if h[i].Condensation == train.Before {
			continue
		}
		if !within(h[i].W1Sum, last.W1Sum) || !within(h[i].ActiveWeights, last.ActiveWeights) {
			break
		}
		at = h[i].Iter
	}
	return at
}

// secondsUpTo is the wall time of res's first iter iterations, from its
// stages' milliseconds per iteration.
func secondsUpTo(res *train.Result, iter int) float64 {
	var ms float64
	done := 0
	for _, st := range res.Stages {
		k := min(st.Iterations, iter-done)
		if k <= 0 {
			break
		}
		ms += st.MsPerIter * float64(k)
		done += st.Iterations
	}
	return ms / 1000
}

// meanSD is the mean of v and its sample standard deviation (0 for one
// value).
func meanSD(v []float64) (mean, sd float64) {
	for _, x := range v {
		mean += x / float64(len(v))
	}
	if len(v) < 2 {
		return mean, 0
	}
	for _, x := range v {
		sd += (x - mean) * (x - mean)
	}
	return mean, math.Sqrt(sd / float64(len(v)-1))
}

// groups splits rows by update and ensemble size, in the study's order.
func groups(rows []NewtonRow) [][]NewtonRow {
	var out [][]NewtonRow
	for _, r := range rows {
		i := slices.IndexFunc(out, func(g []NewtonRow) bool { return g[0].Update == r.Update && g[0].Particles == r.Particles })
		if i < 0 {
			out = append(out, []NewtonRow{r})
			continue
		}
		out[i] = append(out[i], r)
	}
	return out
}

// NewtonTable writes the study as Markdown: per update and ensemble size,
// the mean and standard deviation over the seeds of what the ensembles end
// with (template, active weights, training error, W1 and the mean's error
// in the training range, band widths), their coverage, and their cost.
func NewtonTable(w io.Writer, s *Store) error {
	rows, err := NewtonRows(s)
	if err != nil {
		return err
	}
	gs := groups(rows)
	cell := func(g []NewtonRow, f func(NewtonRow) float64, format string) string {
		v := make([]float64, len(g))
		for i, r := range g {
			v[i] = f(r)
		}
		m, sd := meanSD(v)
		if len(v) == 1 {
			return fmt.Sprintf(format, m)
		}
		return fmt.Sprintf(format+" ± "+format, m, sd)
	}
	head := func(g []NewtonRow) string { return fmt.Sprintf("%s | %d", g[0].Update, g[0].Particles) }
	what := fmt.Sprintf("Mean ± standard deviation over %d seeds per row", len(gs[0]))
	if len(gs[0]) == 1 {
		what = "One seed per row"
	}
	fmt.Fprintf(w, "%s (α = ½, λ = 0.05, 10%% noise, %d iterations in stages of %d; the Newton updates on templates of at most %d weights).\n\n",
		what, s.NewtonRuns()[0].Config.Iters, s.NewtonRuns()[0].Config.Stage, train.DefaultNewtonMaxParams)
	fmt.Fprintln(w, "| update | particles | final template (weights) | active weights | training RMSE | W1 to the noisy data, sum in training range (the paper's metric, not a distance to the posterior) | mean's error in training range | 50% band width | 90% band width |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|---|")
	for _, g := range gs {
		fmt.Fprintf(w, "| %s | %s | %s | %s | %s | %s | %s | %s |\n", head(g),
			cell(g, func(r NewtonRow) float64 { return float64(r.Template) }, "%.0f"),
			cell(g, func(r NewtonRow) float64 { return r.Active }, "%.1f"),
			cell(g, func(r NewtonRow) float64 { return r.TrainRMSE }, "%.4f"),
			cell(g, func(r NewtonRow) float64 { return r.W1In }, "%.1f"),
			cell(g, func(r NewtonRow) float64 { return 100 * r.ErrIn }, "%.1f%%"),
			cell(g, func(r NewtonRow) float64 { return r.Band50 }, "%.4f"),
			cell(g, func(r NewtonRow) float64 { return r.Band90 }, "%.4f"))
	}
	fmt.Fprintf(w, "\nCoverage over the %d stress components that are not zero at the test points inside the training range (csvgd calibrate): the noise-free truth inside the central push-forward band, and a fresh noisy observation (seed %d) inside the central interval of the plug-in predictive.\n\n", rows[0].Coverage.Entries, FreshSeed)
	fmt.Fprintln(w, "| update | particles | truth in 50% band | truth in 90% band | observation in 50% interval | observation in 90% interval |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|")
	for _, g := range gs {
		fmt.Fprintf(w, "| %s | %s | %s | %s | %s |\n", head(g),
			cell(g, func(r NewtonRow) float64 { return r.Coverage.Truth[0] }, "%.2f"),
			cell(g, func(r NewtonRow) float64 { return r.Coverage.Truth[1] }, "%.2f"),
			cell(g, func(r NewtonRow) float64 { return r.Coverage.Predictive[0] }, "%.2f"),
			cell(g, func(r NewtonRow) float64 { return r.Coverage.Predictive[1] }, "%.2f"))
	}
	fmt.Fprintf(w, "\nCost on this machine's pure-Go backend (timings of runs trained up to two at a time on two cores; wall times are noisy): milliseconds per iteration of the first stage (the full network: first-order unless it has at most %d weights) and of the stages that took the Newton update (for svgd: the last stage), the run's wall seconds (condensations, records and compilation included), and the iteration from which W1 and the active weights stay within 10%% of their final values (the run's last record: not settled before the end), with the seconds of its iterations up to it (ms per iteration times iterations, nothing else). Where the first stage is first-order it is the same computation for every update at a given size, so its differences between rows of that size measure how much the machine's load moves the timings: differences in the cost columns smaller than that spread are not meaningful.\n\n", train.DefaultNewtonMaxParams)
	fmt.Fprintln(w, "| update | particles | iterations with the Newton update | ms/iteration, first stage | ms/iteration, Newton stages (svgd: last stage) | seconds | settled at iteration (the last record: not settled) | seconds to settle (or to the end, where not settled) |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|")
	for _, g := range gs {
		fmt.Fprintf(w, "| %s | %s | %s | %s | %s | %s | %s |\n", head(g),
			cell(g, func(r NewtonRow) float64 { return float64(r.NewtonIters) }, "%.0f"),
			cell(g, func(r NewtonRow) float64 { return r.MsFirst }, "%.1f"),
			cell(g, func(r NewtonRow) float64 {
				if r.MsNewton > 0 {
					return r.MsNewton
				}
				return r.MsLast
			}, "%.1f"),
			cell(g, func(r NewtonRow) float64 { return r.Seconds }, "%.1f"),
			cell(g, func(r NewtonRow) float64 { return float64(r.Converged) }, "%.0f"),
			cell(g, func(r NewtonRow) float64 { return r.SecondsConverged }, "%.1f"))
	}
	return nil
}

package train

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/csvgd/csvgd-go/csvgd/condense"
	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"github.com/csvgd/csvgd-go/csvgd/stein"
	"github.com/csvgd/csvgd-go/csvgd/svn"
)

// StageRecord describes one stage of Alg. svgd: its lambda, the template it
// ran on, and the ensemble when it ended (after condensation for csvgd).
type StageRecord struct {
	Stage          int     `json:"stage"`
	Iterations     int     `json:"iterations"` // in this stage
	Lambda         float64 `json:"lambda"`
	Widths         []int   `json:"widths"`               // the template the stage ran on
	TemplateParams int     `json:"template_params"`      // its size: what each iteration computed
	MsPerIter      float64 `json:"ms_per_iter"`          // mean wall time of a Stein step in this stage, compiling aside
	CompileMs      float64 `json:"compile_ms"`           // time spent compiling the stage's graphs before its first step
	StepsMode      string  `json:"steps_mode,omitempty"` // how the stage's steps ran on the device (stein.StepsMode, and why when it fell back)
	StepCalls      int     `json:"step_calls,omitempty"` // the calls of many steps ([stein.Flow.Steps]) the stage made
	HostReads      int     `json:"host_reads,omitempty"` // the times the host read the device during the stage's first-order steps
	CondensedTo    []int   `json:"condensed_to,omitempty"`
	ActiveWeights  float64 `json:"active_weights"` // mean per particle, |w| >= threshold, at the end
	TrainRMSE      float64 `json:"train_rmse"`
	W1Sum          float64 `json:"w1_sum"`
	W1InRange      float64 `json:"w1_sum_in_range"` // W1Sum's part inside the training range ([InRangeW1])
	// Update is the Newton update the stage took (omitted for the
	// first-order update).
	Update svn.Update `json:"update,omitempty"`
	// ErrorRose marks the stage of the adaptive schedule whose training
	// error rose past the tolerance over the best so far: lambda reverts
	// to its initial value after it.
	ErrorRose bool `json:"error_rose,omitempty"`
}

// endStage records the stage (and, after the last one with
// Config.KeepLastStage, its particles) and, for csvgd (but after the final
// stage of the adaptive schedule, whose template is fixed), condenses the
// ensemble onto a
// common template, carrying the optimizer state through the same pruning,
// permutation and padding (the next stage compiles its graph at the
// template's shapes). When the history recorded the stage's end before the
// condensation, it records it after too ([After]).
func (r *run) endStage(s, n int, flow stepper) error {
	arch := r.res.Arch
	rec := StageRecord{
		Stage: s, Iterations: n, Lambda: flow.lambda(), Widths: arch.Widths, TemplateParams: arch.NumParams(),
		MsPerIter: float64(r.stepTime) / float64(time.Millisecond) / float64(n),
		CompileMs: float64(r.compileTime) / float64(time.Millisecond), StepsMode: flow.mode(),
		StepCalls: r.stepCalls, HostReads: flow.reads(),
	}
	if r.c.KeepLastStage && (r.done >= r.c.Iters || r.sched.Final) {
		r.res.LastStage = &StageEnsemble{Widths: append([]int(nil), arch.Widths...), Particles: r.x.Clone().Rows()}
	}
	if u := flow.update(); u.SecondOrder() {
		rec.Update = u
	}
	condensed := r.condenses()
	if condensed {
		if err := r.condense(); err != nil {
			return err
		}
		rec.CondensedTo = r.res.Arch.Widths
	}
	ev, err := r.evaluator()
	if err != nil {
		return err
	}
	m, err := ev.record(r.done, r.x)
	if err != nil {
		return err
	}
	rec.ActiveWeights, rec.TrainRMSE, rec.W1Sum, rec.W1InRange = m.ActiveWeights, m.TrainRMSE, m.W1Sum, m.W1InRange
	r.res.Stages = append(r.res.Stages, rec)
	if condensed && r.recorded() {
		if err := r.complete(&m, After); err != nil {
			return err
		}
		r.res.History = append(r.res.History, m)
	}
	return nil
}

// recorded reports whether the history holds the ensemble as it was
// before the condensation that just ended a stage: whether the state after
// it belongs in the history too.
func (r *run) recorded() bool {
	h := r.res.History
	return len(h) > 0 && h[len(h)-1].Iter == r.done && h[len(h)-1].Condensation == Before
}

// condense applies Alg. graph_condense to the particles and the optimizer
// state.
func (r *run) condense() error {
	res, err := condense.Condense(r.res.Arch, r.x.Rows(), condense.Options{Threshold: r.c.Threshold})
	if err != nil {
		return err
	}
	if res, err = r.c.align(res); err != nil {
		return err
	}
	x, err := stein.EnsembleFromRows(res.Particles)
	if err != nil {
		return err
	}
	state := make([]*stein.Ensemble, len(r.state))
	for i, s := range r.state {
		if state[i], err = stein.EnsembleFromRows(res.Remap(s.Rows())); err != nil {
			return err
		}
	}
	r.x, r.state, r.res.Arch = x, state, res.Arch
	return nil
}

// WriteStages writes stages as an aligned text table, one line per stage:
// lambda, the template the stage ran on and its size (what each of its
// iterations computed), the template its graph condensation left ("–"
// when the stage ended without one), and, measured on the ensemble at the
// stage's end after that condensation, the mean active weights, the
// training error and the W1 sum over the whole test path and inside the
// training range; last, its milliseconds per iteration.
func WriteStages(w io.Writer, stages []StageRecord) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "stage\tlambda\tran on\tparams\tcondensed to\tactive\ttrain RMSE\tW1 sum\tW1 in range\tms/iter\t")
	for _, s := range stages {
		fmt.Fprintf(tw, "%d\t%.4g\t%s\t%d\t%s\t%.1f\t%.4f\t%.1f\t%.1f\t%.1f\t\n", s.Stage, s.Lambda, FormatWidths(s.Widths),
			s.TemplateParams, FormatCondensedTo(s.CondensedTo), s.ActiveWeights, s.TrainRMSE, s.W1Sum, s.W1InRange, s.MsPerIter)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err := fmt.Fprintf(w, "(active, train RMSE and W1 are measured at the stage's end, after its condensation; W1 in range: |δ| ≤ %g)\n", hyperelastic.TrainingDelta)
	return err
}

// FormatCondensedTo writes the template a stage's condensation left as
// [FormatWidths] does, or "–" for a stage that ended without one.
func FormatCondensedTo(widths []int) string {
	if len(widths) == 0 {
		return "–"
	}
	return FormatWidths(widths)
}

// FormatWidths writes widths as 3-30-30-1.
func FormatWidths(widths []int) string {
	s := make([]string, len(widths))
	for i, v := range widths {
		s[i] = strconv.Itoa(v)
	}
	return strings.Join(s, "-")
}

package speed

import (
	"fmt"

	"io"
	"strings"

	"github.com/csvgd/csvgd-go/csvgd/backend"
)

// Result is the measurement of one case. MsPerIter is the median wall
// time of one step of GoMLX's graph (a call of one step, [stein.Flow.Step]),
// MsPerIterSteps that of a step in calls of StepsPerCall steps
// ([stein.Flow.Steps]), ReferenceMsPerIter that of the hand-written
// reference, Ratio the first over the last.
type Result struct {
	Particles          int     `json:"particles"`
	Width              int     `json:"width"`
	Params             int     `json:"params"`
	MsPerIter          float64 `json:"ms_per_iter"`
	Iters              int     `json:"iters"`
	MsPerIterSteps     float64 `json:"ms_per_iter_steps,omitempty"`
	StepsPerCall       int     `json:"steps_per_call,omitempty"`
	StepsMode          string  `json:"steps_mode"`
	MedianBy           string  `json:"median_by"` // [stein.Flow.MedianBy]: host, radix or sort
	ReferenceMsPerIter float64 `json:"reference_ms_per_iter"`
	ReferenceIters     int     `json:"reference_iters"`
	Ratio              float64 `json:"ratio_to_reference"`
}

// Target is one of the project's speed targets, checked on a report: Value must
// be at most Bound (AtLeast false) or at least Bound (AtLeast true).
type Target struct {
	Name    string  `json:"name"`
	Value   float64 `json:"value"`
	Bound   float64 `json:"bound"`
	AtLeast bool    `json:"at_least"`
	Met     bool    `json:"met"`
}

// Report is what `csvgd bench -json` prints.
type Report struct {
	Backend          string   `json:"backend"`
	Description      string   `json:"backend_description"`
	SmallSteps       string   `json:"small_steps_backend,omitempty"` // where steps below backend.SmallGraph run`
	DType            string   `json:"dtype"`
	CPUs             int      `json:"cpus"`
	GoMaxProcs       int      `json:"gomaxprocs"`
	ReferenceWorkers int      `json:"reference_workers"`
	GoVersion        string   `json:"go_version,omitempty"`
	GoExperiment     string   `json:"goexperiment"`
	GoMLX            string   `json:"gomlx,omitempty"`
	Results          []Result `json:"results"`
	Targets          []Target `json:"targets"`
}

// find returns the result of a case, if measured.
func (r *Report) find(particles, width int) (Result, bool) {
	for _, res := range r.Results {
		if res.Particles == particles && res.Width == width {
			return res, true
		}
	}
	return Result{}, false
}

// evaluate checks the speed targets on the 10-particle cases measured
// (those against the reference only where the reference was timed).
func (r *Report) evaluate() []Target {
	var ts []Target
	for _, t := range []struct {
		width int
		bound float64
	}{{30, 1.5}, {8, 3}, {4, 3}} {
		if res, ok := r.find(10, t.width); ok && res.Ratio > 0 {
			ts = append(ts, Target{Name: fmt.Sprintf("graph / reference, 10 particles, width %d", t.width),
				Value: res.Ratio, Bound: t.bound, Met: res.Ratio <= t.bound})
		}
	}
	full, ok1 := r.find(10, 30)
	small, ok2 := r.find(10, 4)
	if ok1 && ok2 {
		v := full.MsPerIter / small.MsPerIter
		ts = append(ts, Target{Name: "graph step at width 30 / width 4, 10 particles", Value: v, Bound: 5, AtLeast: true, Met: v >= 5})
	}
	return ts
}

// WriteMarkdown writes the report as the speed table of docs/speed.md: one row per
// case, then the targets.
func (r *Report) WriteMarkdown(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "Backend `%s` (%s), %s, %d CPUs", r.Backend, r.Description, r.DType, r.CPUs)
	if r.GoMLX != "" {
		fmt.Fprintf(&b, "; GoMLX %s, GOEXPERIMENT=%s", r.GoMLX, orNone(r.GoExperiment))
	}
	if r.SmallSteps != "" {
		fmt.Fprintf(&b, "; steps with activations under %d elements on `%s`", backend.SmallGraph, r.SmallSteps)
	}
	fmt.Fprintf(&b, "; the reference on %d goroutines. Median ms per step.\n\n", r.ReferenceWorkers)
	b.WriteString("| particles | width | weights | GoMLX graph | hand-written reference | graph / reference |\n")
	b.WriteString("|---:|---:|---:|---:|---:|---:|\n")
	for _, res := range r.Results {
		fmt.Fprintf(&b, "| %d | %d | %d | %.2f | %.2f | %.2fx |\n",
			res.Particles, res.Width, res.Params, res.MsPerIter, res.ReferenceMsPerIter, res.Ratio)
	}
	if len(r.Targets) > 0 {
		b.WriteString("\n| target | measured | goal | met |\n|---|---:|---:|:---:|\n")
		for _, t := range r.Targets {
			rel := "<="
			if t.AtLeast {
				rel = ">="
			}
			met := "no"
			if t.Met {
				met = "yes"
			}
			fmt.Fprintf(&b, "| %s | %.2fx | %s %.1fx | %s |\n", t.Name, t.Value, rel, t.Bound, met)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// orNone is s, or "(none)" for "".
func orNone(s string) string {
	if s == "" {
		return "(none)"
	}
	return s
}

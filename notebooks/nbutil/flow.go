package nbutil

import (
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/csvgd/csvgd-go/csvgd/figures"
	"github.com/csvgd/csvgd-go/csvgd/mvn"
	"github.com/csvgd/csvgd-go/csvgd/stein"
)

// The choices of the live Stein flow of notebook 02.
var (
	flowAlphas     = []float64{0.25, 0.5, 1, 2}
	flowBetas      = []float64{1, 2}
	flowLambdas    = []float64{0, 0.01, 0.03, 0.1, 0.3, 1, 3, 10}
	flowBandwidths = []stein.Bandwidth{
		{Rule: stein.MedianLiuWang}, {Rule: stein.MedianPaper},
		{Rule: stein.Fixed, Gamma: 0.1}, {Rule: stein.Fixed, Gamma: 1},
		{Rule: stein.Fixed, Gamma: 10}, {Rule: stein.Fixed, Gamma: 100},
	}
)

// FlowStart is where the live flow starts, one of its choices for each
// control: alpha (0.25, 0.5, 1, 2), beta (1, 2), lambda (0, 0.01, 0.03,
// 0.1, 0.3, 1, 3, 10: a slider) and the bandwidth, as [stein.ParseBandwidth]
// reads it ("median": Liu & Wang's rule, "paper": the paper's rule, or
// gamma = "0.1", "1", "10", "100").
type FlowStart struct {
	Alpha, Beta, Lambda float64
	Bandwidth           string
}

// indices returns the controls' positions of s, or an error naming a
// value that is not among the choices.
func (s FlowStart) indices() ([4]int, error) {
	var at [4]int
	b, err := stein.ParseBandwidth(s.Bandwidth)
	if err != nil {
		return at, err
	}
	for i, c := range []struct {
		name    string
		v       float64
		choices []float64
	}{{"alpha", s.Alpha, flowAlphas}, {"beta", s.Beta, flowBetas}, {"lambda", s.Lambda, flowLambdas}} {
		if at[i] = slices.Index(c.choices, c.v); at[i] < 0 {
			return at, fmt.Errorf("live flow: %s = %v is not one of the choices %v", c.name, c.v, c.choices)
		}
	}
	if at[3] = slices.Index(flowBandwidths, b); at[3] < 0 {
		return at, fmt.Errorf("live flow: bandwidth %q is not one of the choices %v", s.Bandwidth, bandwidthNames())
	}
	return at, nil
}

// LiveFlow shows the Stein flow of the illustrative example (Sec. 4) as a
// [Live] view: selects for alpha, beta and the bandwidth, a slider for
// lambda and a button for a new initial draw; each change reruns a short
// flow from the particles' start (128 particles, 1000 iterations, about a
// second on two cores; 64 and 300 in quick mode) and redraws the
// particles on the (theta_1, theta_3) plane at the start and the end
// ([figures.FlowSnapshots]), with the Bhattacharyya distance and the mean
// |theta_3| in the caption. Headless: the flow of start, static.
func LiveFlow(target mvn.Target, start FlowStart, idle time.Duration) {
	at := Must(start.indices())
	b := Backend()
	Live{
		Name: "stein-flow",
		Controls: []Control{
			{Label: "α", Options: formatAll(flowAlphas), Value: at[0]},
			{Label: "β", Options: formatAll(flowBetas), Value: at[1]},
			{Label: "λ", Max: len(flowLambdas) - 1, Value: at[2]},
			{Label: "bandwidth", Options: bandwidthNames(), Value: at[3]},
		},
		Button: "new initial draw",
		Idle:   idle,
		Draw: func(v []int) (string, []*figures.Figure, error) {
			c := mvn.DefaultConfig()
			c.Particles, c.Iters = Pick(128, 64), Pick(1000, 300)
			c.Alpha, c.Beta, c.Lambda = flowAlphas[v[0]], flowBetas[v[1]], flowLambdas[v[2]]
			c.Bandwidth, c.Seed = flowBandwidths[v[3]], uint64(1+v[4])
			c.Snapshots = []int{0, c.Iters}
			r, err := mvn.Run(b, target, c)
			if err != nil {
				return "", nil, fmt.Errorf("α = %v, β = %v, λ = %v, bandwidth %s: %w", c.Alpha, c.Beta, c.Lambda, bandwidthName(c.Bandwidth), err)
			}
			caption := fmt.Sprintf("<p>α = %v, β = %v, <b>λ = %v</b>, bandwidth %s (γ = %.3g at the end), initial draw %d: "+
				"<b>Bhattacharyya distance %.4f, mean |θ₃| %.3f</b> (%d particles, %d iterations in %.1f s)</p>",
				c.Alpha, c.Beta, c.Lambda, bandwidthName(c.Bandwidth), r.Gamma, c.Seed, r.Bhattacharyya, r.L1Theta3, c.Particles, r.Iterations, r.Seconds)
			return caption, []*figures.Figure{figures.FlowSnapshots(r)}, nil
		},
	}.Show()
}

// formatAll writes each value as Go's shortest form.
func formatAll(vs []float64) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = strconv.FormatFloat(v, 'g', -1, 64)
	}
	return out
}

// bandwidthNames are the choices of the bandwidth select.
func bandwidthNames() []string {
	out := make([]string, len(flowBandwidths))
	for i, b := range flowBandwidths {
		out[i] = bandwidthName(b)
	}
	return out
}

// bandwidthName is how the live flow names a bandwidth.
func bandwidthName(b stein.Bandwidth) string {
	switch b.Rule {
	case stein.MedianLiuWang:
		return "median rule (Liu & Wang)"
	case stein.MedianMatrix:
		return "median rule (Liu & Wang's code: the N × N matrix)"
	case stein.MedianPaper:
		return "median rule (paper)"
	}
	return "γ = " + b.String()
}

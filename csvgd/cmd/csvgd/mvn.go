package main

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"

	"github.com/csvgd/csvgd-go/csvgd/backend"
	"github.com/csvgd/csvgd-go/csvgd/internal/jsonnum"
	"github.com/csvgd/csvgd-go/csvgd/mvn"
	"github.com/csvgd/csvgd-go/csvgd/stein"
)

// bandwidthFlag is a flag.Value for -gamma: a number, "median",
// "median-matrix" or "paper" ([stein.ParseBandwidth]).
type bandwidthFlag struct{ b *stein.Bandwidth }

func (f bandwidthFlag) String() string {
	if f.b == nil {
		return ""
	}
	return f.b.String()
}

func (f bandwidthFlag) Set(s string) error {
	b, err := stein.ParseBandwidth(s)
	if err != nil {
		return err
	}
	*f.b = b
	return nil
}

// mvnOutput is the JSON printed by "csvgd mvn -json". The results that a
// diverged run leaves not finite (its moments, its metrics, the median
// bandwidth of particles far apart) are jsonnum.Floats, null in the JSON,
// so that such a run prints them as the text output does.
type mvnOutput struct {
	Alpha         float64             `json:"alpha"`
	Beta          float64             `json:"beta"`
	Lambda        float64             `json:"lambda"`
	Prior         string              `json:"prior"`
	Bandwidth     string              `json:"bandwidth"`
	Gamma         jsonnum.Float       `json:"gamma"`
	Particles     int                 `json:"particles"`
	Seed          uint64              `json:"seed"`
	Optimizer     stein.OptimizerName `json:"optimizer"`
	StepSize      float64             `json:"step_size"`
	Mean          []jsonnum.Float     `json:"mean"`
	Cov           [][]jsonnum.Float   `json:"cov"`
	Bhattacharyya jsonnum.Float       `json:"bhattacharyya"`
	L1Theta3      jsonnum.Float       `json:"l1_theta3"`
	KSD           jsonnum.Float       `json:"ksd"`
	Iterations    int                 `json:"iterations"`
	Seconds       float64             `json:"seconds"`
	Backend       string              `json:"backend"`
	Final         [][]float64         `json:"particles_final,omitempty"`
	History       []mvnPoint          `json:"history,omitempty"`
}

// mvnPoint is one entry of the history of "csvgd mvn -json".
type mvnPoint struct {
	Iter          int           `json:"iter"`
	KSD           jsonnum.Float `json:"ksd"`
	Bhattacharyya jsonnum.Float `json:"bhattacharyya"`
	L1Theta3      jsonnum.Float `json:"l1_theta3"`
}

func runMVN(args []string, stdout, stderr io.Writer) int {
	c := mvn.DefaultConfig()
	fs := newFlagSet("mvn", "csvgd mvn [-alpha A] [-beta B] [-lambda L] [-gamma G|median|median-matrix|paper] [-particles N] [-iters K] [-seed S] [-json]\n\n"+
		"Runs SVGD on the illustrative example of the paper's Sec. 4 and reports the Bhattacharyya distance\n"+
		"of the ensemble's moments to the Gaussian likelihood's and the mean |theta_3| (sparsity).", stdout)
	registerSettings(fs, &c.Settings, "seed of the initial particles")
	fs.Float64Var(&c.Mask, "mask", c.Mask, "mask the kernel gradient near the parameter axes below this |theta_i| (0: off)")
	fs.Float64Var(&c.InitStd, "init-std", c.InitStd, "standard deviation of the initial particles around 0")
	c.Every = 100
	fs.IntVar(&c.Every, "every", c.Every, "history interval in iterations: KSD, Bhattacharyya distance and mean |theta_3| (0: none)")
	asJSON := fs.Bool("json", false, "print one JSON object on stdout")
	withParticles := fs.Bool("with-particles", false, "with -json, include the final particles (particles_final)")
	if code, stop := parseFlags(fs, args, stderr); stop {
		return code
	}
	if err := c.Validate(); err != nil {
		return usageError(fs, stderr, err)
	}
	b, err := backend.Default()
	if err != nil {
		return fail(fs, stderr, err)
	}
	r, err := mvn.Run(b, mvn.PaperTarget(), c)
	if err != nil {
		return fail(fs, stderr, err)
	}
	out := mvnOutput{
		Alpha: c.Alpha, Beta: c.Beta, Lambda: c.Lambda, Prior: c.Prior.String(), Bandwidth: c.Bandwidth.String(), Gamma: jsonnum.Float(r.Gamma),
		Particles: c.Particles, Seed: c.Seed, Optimizer: c.Optimizer, StepSize: c.StepSize,
		Mean: jsonnum.Floats(r.Mean), Cov: floatRows(mvn.Rows(r.Cov)), Bhattacharyya: jsonnum.Float(r.Bhattacharyya), L1Theta3: jsonnum.Float(r.L1Theta3),
		KSD: jsonnum.Float(r.KSD), Iterations: r.Iterations, Seconds: r.Seconds, Backend: backend.Config(),
	}
	for _, h := range r.History {
		out.History = append(out.History, mvnPoint{h.Iter, jsonnum.Float(h.KSD), jsonnum.Float(h.Bhattacharyya), jsonnum.Float(h.L1Theta3)})
	}
	if *withParticles {
		out.Final = r.Particles.Rows()
	}
	if *asJSON {
		if code := writeJSON(fs, stdout, stderr, out); code != exitOK {
			return code
		}
	} else {
		fmt.Fprintf(stdout, "mean           %.4f\ncov diagonal   %.4f\nBhattacharyya  %.4g\nmean |theta_3| %.4g\nKSD            %.4g\ngamma          %.4g\n%d iterations in %.2f s on %s\n",
			out.Mean, []jsonnum.Float{out.Cov[0][0], out.Cov[1][1], out.Cov[2][2]}, out.Bhattacharyya, out.L1Theta3, out.KSD, out.Gamma,
			out.Iterations, out.Seconds, out.Backend)
	}
	if err := notFinite(result{"mean", r.Mean}, result{"covariance", slices.Concat(mvn.Rows(r.Cov)...)}, one("Bhattacharyya distance", r.Bhattacharyya),
		one("mean |theta_3|", r.L1Theta3), one("KSD", r.KSD)); err != nil {
		return fail(fs, stderr, err)
	}
	return exitOK
}

// floatRows is rows with every value a jsonnum.Float.
func floatRows(rows [][]float64) [][]jsonnum.Float {
	out := make([][]jsonnum.Float, len(rows))
	for i, r := range rows {
		out[i] = jsonnum.Floats(r)
	}
	return out
}

// writeJSON prints v as indented JSON on stdout; a value it cannot encode
// is a failure while running.
func writeJSON(fs *flagSet, stdout, stderr io.Writer, v any) int {
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return fail(fs, stderr, fmt.Errorf("writing JSON: %w", err))
	}
	return exitOK
}

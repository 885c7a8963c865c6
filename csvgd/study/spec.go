package study

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"

	"github.com/csvgd/csvgd-go/csvgd/train"
)

// Spec is one training run of a study: the data's noise level and the
// training configuration.
type Spec struct {
	Label  string       // what the run is in its study, e.g. "cSVGD alpha = 0.5"
	Noise  float64      // picks data/hyperelastic/noise-S
	Config train.Config // the run
}

// runFileVersion changes whenever the meaning of a cached run changes
// (training code, file layout, the GoMLX version that computes it), so
// that older files are run again. Version 8: GoMLX v0.28.2; version 9:
// every history and stage record holds the W1 inside the training range.
const runFileVersion = 9

// Key identifies the run's result: a hash of the noise level, the
// configuration and runFileVersion (not of the label, so that studies
// share runs).
func (s Spec) Key() (string, error) {
	raw, err := json.Marshal(struct {
		Version int
		Noise   float64
		Config  train.Config
	}{runFileVersion, s.Noise, s.Config})
	if err != nil {
		return "", fmt.Errorf("study: %s: %w", s.Label, err)
	}
	sum := sha256.Sum256(raw)
	return hex.EncodeToString(sum[:8]), nil
}

// paperRun is the base of the Sec. 5.4-5.6 runs: cSVGD with the paper's
// prior (alpha, lambda = 0.05) and 10 particles on the 10% noise data, with
// the defaults of [train.DefaultConfig] (raw invariants, Liu & Wang's
// median bandwidth, the calibrated likelihood scale); in quick mode 200
// iterations in stages of 50 instead of 2000 in stages of 500.
func (p Plan) paperRun(label string, alpha float64) Spec {
	c := train.DefaultConfig()
	c.Alpha, c.Lambda = alpha, 0.05
	if p.Quick {
		c.Iters, c.Stage, c.Every, c.RefDraws = 200, 50, 25, 200
	}
	return Spec{Label: label, Noise: 0.1, Config: c}
}

// Plan is the size of the studies: the paper's settings, or Quick ones
// (fewer particles, iterations and grid points) for a first look and for
// the tests. Its methods list the runs of each study at that size; a
// [Store] has one, so that the studies it runs need no other argument.
type Plan struct {
	Quick bool // quick mode (CSVGD_QUICK=1, -quick): short runs, cached apart from the full ones
}

// PaperRuns are the runs of the paper's Sec. 5 studies at the plan's size
// (Figs. graph_condense_sequence to adaptive_penalty), in the order of the
// figures; runs that two studies share appear once per study.
func (p Plan) PaperRuns() []Spec {
	specs := []Spec{p.GraphRun()}
	with, without := p.SpeedupRuns()
	specs = append(specs, with...)
	specs = append(specs, without...)
	specs = append(specs, p.ConvergencePriorsRuns()...)
	specs = append(specs, p.ConvergenceEnsembleRuns()...)
	specs = append(specs, p.ConvergenceNoiseRuns()...)
	specs = append(specs, p.MethodRuns()...)
	fixed, adaptive := p.AdaptiveRuns()
	for _, row := range fixed {
		specs = append(specs, row...)
	}
	return append(specs, adaptive...)
}

package study

import (
	"github.com/csvgd/csvgd-go/csvgd/runcache"
	"github.com/csvgd/csvgd-go/csvgd/train"
)

// paperRun is the base of the Sec. 5.4-5.6 runs: cSVGD with the paper's
// prior (alpha, lambda = 0.05) and 10 particles on the 10% noise data, with
// the defaults of [train.DefaultConfig] (raw invariants, Liu & Wang's
// median bandwidth, the calibrated likelihood scale); in quick mode 200
// iterations in stages of 50 instead of 2000 in stages of 500.
func (p Plan) paperRun(label string, alpha float64) runcache.Spec {
	c := train.DefaultConfig()
	c.Alpha, c.Lambda = alpha, 0.05
	if p.Quick {
		c.Iters, c.Stage, c.Every, c.RefDraws = 200, 50, 25, 200
	}
	return runcache.Spec{Label: label, Noise: 0.1, Config: c}
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
func (p Plan) PaperRuns() []runcache.Spec {
	specs := []runcache.Spec{p.GraphRun()}
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

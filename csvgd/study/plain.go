package study

import (
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/runcache"
	"github.com/csvgd/csvgd-go/csvgd/stein"
	"github.com/csvgd/csvgd-go/csvgd/train"
)

// PlainSVGDRun is the run of notebook 03 (Secs. 5.1-5.3) and of the
// scorecard of those sections: the plain Stein flow (SVGD without
// condensation and without a prior, lambda = 0), 10 particles, on the 10%
// noise data, with the defaults of [train.DefaultConfig] (2000 iterations;
// 300 in quick mode), the history recorded every fifth of the run.
func (p Plan) PlainSVGDRun() runcache.Spec {
	c := train.DefaultConfig()
	c.Method = train.SVGD
	if p.Quick {
		c.Iters, c.RefDraws = 300, 200
	}
	c.Every = c.Iters / 5
	return runcache.Spec{Label: "SVGD, no prior", Noise: 0.1, Config: c}
}

// LiteralBandwidthRun is PlainSVGDRun with the paper's Sec. 5.4 bandwidth
// rule read literally ([stein.MedianPaper]: gamma = sqrt(dbar / (2 log(N+1))),
// dbar the median plain distance), the run notebook 01 compares with
// PlainSVGDRun to show what that reading does to the kernel between
// 1020-parameter particles (docs/reading.md section 3).
func (p Plan) LiteralBandwidthRun() runcache.Spec {
	s := p.PlainSVGDRun()
	s.Label = "SVGD, no prior, the paper's bandwidth rule read literally"
	s.Config.Bandwidth = stein.Bandwidth{Rule: stein.MedianPaper}
	return s
}

// ShiftedInputsRun is PlainSVGDRun on the shifted invariants (I1 - 3,
// I2 - 3, I3 - 1) instead of the raw ones, the run notebook 03 compares
// with PlainSVGDRun: without biases every first-layer kink then sits at
// F = I.
func (p Plan) ShiftedInputsRun() runcache.Spec {
	s := p.PlainSVGDRun()
	s.Label = "SVGD, no prior, shifted inputs"
	s.Config.Arch.Inputs = icnn.Shifted
	return s
}

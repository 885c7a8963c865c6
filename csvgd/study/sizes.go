package study

import (
	"fmt"
	"strings"

	"github.com/csvgd/csvgd-go/csvgd/collapse"
	"github.com/csvgd/csvgd-go/csvgd/exact"
	"github.com/csvgd/csvgd-go/csvgd/mvn"
	"github.com/csvgd/csvgd-go/csvgd/regress"
	"github.com/csvgd/csvgd-go/csvgd/train"
)

// Topic is a group of studies whose size quick mode changes, for saying
// what a mode means where its results are shown (the notebooks' banner).
type Topic int

const (
	// IllustrativeTopic: the illustrative example of Sec. 4 (the survey,
	// the converged particles, the theta_3 marginal).
	IllustrativeTopic Topic = iota
	// NetworkTopic: the training runs of Sec. 5 (cSVGD, SVGD and the
	// baselines on the hyperelastic data).
	NetworkTopic
	// ReferenceTopic: the NUTS references on the templates.
	ReferenceTopic
	// NewtonTopic: the Newton updates on the condensed templates.
	NewtonTopic
	// CollapseTopic: the variance collapse on Gaussians.
	CollapseTopic
	// RegressionTopic: the regression benchmark of dense networks (table
	// uci).
	RegressionTopic
)

// Part is the part of the reproduction whose runs hold the topic's: the
// illustrative example and Sec. 5's runs are the paper's, the rest lies
// beyond it.
func (t Topic) Part() Part {
	if t == IllustrativeTopic || t == NetworkTopic {
		return PaperPart
	}
	return BeyondPart
}

// Size is one setting of a study at the plan's size.
type Size struct {
	What  string // the study or runs it sets, e.g. "Sec. 5's cSVGD runs"
	Value string // its setting, e.g. "2000 iterations in stages of 500"
	// Source says, for the full-size setting, which of its values the
	// paper gives and which this project chose ("" when not stated).
	Source string
}

// Sizes are the settings of the studies of topics at the plan's size:
// with [Plan] at full and at quick size, what quick mode changes.
func (p Plan) Sizes(topics ...Topic) []Size {
	var out []Size
	for _, t := range topics {
		out = append(out, p.topicSizes(t)...)
	}
	return out
}

// topicSizes are the settings of one topic.
func (p Plan) topicSizes(t Topic) []Size {
	switch t {
	case IllustrativeTopic:
		s := mvn.PaperSurvey(p.Quick)
		return []Size{{"the survey of Fig. mvn_survey", fmt.Sprintf("%d particles, %d iterations, %d λ × %d γ for each α and β",
			s.Base.Particles, s.Base.Iters, len(s.Lambdas), len(s.Gammas)), ""}}
	case NetworkTopic:
		c := p.paperRun("", 0.5).Config
		plain := p.PlainSVGDRun().Config
		_, adaptive := p.AdaptiveRuns()
		a := adaptive[0].Config
		return []Size{
			{"Sec. 5's cSVGD runs", fmt.Sprintf("%d iterations in stages of %d", c.Iters, c.Stage),
				"this project's: the paper gives neither the iterations nor the stage length"},
			{"the runs of Fig. adaptive_penalty", fmt.Sprintf("%d iterations, the adaptive schedule in stages of %d", a.Iters, a.Stage),
				"the iterations are the paper's (Sec. 5.6), read as the whole budget; the stage length is this project's"},
			{"the plain SVGD run", fmt.Sprintf("%d iterations", plain.Iters), "this project's"},
			{"the ensemble sizes of Fig. convergence_ensemble", listInts(p.EnsembleSizes()), "the paper's"},
		}
	case ReferenceTopic:
		c := exact.DefaultConfig(p.Quick)
		return []Size{{"the NUTS references", fmt.Sprintf("%d chains of %d warm-up and %d kept iterations, trees of depth at most %d",
			c.Chains, c.Warmup, c.Draws, c.MaxDepth), ""}}
	case NewtonTopic:
		seeds := "1 seed"
		if n := len(p.newtonSeeds()); n != 1 {
			seeds = fmt.Sprintf("%d seeds", n)
		}
		return []Size{{"the Newton study", fmt.Sprintf("ensembles of %s particles, %s each", listInts(p.newtonSizes()), seeds), ""}}
	case RegressionTopic:
		bm := p.UCIBenchmark(UCISets[0], uciSVGD())
		c := bm.Config
		lo, hi, fewest := c.Iters, c.Iters, len(bm.Splits)
		for _, set := range UCISets {
			b := p.UCIBenchmark(set, uciSVGD())
			lo, hi, fewest = min(lo, b.Config.Iters), max(hi, b.Config.Iters), min(fewest, len(b.Splits))
		}
		iters := fmt.Sprintf("%d iterations", lo)
		if hi != lo {
			iters = fmt.Sprintf("%d to %d iterations by data set (Liu & Wang's)", lo, hi)
		}
		splits := fmt.Sprintf("%d splits per data set", len(bm.Splits))
		if len(bm.Splits) == 1 {
			splits = "1 split per data set"
		}
		if fewest != len(bm.Splits) {
			splits = fmt.Sprintf("%d splits per data set (%d of protein)", len(bm.Splits), fewest)
		}
		f := p.RegressionFit(train.CSVGD, regress.DefaultLambda)
		return []Size{
			{"the regression benchmark (table uci)", fmt.Sprintf("%d data sets, %s, %d particles, %s, cSVGD in stages of %d",
				len(UCISets), splits, c.Particles, iters, c.Stage), ""},
			{"the fits of split 0 of yacht (notebook 10)", fmt.Sprintf("%d particles, %d iterations, cSVGD in stages of %d", f.Particles, f.Iters, f.Stage), ""},
		}
	case CollapseTopic:
		c := collapse.PaperSweep(p.Quick)
		return []Size{{"the variance collapse", fmt.Sprintf("dimensions %s, particle counts %s", listInts(c.Dims), listInts(c.Counts)), ""}}
	}
	return nil
}

// listInts is "10, 20 and 50".
func listInts(vs []int) string {
	s := strings.Split(joinInts(vs), ", ")
	if len(s) < 2 {
		return s[0]
	}
	return strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}

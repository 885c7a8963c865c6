package regress

import (
	"fmt"
	"github.com/csvgd/csvgd-go/csvgd"
	"math"

	"github.com/csvgd/csvgd-go/csvgd/condense"
	"github.com/csvgd/csvgd-go/csvgd/dense"
	"github.com/csvgd/csvgd-go/csvgd/stein"
	"github.com/csvgd/csvgd-go/csvgd/train"
)

// Config is one fit of a Stein ensemble of dense networks to regression
// data: the Stein settings every flow shares, the network, the noise, Liu
// & Wang's mini-batches and development set, and cSVGD's stages.
type Config struct {
	stein.Settings
	Method     train.Method     // csvgd (stages ended by graph condensation), svgd (one stage, no condensation) or ensemble (svgd without the kernel: independent MAP fits)
	Hidden     []int            // the hidden layers' widths
	Activation dense.Activation // the hidden layers' activation
	// NoiseSD, when > 0, fixes the noise standard deviation of every
	// target, in the data's units; 0 learns the noise precisions.
	NoiseSD float64
	// Batch is the mini-batch size; 0 takes every training point at every
	// step.
	Batch int
	// Dev is the fraction of the training rows, the last ones, held out
	// as Liu & Wang's development set (at most DevMax rows), on which
	// every particle's noise precision is refitted after training ([Fit]);
	// 0 holds none out.
	Dev float64
	// Stage is csvgd's number of iterations per stage.
	Stage int
	// AdaptiveSchedule is the adaptive penalty of Sec. 5.6 (csvgd).
	train.AdaptiveSchedule
	// Threshold is |w| below which a weight or bias counts as inactive
	// and is pruned, and the prior score's smoothing.
	Threshold float64
	// Every is the history's interval in iterations (0: the start and the
	// end only).
	Every int
}

// DevMax is the largest development set, as in Liu & Wang's code.
const DevMax = 500

// LiuWang is Liu & Wang's setup for the regression benchmark (their
// reference code, python/bayesian_nn.py, and the paper's Sec. 5): SVGD
// with 20 particles, one hidden layer of 50 ReLU units, 2000 iterations
// of Adagrad with momentum (step 1e-3, decay 0.9: [stein.AdagradName]),
// mini-batches of 100, the RBF kernel with the median bandwidth, the last
// 10% of the training rows (at most 500) as the development set, the seed
// 1. docs/reading.md section 16 says what differs; Optimizer =
// [stein.AdagradResetName] is the Adagrad of their first public code, its
// state reset every iteration (docs/reading.md section 18).
func LiuWang() Config {
	return Config{
		Settings: stein.Settings{
			Particles: 20, Iters: 2000, Optimizer: stein.AdagradName, StepSize: 1e-3,
			Alpha: 0.5, Lambda: 0, Beta: 2, Bandwidth: stein.Bandwidth{Rule: stein.MedianLiuWang}, Seed: 1,
		},
		Method: train.SVGD, Hidden: []int{50}, Activation: dense.ReLU, Batch: 100, Dev: 0.1,
		Stage: 250, AdaptiveSchedule: train.AdaptiveSchedule{Growth: 2, Tolerance: 0.1},
		Threshold: condense.PaperThreshold, Every: 100,
	}
}

// DefaultLambda is cSVGD's prior multiplier per training point on the
// regression benchmark (alpha = 1/2): the lighter of the two settings
// docs/own-data.md compares, the default of csvgd fit.
const DefaultLambda = 1e-3

// Default is csvgd fit's starting point: [LiuWang]'s setup run as cSVGD,
// the alpha = 1/2 prior at [DefaultLambda] per training point, stages of
// 250 iterations each ended by graph condensation.
func Default() Config {
	c := LiuWang()
	c.Method, c.Lambda = train.CSVGD, DefaultLambda
	return c
}

// Arch is the network of the configuration for in inputs and out outputs.
func (c Config) Arch(in, out int) dense.Arch {
	w := append([]int{in}, c.Hidden...)
	return dense.Arch{Widths: append(w, out), Activation: c.Activation}
}

// stateBytes is a lower bound of the bytes of the particles' state: the
// weights of each particle's network (with one input and one output, the
// fewest there are) in about eight float64 arrays (the particles, their
// score, the optimizer's moments, the step's terms).
func (c Config) stateBytes() float64 {
	return 8 * 8 * float64(c.Particles) * float64(c.Arch(1, 1).NumParams())
}

// Validate reports the first bad setting, naming its value.
func (c Config) Validate() error {
	if c.Method != train.SVGD && c.Method != train.CSVGD && c.Method != train.Ensemble {
		return fmt.Errorf("method %q: want svgd, csvgd or ensemble", string(c.Method))
	}
	for _, h := range c.Hidden {
		if h < 1 {
			return fmt.Errorf("hidden widths %v: every layer needs at least one node", c.Hidden)
		}
	}
	if err := csvgd.CheckMemory(fmt.Sprintf("%d particles of hidden widths %v", c.Particles, c.Hidden), c.stateBytes()); err != nil {
		return err
	}
	if err := c.Activation.Validate(); err != nil {
		return err
	}
	switch {
	case !(c.NoiseSD >= 0) || math.IsInf(c.NoiseSD, 0):
		return fmt.Errorf("noise standard deviation %v must be finite and >= 0 (0: learned)", c.NoiseSD)
	case c.Batch < 0:
		return fmt.Errorf("batch size %d must be >= 0 (0: all training points)", c.Batch)
	case !(c.Dev >= 0 && c.Dev < 1):
		return fmt.Errorf("development fraction %v: want a number in [0, 1)", c.Dev)
	case c.Method == train.CSVGD && c.Stage < 1:
		return fmt.Errorf("stage length = %d: need at least 1 iteration per stage", c.Stage)
	case !(c.Threshold >= 0) || math.IsInf(c.Threshold, 0):
		return fmt.Errorf("threshold = %v must be finite and >= 0", c.Threshold)
	case c.Every < 0:
		return fmt.Errorf("history interval = %d must be >= 0", c.Every)
	case c.Prior != stein.PenaltyForm:
		return fmt.Errorf("prior %s: fitting reads the alpha prior in the penalty form, lambda |theta|^alpha per training point", c.Prior)
	}
	if err := c.AdaptiveSchedule.Check(c.Method, c.Lambda); err != nil {
		return err
	}
	return c.Settings.Validate()
}

// flowConfig is the Stein flow's configuration for the model m: the
// settings' prior smoothed at the threshold and kept off the model's
// precisions.
func (c Config) flowConfig(m Model) (stein.Config, error) {
	sc, err := c.FlowConfig(0, c.Threshold)
	sc.Prior.Hyper = m.Extra()
	sc.Independent = c.Method == train.Ensemble
	return sc, err
}

// schedule is the run's stages (package train's, shared with the
// input-convex network's runs).
func (c Config) schedule() train.Schedule {
	return train.NewSchedule(c.Method, c.Iters, c.Stage, c.Lambda, c.AdaptiveSchedule)
}

// condenseOptions are graph condensation's options at the threshold.
func (c Config) condenseOptions() condense.Options { return condense.Options{Threshold: c.Threshold} }

package exact

import (
	"fmt"

	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/stein"
	"github.com/csvgd/csvgd-go/csvgd/train"
)

// Settings are what the posterior of a Stein ensemble's template is made
// of besides the network and the data: the noise level of the data it was
// trained on, the likelihood's form and scale, and the prior of its final
// stage.
type Settings struct {
	Noise      float64          // noise level of the training data (0.1 = 10%): picks the committed data set
	Sigma      float64          // the likelihood's noise scale (docs/reading.md section 9)
	Likelihood train.Likelihood // mean (per data point, the default of training) or sum
	Prior      stein.Prior      // alpha, the final stage's lambda, the smoothing s and the form
}

// SettingsOf are the settings of a finished training run on data of the
// given noise level: its sigma, likelihood and prior, with the lambda of
// its last stage (docs/reading.md section 11: the adaptive schedule ends at
// its initial value) and the smoothing s of the prior's score, the
// run's threshold.
func SettingsOf(res *train.Result, noise float64) Settings {
	c := res.Config
	lambda := c.Lambda
	if n := len(res.Stages); n > 0 {
		lambda = res.Stages[n-1].Lambda
	}
	return Settings{
		Noise: noise, Sigma: res.Sigma, Likelihood: c.Likelihood,
		Prior: stein.Prior{Alpha: c.Alpha, Lambda: lambda, Smoothing: c.Threshold, Form: c.Prior},
	}
}

// Validate reports a setting out of range, naming it.
func (s Settings) Validate() error {
	switch {
	case !(s.Noise >= 0):
		return fmt.Errorf("noise = %v must be >= 0", s.Noise)
	case !(s.Sigma > 0):
		return fmt.Errorf("sigma = %v must be > 0", s.Sigma)
	case s.Likelihood.Validate() != nil:
		return s.Likelihood.Validate()
	case !(s.Prior.Smoothing > 0):
		return fmt.Errorf("prior smoothing = %v must be > 0", s.Prior.Smoothing)
	}
	return s.Prior.Validate()
}

// Posterior is the posterior of the template arch under these settings on
// the training points: the likelihood's weight w is 1/(2 sigma^2), divided
// by the number of points for the mean form ([train.Problem.Weight]).
func (s Settings) Posterior(arch icnn.Arch, trainSet []hyperelastic.Sample) (*Posterior, error) {
	if err := s.Validate(); err != nil {
		return nil, fmt.Errorf("exact: %w", err)
	}
	p := train.Problem{Config: train.Config{Likelihood: s.Likelihood}, Arch: arch, Train: icnn.NewBatch(trainSet), Sigma: s.Sigma}
	return NewPosterior(arch, p.Train, p.Weight(), s.Prior)
}

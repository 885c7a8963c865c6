package study

import (
	"fmt"

	"github.com/csvgd/csvgd-go/csvgd/figures"
	"github.com/csvgd/csvgd-go/csvgd/mvn"
)

// MVNKSDLambdas are the prior multipliers of the runs of Fig. mvn_ksd.
var MVNKSDLambdas = []float64{0, 0.1, 1}

// MVNKSDConfigs are the runs of Fig. mvn_ksd: the illustrative example
// with mvn.DefaultConfig (128 particles, Liu & Wang's bandwidth, alpha =
// 1, 2000 iterations; 500 in quick mode) at each of MVNKSDLambdas, the
// history every 20 iterations.
func (p Plan) MVNKSDConfigs() []mvn.Config {
	var out []mvn.Config
	for _, l := range MVNKSDLambdas {
		c := mvn.DefaultConfig()
		c.Lambda, c.Every = l, 20
		if p.Quick {
			c.Iters = 500
		}
		out = append(out, c)
	}
	return out
}

// MVNKSD makes the figure "mvn_ksd" from MVNKSDConfigs (a few seconds;
// not cached).
func MVNKSD(s *Store) (*figures.Figure, error) {
	var runs []*mvn.Result
	var labels []string
	for _, c := range s.MVNKSDConfigs() {
		r, err := mvn.Run(s.Backend, mvn.PaperTarget(), c)
		if err != nil {
			return nil, fmt.Errorf("mvn_ksd, lambda = %g: %w", c.Lambda, err)
		}
		runs, labels = append(runs, r), append(labels, fmt.Sprintf("λ = %g", c.Lambda))
	}
	return figures.MVNKSD(labels, runs), nil
}

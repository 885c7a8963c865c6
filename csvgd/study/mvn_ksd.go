package study

import (
	"fmt"
	"slices"

	"github.com/csvgd/csvgd-go/csvgd/figures"
	"github.com/csvgd/csvgd-go/csvgd/metrics"
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

// ExactKSDSamples is how many exact samples of the likelihood give the
// reference band of Fig. mvn_ksd.
const ExactKSDSamples = 200

// ExactKSDBand is the reference band of Fig. mvn_ksd, labelled "exact
// samples, λ = 0": the central 90% (the band) and the median (its line) of
// the KSDs of ExactKSDSamples exact samples of n points of the Sec. 4
// likelihood ([mvn.ExactSampleKSDs]).
func ExactKSDBand(n int) (*figures.KSDBand, error) {
	ks, err := mvn.ExactSampleKSDs(mvn.PaperTarget(), n, ExactKSDSamples, 1)
	if err != nil {
		return nil, err
	}
	slices.Sort(ks)
	return &figures.KSDBand{
		Label: "exact samples, λ = 0",
		Lo:    metrics.QuantileSorted(ks, 0.05), Mid: metrics.QuantileSorted(ks, 0.5), Hi: metrics.QuantileSorted(ks, 0.95),
	}, nil
}

// MVNKSD makes the figure "mvn_ksd" from MVNKSDConfigs (a few seconds;
// not cached), with the band of exact samples of the runs' size
// ([ExactKSDBand]).
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
	band, err := ExactKSDBand(s.MVNKSDConfigs()[0].Particles)
	if err != nil {
		return nil, err
	}
	return figures.MVNKSD(labels, runs, band), nil
}

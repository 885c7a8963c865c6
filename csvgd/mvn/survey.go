package mvn

import (
	"fmt"
	"math"

	"github.com/csvgd/csvgd-go/csvgd/stein"
	"github.com/gomlx/compute"
)

// SurveyConfig is the grid of the paper's Fig. mvn_survey: every
// combination of prior order alpha, kernel order beta, multiplier lambda and
// fixed bandwidth gamma, each run from Base (same particles, seed and
// iterations).
type SurveyConfig struct {
	Alphas, Betas, Lambdas, Gammas []float64
	Base                           Config
}

// PaperSurvey is the survey of the paper's Sec. 4: alpha in {1/4, 1, 2},
// beta in {1, 2}, 128 particles, log grids of lambda (0.01 to 10) and
// gamma (0.3 to 300), 1000 iterations per run. quick shrinks it for a first
// look and for CI: 32 particles, 300 iterations, coarser grids.
func PaperSurvey(quick bool) SurveyConfig {
	base := DefaultConfig()
	base.Iters = 1000
	sc := SurveyConfig{
		Alphas:  []float64{0.25, 1, 2},
		Betas:   []float64{1, 2},
		Lambdas: decadeGrid(1, -2, 1, 7),
		Gammas:  decadeGrid(3, -1, 2, 4),
		Base:    base,
	}
	if quick {
		sc.Base.Particles, sc.Base.Iters = 32, 300
		sc.Lambdas = decadeGrid(1, -2, 1, 4)
		sc.Gammas = decadeGrid(3, -1, 2, 3)
	}
	return sc
}

// decadeGrid returns n values m*10^x with the exponent x evenly spaced from
// the integer from to the integer to (n >= 2): a log grid from m*10^from to
// m*10^to. A value whose exponent is an integer k is computed as m times (or
// divided by) the exact power 10^|k|, so that it is the float64 nearest to
// m*10^k: the grid holds 1, 10 or 0.3 themselves, not 0.9999999999999998,
// and a run configured with lambda = 1 is the survey's run at that point.
// The other values are m*10^x by math.Pow.
func decadeGrid(m float64, from, to, n int) []float64 {
	g := make([]float64, n)
	for i := range g {
		num := i * (to - from) // x = from + num/(n-1)
		if num%(n-1) == 0 {
			k := from + num/(n-1)
			if k >= 0 {
				g[i] = m * math.Pow10(k)
			} else {
				g[i] = m / math.Pow10(-k)
			}
			continue
		}
		g[i] = m * math.Pow(10, float64(from)+float64(num)/float64(n-1))
	}
	return g
}

// SurveyPoint is one run of the survey: the Bhattacharyya distance of the
// ensemble's moments to the likelihood's (the paper's measure,
// docs/reading.md section 5), to the exact posterior's ([ExactMoments] of
// the prior at the run's alpha and lambda), and the mean |theta_3|.
type SurveyPoint struct {
	Alpha, Beta, Lambda, Gamma float64
	Bhattacharyya, L1Theta3    float64
	BhattacharyyaPosterior     float64
	Error                      string `json:",omitempty"` // set when the run failed
}

// Points lists the configurations of the survey in a fixed order.
func (s SurveyConfig) Points() []Config {
	var cs []Config
	for _, a := range s.Alphas {
		for _, b := range s.Betas {
			for _, l := range s.Lambdas {
				for _, g := range s.Gammas {
					c := s.Base
					c.Alpha, c.Beta, c.Lambda = a, b, l
					c.Bandwidth = stein.Bandwidth{Rule: stein.Fixed, Gamma: g}
					cs = append(cs, c)
				}
			}
		}
	}
	return cs
}

// Survey runs every point of s with [RunAll] and returns them in the order
// of [SurveyConfig.Points]. A run that fails (for example with a non-finite
// update) is kept with its error and NaN metrics rather than stopping the
// survey. progress, when not nil, is called after each run.
func Survey(b compute.Backend, t Target, s SurveyConfig, progress func(done, total int)) ([]SurveyPoint, error) {
	cfgs := s.Points()
	for _, c := range cfgs {
		if err := c.Validate(); err != nil {
			return nil, fmt.Errorf("mvn survey: %w", err)
		}
	}
	results, errs := RunAll(b, t, cfgs, progress)
	exact := posteriors{t: t, moments: map[stein.Prior]exactMoments{}}
	out := make([]SurveyPoint, len(cfgs))
	for i, c := range cfgs {
		out[i] = SurveyPoint{Alpha: c.Alpha, Beta: c.Beta, Lambda: c.Lambda, Gamma: c.Bandwidth.Gamma,
			Bhattacharyya: math.NaN(), L1Theta3: math.NaN(), BhattacharyyaPosterior: math.NaN()}
		if errs[i] != nil {
			out[i].Error = errs[i].Error()
			continue
		}
		out[i].Bhattacharyya, out[i].L1Theta3 = results[i].Bhattacharyya, results[i].L1Theta3
		d, err := exact.distance(c.SteinPrior(), results[i])
		if err != nil {
			return nil, fmt.Errorf("mvn survey: %w", err)
		}
		out[i].BhattacharyyaPosterior = d
	}
	return out, nil
}

// SurveyPointAt is the point of pts at exactly (alpha, beta, lambda,
// gamma), and whether there is one. The match is exact, not within a
// tolerance: a run is its configuration, and the survey's flow at a lambda
// one rounding error away is another run with another result.
func SurveyPointAt(pts []SurveyPoint, alpha, beta, lambda, gamma float64) (SurveyPoint, bool) {
	for _, p := range pts {
		if p.Alpha == alpha && p.Beta == beta && p.Lambda == lambda && p.Gamma == gamma {
			return p, true
		}
	}
	return SurveyPoint{}, false
}

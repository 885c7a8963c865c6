package mvn

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/csvgd/csvgd-go/csvgd/stein"
	"github.com/gomlx/compute"
)

// MarginalConfig is the study of the theta_3 marginal of the Stein
// ensemble against the exact one ([Marginal]): Base (its alpha, lambda,
// particles, iterations, the beta = 2 kernel with Liu & Wang's median
// bandwidth), then Base with each fixed bandwidth of Gammas, with each
// kernel order of Betas (median bandwidth), and with each ensemble size of
// Particles.
type MarginalConfig struct {
	Base      Config
	Gammas    []float64
	Betas     []float64
	Particles []int
}

// PaperMarginal is the study of Fig. mvn_exact: the survey's run
// ([PaperSurvey]: 128 particles, 1000 iterations; 32 and 300 in quick mode)
// with the alpha = 1 prior at lambda = 0.1, which pulls theta_3's mean from
// 3 to below 1 and halves its standard deviation, against the survey's
// fixed bandwidths, the beta = 1 kernel, and a quarter and four times the
// particles.
func PaperMarginal(quick bool) MarginalConfig {
	s := PaperSurvey(quick)
	base := s.Base
	base.Alpha, base.Beta, base.Lambda = 1, 2, 0.1
	n := base.Particles
	return MarginalConfig{Base: base, Gammas: s.Gammas, Betas: []float64{1}, Particles: []int{n / 4, 4 * n}}
}

// MarginalRun is one run of the study: what varies ("bandwidth", "beta",
// "particles", or "base"), its configuration, the final theta_3 of every
// particle, the 1-D Wasserstein distance of that sample to the exact
// marginal and the Bhattacharyya distance of the ensemble's moments to
// the exact posterior's.
type MarginalRun struct {
	Vary          string
	Config        Config
	Theta3        []float64
	W1            float64
	Bhattacharyya float64
}

// Label names the run by what varies: "median" for the base run.
func (r MarginalRun) Label() string {
	switch r.Vary {
	case "bandwidth":
		return fmt.Sprintf("γ = %.3g", r.Config.Bandwidth.Gamma)
	case "beta":
		return fmt.Sprintf("β = %.3g", r.Config.Beta)
	case "particles":
		return fmt.Sprintf("N = %d", r.Config.Particles)
	}
	return fmt.Sprintf("median γ, β = %.3g, N = %d", r.Config.Beta, r.Config.Particles)
}

// runs lists the study's configurations with what varies in each.
func (m MarginalConfig) runs() ([]string, []Config) {
	vary, cfgs := []string{"base"}, []Config{m.Base}
	for _, g := range m.Gammas {
		c := m.Base
		c.Bandwidth = stein.Bandwidth{Rule: stein.Fixed, Gamma: g}
		vary, cfgs = append(vary, "bandwidth"), append(cfgs, c)
	}
	for _, b := range m.Betas {
		c := m.Base
		c.Beta = b
		vary, cfgs = append(vary, "beta"), append(cfgs, c)
	}
	for _, n := range m.Particles {
		c := m.Base
		c.Particles = n
		vary, cfgs = append(vary, "particles"), append(cfgs, c)
	}
	return vary, cfgs
}

// MarginalStudy runs the study with [RunAll] and measures every run
// against the exact posterior; the first run is the base.
func MarginalStudy(b compute.Backend, t Target, m MarginalConfig, progress func(done, total int)) ([]MarginalRun, error) {
	vary, cfgs := m.runs()
	for _, c := range cfgs {
		if err := c.Validate(); err != nil {
			return nil, fmt.Errorf("mvn marginal study: %w", err)
		}
	}
	prior := m.Base.SteinPrior()
	density, err := Marginal(t, prior, 2)
	if err != nil {
		return nil, err
	}
	results, errs := RunAll(b, t, cfgs, progress)
	if err := errors.Join(errs...); err != nil {
		return nil, fmt.Errorf("mvn marginal study: %w", err)
	}
	exact := posteriors{t: t, moments: map[stein.Prior]exactMoments{}}
	out := make([]MarginalRun, len(cfgs))
	for i, r := range results {
		out[i] = MarginalRun{Vary: vary[i], Config: cfgs[i], Theta3: r.Particles.Component(2)}
		out[i].W1 = W1ToDensity(out[i].Theta3, density)
		if out[i].Bhattacharyya, err = exact.distance(prior, r); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// W1ToDensity is the 1-D Wasserstein distance between the sample xs and
// the density p, int |F_n(x) - F(x)| dx, with F the distribution function
// of p by the trapezoidal rule on 20001 points of [min xs - w, max xs + w],
// w = 40 + the sample's range (the density must be negligible outside:
// the theta_3 marginals have standard deviations of 20 at most).
func W1ToDensity(xs []float64, p func(float64) float64) float64 {
	s := slices.Sorted(slices.Values(xs))
	w := 40 + s[len(s)-1] - s[0]
	lo, hi := s[0]-w, s[len(s)-1]+w
	const n = 20001
	h := (hi - lo) / (n - 1)
	var cdf, w1 float64
	k := 0
	prev := p(lo)
	for i := 1; i < n; i++ {
		x := lo + float64(i)*h
		cur := p(x)
		cdf += h * (prev + cur) / 2
		prev = cur
		for k < len(s) && s[k] <= x {
			k++
		}
		w1 += h * math.Abs(float64(k)/float64(len(s))-cdf)
	}
	return w1
}

// marginalFileVersion changes whenever the meaning of a cached marginal
// study changes (its runs, file layout, the GoMLX version that computes
// it), so that older files are run again. Version 2: GoMLX v0.28.2.
const marginalFileVersion = 2

// CachedMarginalStudy returns the study m, reading it from path when that
// file holds a finished study of exactly this configuration, running it
// ([MarginalStudy]) and writing it there otherwise ([cached]); "" disables
// the cache.
func CachedMarginalStudy(b compute.Backend, t Target, m MarginalConfig, path string, progress func(done, total int)) ([]MarginalRun, error) {
	return cached(path, marginalFileVersion, m, marginalComplete(m), func() ([]MarginalRun, error) { return MarginalStudy(b, t, m, progress) })
}

// marginalComplete accepts a cached study m that has every run.
func marginalComplete(m MarginalConfig) func([]MarginalRun) bool {
	vary, _ := m.runs()
	return func(runs []MarginalRun) bool { return len(runs) == len(vary) }
}

// ReadMarginalStudy returns the study m cached at path by
// [CachedMarginalStudy]; an error wrapping fs.ErrNotExist when path holds
// none of this configuration.
func ReadMarginalStudy(path string, m MarginalConfig) ([]MarginalRun, error) {
	return readCached(path, marginalFileVersion, m, marginalComplete(m))
}

package study

import (
	"fmt"
	"slices"
	"strings"

	"github.com/csvgd/csvgd-go/csvgd/figures"
	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"github.com/csvgd/csvgd-go/csvgd/runcache"
)

// SteinVsNUTS makes the figure "stein_vs_nuts" from the alpha = 1/2
// templates of ExactComparisons: the runs of the first seed for the
// bands, distances and weights (the reference runs' pooled draws), every
// run whose reference runs agree for the band ratios.
func SteinVsNUTS(s *Store) (*figures.Figure, error) {
	all, err := ExactComparisons(s)
	if err != nil {
		return nil, err
	}
	cs := slices.DeleteFunc(all, func(c ExactComparison) bool { return c.Alpha != all[0].Alpha })
	runs := make([]figures.SteinNUTS, len(cs))
	for i, c := range cs {
		runs[i] = figures.SteinNUTS{Particles: c.Particles, Seed: c.Seed, Arch: c.Arch, Test: c.Test, Stein: c.Stein, NUTS: c.NUTS, Resolved: c.Agrees()}
		if c.Agrees() {
			r := c.Compare.Band90Ratio
			runs[i].Ratio90 = [3]float64{r.Estimate, r.Lo, r.Hi}
		}
		if i == 0 {
			if runs[i].SteinWeights, runs[i].NUTSWeights, err = c.Aligned(); err != nil {
				return nil, err
			}
		} else {
			runs[i].SteinWeights, runs[i].NUTSWeights = c.SteinWeights, c.NUTSWeights
		}
	}
	return figures.SteinVsNUTS(runs), nil
}

// Calibration makes the figure "calibration", the reliability diagram of
// the Stein ensembles of the first seed of ExactComparisons and of the
// pooled draws of their reference runs (marked "unresolved" where those
// do not agree).
func Calibration(s *Store) (*figures.Figure, error) {
	cs, err := ExactComparisons(s)
	if err != nil {
		return nil, err
	}
	// a colour family per prior, a shade per ensemble size within it
	var alphas []float64
	sizes := map[float64][]int{}
	for _, c := range cs {
		if c.Seed != cs[0].Seed {
			continue
		}
		if !slices.Contains(alphas, c.Alpha) {
			alphas = append(alphas, c.Alpha)
		}
		if !slices.Contains(sizes[c.Alpha], c.Particles) {
			sizes[c.Alpha] = append(sizes[c.Alpha], c.Particles)
		}
	}
	var runs []figures.Coverage
	for _, c := range cs {
		if c.Seed != cs[0].Seed {
			continue
		}
		g, n := slices.Index(alphas, c.Alpha), len(sizes[c.Alpha])
		i := slices.Index(sizes[c.Alpha], c.Particles)
		runs = append(runs,
			figures.Coverage{Label: fmt.Sprintf("cSVGD, α = %g, N = %d", c.Alpha, c.Particles), Group: g, Shade: i, Shades: n, Report: c.SteinCoverage},
			figures.Coverage{Label: referenceLabel(c), Group: g, Shade: i, Shades: n, Exact: true, Unresolved: !c.Agrees(), Report: c.NUTSCoverage})
	}
	return figures.Calibration(runs), nil
}

// referenceLabel names the pooled draws of the two sampler runs on c's
// template in a legend, and whether they are a reference (the runs agree)
// or unresolved.
func referenceLabel(c ExactComparison) string {
	l := fmt.Sprintf("sampler draws, α = %g, N = %d", c.Alpha, c.Particles)
	if !c.Agrees() {
		return l + " (unresolved)"
	}
	return l + " (reference)"
}

// NUTSDiagnostics makes the figure "nuts_diagnostics" of the first
// reference run on the template of the first of ExactTemplates (the
// smallest ensemble, run A: from its Stein particles):
// rank plots of its log density and of its watched stress with the largest
// R-hat, and pairs plots of where its transitions diverged.
func NUTSDiagnostics(s *Store) (*figures.Figure, error) {
	n := s.ExactRuns()[0]
	r, err := s.NUTS(n)
	if err != nil {
		return nil, err
	}
	return figures.NUTSDiagnostics(NUTSRunFigure(r)), nil
}

// NUTSRunFigure is the input of figures.NUTSDiagnostics for the cached
// NUTS run r.
func NUTSRunFigure(r *runcache.NUTSResult) figures.NUTSRun {
	return figures.NUTSRun{
		Label:          fmt.Sprintf("%s (%s starts, seed %d) on the template %s of %s", strings.ToUpper(r.Config.Sampler.String()), r.Config.Starts, r.Config.Seed, widths(r.Arch.Widths), r.Label),
		LogDensity:     r.Trace.LogDensity,
		Watched:        r.Trace.Watched,
		WatchedName:    WatchedName(r.Trace.WatchedIndex),
		Arch:           r.Arch,
		Draws:          r.Draws,
		Diverged:       r.Diverged,
		WarmupDiverged: r.WarmupDiverged,
	}
}

// WatchedName names watched quantity i of [exact.StressWatch]: the stress
// component and the watch point (counted from 1).
func WatchedName(i int) string {
	return fmt.Sprintf("%s at watch point %d", hyperelastic.ComponentNames[i%hyperelastic.NumComponents], i/hyperelastic.NumComponents+1)
}

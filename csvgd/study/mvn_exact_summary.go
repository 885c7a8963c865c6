package study

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/csvgd/csvgd-go/csvgd/mvn"
)

// MVNCloseDistance is the Bhattacharyya distance below which
// [MVNExactSummary] calls an ensemble's moments close to the exact
// posterior's.
const MVNCloseDistance = 0.05

// MVNExactSummary writes what the comparison of Sec. 4 with the exact
// posterior shows (notebook 02, beside Fig. mvn_exact), generated from the
// survey and the θ₃ marginal study: how often the distance to the
// posterior is below the paper's distance to the likelihood; for the
// hardest prior (α = 1/4, β = 2), up to which λ each bandwidth stays
// within [MVNCloseDistance] of the posterior; and, against the exact
// marginal of θ₃, the bandwidths, the kernel order and the ensemble
// sizes.
func MVNExactSummary(w io.Writer, s *Store) error {
	pts, err := s.Survey()
	if err != nil {
		return err
	}
	runs, err := s.Marginal()
	if err != nil {
		return err
	}
	below, n := 0, 0
	for _, p := range pts {
		if p.Beta == 2 && p.Error == "" {
			n++
			if p.BhattacharyyaPosterior < p.Bhattacharyya {
				below++
			}
		}
	}
	fmt.Fprintf(w, "- Of the %d runs of the survey with the β = 2 kernel, %d are closer to the exact posterior than to the likelihood.\n", n, below)
	fmt.Fprintf(w, "- α = 1/4, β = 2: %s.\n", closeUpTo(pts, 0.25, 2))
	fmt.Fprintf(w, "- Against the exact marginal of θ₃ (W1; α = 1, λ = 0.1): %s.\n", marginalReading(runs))
	return nil
}

// closeUpTo says, per bandwidth of the survey, up to which λ (from the
// smallest on) the runs of prior order alpha and kernel order beta stay
// within MVNCloseDistance of the exact posterior, and the distances at
// the largest λ.
func closeUpTo(pts []mvn.SurveyPoint, alpha, beta float64) string {
	var gammas, lambdas []float64
	dist := map[[2]float64]float64{}
	for _, p := range pts {
		if p.Alpha == alpha && p.Beta == beta && p.Error == "" {
			gammas, lambdas = appendNew(gammas, p.Gamma), appendNew(lambdas, p.Lambda)
			dist[[2]float64{p.Gamma, p.Lambda}] = p.BhattacharyyaPosterior
		}
	}
	var parts, last []string
	for _, g := range gammas {
		upTo := "at no λ"
		for _, l := range lambdas {
			if dist[[2]float64{g, l}] >= MVNCloseDistance {
				break
			}
			upTo = fmt.Sprintf("up to λ = %.3g", l)
		}
		parts = append(parts, fmt.Sprintf("γ = %.3g %s", g, upTo))
		last = append(last, fmt.Sprintf("%.3g", dist[[2]float64{g, lambdas[len(lambdas)-1]}]))
	}
	return fmt.Sprintf("within a distance of %g of the posterior %s; at the largest λ, %.3g, the distances are %s",
		MVNCloseDistance, strings.Join(parts, ", "), lambdas[len(lambdas)-1], strings.Join(last, ", "))
}

// marginalReading compares the runs of the θ₃ marginal study: the
// bandwidths (the closest, the widest's moments against its shape), the
// kernel orders and the ensemble sizes.
func marginalReading(runs []mvn.MarginalRun) string {
	var base mvn.MarginalRun
	var bands, betas, sizes []mvn.MarginalRun
	for _, r := range runs {
		switch r.Vary {
		case "bandwidth":
			bands = append(bands, r)
		case "beta":
			betas = append(betas, r)
		case "particles":
			sizes = append(sizes, r)
		default:
			base = r
		}
	}
	var parts []string
	all := append([]mvn.MarginalRun{base}, bands...)
	best := slices.MinFunc(all, func(a, b mvn.MarginalRun) int { return cmp.Compare(a.W1, b.W1) })
	parts = append(parts, fmt.Sprintf("of the median bandwidth and the fixed ones, %s comes closest (%.3g)", best.Label(), best.W1))
	if len(bands) > 0 {
		narrow, wide := bands[0], bands[len(bands)-1]
		parts = append(parts, fmt.Sprintf("the narrowest, %s, is at %.3g; the widest, %s, at %.3g while its moments are %.2g from the posterior's (the median bandwidth's %.2g): %s",
			narrow.Label(), narrow.W1, wide.Label(), wide.W1, wide.Bhattacharyya, base.Bhattacharyya,
			map[bool]string{true: "moments as close, shape farther", false: "moments and shape both farther"}[wide.Bhattacharyya <= base.Bhattacharyya && wide.W1 > base.W1]))
	}
	for _, b := range betas {
		parts = append(parts, fmt.Sprintf("%s %.3g against β = %.3g's %.3g", b.Label(), b.W1, base.Config.Beta, base.W1))
	}
	if len(sizes) > 0 {
		bySize := append(slices.Clone(sizes), base)
		slices.SortFunc(bySize, func(a, b mvn.MarginalRun) int { return a.Config.Particles - b.Config.Particles })
		var ns, ws []string
		closer := true
		for i, r := range bySize {
			ns, ws = append(ns, fmt.Sprint(r.Config.Particles)), append(ws, fmt.Sprintf("%.3g", r.W1))
			closer = closer && (i == 0 || r.W1 < bySize[i-1].W1)
		}
		parts = append(parts, fmt.Sprintf("N = %s particles: %s, %s", strings.Join(ns, ", "), strings.Join(ws, ", "),
			map[bool]string{true: "closer with each larger ensemble", false: "not closer with each larger ensemble"}[closer]))
	}
	return strings.Join(parts, "; ")
}

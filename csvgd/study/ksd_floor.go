package study

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"github.com/csvgd/csvgd-go/csvgd/stein"
	"github.com/csvgd/csvgd-go/csvgd/train"
)

// KSDPlateau is the level the KSD of one stage of a run settles at,
// beside the dimension floor of its template ([stein.KSDDimensionFloor]).
type KSDPlateau struct {
	Stage     int
	Params    int     // d: the parameters of the stage's template
	Particles int     // N
	KSD       float64 // the median KSD over the stage's records after its first
	Floor     float64 // sqrt(d/N) for the IMQ kernel of the records
	// MinDist and MedianDist are the smallest pair distance over the same
	// records and the median over them of each record's median pair
	// distance ([SpreadOf]): the floor is the KSD's diagonal part, which
	// it approximates while the particles stand far apart on the IMQ
	// kernel's unit length scale c = 1 (MinDist well above 1).
	MinDist, MedianDist float64
}

// Ratio is the plateau over the floor: 1 when the KSD measures only the
// template's size.
func (p KSDPlateau) Ratio() float64 { return p.KSD / p.Floor }

// KSDPlateaus are the plateaus of res's stages: for stage k, the median of
// the KSD over its history records after its start (the record after a
// condensation, on the next template, left out; the median is robust to
// the short spikes of a particle passing where the score is large), and
// the dimension floor sqrt(d/N) of its template of d parameters with the
// run's N particles.
func KSDPlateaus(res *train.Result) []KSDPlateau {
	var out []KSDPlateau
	start := 0
	for _, st := range res.Stages {
		end := start + st.Iterations
		var ksd, meds []float64
		lo := math.Inf(1)
		for _, h := range res.History {
			if h.Iter > start && h.Iter <= end && h.Condensation != train.After {
				ksd = append(ksd, h.KSD)
				if len(h.Distances) > 1 {
					sp := SpreadOf(h.Distances, 2)
					lo, meds = math.Min(lo, sp.Min), append(meds, sp.Median)
				}
			}
		}
		start = end
		if len(ksd) == 0 {
			continue
		}
		n := res.Config.Particles
		out = append(out, KSDPlateau{Stage: st.Stage, Params: st.TemplateParams, Particles: n, KSD: median(ksd),
			Floor: stein.KSDDimensionFloor(st.TemplateParams, n, stein.DefaultIMQ()), MinDist: math.NaN(), MedianDist: math.NaN()})
		if len(meds) > 0 {
			out[len(out)-1].MinDist, out[len(out)-1].MedianDist = lo, median(meds)
		}
	}
	return out
}

// median is the median of vs (not modified).
func median(vs []float64) float64 {
	s := slices.Sorted(slices.Values(vs))
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// ExcessScore is N KSD^2 - d: with the particles far apart on the kernel's
// length scale, the mean squared score |s|^2 over the particles that lifts
// the plateau above its floor (about 0 at the floor).
func (p KSDPlateau) ExcessScore() float64 {
	return float64(p.Particles)*p.KSD*p.KSD - float64(p.Params)
}

// KSDPlateauTable writes, for every run of Fig. convergence_priors and
// every stage, the KSD's plateau beside sqrt(d/N), and counts the
// plateaus within floorBand of their floor.
func KSDPlateauTable(w io.Writer, s *Store) error {
	res, err := s.All(s.ConvergencePriorsRuns())
	if err != nil {
		return err
	}
	fmt.Fprintln(w, "| α | stage | template parameters d | KSD plateau (median over the stage) | √(d/N), N = particles | plateau / √(d/N) | N·KSD² − d (the mean squared score, particles far apart) | smallest pair distance over the stage | median pair distance |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|---|")
	within, all := 0, 0
	minDist := math.Inf(1)
	var above []string
	for i, r := range res {
		for _, p := range KSDPlateaus(r) {
			fmt.Fprintf(w, "| %g | %d | %d | %.2f | %.2f (N = %d) | %.3f | %.0f | %.1f | %.1f |\n", PaperAlphas[i], p.Stage, p.Params, p.KSD, p.Floor, p.Particles, p.Ratio(), p.ExcessScore(), p.MinDist, p.MedianDist)
			minDist = math.Min(minDist, p.MinDist)
			all++
			if p.Ratio() <= floorBand {
				within++
			} else {
				above = append(above, fmt.Sprintf("α = %g stage %d (%.2f×)", PaperAlphas[i], p.Stage, p.Ratio()))
			}
		}
	}
	fmt.Fprintf(w, "\nThe smallest pair distance at any record of these stages is %.1f against the IMQ kernel's unit length scale c = 1, where the kernel is (1 + %.1f²)^(−1/2) = %.2f (1 for coincident particles): √(d/N) is the KSD's diagonal part, which approximates it while the off-diagonal terms, each carrying such a factor, stay small; it is not a bound, since those terms can be negative. ", minDist, minDist, math.Pow(1+minDist*minDist, -0.5))
	fmt.Fprintf(w, "%d of %d plateaus lie within a factor %g of √(d/N): there the KSD measures the template's size d and the ensemble size N, not how well the particles sample the posterior.", within, all, floorBand)
	if len(above) > 0 {
		fmt.Fprintf(w, " Above the floor: %s — there the scores add to the diagonal (the last column).", strings.Join(above, ", "))
	}
	_, err = fmt.Fprintln(w)
	return err
}

// floorBand is how close to its floor a KSD plateau must lie to be read as
// the floor.
const floorBand = 1.05

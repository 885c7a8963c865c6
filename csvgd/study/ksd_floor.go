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
	// distance ([SpreadOf]): the floor is the level of the trace term of
	// the Stein kernel's diagonal alone, which the KSD approximates while
	// the particles stand far apart on the IMQ kernel's unit length scale
	// c = 1 (MinDist well above 1).
	MinDist, MedianDist float64
	// OffTrace and Scores split N KSD^2 - d of each record with pair
	// distances ([stein.KSDParts]): OffTrace is the off-diagonal trace
	// term, which the distances and d give exactly
	// ([stein.OffDiagonalTrace]), Scores the rest, the score terms (the
	// mean squared score and the off-diagonal score terms, which the
	// records, holding no scores, do not separate). Each is the median
	// over the stage's records, so the two add to the median excess
	// only approximately; NaN without recorded distances.
	OffTrace, Scores float64
}

// Ratio is the plateau over the floor: 1 when the KSD measures only the
// template's size.
func (p KSDPlateau) Ratio() float64 { return p.KSD / p.Floor }

// KSDPlateaus are the plateaus of res's stages: for stage k, the median of
// the KSD over its history records after its start (the record after a
// condensation, on the next template, left out; the median is robust to
// the short spikes of a particle passing where the score is large), and
// the dimension floor sqrt(d/N) of its template of d parameters with the
// run's N particles, with N KSD^2 - d split into its off-diagonal trace
// term and its score terms. It fails on a record whose distances are not
// N x N.
func KSDPlateaus(res *train.Result) ([]KSDPlateau, error) {
	var out []KSDPlateau
	start := 0
	for _, st := range res.Stages {
		end := start + st.Iterations
		var ksd, meds, offs, scores []float64
		lo := math.Inf(1)
		n, d := res.Config.Particles, st.TemplateParams
		for _, h := range res.History {
			if h.Iter > start && h.Iter <= end && h.Condensation != train.After {
				ksd = append(ksd, h.KSD)
				if len(h.Distances) > 1 {
					if len(h.Distances) != n {
						return nil, fmt.Errorf("study: KSD plateau of stage %d, iteration %d: distances of %d particles, the run has %d", st.Stage, h.Iter, len(h.Distances), n)
					}
					sp := SpreadOf(h.Distances, 2)
					lo, meds = math.Min(lo, sp.Min), append(meds, sp.Median)
					off, err := stein.OffDiagonalTrace(h.Distances, d, stein.DefaultIMQ())
					if err != nil {
						return nil, fmt.Errorf("study: KSD plateau of stage %d, iteration %d: %w", st.Stage, h.Iter, err)
					}
					offs, scores = append(offs, off), append(scores, float64(n)*h.KSD*h.KSD-float64(d)-off)
				}
			}
		}
		start = end
		if len(ksd) == 0 {
			continue
		}
		p := KSDPlateau{Stage: st.Stage, Params: d, Particles: n, KSD: median(ksd),
			Floor: stein.KSDDimensionFloor(d, n, stein.DefaultIMQ()), MinDist: math.NaN(), MedianDist: math.NaN(), OffTrace: math.NaN(), Scores: math.NaN()}
		if len(meds) > 0 {
			p.MinDist, p.MedianDist, p.OffTrace, p.Scores = lo, median(meds), median(offs), median(scores)
		}
		out = append(out, p)
	}
	return out, nil
}

// median is the median of vs (not modified).
func median(vs []float64) float64 {
	s := slices.Sorted(slices.Values(vs))
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// Excess is N KSD^2 - d of the plateau: what the Stein kernel adds to its
// diagonal trace term d ([stein.KSDParts]), that is the off-diagonal trace
// term (OffTrace, from the pair distances alone) plus the score terms
// (Scores). It is not the mean squared score: for particles as far apart
// as the networks' it is mostly the off-diagonal trace term, which carries
// the factor d.
func (p KSDPlateau) Excess() float64 {
	return float64(p.Particles)*p.KSD*p.KSD - float64(p.Params)
}

// KSDPlateauTable writes, for every run of Fig. convergence_priors and
// every stage, the KSD's plateau beside sqrt(d/N), N KSD^2 - d split into
// its off-diagonal trace term and its score terms ([KSDPlateau]), and
// counts the plateaus within floorBand of their floor and the stages
// whose excess is mostly the off-diagonal trace term.
func KSDPlateauTable(w io.Writer, s *Store) error {
	res, err := s.All(s.ConvergencePriorsRuns())
	if err != nil {
		return err
	}
	fmt.Fprintln(w, "| α | stage | template parameters d | KSD plateau (median over the stage) | √(d/N), N = particles | plateau / √(d/N) | N·KSD² − d | of which: off-diagonal trace term (pair distances only) | of which: score terms (the rest) | smallest pair distance over the stage | median pair distance |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|---|---|---|")
	within, all, traced, split := 0, 0, 0, 0
	minDist, maxScores := math.Inf(1), math.Inf(-1)
	var above []string
	for i, r := range res {
		ps, err := KSDPlateaus(r)
		if err != nil {
			return err
		}
		for _, p := range ps {
			fmt.Fprintf(w, "| %g | %d | %d | %.2f | %.2f (N = %d) | %.3f | %.1f | %.1f | %.1f | %.1f | %.1f |\n", PaperAlphas[i], p.Stage, p.Params, p.KSD, p.Floor, p.Particles, p.Ratio(), p.Excess(), p.OffTrace, p.Scores, p.MinDist, p.MedianDist)
			minDist = math.Min(minDist, p.MinDist)
			all++
			if p.Ratio() <= floorBand {
				within++
			} else {
				above = append(above, fmt.Sprintf("α = %g stage %d (%.2f×)", PaperAlphas[i], p.Stage, p.Ratio()))
			}
			if !math.IsNaN(p.OffTrace) {
				split++
				maxScores = math.Max(maxScores, p.Scores)
				if p.OffTrace > math.Abs(p.Scores) {
					traced++
				}
			}
		}
	}
	fmt.Fprintf(w, "\nN·KSD² − d = (off-diagonal trace term) + (score terms), per record; the two columns after it are medians over the stage's records, so they add to it only approximately. ")
	if split > 0 {
		fmt.Fprintf(w, "In %d of %d stages the off-diagonal trace term, which depends only on the pair distances and d, is larger than the score terms (in absolute value); the score terms' largest median over a stage is %.1f. ", traced, split, maxScores)
	}
	fmt.Fprintf(w, "The smallest pair distance at any record of these stages is %.1f against the IMQ kernel's unit length scale c = 1, where the kernel is (1 + %.1f²)^(−1/2) = %.2f (1 for coincident particles). ", minDist, minDist, math.Pow(1+minDist*minDist, -0.5))
	fmt.Fprintf(w, "√(d/N) is the level of the trace term of the Stein kernel's diagonal alone; the KSD approximates it while everything else, the score terms and the off-diagonal trace term, stays small against d; it is not a bound, since the off-diagonal score terms can be negative. ")
	fmt.Fprintf(w, "%d of %d plateaus lie within a factor %g of √(d/N): there the KSD measures the template's size d and the ensemble size N, not how well the particles sample the posterior.", within, all, floorBand)
	if len(above) > 0 {
		fmt.Fprintf(w, " Above that factor: %s (the columns N·KSD² − d and its two parts say what lifts them).", strings.Join(above, ", "))
	}
	_, err = fmt.Fprintln(w)
	return err
}

// floorBand is how close to its floor a KSD plateau must lie to be read as
// the floor.
const floorBand = 1.05

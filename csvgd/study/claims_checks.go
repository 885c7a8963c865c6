package study

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"github.com/csvgd/csvgd-go/csvgd/metrics"
	"github.com/csvgd/csvgd-go/csvgd/train"
)

// The checks of paperClaims, in its order. Each returns the verdict and
// the reproduced numbers it rests on.

// Secs. 5.1-5.3: the plain SVGD ensemble of notebook 03.

func checkConvexity(s *Store) (Verdict, string, error) {
	spec := s.PlainSVGDRun()
	res, err := s.Result(spec)
	if err != nil {
		return 0, "", err
	}
	data, err := train.LoadPaperData(spec.Noise)
	if err != nil {
		return 0, "", err
	}
	arch, rows := res.Arch, res.Particles.Rows()
	constrained := arch.Constrained()
	lowest := math.Inf(1)
	for _, w := range rows {
		for i, v := range w {
			if constrained[i] {
				lowest = math.Min(lowest, v)
			}
		}
	}
	rng := rand.New(rand.NewPCG(spec.Config.Seed, 0xc0e))
	violations, worst := 0, math.Inf(-1)
	for _, w := range rows {
		for range convexityPairs {
			i := rng.IntN(len(data.Train))
			j := (i + 1 + rng.IntN(len(data.Train)-1)) % len(data.Train) // another point
			x, y := arch.Inputs.At(data.Train[i].Kinematics), arch.Inputs.At(data.Train[j].Kinematics)
			m := make([]float64, len(x))
			for i := range m {
				m[i] = (x[i] + y[i]) / 2
			}
			fx, fy, fm := arch.HostNN(w, x), arch.HostNN(w, y), arch.HostNN(w, m)
			gap := fm - (fx+fy)/2 // <= 0 for a convex NN
			scale := math.Max(1, math.Max(math.Abs(fx), math.Abs(fy)))
			worst = math.Max(worst, gap/scale)
			if gap > 1e-12*scale {
				violations++
			}
		}
	}
	v := Holds
	if lowest < 0 || violations > 0 {
		v = DoesNotHold
	}
	return v, fmt.Sprintf("smallest constrained weight %.3g; midpoint convexity violated in %d of %d pairs (NN(mid) − mean of the ends at most %.1e, relative)",
		lowest, violations, len(rows)*convexityPairs, worst), nil
}

func checkStressFree(s *Store) (Verdict, string, error) {
	spec := s.PlainSVGDRun()
	res, err := s.Result(spec)
	if err != nil {
		return 0, "", err
	}
	data, err := train.LoadPaperData(spec.Noise)
	if err != nil {
		return 0, "", err
	}
	ref, err := hyperelastic.NewKinematics([9]float64{1, 0, 0, 0, 1, 0, 0, 0, 1})
	if err != nil {
		return 0, "", err
	}
	largest, scale := 0.0, 0.0
	for _, w := range res.Particles.Rows() {
		for _, v := range res.Arch.HostStress(w, ref) {
			largest = math.Max(largest, math.Abs(v))
		}
	}
	for _, d := range data.Train {
		for _, v := range d.STrue {
			scale = math.Max(scale, math.Abs(v))
		}
	}
	v := Holds
	if largest > 1e-9*scale {
		v = DoesNotHold
	}
	return v, fmt.Sprintf("largest |S(I)| %.1e against a largest training stress of %.3g", largest, scale), nil
}

func checkZeroAtReference(s *Store) (Verdict, string, error) {
	res, err := s.Result(s.PlainSVGDRun())
	if err != nil {
		return 0, "", err
	}
	test, err := testPath()
	if err != nil {
		return 0, "", err
	}
	near := 0
	for i, p := range test {
		if math.Abs(p.D) < math.Abs(test[near].D) {
			near = i
		}
	}
	curve := res.W1.PerPointSum
	top := slices.Max(curve)
	v := Holds
	if curve[near] > referenceW1Share*top {
		v = DoesNotHold
	}
	return v, fmt.Sprintf("W1 %.3g at δ = %.4f against %.3g at most on the path (%.2g%%)", curve[near], test[near].D, top, 100*curve[near]/top), nil
}

// Sec. 5.4: the runs of Figs. graph_condense_sequence to graph_condense_speedup.

// checkMoreSimilar and checkTransient judge the particles' dispersion by
// [ScaleFreeTrend]: the mean distance over the mean norm. The raw
// distance grows with the weights' size under the flow, whatever the
// particles' likeness.
func checkMoreSimilar(s *Store) (Verdict, string, error) {
	res, err := s.Result(s.SequenceRun())
	if err != nil {
		return 0, "", err
	}
	t, err := DistanceTrendOf(res.History)
	if err != nil {
		return 0, "", err
	}
	r, err := ScaleFreeTrendOf(res.History)
	if err != nil {
		return 0, "", err
	}
	v := DoesNotHold
	if r.Last <= similarDrop*r.First && t.Closest > 0 {
		v = Holds
	}
	return v, fmt.Sprintf("mean distance over mean norm %.2f at iteration 0, %.2f at iteration %d (%.2f times; the raw mean distance %.3g to %.3g as the mean norm grows %.2f times; closest pair %.3g)",
		r.First, r.Last, t.LastIter, r.Last/r.First, t.First, t.Last, r.LastNorm/r.FirstNorm, t.Closest), nil
}

func checkEquidistant(s *Store) (Verdict, string, error) {
	res, err := s.Result(s.GraphRun())
	if err != nil {
		return 0, "", err
	}
	d := pairValues(res.History[0].Distances)
	mean, sd := metrics.MeanSD(d)
	v := DoesNotHold
	if sd/mean < 0.1 {
		v = Holds
	}
	return v, fmt.Sprintf("initial distances %.3g ± %.2g (coefficient of variation %.3f)", mean, sd, sd/mean), nil
}

func checkTransient(s *Store) (Verdict, string, error) {
	res, err := s.Result(s.GraphRun())
	if err != nil {
		return 0, "", err
	}
	t, err := DistanceTrendOf(res.History)
	if err != nil {
		return 0, "", err
	}
	r, err := ScaleFreeTrendOf(res.History)
	if err != nil {
		return 0, "", err
	}
	v := DoesNotHold
	if r.PeakInterior && r.Peak >= transientRise*math.Max(r.First, r.Last) {
		v = Holds
	}
	return v, fmt.Sprintf("mean distance over mean norm %.2f at iteration 0, largest %.2f at %s, smallest %.2f at %s, %.2f at %s (the raw mean distance is largest at %s, as the mean norm grows %.2f times)",
		r.First, r.Peak, recordAt(r.PeakIter, r.PeakPhase), r.Low, recordAt(r.LowIter, r.LowPhase), r.Last, recordAt(t.LastIter, t.LastPhase), recordAt(t.PeakIter, t.PeakPhase), r.LastNorm/r.FirstNorm), nil
}

func checkSubsets(s *Store) (Verdict, string, error) {
	res, err := s.Result(s.GraphRun())
	if err != nil {
		return 0, "", err
	}
	t, err := DistanceTrendOf(res.History)
	if err != nil {
		return 0, "", err
	}
	v := DoesNotHold
	if t.Closest < t.Last/2 && t.Closest > 0 {
		v = Holds
	}
	return v, fmt.Sprintf("at iteration %d: closest pair %.3g, mean distance %.3g (%.2f of it)", t.LastIter, t.Closest, t.Last, t.Closest/t.Last), nil
}

func checkUnimodal(s *Store) (Verdict, string, error) {
	res, err := s.Result(s.GraphRun())
	if err != nil {
		return 0, "", err
	}
	arch, rows := res.Arch, res.Particles.Rows()
	if err := metrics.CheckParticles(arch, rows); err != nil {
		return 0, "", err
	}
	constrained := arch.Constrained()
	var parts []string
	ok, drawn := 0, 0
	for k, l := range arch.Layers() {
		entries, _, _ := metrics.WeightDensities(arch, rows, k)
		good := 0
		for _, e := range entries {
			xs, ys := metrics.DensityCurve(e.Values, e.Bandwidth)
			if constrained[l.Offset] {
				xs, ys = metrics.BoundedDensityCurve(e.Values, e.Bandwidth, 0)
			}
			modes := metrics.ModePositions(xs, ys)
			if len(modes) == 1 || (len(modes) == 2 && math.Min(math.Abs(modes[0]), math.Abs(modes[1])) <= e.Bandwidth) {
				good++
			}
		}
		ok, drawn = ok+good, drawn+len(entries)
		parts = append(parts, fmt.Sprintf("W%d %d of %d", k, good, len(entries)))
	}
	v := DoesNotHold
	if 2*ok > drawn {
		v = Holds
	}
	return v, fmt.Sprintf("%s: %d of %d drawn densities (%.0f%%)", strings.Join(parts, ", "), ok, drawn, 100*float64(ok)/float64(max(drawn, 1))), nil
}

func checkFewerWeights(s *Store) (Verdict, string, error) {
	fw, fo, err := speedupFinals(s)
	if err != nil {
		return 0, "", err
	}
	held := 0
	var parts []string
	for i := range fw {
		if fw[i].Active < fo[i].Active {
			held++
		}
		parts = append(parts, fmt.Sprintf("%s: %.1f against %.1f", alphaCase(i), fw[i].Active, fo[i].Active))
	}
	return share(held, len(fw)), "active weights, cSVGD against SVGD: " + strings.Join(parts, "; "), nil
}

// checkNoLoss compares cSVGD with SVGD per α on both training seeds of
// cSVGD that the cache holds (Seeds: seed 1, the runs of the figure, and
// seed 2 of [Plan.PriorFormRuns]) against SVGD's seed 1: a difference
// smaller than the seeds' own spread is no evidence either way.
func checkNoLoss(s *Store) (Verdict, string, error) {
	fw, fo, err := speedupFinals(s)
	if err != nil {
		return 0, "", err
	}
	penalty, _ := s.PriorFormRuns()
	_, f2, err := finals(s, penalty[len(penalty)-1])
	if err != nil {
		return 0, "", err
	}
	held, cases := 0, 0
	var parts []string
	for k, fs := range [][]Final{fw, f2} {
		in, whole := make([]float64, len(fs)), make([]float64, len(fs))
		for i := range fs {
			in[i], whole[i] = fs[i].W1In/fo[i].W1In, fs[i].W1/fo[i].W1
			for _, r := range []float64{in[i], whole[i]} {
				cases++
				if r <= similarRatio {
					held++
				}
			}
		}
		parts = append(parts, fmt.Sprintf("seed %d: in range %s; whole path %s", Seeds[[]int{0, len(Seeds) - 1}[k]], join("%.2f", in), join("%.2f", whole)))
	}
	return share(held, cases), fmt.Sprintf("cSVGD's W1 over SVGD's (seed 1) for α = %s, %s; %d of %d cases at most %g×",
		join("%g", PaperAlphas), strings.Join(parts, "; "), held, cases, similarRatio), nil
}

func checkProportionalSpeedup(s *Store) (Verdict, string, error) {
	with, _ := s.SpeedupRuns()
	res, f, err := finals(s, with)
	if err != nil {
		return 0, "", err
	}
	held := 0
	var parts []string
	for i, r := range res {
		if len(r.Stages) == 0 || f[i].MsLast <= 0 {
			return 0, "", fmt.Errorf("run %s has no timed stages", with[i].Label)
		}
		speed := f[i].MsFirst / f[i].MsLast
		// the last stage's time is that of the template it ran on, not of
		// the one its closing condensation left
		reduction := float64(r.Stages[0].TemplateParams) / float64(r.Stages[len(r.Stages)-1].TemplateParams)
		if q := speed / reduction; q >= 1/float64(proportionalBand) && q <= proportionalBand {
			held++
		}
		parts = append(parts, fmt.Sprintf("%s: %s, %.1fx fewer parameters in the last stage", alphaCase(i), SpeedChange(speed), reduction))
	}
	return share(held, len(res)), strings.Join(parts, "; ") + " (times of this machine's pure-Go backend)", nil
}

// SpeedChange says a speed ratio as people do: "2.0x faster", or "1.4x
// slower" for a ratio below 1.
func SpeedChange(ratio float64) string {
	if ratio < 1 {
		return fmt.Sprintf("%.1fx slower", 1/ratio)
	}
	return fmt.Sprintf("%.1fx faster", ratio)
}

// pairValues are the entries of a distance matrix above its diagonal.
func pairValues(d [][]float64) []float64 {
	var out []float64
	for a := range d {
		for b := a + 1; b < len(d); b++ {
			out = append(out, d[a][b])
		}
	}
	return out
}

func argmax(v []float64) int {
	k := 0
	for i := range v {
		if v[i] > v[k] {
			k = i
		}
	}
	return k
}

func argmin(v []float64) int {
	k := 0
	for i := range v {
		if v[i] < v[k] {
			k = i
		}
	}
	return k
}

package metrics

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/icnn"
)

// clusters draws n values around each of the centres (standard deviation
// sd each).
func clusters(rng *rand.Rand, n int, sd float64, centres ...float64) []float64 {
	var v []float64
	for _, c := range centres {
		for range n {
			v = append(v, c+sd*rng.NormFloat64())
		}
	}
	return v
}

// quantiles is the n-point normal "sample" of evenly spaced quantiles,
// mean + sd Phi^-1((i + 1/2) / n): smooth, without a random draw's bumps.
func quantiles(n int, mean, sd float64) []float64 {
	v := make([]float64, n)
	for i := range v {
		v[i] = mean + sd*math.Sqrt2*math.Erfinv(2*(float64(i)+0.5)/float64(n)-1)
	}
	return v
}

// TestModes: known uni-, bi- and trimodal samples, with Silverman's
// bandwidth as Fig. weight_distributions uses it; a lone far value stays below
// ModeHeight; a plateau (identical values) is one mode.
func TestModes(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 12))
	silver := Silverman
	for _, tc := range []struct {
		name string
		vals []float64
		h    float64 // 0: Silverman's
		want int
	}{
		{"normal quantiles, 10 values", quantiles(10, 0, 1), 0, 1},
		{"normal quantiles, 20 values", quantiles(20, 3, 0.1), 0, 1},
		{"normal, 1000 values", clusters(rng, 1000, 1, 3), 0, 1},
		{"two clusters", clusters(rng, 10, 0.1, 0, 2), 0.1, 2},
		{"two clusters, one at zero", clusters(rng, 10, 0.05, 0, 0.8), 0.05, 2},
		{"three clusters", clusters(rng, 10, 0.1, -2, 0, 2), 0.1, 3},
		{"one far value", append(clusters(rng, 49, 0.1, 0), 5), 0.1, 1},
		{"two clusters merged by a wide bandwidth", clusters(rng, 10, 0.1, 0, 0.5), 2, 1},
		{"identical values", []float64{1, 1, 1, 1}, 0.1, 1},
		{"no values", nil, 1, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := tc.h
			if h == 0 {
				h = silver(tc.vals)
			}
			if got := Modes(tc.vals, h); got != tc.want {
				t.Errorf("%d modes, want %d (h = %g)", got, tc.want, h)
			}
		})
	}
}

// TestModePositions: the modes of a curve are where its local maxima of
// at least ModeHeight times the highest are: an end of the curve when it
// falls away from it, a plateau once at its middle, a low bump not at all.
func TestModePositions(t *testing.T) {
	xs := []float64{0, 1, 2, 3, 4, 5, 6, 7}
	for _, tc := range []struct {
		ys   []float64
		want []float64
	}{
		{[]float64{1, 0.5, 0.2, 0.6, 0.6, 0.6, 0.1, 0}, []float64{0, 4}},
		{[]float64{0, 0.2, 1, 0.5, 0.01, 0.05, 0.02, 0}, []float64{2}},
		{[]float64{0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7}, []float64{7}},
	} {
		if got := ModePositions(xs, tc.ys); !slices.Equal(got, tc.want) {
			t.Errorf("modes of %v at %v, want %v", tc.ys, got, tc.want)
		}
	}
	// the reflected density of values near a bound has its mode at the bound
	xs, ys := BoundedDensityCurve([]float64{0.01, 0.02, 0.05, 0.9, 1}, 0.05, 0)
	if got := ModePositions(xs, ys); len(got) != 2 || got[0] != 0 {
		t.Errorf("modes of a reflected density at %v, want two, the first at 0", got)
	}
}

// TestModality: on an ensemble of [3, 2, 1] networks built so that W_0 has
// 2 bimodal entries (half the particles at 1, half at -1), 3 unimodal ones
// and 1 near zero (omitted), W_1 one unimodal and one bimodal entry, the
// counts and shares are exact; the last element sums the layers.
func TestModality(t *testing.T) {
	arch := icnn.Arch{Widths: []int{3, 2, 1}}
	const n = 20
	q, e := quantiles(n, 0, 1), quantiles(n/2, 0, 1)
	var ps [][]float64
	for a := range n {
		sign := float64(1 - 2*(a%2))
		ps = append(ps, []float64{
			sign + 0.02*e[a/2], -sign + 0.02*e[a/2], 0.5 + 0.05*q[a], // W_0 row 0
			0.7 + 0.05*q[(a+7)%n], -0.3 + 0.05*q[(a+3)%n], 1e-4 * q[a], // W_0 row 1
			1 + 0.05*q[(a+11)%n], 0.5 + 0.5*sign + 0.02*e[a/2], // W_1
		})
	}
	got, err := Modality(arch, ps)
	if err != nil {
		t.Fatal(err)
	}
	want := []LayerModality{{0, 6, 5, 3}, {1, 2, 2, 1}, {-1, 8, 7, 4}}
	if len(got) != len(want) {
		t.Fatalf("%d layers, want %d", len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("layer %d: %+v, want %+v", i, got[i], want[i])
		}
	}
	if s := got[2].Share(); math.Abs(s-4.0/7) > 1e-15 {
		t.Errorf("share %v, want 4/7", s)
	}
	if _, err := Modality(arch, ps[:1]); err == nil {
		t.Error("one particle: no error")
	}
	if !math.IsNaN((LayerModality{}).Share()) {
		t.Error("the share of nothing drawn is not NaN")
	}
}

// TestNormalUnimodalRate: the yardstick is reproducible for a seed, below
// 0.8 for 10 and 20 values (Silverman's bandwidth undersmooths small
// samples: the reason it is reported), and above 0.8 for 1000 values.
func TestNormalUnimodalRate(t *testing.T) {
	for _, tc := range []struct {
		n      int
		lo, hi float64
	}{{10, 0.2, 0.8}, {20, 0.2, 0.8}, {1000, 0.8, 1}} {
		trials := 400
		if tc.n == 1000 {
			trials = 40
		}
		r := NormalUnimodalRate(tc.n, trials, 1)
		t.Logf("n = %d: %.3f of normal samples unimodal", tc.n, r)
		if r < tc.lo || r > tc.hi || r != NormalUnimodalRate(tc.n, trials, 1) {
			t.Errorf("n = %d: rate %v outside [%v, %v] or not reproducible", tc.n, r, tc.lo, tc.hi)
		}
	}
	if !math.IsNaN(NormalUnimodalRate(1, 10, 1)) {
		t.Error("n = 1: want NaN")
	}
}

// TestWeightDensities: of a [3, 2, 1] network's W_0, a tight entry away
// from zero and a wide zero-centred one are drawn, a narrow zero-centred
// one is not; an all-zero matrix draws nothing; the bandwidth is floored
// at 2% of the matrix's largest |w|.
func TestWeightDensities(t *testing.T) {
	arch := icnn.Arch{Widths: []int{3, 2, 1}}
	q := quantiles(10, 0, 1)
	var ps [][]float64
	for a := range 10 {
		p := make([]float64, arch.NumParams())
		p[0], p[1], p[2] = 1+1e-3*q[a], 0.5*q[a], 1e-3*q[a]
		ps = append(ps, p)
	}
	if err := CheckParticles(arch, ps); err != nil {
		t.Fatal(err)
	}
	drawn, size, spread := WeightDensities(arch, ps, 0)
	if size != 6 || len(drawn) != 2 || drawn[0].Col != 0 || drawn[1].Col != 1 || drawn[0].Row != 0 {
		t.Fatalf("%d entries, drawn %+v; want 6, (0, 0) and (0, 1)", size, drawn)
	}
	if want := WeightSpread(arch, ps, 0); spread != want || spread != ps[9][0] {
		t.Errorf("spread %v, want %v", spread, want)
	}
	if h := drawn[0].Bandwidth; h != DensityFloorFraction*spread {
		t.Errorf("tight entry: bandwidth %v, want the floor %v", h, DensityFloorFraction*spread)
	}
	if d, _, _ := WeightDensities(arch, ps, 1); len(d) != 0 {
		t.Errorf("all-zero W_1: %d entries drawn", len(d))
	}
	if !OmitDensity(0.04, 0.04, 1) || OmitDensity(0.06, 0, 1) || OmitDensity(0, 0.06, 1) || !OmitDensity(1, 1, 0) {
		t.Error("omission rule: want omitted below 5% of the spread in both mean and sd, and for an all-zero matrix")
	}
	if err := CheckParticles(arch, ps[:1]); err == nil {
		t.Error("one particle: no error")
	}
}

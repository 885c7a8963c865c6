package exact

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/calibration"
	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/metrics"
	"github.com/csvgd/csvgd-go/csvgd/train"
)

// TestColumnQuantiles: the quantiles of a column over draws taken mult
// times each are those of metrics.QuantileSorted on the multiset written
// out, with ties, zero multiplicities and the quantiles 0 and 1.
func TestColumnQuantiles(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for rep := range 50 {
		n := 1 + rng.IntN(40)
		vals := make([][]float64, n)
		for d := range vals {
			vals[d] = []float64{math.Round(4 * rng.NormFloat64())} // ties
		}
		c := newColumns(vals)
		mult := make([]int32, n)
		var multiset []float64
		for d := range mult {
			mult[d] = int32(rng.IntN(3))
			for range mult[d] {
				multiset = append(multiset, vals[d][0])
			}
		}
		if len(multiset) == 0 {
			continue
		}
		slices.Sort(multiset)
		qs := []float64{0, 0.05, 0.25, 0.5, 0.75, 0.95, 1}
		got := make([]float64, len(qs))
		c.quantiles(0, mult, len(multiset), qs, got)
		for i, q := range qs {
			if want := metrics.QuantileSorted(multiset, q); math.Abs(got[i]-want) > 1e-12 {
				t.Fatalf("replicate %d, q = %v: %v, want %v (multiset %v)", rep, q, got[i], want, multiset)
			}
		}
	}
}

// agreementData are every fifth test point inside the training range at
// 10% noise (skipped without the committed data) and the template
// [3, 4, 1].
func agreementData(t *testing.T) (icnn.Arch, []hyperelastic.Sample) {
	t.Helper()
	data, err := train.LoadPaperData(0.1)
	if err != nil {
		t.Skip(err)
	}
	var in []hyperelastic.Sample
	for i, m := range hyperelastic.WithinRange(data.Test, hyperelastic.TrainingDelta) {
		if i%5 == 0 {
			in = append(in, data.Test[m])
		}
	}
	return icnn.Arch{Widths: []int{3, 4, 1}}, in
}

// syntheticRun is a run of chains x per independent draws around one
// network, each weight perturbed by a normal of standard deviation scale
// (the constrained ones reflected at 0).
func syntheticRun(arch icnn.Arch, label string, starts Starts, seed uint64, chains, per int, scale float64) RunDraws {
	center := arch.Init(1, rand.New(rand.NewPCG(7, 7))).Particle(0)
	cons := arch.Constrained()
	rng := rand.New(rand.NewPCG(seed, 3))
	r := RunDraws{Label: label, Starts: starts, Seed: seed, Chains: make([][][]float64, chains)}
	for k := range r.Chains {
		for range per {
			x := make([]float64, len(center))
			for i, v := range center {
				x[i] = v + scale*rng.NormFloat64()
				if cons[i] {
					x[i] = math.Abs(x[i])
				}
			}
			r.Chains[k] = append(r.Chains[k], x)
		}
	}
	return r
}

// TestBandWidthsMatchCalibration: the band widths of the bootstrap's
// columns are calibration.BandWidth's.
func TestBandWidthsMatchCalibration(t *testing.T) {
	arch, test := agreementData(t)
	r := syntheticRun(arch, "a", SteinStarts, 1, 4, 50, 0.2)
	var flat [][]float64
	for _, ch := range r.Chains {
		flat = append(flat, ch...)
	}
	p := newRunProblem(arch, test, calibration.Entries(test), StressWatch(arch, test[:3]), r)
	b90, b50 := bandWidths(p.entries, nil, 0)
	pred := HostPredict(arch, test, flat)
	for _, c := range []struct{ got, level float64 }{{b90, 0.9}, {b50, 0.5}} {
		want, err := calibration.BandWidth(pred, test, c.level)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(c.got-want) > 1e-12*want {
			t.Errorf("%v band: %v, calibration.BandWidth %v", c.level, c.got, want)
		}
	}
}

// TestAgreeVerdicts: four runs of the same distribution from two kinds of
// starts agree; one run twice as wide is named as off the pooled band and
// raises nested R-hat; runs of one kind of starts do not make a
// reference.
func TestAgreeVerdicts(t *testing.T) {
	arch, test := agreementData(t)
	watch := StressWatch(arch, WatchPoints(test, 5))
	same := []RunDraws{
		syntheticRun(arch, "s1", SteinStarts, 1, 8, 50, 0.2), syntheticRun(arch, "i2", InitStarts, 2, 8, 50, 0.2),
		syntheticRun(arch, "s3", SteinStarts, 3, 8, 50, 0.2), syntheticRun(arch, "i4", InitStarts, 4, 8, 50, 0.2),
	}
	o := AgreeOptions{Bootstrap: 100, Seed: 1, MinBlocks: 20}
	a, err := Agree(arch, test, watch, same, DefaultCriteria, o)
	if err != nil {
		t.Fatal(err)
	}
	if a.Verdict != Agrees || a.NestedRHat > 1.01 || a.Watched != 30 || len(a.Runs) != 4 {
		t.Errorf("same distribution: %s", a.Summary())
	}
	for _, r := range a.Runs {
		if !(r.Band90.MCSE > 0 && r.Band90.MCSE < 0.1*r.Band90.Value) || r.RHat > 1.05 || r.QuantileShift > 0.3 {
			t.Errorf("run %+v", r)
		}
	}
	if !(a.Band90.Lo < a.Band90.Value && a.Band90.Value < a.Band90.Hi) {
		t.Errorf("pooled 90%% band %+v", a.Band90)
	}
	wide := slices.Clone(same)
	wide[3] = syntheticRun(arch, "i4", InitStarts, 4, 8, 50, 0.4)
	if a, err = Agree(arch, test, watch, wide, DefaultCriteria, o); err != nil {
		t.Fatal(err)
	}
	if a.Verdict != Unresolved || !strings.Contains(strings.Join(a.Misses, "; "), "90% band: 4 of 4 runs more than 10% off the pooled") || a.NestedRHat <= 1.01 {
		t.Errorf("one run twice as wide: %s", a.Summary())
	}
	one := []RunDraws{same[0], same[2]}
	if a, err = Agree(arch, test, watch, one, DefaultCriteria, o); err != nil {
		t.Fatal(err)
	}
	if a.Verdict != Unresolved || !strings.Contains(a.Summary(), "1 kind of starting points < 2") {
		t.Errorf("one kind of starts: %s", a.Summary())
	}
}

// TestAgreeStandardErrors: over 24 independent runs of 8 chains of 50
// iid draws, the standard deviation of the runs' 90% band widths is
// within a factor 1.5 of their mean bootstrap standard error, and the
// same for the 50% band.
func TestAgreeStandardErrors(t *testing.T) {
	arch, test := agreementData(t)
	watch := StressWatch(arch, WatchPoints(test, 2))
	var runs []RunDraws
	for s := range 24 {
		runs = append(runs, syntheticRun(arch, "r", Starts(s%2), uint64(10+s), 8, 50, 0.2))
	}
	a, err := Agree(arch, test, watch, runs, DefaultCriteria, AgreeOptions{Bootstrap: 100, Seed: 2, MinBlocks: 20})
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range []func(RunAgreement) Estimate{func(r RunAgreement) Estimate { return r.Band90 }, func(r RunAgreement) Estimate { return r.Band50 }} {
		var v, se []float64
		for _, r := range a.Runs {
			v, se = append(v, b(r).Value), append(se, b(r).MCSE)
		}
		spread, mean := stddev(v), 0.0
		for _, s := range se {
			mean += s / float64(len(se))
		}
		if r := spread / mean; r < 1/1.5 || r > 1.5 {
			t.Errorf("spread of the runs' widths %.4g, mean standard error %.4g", spread, mean)
		}
	}
}

// stddev is the sample standard deviation of v (0 for fewer than 2).
func stddev(v []float64) float64 {
	if len(v) < 2 {
		return 0
	}
	var m, m2 float64
	for i, x := range v {
		d := x - m
		m += d / float64(i+1)
		m2 += d * (x - m)
	}
	return math.Sqrt(m2 / float64(len(v)-1))
}

// TestAgreeRefusesBadInput: no runs, chains of different lengths, draws of
// another template and too few replicates are refused.
func TestAgreeRefusesBadInput(t *testing.T) {
	arch, test := agreementData(t)
	watch := StressWatch(arch, test[:1])
	good := syntheticRun(arch, "a", SteinStarts, 1, 2, 10, 0.2)
	ragged := syntheticRun(arch, "b", SteinStarts, 1, 2, 10, 0.2)
	ragged.Chains[1] = ragged.Chains[1][:5]
	other := syntheticRun(icnn.Arch{Widths: []int{3, 2, 1}}, "c", SteinStarts, 1, 2, 10, 0.2)
	for name, tc := range map[string]struct {
		runs []RunDraws
		o    AgreeOptions
	}{
		"no run": {nil, DefaultAgreeOptions}, "ragged": {[]RunDraws{good, ragged}, DefaultAgreeOptions},
		"other template": {[]RunDraws{good, other}, DefaultAgreeOptions}, "one replicate": {[]RunDraws{good}, AgreeOptions{Bootstrap: 1, MinBlocks: 1}},
	} {
		if _, err := Agree(arch, test, watch, tc.runs, DefaultCriteria, tc.o); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	if _, err := SplitChains(good.Chains[0], 3); err == nil {
		t.Error("10 draws split into 3 chains: no error")
	}
	for _, c := range []struct {
		change func(*Criteria)
		names  string
	}{
		{func(c *Criteria) { c.BandTolerance = math.NaN() }, "NaN"},
		{func(c *Criteria) { c.BandTolerance = -0.1 }, "-0.1"},
		{func(c *Criteria) { c.MaxNestedRHat = math.NaN() }, "NaN"},
		{func(c *Criteria) { c.MaxNestedRHat = 0.99 }, "0.99"},
		{func(c *Criteria) { c.MaxNestedRHat = math.Inf(1) }, "+Inf"},
		{func(c *Criteria) { c.MinRuns = 0 }, "0 runs"},
	} {
		crit := DefaultCriteria
		c.change(&crit)
		if _, err := Agree(arch, test, watch, []RunDraws{good}, crit, DefaultAgreeOptions); err == nil || !strings.Contains(err.Error(), c.names) {
			t.Errorf("criteria %+v: error %v, want one naming %s", crit, err, c.names)
		}
	}
}

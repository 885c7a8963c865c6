package hyperelastic

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

func mustGenerate(t testing.TB, c DataConfig) (train, test []Sample) {
	t.Helper()
	train, test, err := Generate(c)
	if err != nil {
		t.Fatal(err)
	}
	return train, test
}

func TestValidateNamesTheBadValue(t *testing.T) {
	ok := PaperData(0.1, 1)
	if err := ok.Validate(); err != nil {
		t.Fatalf("paper data: %v", err)
	}
	for _, c := range []struct {
		edit func(*DataConfig)
		want string
	}{
		{func(c *DataConfig) { c.Noise = -0.1 }, "noise level = -0.1"},
		{func(c *DataConfig) { c.Noise = math.NaN() }, "noise level = NaN"},
		{func(c *DataConfig) { c.Noise = math.Inf(1) }, "noise level = +Inf"},
		{func(c *DataConfig) { c.NTrain = 0 }, "training points = 0"},
		{func(c *DataConfig) { c.NTest = 1 }, "test points = 1"},
		{func(c *DataConfig) { c.Delta = 0 }, "Delta = 0"},
		{func(c *DataConfig) { c.Delta = 1.5 }, "Delta = 1.5"},
		{func(c *DataConfig) { c.TestRange = 1 }, "test range = 1"},
		{func(c *DataConfig) { c.TestRange = -0.1 }, "test range = -0.1"},
	} {
		bad := ok
		c.edit(&bad)
		err := bad.Validate()
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: error %v, want one naming %q", bad, err, c.want)
		}
		if _, _, err := Generate(bad); err == nil {
			t.Errorf("%+v: Generate accepted it", bad)
		}
	}
}

func TestGenerateFollowsSection5_2(t *testing.T) {
	truth := PaperTruth()
	train, test := mustGenerate(t, PaperData(0, 1))
	if len(train) != 80 || len(test) != 1000 {
		t.Fatalf("%d training and %d test points, want 80 and 1000", len(train), len(test))
	}
	var minH, maxH float64
	for i, s := range train {
		for j, f := range s.F {
			h := f
			if j%4 == 0 {
				h = f - 1
			}
			minH, maxH = math.Min(minH, h), math.Max(maxH, h)
		}
		if s.D != 0 || s.S != s.STrue || s.STrue != truth.Stress(s.Kinematics) {
			t.Errorf("training point %d: d = %v, S = %v, STrue = %v", i, s.D, s.S, s.STrue)
		}
	}
	// 720 uniform draws on [-0.2, 0.2] reach within 0.01 of both ends.
	if minH < -0.2 || maxH > 0.2 || minH > -0.19 || maxH < 0.19 {
		t.Errorf("H ranges over [%v, %v], want about [-0.2, 0.2]", minH, maxH)
	}
	if test[0].D != -0.4 || test[999].D != 0.4 {
		t.Errorf("test path from d = %v to %v, want -0.4 to 0.4", test[0].D, test[999].D)
	}
	for i, s := range test {
		if s.D != -test[999-i].D {
			t.Errorf("test point %d: d = %v, but point %d has %v", i, s.D, 999-i, test[999-i].D)
		}
		if i > 0 && math.Abs(s.D-test[i-1].D-0.8/999) > 1e-15 {
			t.Errorf("test point %d: step %v, want 0.8/999", i, s.D-test[i-1].D)
		}
		r := math.Sqrt(1 + s.D)
		if s.F != [9]float64{1 + s.D, 0, 0, 0, r, 0, 0, 0, r} || s.S != s.STrue {
			t.Errorf("test point %d: F = %v, S = %v, STrue = %v", i, s.F, s.S, s.STrue)
		}
	}
}

// TestGenerateIsDeterministic: the same seed gives the same data; the
// deformations (and the exact stresses) are the same at noise 0 and 0.1;
// another seed gives other deformations.
func TestGenerateIsDeterministic(t *testing.T) {
	a1, b1 := mustGenerate(t, PaperData(0.1, 5))
	a2, b2 := mustGenerate(t, PaperData(0.1, 5))
	a0, b0 := mustGenerate(t, PaperData(0, 5))
	a3, _ := mustGenerate(t, PaperData(0.1, 6))
	for i := range a1 {
		if a1[i] != a2[i] {
			t.Fatalf("training point %d differs between two runs", i)
		}
		if a1[i].Kinematics != a0[i].Kinematics || a1[i].STrue != a0[i].STrue {
			t.Fatalf("training point %d: the deformation depends on the noise level", i)
		}
		if a1[i].S == a0[i].S {
			t.Errorf("training point %d: no noise at level 0.1", i)
		}
		if a1[i].F == a3[i].F {
			t.Errorf("training point %d: seeds 5 and 6 give the same F", i)
		}
	}
	for i := range b1 {
		if b1[i] != b2[i] || b1[i].Kinematics != b0[i].Kinematics || b1[i].STrue != b0[i].STrue {
			t.Fatalf("test point %d is not reproducible", i)
		}
	}
}

// TestNoiseIsMultiplicative: the relative deviations S/STrue - 1 over all
// points and components have mean 0 and standard deviation the noise level.
// 6480 draws: the mean is within 4 standard errors (0.2/sqrt(6480) = 0.0025)
// of 0, the standard deviation within 5% of 0.2.
func TestNoiseIsMultiplicative(t *testing.T) {
	train, test := mustGenerate(t, PaperData(0.2, 1))
	var n, sum, sum2 float64
	for _, s := range append(train, test...) {
		for a := range 6 {
			if s.STrue[a] == 0 { // the test path's shear: no noise on 0
				if s.S[a] != 0 {
					t.Errorf("%s = %v from STrue = 0", ComponentNames[a], s.S[a])
				}
				continue
			}
			r := s.S[a]/s.STrue[a] - 1
			n, sum, sum2 = n+1, sum+r, sum2+r*r
		}
	}
	mean := sum / n
	std := math.Sqrt(sum2/n - mean*mean)
	if math.Abs(mean) > 4*0.2/math.Sqrt(n) || math.Abs(std-0.2) > 0.01 {
		t.Errorf("relative noise: mean %v, std %v over %v values; want 0 and 0.2", mean, std, n)
	}
}

// TestGenerateRedrawsInadmissibleF: at Delta = 1 some raw draws of the
// deformation stream have det F <= 0; Generate skips them.
func TestGenerateRedrawsInadmissibleF(t *testing.T) {
	c := PaperData(0, 2)
	c.Delta = 1
	rng := rand.New(rand.NewPCG(c.Seed, streamDeformation))
	rejected := 0
	for range c.NTrain {
		if _, err := NewKinematics(randomF(rng, c.Delta)); err != nil {
			rejected++
		}
	}
	if rejected == 0 {
		t.Fatal("no raw draw is inadmissible: the test does not test the redraw")
	}
	train, _ := mustGenerate(t, c)
	for i, s := range train {
		if !(s.J > 0) || !s.STrue.Finite() {
			t.Errorf("training point %d: J = %v, STrue = %v", i, s.J, s.STrue)
		}
	}
}

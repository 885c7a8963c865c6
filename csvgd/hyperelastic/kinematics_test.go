package hyperelastic

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

func TestKinematicsOfRandomF(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 50 {
		F := randomF(rng, 0.3)
		k, err := NewKinematics(F)
		if err != nil {
			t.Fatal(err)
		}
		// C Cinv = I.
		full := func(v [6]float64) [9]float64 {
			var m [9]float64
			for a, ij := range Voigt {
				m[3*ij[0]+ij[1]], m[3*ij[1]+ij[0]] = v[a], v[a]
			}
			return m
		}
		prod := matMul(full(k.C), full(k.Cinv))
		for i := range 9 {
			want := 0.0
			if i%4 == 0 {
				want = 1
			}
			if math.Abs(prod[i]-want) > 1e-13 {
				t.Errorf("F = %v: (C C^-1)[%d] = %v, want %v", F, i, prod[i], want)
			}
		}
		// Invariants: I2 from its definition, I3 = J^2, E = (C - I)/2.
		c2 := matMul(full(k.C), full(k.C))
		if i2 := (k.I1*k.I1 - (c2[0] + c2[4] + c2[8])) / 2; math.Abs(k.I2-i2) > 1e-13 {
			t.Errorf("I2 = %v, (I1^2 - tr C^2)/2 = %v", k.I2, i2)
		}
		if math.Abs(k.I3-k.J*k.J) > 1e-13 || math.Abs(k.I1-(k.C[0]+k.C[1]+k.C[2])) > 1e-15 {
			t.Errorf("I1 = %v, I3 = %v, J^2 = %v", k.I1, k.I3, k.J*k.J)
		}
		for a := range 6 {
			want := k.C[a] / 2
			if a < 3 {
				want = (k.C[a] - 1) / 2
			}
			if k.E[a] != want {
				t.Errorf("E[%d] = %v, want %v", a, k.E[a], want)
			}
		}
	}
}

func TestNewKinematicsRejects(t *testing.T) {
	id := [9]float64{1, 0, 0, 0, 1, 0, 0, 0, 1}
	with := func(i int, v float64) [9]float64 { F := id; F[i] = v; return F }
	for _, c := range []struct {
		name string
		F    [9]float64
		want string
	}{
		{"reflection", with(0, -1), "det F = -1"},
		{"singular", with(4, 0), "det F = 0"},
		{"NaN", with(5, math.NaN()), "F23 = NaN"},
		{"Inf", with(6, math.Inf(-1)), "F31 = -Inf"},
		{"overflow", [9]float64{1e200, 0, 0, 0, 1e200, 0, 0, 0, 1e-300}, "out of float64 range"},
		{"zero", [9]float64{}, "det F = 0"},
	} {
		_, err := NewKinematics(c.F)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one naming %q", c.name, err, c.want)
		}
	}
}

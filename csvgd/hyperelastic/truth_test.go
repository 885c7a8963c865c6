package hyperelastic

import (
	"math"
	"math/rand/v2"
	"testing"
)

var identity = [9]float64{1, 0, 0, 0, 1, 0, 0, 0, 1}

func mustKinematics(t *testing.T, F [9]float64) Kinematics {
	t.Helper()
	k, err := NewKinematics(F)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// testFs are deformations for the stress tests: random ones within the
// training range and beyond it, and the ends of the test path.
func testFs() [][9]float64 {
	rng := rand.New(rand.NewPCG(7, 7))
	Fs := [][9]float64{
		{1.4, 0, 0, 0, math.Sqrt(1.4), 0, 0, 0, math.Sqrt(1.4)},
		{0.6, 0, 0, 0, math.Sqrt(0.6), 0, 0, 0, math.Sqrt(0.6)},
	}
	for range 20 {
		Fs = append(Fs, randomF(rng, 0.2))
	}
	for range 5 {
		Fs = append(Fs, randomF(rng, 0.3))
	}
	return Fs
}

// TestStressIsTwiceTheDerivativeInC compares Truth.Stress with central
// finite differences of the potential as a function of the 6 independent
// components c_a of the symmetric C (invariants recomputed from C).
// Perturbing a diagonal c_a moves C_ii alone, so S_ii = 2 dPsi/dc_a; an
// off-diagonal c_a moves both C_ij and C_ji, so dPsi/dc_a = dPsi/dC_ij +
// dPsi/dC_ji = 2 dPsi/dC_ij = S_ij (no factor 2).
func TestStressIsTwiceTheDerivativeInC(t *testing.T) {
	truth := PaperTruth()
	psi := func(C [6]float64) float64 { return truth.Potential(Invariants(C)) }
	const h, tol = 1e-6, 1e-8
	for _, F := range testFs() {
		k := mustKinematics(t, F)
		S := truth.Stress(k)
		for a := range 6 {
			cp, cm := k.C, k.C
			cp[a] += h
			cm[a] -= h
			d := (psi(cp) - psi(cm)) / (2 * h)
			want := d
			if a < 3 {
				want = 2 * d
			}
			if !approx(S[a], want, tol) {
				t.Errorf("F = %v: %s = %.12g, finite differences give %.12g", F, ComponentNames[a], S[a], want)
			}
		}
	}
}

// TestStressIsSymmetric perturbs each of the 9 entries of C on its own, with
// the invariants of a general 3x3 matrix (tr A, (tr(A)^2 - tr(A A))/2,
// det A): 2 dPsi/dC_ij must equal 2 dPsi/dC_ji and the Voigt component.
func TestStressIsSymmetric(t *testing.T) {
	truth := PaperTruth()
	psi := func(A [9]float64) float64 {
		I1 := A[0] + A[4] + A[8]
		AA := matMul(A, A)
		return truth.Potential(I1, (I1*I1-(AA[0]+AA[4]+AA[8]))/2, det3(A))
	}
	const h, tol = 1e-6, 1e-8
	for _, F := range testFs() {
		k := mustKinematics(t, F)
		S := truth.Stress(k)
		var C [9]float64
		for a, ij := range Voigt {
			C[3*ij[0]+ij[1]], C[3*ij[1]+ij[0]] = k.C[a], k.C[a]
		}
		var full [9]float64
		for e := range 9 {
			cp, cm := C, C
			cp[e] += h
			cm[e] -= h
			full[e] = 2 * (psi(cp) - psi(cm)) / (2 * h)
		}
		for a, ij := range Voigt {
			i, j := ij[0], ij[1]
			if !approx(full[3*i+j], full[3*j+i], tol) {
				t.Errorf("F = %v: 2 dPsi/dC_%d%d = %.12g but 2 dPsi/dC_%d%d = %.12g", F, i+1, j+1, full[3*i+j], j+1, i+1, full[3*j+i])
			}
			if !approx(S[a], full[3*i+j], tol) {
				t.Errorf("F = %v: %s = %.12g, 2 dPsi/dC_%d%d = %.12g", F, ComponentNames[a], S[a], i+1, j+1, full[3*i+j])
			}
		}
	}
}

func TestDerivativesMatchFiniteDifferences(t *testing.T) {
	truth := PaperTruth()
	const h, tol = 1e-6, 1e-8
	for _, F := range testFs() {
		k := mustKinematics(t, F)
		I := [3]float64{k.I1, k.I2, k.I3}
		var got [3]float64
		got[0], got[1], got[2] = truth.Derivatives(I[0], I[1], I[2])
		var printed [3]float64
		printed[0], printed[1], printed[2] = truth.PrintedDerivatives(I[0], I[1], I[2])
		for i := range 3 {
			ip, im := I, I
			ip[i] += h
			im[i] -= h
			want := (truth.Potential(ip[0], ip[1], ip[2]) - truth.Potential(im[0], im[1], im[2])) / (2 * h)
			if !approx(got[i], want, tol) {
				t.Errorf("I = %v: psi%d = %.12g, finite differences give %.12g", I, i+1, got[i], want)
			}
			want = (truth.PrintedPotential(ip[0], ip[1], ip[2]) - truth.PrintedPotential(im[0], im[1], im[2])) / (2 * h)
			if !approx(printed[i], want, tol) {
				t.Errorf("I = %v: printed psi%d = %.12g, finite differences give %.12g", I, i+1, printed[i], want)
			}
		}
	}
}

// TestStressFreeReference: the normalised truth has S(I) = 0; the printed
// potential has S(I) = 2.6695 I (docs/reading.md section 6), and n = 2.6695.
func TestStressFreeReference(t *testing.T) {
	truth := PaperTruth()
	k := mustKinematics(t, identity)
	if n := truth.Normalization(); math.Abs(n-2.6695) > 1e-12 || math.Abs(n-(truth.Theta1-truth.Theta2/3)) > 1e-12 {
		t.Errorf("n = %.15g, want 2.6695 = Theta1 - Theta2/3", n)
	}
	S, P := truth.Stress(k), truth.PrintedStress(k)
	for a := range 6 {
		if math.Abs(S[a]) > 1e-12 {
			t.Errorf("S(I) %s = %g, want 0", ComponentNames[a], S[a])
		}
		want := 0.0
		if a < 3 {
			want = 2.6695
		}
		if math.Abs(P[a]-want) > 1e-12 {
			t.Errorf("printed S(I) %s = %.15g, want %v", ComponentNames[a], P[a], want)
		}
	}
}

// TestStressIsFrameIndifferent: C = F^T F, hence S, is the same for QF and F
// for every rotation Q.
func TestStressIsFrameIndifferent(t *testing.T) {
	truth := PaperTruth()
	rng := rand.New(rand.NewPCG(3, 4))
	for _, F := range testFs() {
		S := truth.Stress(mustKinematics(t, F))
		for range 5 {
			Q := randomRotation(rng)
			SQ := truth.Stress(mustKinematics(t, matMul(Q, F)))
			for a := range 6 {
				if !approx(SQ[a], S[a], 1e-12) {
					t.Errorf("F = %v: %s(QF) = %.15g, %s(F) = %.15g", F, ComponentNames[a], SQ[a], ComponentNames[a], S[a])
				}
			}
		}
	}
}

// TestUniaxialStretchByHand checks F = diag(1.1, 1, 1) against a hand
// computation (Jm = 77.931, theta = (2.4195, -0.75, 1.20975), n = 2.6695):
//
//	C = diag(1.21, 1, 1), I1 = 3.21, I2 = 1.21 + 1.21 + 1 = 3.42, I3 = 1.21, J = 1.1
//	psi1 = theta1/2 / (1 - 0.21/77.931) = 1.20975 * 77.931/77.721 = 1.2130187112
//	psi2 = 0.75 / 3.42 = 0.2192982456
//	dPsi/dJ = theta2/J + theta3 (J - 1/J) - n
//	        = -0.6818181818 + 1.20975 * 0.1909090909 - 2.6695 = -3.1203659091
//	psi3 = dPsi/dJ / (2J) = -3.1203659091 / 2.2 = -1.4183481405
//	S11 = 2 [psi1 + psi2 (I1 - C11) + psi3 I3/C11] = 2 [psi1 + 2 psi2 + psi3]
//	    = 2 [1.2130187112 + 0.4385964912 - 1.4183481405] = 2 * 0.2332670619 = 0.4665341238
//	S22 = S33 = 2 [psi1 + psi2 (I1 - 1) + psi3 I3] = 2 [psi1 + 2.21 psi2 + 1.21 psi3]
//	    = 2 [1.2130187112 + 0.4846491228 - 1.7162012500] = 2 * (-0.0185334160) = -0.0370668321
//	S23 = S13 = S12 = 0.
//
// (The lateral stress is slightly compressive: linearised at F = I the
// normalised truth has mu = 2.9195 and lambda = -0.5212.)
func TestUniaxialStretchByHand(t *testing.T) {
	S := PaperTruth().Stress(mustKinematics(t, [9]float64{1.1, 0, 0, 0, 1, 0, 0, 0, 1}))
	want := Stress{0.4665341238, -0.0370668321, -0.0370668321, 0, 0, 0}
	for a := range 6 {
		if math.Abs(S[a]-want[a]) > 1e-9 {
			t.Errorf("%s = %.12g, want %.10f (by hand)", ComponentNames[a], S[a], want[a])
		}
	}
	if S[1] != S[2] {
		t.Errorf("S22 = %v != S33 = %v", S[1], S[2])
	}
}

// TestTestPathIsTransverselyIsotropic: on F = diag(1+d, sqrt(1+d), sqrt(1+d))
// S22 = S33 exactly, the shear components vanish, and S11 has the sign of d.
func TestTestPathIsTransverselyIsotropic(t *testing.T) {
	truth := PaperTruth()
	for _, d := range []float64{-0.4, -0.1, 0.05, 0.4} {
		r := math.Sqrt(1 + d)
		S := truth.Stress(mustKinematics(t, [9]float64{1 + d, 0, 0, 0, r, 0, 0, 0, r}))
		if S[1] != S[2] || S[3] != 0 || S[4] != 0 || S[5] != 0 {
			t.Errorf("d = %v: S = %v", d, S)
		}
		if S[0]*d <= 0 {
			t.Errorf("d = %v: S11 = %v has the wrong sign", d, S[0])
		}
	}
}

// TestLinearisedModuli checks the small-strain moduli stated in Truth's doc:
// for F = diag(1+e, 1, 1), S = (lambda + 2 mu, lambda, lambda) e + O(e^2).
func TestLinearisedModuli(t *testing.T) {
	const e = 1e-7
	S := PaperTruth().Stress(mustKinematics(t, [9]float64{1 + e, 0, 0, 0, 1, 0, 0, 0, 1}))
	lambda := S[1] / e
	mu := (S[0]/e - lambda) / 2
	if math.Abs(mu-2.9195) > 1e-4 || math.Abs(lambda+0.5212) > 1e-4 {
		t.Errorf("mu = %.6f, lambda = %.6f; want 2.9195 and -0.5212", mu, lambda)
	}
	if nu := lambda / (2 * (lambda + mu)); math.Abs(nu+0.109) > 1e-3 {
		t.Errorf("Poisson ratio %.5f, want -0.109", nu)
	}
}

// TestPoissonRatio: the ratio agrees with the one that linear isotropic
// elasticity gives from the bulk modulus K (a small dilation, S11 = 3 K
// eps) and the shear modulus mu (a small shear, S12 = mu eps): nu = (3K -
// 2 mu) / (2 (3K + mu)); and it is slightly negative for the paper's
// truth.
func TestPoissonRatio(t *testing.T) {
	truth := PaperTruth()
	nu, err := truth.PoissonRatio()
	if err != nil {
		t.Fatal(err)
	}
	const eps = 1e-5
	dil, _ := NewKinematics([9]float64{1 + eps, 0, 0, 0, 1 + eps, 0, 0, 0, 1 + eps})
	shear, _ := NewKinematics([9]float64{1, eps, 0, 0, 1, 0, 0, 0, 1})
	k, mu := truth.Stress(dil)[0]/(3*eps), truth.Stress(shear)[5]/eps
	want := (3*k - 2*mu) / (2 * (3*k + mu))
	if math.Abs(nu-want) > 1e-3 {
		t.Errorf("Poisson ratio %v, from K = %v and mu = %v: %v", nu, k, mu, want)
	}
	if !(nu < 0 && nu > -0.5) {
		t.Errorf("Poisson ratio %v: want slightly negative", nu)
	}
}

// TestPrintedPoissonRatio: the printed truth's incremental ratio is the
// one of the normalised truth's Lame constants shifted back by the
// normalisation (lambda + n, mu - n), and positive, where the normalised
// truth's is negative.
func TestPrintedPoissonRatio(t *testing.T) {
	truth := PaperTruth()
	nu, err := truth.PrintedPoissonRatio()
	if err != nil {
		t.Fatal(err)
	}
	const eps = 1e-5
	k, _ := NewKinematics([9]float64{1 + eps, 0, 0, 0, 1, 0, 0, 0, 1})
	s := truth.Stress(k)
	lambda, mu := s[1]/eps, (s[0]-s[1])/(2*eps)
	n := truth.Normalization()
	if want := (lambda + n) / (2 * (lambda + mu)); math.Abs(nu-want) > 1e-3 {
		t.Errorf("printed Poisson ratio %v, from lambda %v + n and mu %v - n (n = %v): %v", nu, lambda, mu, n, want)
	}
	normalised, err := truth.PoissonRatio()
	if err != nil {
		t.Fatal(err)
	}
	if !(nu > 0 && normalised < 0) {
		t.Errorf("printed Poisson ratio %v, normalised %v: want the printed positive and the normalised negative", nu, normalised)
	}
}

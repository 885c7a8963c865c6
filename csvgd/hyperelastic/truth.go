package hyperelastic

import "math"

// Truth is the truth model of the paper's Sec. 5.2, normalised to be stress
// free at F = I (docs/reading.md section 6):
//
//	Psi(I1, I2, I3) = -Theta1/2 Jm log(1 - (I1 - 3)/Jm) - Theta2 log(I2/J)
//	                  + Theta3 ((J^2 - 1)/2 - log J) - n (J - 1),    J = sqrt(I3),
//
// with n = 2 (Psi_1 + 2 Psi_2 + Psi_3) of the printed potential (without the
// n term) at (3, 3, 1), which is Theta1 - Theta2/3 ([Truth.Normalization]).
// The first term is Gent's. The potential is defined for I1 < 3 + Jm, I2 > 0 and I3 > 0;
// outside it the methods return NaN or Inf. Only the stress is normalised:
// Psi(3, 3, 1) = -Theta2 log 3, not 0.
//
// The normalising term changes the small-strain response: linearised at
// F = I the paper's truth has shear modulus mu = 2 (Psi_1 + Psi_2) = 2.9195
// and Lame constant lambda = -0.5212 (Poisson ratio -0.109, a slightly
// auxetic solid; under uniaxial strain the lateral stress is compressive).
type Truth struct{ Jm, Theta1, Theta2, Theta3 float64 }

// PaperTruth returns the truth of Sec. 5.2: Jm = 77.931,
// theta = (2.4195, -0.75, 1.20975), for which n = 2.6695.
func PaperTruth() Truth {
	return Truth{Jm: 77.931, Theta1: 2.4195, Theta2: -0.75, Theta3: 1.20975}
}

// Normalization returns n = 2 (Psi_1 + 2 Psi_2 + Psi_3) of the printed
// potential at (I1, I2, I3) = (3, 3, 1): the stress of the printed potential
// at F = I is n I, and subtracting n (J - 1) removes it (eq.
// potential_normalization). It is Theta1 - Theta2/3 whatever Jm.
func (t Truth) Normalization() float64 {
	p1, p2, p3 := t.PrintedDerivatives(3, 3, 1)
	return 2 * (p1 + 2*p2 + p3)
}

// PrintedPotential is the potential exactly as the paper prints it, without
// the normalising term.
func (t Truth) PrintedPotential(I1, I2, I3 float64) float64 {
	J := math.Sqrt(I3)
	return -t.Theta1/2*t.Jm*math.Log1p(-(I1-3)/t.Jm) - t.Theta2*math.Log(I2/J) + t.Theta3*((I3-1)/2-math.Log(J))
}

// PrintedDerivatives returns dPsi/dI_i of [Truth.PrintedPotential]:
//
//	psi1 = Theta1/2 / (1 - (I1 - 3)/Jm),   psi2 = -Theta2/I2,
//	psi3 = dPsi/dJ / (2J),   dPsi/dJ = Theta2/J + Theta3 (J - 1/J).
func (t Truth) PrintedDerivatives(I1, I2, I3 float64) (psi1, psi2, psi3 float64) {
	J := math.Sqrt(I3)
	psi1 = t.Theta1 / 2 / (1 - (I1-3)/t.Jm)
	psi2 = -t.Theta2 / I2
	psi3 = (t.Theta2/J + t.Theta3*(J-1/J)) / (2 * J)
	return psi1, psi2, psi3
}

// Potential returns the normalised potential Psi(I1, I2, I3).
func (t Truth) Potential(I1, I2, I3 float64) float64 {
	return t.PrintedPotential(I1, I2, I3) - t.Normalization()*(math.Sqrt(I3)-1)
}

// Derivatives returns psi_i = dPsi/dI_i of the normalised potential,
// analytically: those of [Truth.PrintedDerivatives] with -n/(2J) added to
// psi3 (d(J - 1)/dI3 = 1/(2J)).
func (t Truth) Derivatives(I1, I2, I3 float64) (psi1, psi2, psi3 float64) {
	psi1, psi2, psi3 = t.PrintedDerivatives(I1, I2, I3)
	return psi1, psi2, psi3 - t.Normalization()/(2*math.Sqrt(I3))
}

// Stress returns the second Piola-Kirchhoff stress S = 2 dPsi/dC of the
// normalised potential at k (Voigt order).
func (t Truth) Stress(k Kinematics) Stress {
	psi1, psi2, psi3 := t.Derivatives(k.I1, k.I2, k.I3)
	return StressFromDerivatives(k, psi1, psi2, psi3)
}

// PrintedStress returns the stress of [Truth.PrintedPotential] at k; at
// F = I it is [Truth.Normalization] times I.
func (t Truth) PrintedStress(k Kinematics) Stress {
	psi1, psi2, psi3 := t.PrintedDerivatives(k.I1, k.I2, k.I3)
	return StressFromDerivatives(k, psi1, psi2, psi3)
}

package hyperelastic

import (
	"fmt"
	"math"
)

// Voigt maps a Voigt index to its (row, column) in the 3x3 tensor (0-based),
// in the order of [ComponentNames].
var Voigt = [NumComponents][2]int{{0, 0}, {1, 1}, {2, 2}, {1, 2}, {0, 2}, {0, 1}}

// Kinematics is what the stress needs of a deformation gradient F.
type Kinematics struct {
	F          [9]float64 // row-major: F11, F12, F13, F21, ..., F33
	C, Cinv    [6]float64 // C = F^T F and its inverse, Voigt order
	E          [6]float64 // Green-Lagrange strain (C - I)/2, Voigt order
	I1, I2, I3 float64    // I1 = tr C, I2 = (I1^2 - tr(C^2))/2, I3 = det C
	J          float64    // sqrt(I3) = det F
}

// NewKinematics returns the kinematics of F (row-major). It fails, naming
// the value, when an entry of F is not finite, when det F <= 0 (F must keep
// orientation and volume) or when C or its inverse overflows.
//
// J is det F computed from F; I3 is det C computed from C, so I3 = J^2 up to
// rounding.
func NewKinematics(F [9]float64) (Kinematics, error) {
	for i, f := range F {
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return Kinematics{}, fmt.Errorf("F%d%d = %v is not finite", i/3+1, i%3+1, f)
		}
	}
	k := Kinematics{F: F}
	k.J = det3(F)
	if !(k.J > 0) || math.IsInf(k.J, 0) {
		return Kinematics{}, fmt.Errorf("det F = %v: need a finite det F > 0", k.J)
	}
	k.C = RightCauchyGreen(F)
	k.I1, k.I2, k.I3 = Invariants(k.C)
	if !(k.I3 > 0) || math.IsInf(k.I3, 0) || math.IsInf(k.I1, 0) || math.IsInf(k.I2, 0) || math.IsNaN(k.I2) {
		return Kinematics{}, fmt.Errorf("det F = %v: C = F^T F has invariants (%v, %v, %v) out of float64 range", k.J, k.I1, k.I2, k.I3)
	}
	k.Cinv = inverse(k.C, k.I3)
	for i := range 6 {
		if math.IsNaN(k.Cinv[i]) || math.IsInf(k.Cinv[i], 0) {
			return Kinematics{}, fmt.Errorf("det F = %v: C^-1 is out of float64 range", k.J)
		}
		k.E[i] = k.C[i] / 2
		if i < 3 {
			k.E[i] = (k.C[i] - 1) / 2
		}
	}
	return k, nil
}

// RightCauchyGreen returns C = F^T F in Voigt order, C_ij = sum_k F_ki F_kj.
func RightCauchyGreen(F [9]float64) [6]float64 {
	var c [6]float64
	for v, ij := range Voigt {
		i, j := ij[0], ij[1]
		c[v] = F[i]*F[j] + F[3+i]*F[3+j] + F[6+i]*F[6+j]
	}
	return c
}

// Invariants returns the invariants of the symmetric tensor C (Voigt order):
// I1 = tr C, I2 = (I1^2 - tr(C^2))/2, computed as the equal sum of the
// principal 2x2 minors, and I3 = det C.
func Invariants(C [6]float64) (I1, I2, I3 float64) {
	c11, c22, c33, c23, c13, c12 := C[0], C[1], C[2], C[3], C[4], C[5]
	I1 = c11 + c22 + c33
	I2 = c11*c22 - c12*c12 + c11*c33 - c13*c13 + c22*c33 - c23*c23
	I3 = c11*(c22*c33-c23*c23) - c12*(c12*c33-c23*c13) + c13*(c12*c23-c22*c13)
	return I1, I2, I3
}

// inverse returns C^-1 (Voigt order) from the cofactors of C and det C.
func inverse(C [6]float64, det float64) [6]float64 {
	c11, c22, c33, c23, c13, c12 := C[0], C[1], C[2], C[3], C[4], C[5]
	return [6]float64{
		(c22*c33 - c23*c23) / det,
		(c11*c33 - c13*c13) / det,
		(c11*c22 - c12*c12) / det,
		(c13*c12 - c11*c23) / det,
		(c12*c23 - c13*c22) / det,
		(c13*c23 - c12*c33) / det,
	}
}

// det3 is the determinant of a row-major 3x3 matrix.
func det3(a [9]float64) float64 {
	return a[0]*(a[4]*a[8]-a[5]*a[7]) - a[1]*(a[3]*a[8]-a[5]*a[6]) + a[2]*(a[3]*a[7]-a[4]*a[6])
}

// StressFromDerivatives returns the second Piola-Kirchhoff stress (Voigt
// order) of a potential Psi(I1, I2, I3) at k, given psi_i = dPsi/dI_i there:
//
//	S = 2 dPsi/dC = 2 [psi1 I + psi2 (I1 I - C) + psi3 I3 C^-1]
//
// from dI1/dC = I, dI2/dC = I1 I - C and dI3/dC = I3 C^-1 (C symmetric).
func StressFromDerivatives(k Kinematics, psi1, psi2, psi3 float64) Stress {
	var s Stress
	for v := range NumComponents {
		delta := 0.0 // the identity's component
		if v < 3 {
			delta = 1
		}
		s[v] = 2 * (psi1*delta + psi2*(k.I1*delta-k.C[v]) + psi3*k.I3*k.Cinv[v])
	}
	return s
}

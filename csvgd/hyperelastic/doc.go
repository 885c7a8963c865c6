// Package hyperelastic is the data of the paper's Sec. 5.2: deformations of a
// hyperelastic solid and the stresses that a truth model gives them, with
// multiplicative noise, as training and test sets (and their CSV files).
//
// Kinematics ([Kinematics]): a deformation gradient F gives the right
// Cauchy-Green tensor C = F^T F, the Green-Lagrange strain E = (C - I)/2 and
// the invariants
//
//	I1 = tr C,   I2 = (I1^2 - tr(C^2))/2,   I3 = det C,   J = sqrt(I3) = det F.
//
// Symmetric tensors are stored as their [NumComponents] = 6 independent
// components in the Voigt order 11, 22, 33, 23, 13, 12 ([Voigt]); a
// stress is a [Stress], its components named by [ComponentNames], and the
// stresses an ensemble predicts at test points are [Predictions], indexed
// [member][point].
//
// Stress ([StressFromDerivatives]): for a potential Psi(I1, I2, I3) the second
// Piola-Kirchhoff stress is
//
//	S = dPsi/dE = 2 dPsi/dC = 2 [Psi_1 I + Psi_2 (I1 I - C) + Psi_3 I3 C^-1],   Psi_i = dPsi/dI_i.
//
// Truth ([Truth]): the potential printed in Sec. 5.2,
//
//	Psi(I1, I2, J) = -theta1/2 Jm log(1 - (I1 - 3)/Jm) - theta2 log(I2/J)
//	                 + theta3 ((J^2 - 1)/2 - log J),
//
// with Jm = 77.931 and theta = (2.4195, -0.75, 1.20975), is not stress free
// at F = I: there S = 2.6695 I. The project (docs/reading.md section 6) normalises
// it as the network is normalised (eq. potential_normalization): it subtracts
// n (J - 1) with n = 2 (Psi_1 + 2 Psi_2 + Psi_3) at (3, 3, 1) = theta1 - theta2/3
// = 2.6695, so that S(I) = 0. [Truth.PrintedPotential] keeps the printed form.
//
// Data ([Generate], [PaperData]): 80 training points F = I + H with the 9
// entries of H uniform on [-0.2, 0.2], and 1000 test points
// F = diag(1+d, sqrt(1+d), sqrt(1+d)) with d evenly spaced on [-0.4, 0.4]
// (the printed path; [TestPath] offers the isochoric one beside it). Test
// points with |d| <= [TrainingDelta] lie inside the training range
// ([WithinRange]); beyond it a model extrapolates.
// The paper's eq. (datasamples), "s eps S with eps ~ N(1, I)", read
// literally has mean s S and a relative SD of 1 whatever s is; this package
// moves s off the product and onto the deviation ([AddNoise]):
//
//	S_noisy = S (1 + s xi),   xi ~ N(0, 1) independently per component,
//
// that is S eps' with eps' ~ N(1, s^2), s the noise level (0.1 = 10%). The deformations and the noise come from two
// PCG streams of the same seed, so a seed gives the same deformations at every
// noise level.
//
// Files ([WriteCSV], [ReadCSV]): one row per sample with F, the (noisy)
// training stress, the exact stress, the invariants, E and the test path
// parameter d, at full float64 precision. Reading checks every row and
// recomputes the kinematics from F. A data folder records how it was made
// in its [InfoFile] (noise level, seed, sizes, ranges, test path).
package hyperelastic

package hyperelastic

// smallStrain is the strain of the linearisations of [Truth.PoissonRatio].
const smallStrain = 1e-5

// PoissonRatio is the Poisson ratio of the (normalised) truth at F = I,
// from its linearisation: a small stretch eps with the lateral directions
// held, F = diag(1+eps, 1, 1), gives S11 = (lambda + 2 mu) eps and S22 =
// lambda eps (lambda, mu the Lame constants), and nu = lambda / (2 (lambda
// + mu)) = S22 / (S11 + S22). A negative nu means that a stretch so held
// pulls the lateral faces in: S22 < 0.
func (t Truth) PoissonRatio() (float64, error) {
	k, err := NewKinematics([9]float64{1 + smallStrain, 0, 0, 0, 1, 0, 0, 0, 1})
	if err != nil {
		return 0, err
	}
	s := t.Stress(k)
	return s[1] / (s[0] + s[1]), nil
}

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
	return poissonRatio(t.Stress)
}

// PrintedPoissonRatio is the incremental Poisson ratio at F = I of the
// printed, un-normalised truth ([Truth.PrintedStress]), which is not
// stress-free there (S(I) = n I): the same held stretch as
// [Truth.PoissonRatio], with the stress increments S(F) - S(I) in place of
// S. The normalisation's -n (J - 1) shifts the linearised Lame constants
// by lambda -> lambda - n and mu -> mu + n, so the two ratios differ; that
// shift is what makes the normalised truth's ratio negative.
func (t Truth) PrintedPoissonRatio() (float64, error) {
	ref, err := NewKinematics([9]float64{1, 0, 0, 0, 1, 0, 0, 0, 1})
	if err != nil {
		return 0, err
	}
	s0 := t.PrintedStress(ref)
	return poissonRatio(func(k Kinematics) Stress {
		s := t.PrintedStress(k)
		for i := range s {
			s[i] -= s0[i]
		}
		return s
	})
}

// poissonRatio is S22 / (S11 + S22) of the stress increments stress gives
// at F = diag(1+smallStrain, 1, 1).
func poissonRatio(stress func(Kinematics) Stress) (float64, error) {
	k, err := NewKinematics([9]float64{1 + smallStrain, 0, 0, 0, 1, 0, 0, 0, 1})
	if err != nil {
		return 0, err
	}
	s := stress(k)
	return s[1] / (s[0] + s[1]), nil
}

package reference

import "math"

// activate returns softplus(z) = log(1 + e^z), sigmoid(z) = 1/(1 + e^-z)
// and sigmoid'(z) = sigmoid(z) sigmoid(-z) from one exponential,
// e = exp(-|z|) <= 1, so that none of them overflows or loses precision:
//
//	z >= 0: softplus = z + log1p(e), sigmoid = 1/(1 + e),
//	z < 0:  softplus = log1p(e),     sigmoid = e/(1 + e),
//	sigmoid' = e/(1 + e)^2.
func activate(z float64) (sp, sig, dsig float64) {
	e, sig, dsig := sigmoids(z)
	if z >= 0 {
		return z + math.Log1p(e), sig, dsig
	}
	return math.Log1p(e), sig, dsig
}

// sigmoids returns e = exp(-|z|), sigmoid(z) and sigmoid'(z) as [activate]
// computes them, without the softplus.
func sigmoids(z float64) (e, sig, dsig float64) {
	e = math.Exp(-math.Abs(z))
	inv := 1 / (1 + e)
	if z >= 0 {
		return e, inv, e * inv * inv
	}
	return e, e * inv, e * inv * inv
}

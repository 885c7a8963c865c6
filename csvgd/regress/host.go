package regress

import "math"

// HostLogPosterior is the log posterior of [Model] (without its constant)
// of the particle theta on the points x, y (standardised), the data term
// multiplied by scale: N/B for a mini-batch of B of the N training points,
// as Liu & Wang's code estimates it, 1 for all of them. It is written with
// plain loops in float64, for tests and tools that need no graph.
func (m Model) HostLogPosterior(theta []float64, x, y [][]float64, scale float64) float64 {
	o := m.Arch.Outputs()
	lp := 0.0
	for i := range x {
		f := m.Arch.HostForward(theta, x[i])
		for k := range o {
			g := math.Exp(theta[m.LogGamma(k)])
			r := y[i][k] - f[k]
			lp += scale * (theta[m.LogGamma(k)]/2 - g*r*r/2)
		}
	}
	if m.Fixed == nil {
		for k := range o {
			lg := theta[m.LogGamma(k)]
			lp += PriorShape*lg - PriorRate*math.Exp(lg)
		}
	}
	ll := theta[m.LogLambda()]
	p := m.Arch.NumParams()
	sq := 0.0
	for _, w := range theta[:p] {
		sq += w * w
	}
	return lp + float64(p)/2*ll - math.Exp(ll)*sq/2 + PriorShape*ll - PriorRate*math.Exp(ll)
}

// HostScore is the gradient of [Model.HostLogPosterior] with respect to
// theta, written out by hand: the reverse pass of the network
// ([dense.Arch.HostVJP]) for the data term's cotangent
// scale gamma_o (y_o - f_o), and
//
//	d/dw          = ... - lambda w,
//	d/dlog gamma_o = scale sum_m (1/2 - gamma_o r_mo^2 / 2) + a0 - b0 gamma_o   (0 when fixed),
//	d/dlog lambda  = P/2 - lambda |w|^2 / 2 + a0 - b0 lambda.
func (m Model) HostScore(theta []float64, x, y [][]float64, scale float64) []float64 {
	o, p := m.Arch.Outputs(), m.Arch.NumParams()
	grad := make([]float64, m.NumParams())
	gam := make([]float64, o)
	for k := range o {
		gam[k] = math.Exp(theta[m.LogGamma(k)])
	}
	for i := range x {
		f := m.Arch.HostForward(theta, x[i])
		cot := make([]float64, o)
		for k := range o {
			r := y[i][k] - f[k]
			cot[k] = scale * gam[k] * r
			grad[m.LogGamma(k)] += scale * (0.5 - gam[k]*r*r/2)
		}
		for j, v := range m.Arch.HostVJP(theta, x[i], cot) {
			grad[j] += v
		}
	}
	lam := math.Exp(theta[m.LogLambda()])
	sq := 0.0
	for j, w := range theta[:p] {
		grad[j] -= lam * w
		sq += w * w
	}
	for k := range o {
		grad[m.LogGamma(k)] += PriorShape - PriorRate*gam[k]
		if m.Fixed != nil {
			grad[m.LogGamma(k)] = 0
		}
	}
	grad[m.LogLambda()] = float64(p)/2 - lam*sq/2 + PriorShape - PriorRate*lam
	return grad
}

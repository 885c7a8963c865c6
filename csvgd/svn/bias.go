package svn

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/csvgd/csvgd-go/csvgd/metrics"
	"github.com/csvgd/csvgd-go/csvgd/stein"
	"gonum.org/v1/gonum/mat"
)

// StepBiasPoint is what the stochastic Newton update's particles settle
// at with one time step, on a Gaussian whose moments are known.
type StepBiasPoint struct {
	Step float64 // the time step eps
	// VarianceRatio is, per coordinate, the variance of the pooled draws
	// (every particle at every kept iteration) over the target's.
	VarianceRatio []float64
	// CovError is ||Sigma_hat - Sigma||_F / ||Sigma||_F, Sigma_hat the
	// pooled draws' covariance.
	CovError float64
	// MeanError is the largest |mean_hat_i - mu_i| / sqrt(Sigma_ii).
	MeanError float64
}

// AverageRatio is the mean of VarianceRatio over the coordinates.
func (p StepBiasPoint) AverageRatio() float64 {
	var s float64
	for _, r := range p.VarianceRatio {
		s += r
	}
	return s / float64(len(p.VarianceRatio))
}

// EulerMaruyamaFactor is the stationary covariance of the one-particle
// chain over the target's, 1/(1 - eps/2): the bias [StepBias] must find
// with one particle, whose kernel is 1.
func EulerMaruyamaFactor(eps float64) float64 { return 1 / (1 - eps/2) }

// CovErrorFalls reports whether CovError falls from each point to the
// next, the steps taken in the order given (largest first).
func CovErrorFalls(pts []StepBiasPoint) bool {
	for k := 1; k < len(pts); k++ {
		if !(pts[k].CovError < pts[k-1].CovError) {
			return false
		}
	}
	return true
}

// StepBias measures the bias of the discretised Newton flow: the
// stochastic update ([StochasticNewton], the Euler-Maruyama step of the
// diffusion of [Flow]) run on N(mu, cov) with the given number of
// particles at each time step of steps, for the same simulated time
// (burn in, then keep) at every step. The continuous diffusion has the
// target as its stationary law; the Euler-Maruyama chain, without a
// Metropolis correction, does not: on a Gaussian its drift is linear, so
// the mean is unbiased, but its stationary covariance is too wide, by a
// factor 1/(1 - eps/2) for one particle (x' = (1 - eps) x + sqrt(2 eps) z
// in whitened coordinates, whose variance v solves v = (1 - eps)^2 v + 2 eps).
// On a Gaussian the metric (the average Gauss-Newton curvature, the
// precision) is constant, so the bias measured here is the
// discretisation's alone; on a network the metric is rebuilt from the
// particles at every step, which adds an error this measurement does not
// see. The moments are pooled over particles and kept iterations (the
// stationary law is N independent copies of the target), so their
// Monte-Carlo error shrinks with the simulated time.
func StepBias(mu []float64, cov *mat.SymDense, particles int, steps []float64, burn, keep float64, seed uint64) ([]StepBiasPoint, error) {
	d := len(mu)
	switch {
	case d == 0 || cov == nil || cov.SymmetricDim() != d:
		return nil, fmt.Errorf("svn: step bias: a mean of %d values and a covariance of another size", d)
	case particles < 1:
		return nil, fmt.Errorf("svn: step bias: %d particles", particles)
	case !(burn >= 0) || !(keep > 0) || math.IsInf(burn+keep, 0):
		return nil, fmt.Errorf("svn: step bias: burn-in %v and kept time %v must be finite, >= 0 and > 0", burn, keep)
	case len(steps) == 0:
		return nil, errors.New("svn: step bias: no step sizes")
	}
	var chol mat.Cholesky
	if !chol.Factorize(cov) {
		return nil, errors.New("svn: step bias: the covariance is not positive definite")
	}
	var prec mat.SymDense
	if err := chol.InverseTo(&prec); err != nil {
		return nil, fmt.Errorf("svn: step bias: %w", err)
	}
	model := gaussianModel(mu, &prec)
	var l mat.TriDense
	chol.LTo(&l)
	out := make([]StepBiasPoint, 0, len(steps))
	for _, eps := range steps {
		if !(eps > 0) || math.IsInf(eps, 0) {
			return nil, fmt.Errorf("svn: step bias: step %v must be finite and > 0", eps)
		}
		f, err := NewFlow(model, Config{Update: StochasticNewton, Prior: stein.Prior{Alpha: 1}, StepSize: eps, Seed: seed})
		if err != nil {
			return nil, err
		}
		// Start from exact draws of the target, so that the burn-in
		// only has to forget the start's Monte-Carlo error.
		rng := rand.New(rand.NewPCG(seed, 0x5374_6570_4269_6173)) // "StepBias"
		x := stein.NewEnsemble(particles, d)
		for _, row := range x.Rows() {
			z := mat.NewVecDense(d, nil)
			for i := 0; i < d; i++ {
				z.SetVec(i, rng.NormFloat64())
			}
			var v mat.VecDense
			v.MulVec(&l, z)
			for i := range row {
				row[i] = mu[i] + v.AtVec(i)
			}
		}
		nBurn, nKeep := int(math.Ceil(burn/eps)), int(math.Ceil(keep/eps))
		if err := f.Run(x, nBurn, nil); err != nil {
			return nil, fmt.Errorf("svn: step bias, step %g: %w", eps, err)
		}
		sum := make([]float64, d)
		sq := make([]float64, d*d)
		count := 0
		for range nKeep {
			if err := f.Step(x); err != nil {
				return nil, fmt.Errorf("svn: step bias, step %g: %w", eps, err)
			}
			for _, row := range x.Rows() {
				for i := range row {
					sum[i] += row[i]
					for j := range row {
						sq[i*d+j] += row[i] * row[j]
					}
				}
				count++
			}
		}
		p := StepBiasPoint{Step: eps, VarianceRatio: make([]float64, d)}
		var num, den float64
		for i := 0; i < d; i++ {
			mi := sum[i] / float64(count)
			p.MeanError = math.Max(p.MeanError, math.Abs(mi-mu[i])/math.Sqrt(cov.At(i, i)))
			for j := 0; j < d; j++ {
				c := sq[i*d+j]/float64(count) - mi*sum[j]/float64(count)
				diff := c - cov.At(i, j)
				num += diff * diff
				den += cov.At(i, j) * cov.At(i, j)
				if i == j {
					p.VarianceRatio[i] = c / cov.At(i, i)
				}
			}
		}
		p.CovError = math.Sqrt(num / den)
		out = append(out, p)
	}
	return out, nil
}

// gaussianModel is the model of N(mu, P^-1): score -P (theta - mu),
// curvature P.
func gaussianModel(mu []float64, p *mat.SymDense) Model {
	d := len(mu)
	raw := make([]float64, d*d)
	for i := 0; i < d; i++ {
		for j := 0; j < d; j++ {
			raw[i*d+j] = p.At(i, j)
		}
	}
	return ModelFunc(func(x *stein.Ensemble) (*stein.Ensemble, [][]float64, error) {
		s := stein.NewEnsemble(x.N, x.D)
		curv := make([][]float64, x.N)
		for a, theta := range x.Rows() {
			diff := make([]float64, d)
			for i := range diff {
				diff[i] = theta[i] - mu[i]
			}
			var v mat.VecDense
			v.MulVec(p, mat.NewVecDense(d, diff))
			for i := range diff {
				s.Particle(a)[i] = -v.AtVec(i)
			}
			curv[a] = raw
		}
		return s, curv, nil
	})
}

// SeedMean is one step's measured variance ratio over its closed form,
// averaged over independent seeds.
type SeedMean struct {
	Step float64
	// Mean is the mean over seeds of AverageRatio / EulerMaruyamaFactor
	// (1: the closed form found).
	Mean float64
	// SE is its standard error over the seeds (sd / sqrt(seeds)).
	SE float64
}

// Within reports whether the mean lies within k standard errors of 1.
func (m SeedMean) Within(k float64) bool { return math.Abs(m.Mean-1) <= k*m.SE }

// ClosedFormOverSeeds summarises one-particle [StepBias] runs made with
// independent seeds (runs[s] the points of seed s, the same steps in the
// same order) against [EulerMaruyamaFactor]. One seed's steps are not
// independent measurements: iteration t draws its noise from the seed and
// t alone ([Config.Seed]) and every step starts from the same exact
// draws, so every step size of a seed is driven by the same normals, and
// their errors are correlated. The scatter of the measurement is the
// scatter between seeds.
func ClosedFormOverSeeds(runs [][]StepBiasPoint) ([]SeedMean, error) {
	if len(runs) < 2 {
		return nil, fmt.Errorf("svn: closed form over seeds: %d runs, want at least 2", len(runs))
	}
	out := make([]SeedMean, len(runs[0]))
	for k := range out {
		ratios := make([]float64, len(runs))
		for i, pts := range runs {
			if len(pts) != len(out) || pts[k].Step != runs[0][k].Step {
				return nil, fmt.Errorf("svn: closed form over seeds: run %d has other steps than run 0", i)
			}
			ratios[i] = pts[k].AverageRatio() / EulerMaruyamaFactor(pts[k].Step)
		}
		mean, se := metrics.MeanSE(ratios)
		out[k] = SeedMean{Step: runs[0][k].Step, Mean: mean, SE: se}
	}
	return out, nil
}

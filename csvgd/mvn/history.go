package mvn

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/csvgd/csvgd-go/csvgd/stein"
	"gonum.org/v1/gonum/mat"
)

// HistoryPoint is the ensemble of a run at one iteration: its kernel Stein
// discrepancy to the flow's target, its Bhattacharyya distance to the
// likelihood's moments, its mean |theta_3| and its variance per
// coordinate (divided by N, as [Moments]).
type HistoryPoint struct {
	Iter          int
	KSD           float64
	Bhattacharyya float64 // +Inf when the ensemble's covariance is singular
	L1Theta3      float64
	Variances     []float64 `json:",omitempty"`
}

// PosteriorScore is the exact score of the target of the Stein flow of
// [Run] at theta: the likelihood's -P (theta - mu) plus the prior's score
// per component ([stein.Prior.Score1D], which smooths |theta| at 0 for
// alpha < 1 exactly as the flow does; for lambda = 0 the target is the
// Gaussian itself).
func PosteriorScore(t Target, prior stein.Prior, theta []float64) []float64 {
	s := t.Score1(theta)
	if prior.Lambda > 0 {
		for i, v := range theta {
			s[i] += prior.Score1D(v)
		}
	}
	return s
}

// KSD is the kernel Stein discrepancy ([stein.KSD], kernel
// [stein.DefaultIMQ]) of the ensemble x to the target of the Stein flow:
// the likelihood t times the prior, through [PosteriorScore]. It needs no
// normalising constant, so it also measures runs with a sparsifying
// prior, whose posterior moments are not known in closed form.
func KSD(t Target, prior stein.Prior, x *stein.Ensemble) (float64, error) {
	rows := x.Rows()
	scores := make([][]float64, len(rows))
	for a, theta := range rows {
		scores[a] = PosteriorScore(t, prior, theta)
	}
	return stein.KSD(rows, scores, stein.DefaultIMQ())
}

// historyPoint measures x at iteration k against the target t with the
// prior of c and the likelihood's covariance cov.
func historyPoint(t Target, c Config, cov mat.Symmetric, k int, x *stein.Ensemble) (HistoryPoint, error) {
	mean, xc := Moments(x)
	b, err := Bhattacharyya(mean, xc, t.Mean, cov)
	if err != nil {
		return HistoryPoint{}, err
	}
	ksd, err := KSD(t, c.SteinPrior(), x)
	if err != nil {
		return HistoryPoint{}, err
	}
	vars := make([]float64, x.D)
	for i := range vars {
		vars[i] = xc.At(i, i)
	}
	return HistoryPoint{Iter: k, KSD: ksd, Bhattacharyya: b, L1Theta3: L1Theta3(x), Variances: vars}, nil
}

// SteinPrior is the flow's prior of c: order Alpha, multiplier Lambda,
// form Prior, the default smoothing.
func (c Config) SteinPrior() stein.Prior { return c.PriorAt(0) }

// history fills a run's Result.History every Config.Every iterations.
type history struct {
	t   Target
	c   Config
	cov mat.Symmetric
	res *Result
	err error // the first failure, which stops the run
}

// newHistory records the initial particles x when c.Every > 0.
func newHistory(t Target, c Config, res *Result, x *stein.Ensemble) (*history, error) {
	h := &history{t: t, c: c, res: res}
	if c.Every == 0 {
		return h, nil
	}
	cov, err := t.Covariance()
	if err != nil {
		return nil, err
	}
	h.cov = cov
	if !h.observe(0, x) {
		return nil, h.err
	}
	return h, nil
}

// observe records iteration done when it is due; false stops the run.
func (h *history) observe(done int, x *stein.Ensemble) bool {
	if h.c.Every == 0 || done%h.c.Every != 0 && done != h.c.Iters {
		return true
	}
	p, err := historyPoint(h.t, h.c, h.cov, done, x)
	if err != nil {
		h.err = err
		return false
	}
	h.res.History = append(h.res.History, p)
	return true
}

// KSDFloor is about the KSD that an exact sample of n points of the
// Gaussian likelihood t has (lambda = 0): for an exact sample the
// off-diagonal terms of the V-statistic have mean zero (Stein's identity),
// and its diagonal, for the IMQ kernel with c = 1 and beta = -1/2, has
// mean d + E|s|^2 = d + tr P, so KSD^2 is about (d + tr P) / n. A flow
// whose KSD has come down to this level cannot be told from an exact
// sample of its size by this measure; that does not make its moments
// right, since the KSD weighs a direction by the score, which is small
// where the target is wide ([ReadKSD]).
func KSDFloor(t Target, n int) float64 {
	return math.Sqrt((float64(t.Dim()) + mat.Trace(t.Precision)) / float64(n))
}

// ExactSampleKSDs are the KSDs ([KSD], lambda = 0) of samples independent
// exact samples of n points each of the Gaussian likelihood t, drawn from
// a PCG seeded with seed: the spread of the KSD that an ensemble of n
// particles as good as an independent sample has. Their mean square is
// about KSDFloor(t, n) squared.
func ExactSampleKSDs(t Target, n, samples int, seed uint64) ([]float64, error) {
	if n < 1 || samples < 1 {
		return nil, fmt.Errorf("mvn: %d samples of %d points: want at least one of one", samples, n)
	}
	return sampleKSDs(t, n, samples, rand.New(rand.NewPCG(seed, 0x45d)), nil)
}

// sampleKSDs are the KSDs ([KSD], lambda = 0) of samples exact samples
// of n points each of t drawn from rng, each changed by change in place
// first when change is not nil.
func sampleKSDs(t Target, n, samples int, rng *rand.Rand, change func(*stein.Ensemble)) ([]float64, error) {
	out := make([]float64, samples)
	for k := range out {
		x, err := t.Sample(n, rng)
		if err != nil {
			return nil, err
		}
		if change != nil {
			change(x)
		}
		if out[k], err = KSD(t, stein.Prior{Alpha: 1}, x); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// NarrowedSampleKSDs are the KSDs ([KSD], lambda = 0) of samples exact
// samples of n points each of the Gaussian likelihood t whose coordinate
// i is shrunk about its mean to the variance v (x_i -> mu_i + (x_i - mu_i)
// sqrt(v / Sigma_ii)), drawn from a PCG seeded with seed: a sample that is
// too narrow along one direction by a known amount. Beside
// [ExactSampleKSDs] of the same n they show whether the KSD at that n can
// tell the narrow sample from an exact one (v = Sigma_ii gives exact
// samples).
func NarrowedSampleKSDs(t Target, n, samples, i int, v float64, seed uint64) ([]float64, error) {
	if n < 1 || samples < 1 {
		return nil, fmt.Errorf("mvn: %d samples of %d points: want at least one of one", samples, n)
	}
	if i < 0 || i >= t.Dim() || !(v > 0) {
		return nil, fmt.Errorf("mvn: narrowed samples: coordinate %d of %d, variance %g: want a coordinate of the target and v > 0", i, t.Dim(), v)
	}
	sigma, err := t.Covariance()
	if err != nil {
		return nil, err
	}
	f := math.Sqrt(v / sigma.At(i, i))
	return sampleKSDs(t, n, samples, rand.New(rand.NewPCG(seed, 0x45e)), func(x *stein.Ensemble) {
		for a := range n {
			row := x.Data[a*x.D : (a+1)*x.D]
			row[i] = t.Mean[i] + (row[i]-t.Mean[i])*f
		}
	})
}

package regress

import (
	"fmt"
	"math"

	"github.com/csvgd/csvgd-go/csvgd/tabular"
)

// Predictive is an ensemble's predictive distribution at M points, in the
// data's units: particle a predicts target o of point m as the Gaussian
// N(Mean[a][m][o], SD[a][o]^2), its network's output and its noise, both
// mapped back from the standardised scale (mean sd_o f + mean_o, standard
// deviation sd_o / sqrt(gamma_o)). The ensemble's predictive density is
// the mixture (1/N) sum_a prod_o N(y_o; Mean[a][m][o], SD[a][o]^2).
type Predictive struct {
	Mean [][][]float64 // [particle][point][target]
	SD   [][]float64   // [particle][target]
}

// predict is the predictive distribution of the particles of model m at
// the inputs x (data units) with the scalings of inputs and targets.
func predict(m Model, particles [][]float64, xs, ys tabular.Scaling, x [][]float64) Predictive {
	z := xs.Apply(x)
	o := m.Arch.Outputs()
	p := Predictive{Mean: make([][][]float64, len(particles)), SD: make([][]float64, len(particles))}
	for a, theta := range particles {
		p.Mean[a] = m.Arch.HostForwardRows(theta, z)
		for _, f := range p.Mean[a] {
			for k := range f {
				f[k] = ys.Undo(k, f[k])
			}
		}
		p.SD[a] = make([]float64, o)
		for k := range o {
			p.SD[a][k] = ys.SD[k] * math.Exp(-theta[m.LogGamma(k)]/2)
		}
	}
	return p
}

// Target is the predictive distribution of target o alone.
func (p Predictive) Target(o int) Predictive {
	t := Predictive{SD: make([][]float64, len(p.SD)), Mean: make([][][]float64, len(p.Mean))}
	for a := range p.Mean {
		t.SD[a] = []float64{p.SD[a][o]}
		for _, m := range p.Mean[a] {
			t.Mean[a] = append(t.Mean[a], []float64{m[o]})
		}
	}
	return t
}

// Points is the number of points M.
func (p Predictive) Points() int { return len(p.Mean[0]) }

// EnsembleMean is the mean over the particles of the predicted means,
// [point][target]: the prediction whose error [Predictive.RMSE] measures.
func (p Predictive) EnsembleMean() [][]float64 {
	out := make([][]float64, p.Points())
	for m := range out {
		out[m] = make([]float64, len(p.Mean[0][m]))
		for a := range p.Mean {
			for o, v := range p.Mean[a][m] {
				out[m][o] += v / float64(len(p.Mean))
			}
		}
	}
	return out
}

// SDOf is the standard deviation of the mixture for target o at point m:
// the noise and the spread of the particles' means together,
// sqrt(mean_a (SD_a^2 + Mean_a^2) - (mean_a Mean_a)^2).
func (p Predictive) SDOf(m, o int) float64 {
	var mean, second float64
	n := float64(len(p.Mean))
	for a := range p.Mean {
		mu := p.Mean[a][m][o]
		mean += mu / n
		second += (p.SD[a][o]*p.SD[a][o] + mu*mu) / n
	}
	return math.Sqrt(math.Max(second-mean*mean, 0))
}

// RMSE is the root mean square error of the ensemble's mean against y
// ([point][target], data units), over the points and targets.
func (p Predictive) RMSE(y [][]float64) float64 {
	mean := p.EnsembleMean()
	var s float64
	for m := range y {
		for o, v := range y[m] {
			s += (mean[m][o] - v) * (mean[m][o] - v)
		}
	}
	return math.Sqrt(s / float64(len(y)*len(y[0])))
}

// LogDensity is the log of the ensemble's predictive density of y
// (targets, data units) at point m: log (1/N) sum_a prod_o N(y_o;
// Mean[a][m][o], SD[a][o]^2), summed stably (log-sum-exp).
func (p Predictive) LogDensity(m int, y []float64) float64 {
	logs := make([]float64, len(p.Mean))
	top := math.Inf(-1)
	for a := range p.Mean {
		for o, v := range y {
			s := p.SD[a][o]
			r := (v - p.Mean[a][m][o]) / s
			logs[a] += -0.5*r*r - math.Log(s) - 0.5*math.Log(2*math.Pi)
		}
		top = math.Max(top, logs[a])
	}
	var sum float64
	for _, l := range logs {
		sum += math.Exp(l - top)
	}
	return top + math.Log(sum/float64(len(logs)))
}

// LL is the mean over the points of [Predictive.LogDensity] of y: the
// test log-likelihood of the benchmark (Hernández-Lobato & Adams, Liu &
// Wang), in the data's units.
func (p Predictive) LL(y [][]float64) float64 {
	var s float64
	for m := range y {
		s += p.LogDensity(m, y[m])
	}
	return s / float64(len(y))
}

// CDF is the mixture's distribution function of target o at point m.
func (p Predictive) CDF(m, o int, v float64) float64 {
	var s float64
	for a := range p.Mean {
		s += 0.5 * math.Erfc(-(v-p.Mean[a][m][o])/(p.SD[a][o]*math.Sqrt2))
	}
	return s / float64(len(p.Mean))
}

// Quantile is the q-quantile of the mixture of target o at point m, by
// bisection of [Predictive.CDF] to 1e-12 of the mixture's spread.
func (p Predictive) Quantile(m, o int, q float64) float64 {
	lo, hi := math.Inf(1), math.Inf(-1)
	for a := range p.Mean {
		lo = math.Min(lo, p.Mean[a][m][o]-40*p.SD[a][o])
		hi = math.Max(hi, p.Mean[a][m][o]+40*p.SD[a][o])
	}
	tol := 1e-12 * (hi - lo)
	for hi-lo > tol {
		mid := (lo + hi) / 2
		if p.CDF(m, o, mid) < q {
			lo = mid
		} else {
			hi = mid
		}
	}
	return (lo + hi) / 2
}

// Band is the central band of probability level of target o at every
// point: the mixture's (1-level)/2 and (1+level)/2 quantiles.
func (p Predictive) Band(o int, level float64) (lo, hi []float64) {
	for m := range p.Points() {
		lo = append(lo, p.Quantile(m, o, (1-level)/2))
		hi = append(hi, p.Quantile(m, o, (1+level)/2))
	}
	return lo, hi
}

// Coverage is the fraction of the values y ([point][target]) that fall in
// their central band of probability level, over points and targets: about
// level for a calibrated predictive distribution ([Predictive.Hits]).
func (p Predictive) Coverage(y [][]float64, level float64) (float64, error) {
	in, n, err := p.Hits(y, level)
	if err != nil {
		return 0, err
	}
	return float64(in) / float64(n), nil
}

// Hits counts the values y ([point][target]) that fall in their central
// band of probability level ([Predictive.Band], ends included): in of the
// n values, n the points times the targets. The regression benchmark
// keeps the counts so that its coverages pool over the splits
// ([CoverageCount]).
func (p Predictive) Hits(y [][]float64, level float64) (in, n int, err error) {
	if !(level > 0 && level < 1) {
		return 0, 0, fmt.Errorf("regress: band level %v: want a probability in (0, 1)", level)
	}
	if len(y) == 0 {
		return 0, 0, fmt.Errorf("regress: coverage of no points")
	}
	for o := range y[0] {
		lo, hi := p.Band(o, level)
		for m := range y {
			if y[m][o] >= lo[m] && y[m][o] <= hi[m] {
				in++
			}
			n++
		}
	}
	return in, n, nil
}

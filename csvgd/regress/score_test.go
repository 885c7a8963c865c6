package regress

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/backend/backendtest"
	"github.com/csvgd/csvgd-go/csvgd/dense"
	. "github.com/gomlx/gomlx/core/graph" //nolint:revive // GoMLX graph DSL.
)

// testModels: one hidden layer of ReLU units and one output (Liu & Wang's
// network, smaller), two tanh layers and two outputs, and softplus with
// the noise fixed.
func testModels() []Model {
	return []Model{
		{Arch: dense.Arch{Widths: []int{3, 6, 1}, Activation: dense.ReLU}},
		{Arch: dense.Arch{Widths: []int{2, 5, 4, 2}, Activation: dense.Tanh}},
		{Arch: dense.Arch{Widths: []int{4, 5, 1}, Activation: dense.Softplus}, Fixed: []float64{4}},
	}
}

// testParticles draws n particles of m with random biases and precisions.
func testParticles(m Model, n int, rng *rand.Rand) [][]float64 {
	out := make([][]float64, n)
	for i := range out {
		theta := make([]float64, m.NumParams())
		m.Arch.Init(theta, rng)
		for _, l := range m.Arch.Layers() {
			for r := range l.Rows {
				theta[l.Bias+r] = 0.3 * rng.NormFloat64()
			}
		}
		for k := range m.Arch.Outputs() {
			theta[m.LogGamma(k)] = 0.5 * rng.NormFloat64()
			if m.Fixed != nil {
				theta[m.LogGamma(k)] = math.Log(m.Fixed[k])
			}
		}
		theta[m.LogLambda()] = 0.5 * rng.NormFloat64()
		out[i] = theta
	}
	return out
}

func testPoints(m Model, n int, rng *rand.Rand) Points {
	p := Points{}
	for range n {
		x := make([]float64, m.Arch.Inputs())
		y := make([]float64, m.Arch.Outputs())
		for j := range x {
			x[j] = rng.NormFloat64()
		}
		for j := range y {
			y[j] = rng.NormFloat64()
		}
		p.X, p.Y = append(p.X, x), append(p.Y, y)
	}
	return p
}

// closeTo reports the first entry of got that differs from want by more
// than tol relative to want's largest entry.
func closeTo(t *testing.T, what string, got, want []float64, tol float64) {
	t.Helper()
	scale := 0.0
	for _, v := range want {
		scale = math.Max(scale, math.Abs(v))
	}
	for i := range want {
		if math.Abs(got[i]-want[i]) > tol*scale {
			t.Errorf("%s: entry %d: %v, want %v", what, i, got[i], want[i])
			return
		}
	}
}

// TestHostScoreAgainstFiniteDifferences: the hand-written score is the
// gradient of the hand-written log posterior, checked by central
// differences (step 1e-6) to 1e-6 relative, for a mini-batch scale and
// for the full data. (With ReLU a unit whose input lies within the step
// of its kink would spoil the differences; the seeded draws put none
// there.)
func TestHostScoreAgainstFiniteDifferences(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, m := range testModels() {
		for _, scale := range []float64{1, 3.5} {
			theta := testParticles(m, 1, rng)[0]
			p := testPoints(m, 6, rng)
			grad := m.HostScore(theta, p.X, p.Y, scale)
			const h = 1e-6
			for i := range theta {
				old := theta[i]
				theta[i] = old + h
				up := m.HostLogPosterior(theta, p.X, p.Y, scale)
				theta[i] = old - h
				down := m.HostLogPosterior(theta, p.X, p.Y, scale)
				theta[i] = old
				fd := (up - down) / (2 * h)
				if m.Fixed != nil && i >= m.LogGamma(0) && i < m.LogLambda() {
					fd = 0 // a fixed precision is not a parameter
				}
				if math.Abs(fd-grad[i]) > 1e-6*(1+math.Abs(grad[i])) {
					t.Errorf("%v %s scale %v: parameter %d: score %v, finite differences %v", m.Arch.Widths, m.Arch.Activation, scale, i, grad[i], fd)
				}
			}
		}
	}
}

// TestScoreGraphMatchesHost: the graph's score on all points, and on the
// mini-batch of an iteration (rows (t b + j) mod N, scale N/b), equals the
// hand-written score particle by particle, to 1e-11 relative.
func TestScoreGraphMatchesHost(t *testing.T) {
	b := backendtest.Backend(t)
	rng := rand.New(rand.NewPCG(3, 4))
	for _, m := range testModels() {
		t.Run(fmt.Sprint(m.Arch.Widths, m.Arch.Activation), func(t *testing.T) {
			ps := testParticles(m, 4, rng)
			p := testPoints(m, 7, rng)
			full := MustExecOnce(b, func(theta *Node) *Node { return m.Score(p)(theta) }, ps).Value().([][]float64)
			for n, theta := range ps {
				closeTo(t, fmt.Sprintf("full score, particle %d", n), full[n], m.HostScore(theta, p.X, p.Y, 1), 1e-11)
			}
			const batch, iter = 3, 5 // rows 15, 16, 17 mod 7 = 1, 2, 3
			got := MustExecOnce(b, func(theta, it *Node) *Node { return m.BatchScore(p, batch)(theta, it) }, ps, float64(iter)).Value().([][]float64)
			sub := Points{X: p.X[1:4], Y: p.Y[1:4]}
			for n, theta := range ps {
				closeTo(t, fmt.Sprintf("batch score, particle %d", n), got[n], m.HostScore(theta, sub.X, sub.Y, 7.0/3), 1e-11)
			}
		})
	}
}

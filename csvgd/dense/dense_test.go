package dense

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/backend/backendtest"
	"github.com/gomlx/gomlx/core/graph"
)

// testArchs are networks of one to three hidden layers, every activation,
// one or two outputs.
func testArchs() []Arch {
	return []Arch{
		{Widths: []int{3, 7, 1}, Activation: ReLU},
		{Widths: []int{2, 5, 4, 2}, Activation: Tanh},
		{Widths: []int{4, 6, 3, 5, 1}, Activation: Softplus},
		{Widths: []int{1, 8, 1}, Activation: Softplus},
	}
}

// randomParticles draws n particles of a as Init does, then every bias
// from N(0, 0.5^2), and extra trailing values.
func randomParticles(a Arch, n, extra int, rng *rand.Rand) [][]float64 {
	out := make([][]float64, n)
	for i := range out {
		theta := make([]float64, a.NumParams()+extra)
		a.Init(theta, rng)
		for _, l := range a.Layers() {
			for r := range l.Rows {
				theta[l.Bias+r] = 0.5 * rng.NormFloat64()
			}
		}
		for j := a.NumParams(); j < len(theta); j++ {
			theta[j] = rng.NormFloat64()
		}
		out[i] = theta
	}
	return out
}

func randomPoints(m, in int, rng *rand.Rand) [][]float64 {
	x := make([][]float64, m)
	for i := range x {
		x[i] = make([]float64, in)
		for j := range x[i] {
			x[i][j] = 2 * rng.NormFloat64()
		}
	}
	return x
}

// TestHostForwardRows: the rows' evaluation gives HostForward's values
// bit for bit, on every test network, with the particle's extra values
// ignored.
func TestHostForwardRows(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, a := range testArchs() {
		x := randomPoints(9, a.Inputs(), rng)
		for _, w := range randomParticles(a, 3, 2, rng) {
			got := a.HostForwardRows(w, x)
			for i := range x {
				want := a.HostForward(w, x[i])
				for o := range want {
					if got[i][o] != want[o] {
						t.Fatalf("%v, point %d, output %d: %v, HostForward %v", a.Widths, i, o, got[i][o], want[o])
					}
				}
			}
		}
	}
}

// TestForwardMatchesHost: the ensembled graph's outputs equal the
// hand-written host network's, particle by particle and point by point,
// to 1e-12 relative, with extra parameters after the network's ignored.
func TestForwardMatchesHost(t *testing.T) {
	b := backendtest.Backend(t)
	rng := rand.New(rand.NewPCG(1, 2))
	for _, a := range testArchs() {
		t.Run(fmt.Sprint(a.Widths, a.Activation), func(t *testing.T) {
			ps := randomParticles(a, 4, 3, rng)
			xs := randomPoints(9, a.Inputs(), rng)
			out := graph.MustExecOnce(b, func(theta, x *graph.Node) *graph.Node { return a.Forward(theta, x) }, ps, xs)
			got := out.Value().([][][]float64)
			for n, w := range ps {
				for m, x := range xs {
					want := a.HostForward(w, x)
					for o := range want {
						if d := math.Abs(got[n][m][o] - want[o]); d > 1e-12*(1+math.Abs(want[o])) {
							t.Errorf("particle %d, point %d, output %d: graph %v, host %v", n, m, o, got[n][m][o], want[o])
						}
					}
				}
			}
		})
	}
}

// TestVJPMatchesHost: the graph's reverse pass, summed over the points,
// equals the hand-written host gradient summed over the same points, for
// random cotangents, to 1e-11 relative to the gradient's largest entry.
func TestVJPMatchesHost(t *testing.T) {
	b := backendtest.Backend(t)
	rng := rand.New(rand.NewPCG(3, 4))
	for _, a := range testArchs() {
		t.Run(fmt.Sprint(a.Widths, a.Activation), func(t *testing.T) {
			ps := randomParticles(a, 3, 2, rng)
			xs := randomPoints(7, a.Inputs(), rng)
			gs := make([][][]float64, len(ps))
			for n := range gs {
				gs[n] = randomPoints(len(xs), a.Outputs(), rng)
			}
			out := graph.MustExecOnce(b, func(theta, x, g *graph.Node) *graph.Node {
				_, vjp := a.ForwardVJP(theta, x)
				return vjp(g)
			}, ps, xs, gs)
			got := out.Value().([][]float64)
			for n, w := range ps {
				want := make([]float64, a.NumParams())
				for m, x := range xs {
					for i, v := range a.HostVJP(w, x, gs[n][m]) {
						want[i] += v
					}
				}
				scale := 0.0
				for _, v := range want {
					scale = math.Max(scale, math.Abs(v))
				}
				for i := range want {
					if d := math.Abs(got[n][i] - want[i]); d > 1e-11*scale {
						t.Errorf("particle %d, parameter %d: graph %v, host %v", n, i, got[n][i], want[i])
					}
				}
			}
		})
	}
}

// TestHostVJPAgainstFiniteDifferences: the hand-written gradient of
// g . y(x) against central differences of HostForward (step 1e-6), to
// 1e-6 relative, for the smooth activations (ReLU's kinks make central
// differences unreliable at the few parameters whose step crosses one;
// its gradient is checked through the other two's shared code and the
// graph test).
func TestHostVJPAgainstFiniteDifferences(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, a := range testArchs() {
		if a.Activation == ReLU {
			continue
		}
		w := randomParticles(a, 1, 0, rng)[0]
		x := randomPoints(1, a.Inputs(), rng)[0]
		g := randomPoints(1, a.Outputs(), rng)[0]
		grad := a.HostVJP(w, x, g)
		f := func(w []float64) float64 {
			s := 0.0
			for o, y := range a.HostForward(w, x) {
				s += g[o] * y
			}
			return s
		}
		const h = 1e-6
		for i := range w {
			old := w[i]
			w[i] = old + h
			up := f(w)
			w[i] = old - h
			down := f(w)
			w[i] = old
			fd := (up - down) / (2 * h)
			if math.Abs(fd-grad[i]) > 1e-6*(1+math.Abs(grad[i])) {
				t.Errorf("%v %s: parameter %d: gradient %v, finite differences %v", a.Widths, a.Activation, i, grad[i], fd)
			}
		}
	}
}

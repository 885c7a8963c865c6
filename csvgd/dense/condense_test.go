package dense

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/condense"
)

// outputChange is the largest change of an output between the particles
// a of archA and b of archB over the points xs, and the largest output
// of a there.
func outputChange(archA Arch, a [][]float64, archB Arch, b [][]float64, xs [][]float64) (change, size float64) {
	for i := range a {
		for _, x := range xs {
			ya, yb := archA.HostForward(a[i], x), archB.HostForward(b[i], x)
			for o := range ya {
				change, size = math.Max(change, math.Abs(ya[o]-yb[o])), math.Max(size, math.Abs(ya[o]))
			}
		}
	}
	return change, size
}

// permuted is theta with the hidden nodes of every layer permuted by
// perm[k] (node i of the result is node perm[k][i]): rows of W_{k-1} and
// b_{k-1}, columns of W_k.
func permuted(a Arch, theta []float64, perm [][]int) []float64 {
	at := func(k, i int) int {
		if perm[k] == nil {
			return i
		}
		return perm[k][i]
	}
	out := append([]float64(nil), theta...)
	for k, l := range a.Layers() {
		for r := range l.Rows {
			for c := range l.Cols {
				out[l.Offset+r*l.Cols+c] = theta[l.Offset+at(k+1, r)*l.Cols+at(k, c)]
			}
			out[l.Bias+r] = theta[l.Bias+at(k+1, r)]
		}
	}
	return out
}

// TestCondenseKeepsFunction: condensing at threshold 0 permutes, removes
// and folds nodes and keeps every network's outputs to 1e-12 relative:
// for random particles with their hidden nodes permuted; with nodes cut
// off from their inputs (a constant output, act(b), folded into the next
// layer's biases, also through a chain of two layers); and with nodes cut
// off from their outputs. The extra parameters come through unchanged,
// and the template is narrower by the nodes removed from every particle.
func TestCondenseKeepsFunction(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, a := range testArchs() {
		if len(a.Widths) < 4 && a.Widths[1] < 5 {
			continue
		}
		t.Run(fmt.Sprint(a.Widths, a.Activation), func(t *testing.T) {
			ps := randomParticles(a, 5, 2, rng)
			xs := randomPoints(12, a.Inputs(), rng)
			ls := a.Layers()
			for i, theta := range ps {
				perm := make([][]int, len(a.Widths))
				for k := 1; k+1 < len(a.Widths); k++ {
					perm[k] = rng.Perm(a.Widths[k])
				}
				theta = permuted(a, theta, perm)
				// Node 0 of hidden layer 1 loses its inputs (a constant);
				// node 1 loses its outputs.
				for c := range ls[0].Cols {
					theta[ls[0].Offset+c] = 0
				}
				for r := range ls[1].Rows {
					theta[ls[1].Offset+r*ls[1].Cols+1] = 0
				}
				if len(ls) > 2 { // node 0 of hidden layer 2 is fed by node 0 of layer 1 alone: a chain of constants
					for c := 1; c < ls[1].Cols; c++ {
						theta[ls[1].Offset+c] = 0
					}
				}
				ps[i] = theta
			}
			c, err := a.Condense(ps, 2, condense.Options{})
			if err != nil {
				t.Fatal(err)
			}
			change, size := outputChange(a, ps, c.Arch, c.Particles, xs)
			if change > 1e-12*size {
				t.Errorf("condensing without a threshold changed the outputs by %.3g (largest %.3g)", change, size)
			}
			if got, want := c.Arch.Widths[1], a.Widths[1]-2; got != want {
				t.Errorf("first hidden layer: %d nodes, want %d (one constant node folded, one without outputs removed)", got, want)
			}
			if len(a.Widths) > 3 && c.Arch.Widths[2] != a.Widths[2]-1 {
				t.Errorf("second hidden layer: %d nodes, want %d (the constant chain folded)", c.Arch.Widths[2], a.Widths[2]-1)
			}
			for i := range ps {
				got, want := c.Particles[i][c.Arch.NumParams():], ps[i][a.NumParams():]
				if len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
					t.Errorf("particle %d: extra parameters %v, want %v", i, got, want)
				}
			}
		})
	}
}

// TestCondenseIsIdempotent: condensing a condensed ensemble again at the
// same threshold changes nothing, bit for bit.
func TestCondenseIsIdempotent(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	a := Arch{Widths: []int{3, 12, 6, 2}, Activation: Tanh}
	ps := randomParticles(a, 6, 1, rng)
	o := condense.Options{Threshold: 0.1}
	c, err := a.Condense(ps, 1, o)
	if err != nil {
		t.Fatal(err)
	}
	again, err := c.Arch.Condense(c.Particles, 1, o)
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(again.Arch.Widths) != fmt.Sprint(c.Arch.Widths) {
		t.Fatalf("widths %v, then %v", c.Arch.Widths, again.Arch.Widths)
	}
	for i := range c.Particles {
		for j, v := range c.Particles[i] {
			if again.Particles[i][j] != v {
				t.Fatalf("particle %d, parameter %d: %v, then %v", i, j, v, again.Particles[i][j])
			}
		}
	}
}

// TestCondensePruningBound: with a threshold, only the pruned weights and
// biases change the function, within the forward bound of a network whose
// activation is 1-Lipschitz (ReLU, tanh and softplus are): with Delta the
// pruned values and ~ the pruned network,
//
//	|delta-h_k| <= |W~_{k-1}| |delta-h_{k-1}| + |Delta W_{k-1}| |h_{k-1}| + |Delta b_{k-1}|,
//
// applied through the output layer without the activation. The test logs
// the largest change and the bound's value there.
func TestCondensePruningBound(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for _, a := range testArchs() {
		ps := randomParticles(a, 4, 0, rng)
		xs := randomPoints(10, a.Inputs(), rng)
		const eps = 0.08
		c, err := a.Condense(ps, 0, condense.Options{Threshold: eps})
		if err != nil {
			t.Fatal(err)
		}
		worst, bound := 0.0, 0.0
		for i, theta := range ps {
			for _, x := range xs {
				ya, yb := a.HostForward(theta, x), c.Arch.HostForward(c.Particles[i], x)
				bs := pruneBound(a, theta, eps, x)
				for o := range ya {
					d := math.Abs(ya[o] - yb[o])
					if d > bs[o]*(1+1e-9)+1e-12 {
						t.Errorf("%v %s: particle %d: output %d changed by %.3g, above the bound %.3g", a.Widths, a.Activation, i, o, d, bs[o])
					}
					if d > worst {
						worst, bound = d, bs[o]
					}
				}
			}
		}
		t.Logf("%v %s, threshold %g: template %v, largest change %.3g (bound there %.3g)", a.Widths, a.Activation, eps, c.Arch.Widths, worst, bound)
	}
}

// pruneBound is the bound of TestCondensePruningBound on the change of
// every output at x when the values of theta below eps are pruned.
func pruneBound(a Arch, theta []float64, eps float64, x []float64) []float64 {
	_, acts := a.hostPasses(theta, x)
	kept := func(v float64) float64 {
		if math.Abs(v) < eps {
			return 0
		}
		return v
	}
	delta := make([]float64, len(x)) // bound on |delta-h_0| = 0
	for k, l := range a.Layers() {
		next := make([]float64, l.Rows)
		for r := range l.Rows {
			next[r] = math.Abs(theta[l.Bias+r] - kept(theta[l.Bias+r]))
			for c := range l.Cols {
				w := theta[l.Offset+r*l.Cols+c]
				next[r] += math.Abs(kept(w))*delta[c] + math.Abs(w-kept(w))*math.Abs(acts.h[k][c])
			}
		}
		delta = next
	}
	return delta
}

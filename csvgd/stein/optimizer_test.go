package stein

import (
	"math"
	"strings"
	"testing"

	. "github.com/gomlx/gomlx/core/graph" //nolint:revive // GoMLX graph DSL.
	"github.com/gomlx/gomlx/core/tensors"
)

// hostOptimizer is a direct, element-wise transcription of each optimizer's
// formula, the reference for the graph versions.
type hostOptimizer func(theta, phi []float64, k int, state [][]float64)

func hostSGD(lr float64) hostOptimizer {
	return func(theta, phi []float64, _ int, _ [][]float64) {
		for i := range theta {
			theta[i] += lr * phi[i]
		}
	}
}

func hostAdagrad(lr float64) hostOptimizer {
	return func(theta, phi []float64, k int, s [][]float64) {
		for i := range theta {
			if k == 0 {
				s[0][i] = phi[i] * phi[i]
			} else {
				s[0][i] = 0.9*s[0][i] + 0.1*phi[i]*phi[i]
			}
			theta[i] += lr * phi[i] / (1e-6 + math.Sqrt(s[0][i]))
		}
	}
}

// hostAdagradReset is Liu & Wang's first code's update: the state set to
// 0 inside the iteration loop, so h = phi^2 at every step.
func hostAdagradReset(lr float64) hostOptimizer {
	return func(theta, phi []float64, _ int, s [][]float64) {
		for i := range theta {
			s[0][i] = phi[i] * phi[i]
			theta[i] += lr * phi[i] / (1e-6 + math.Sqrt(s[0][i]))
		}
	}
}

func hostAdam(lr float64) hostOptimizer {
	return func(theta, phi []float64, k int, s [][]float64) {
		t := float64(k + 1)
		for i := range theta {
			s[0][i] = 0.9*s[0][i] + 0.1*phi[i]
			s[1][i] = 0.999*s[1][i] + 0.001*phi[i]*phi[i]
			mHat := s[0][i] / (1 - math.Pow(0.9, t))
			vHat := s[1][i] / (1 - math.Pow(0.999, t))
			theta[i] += lr * mHat / (math.Sqrt(vHat) + 1e-8)
		}
	}
}

// TestOptimizersMatchTheirFormulas runs four updates of each optimizer in
// the graph, with a different phi at each step, against the host formulas.
func TestOptimizersMatchTheirFormulas(t *testing.T) {
	b := testBackend(t)
	for _, c := range []struct {
		name OptimizerName
		host hostOptimizer
	}{
		{"sgd", hostSGD(0.3)}, {"adagrad", hostAdagrad(0.3)}, {"adagrad-reset", hostAdagradReset(0.3)}, {"adam", hostAdam(0.3)},
	} {
		t.Run(string(c.name), func(t *testing.T) {
			opt, err := NewOptimizer(c.name, 0.3)
			if err != nil {
				t.Fatal(err)
			}
			exec := MustNewExec(b, func(in []*Node) []*Node {
				next, state := opt.Update(in[0], in[1], in[2], in[3:])
				return append([]*Node{next}, state...)
			})
			x := randomEnsemble(1, 3, 2, 1)
			ref := append([]float64(nil), x.Data...)
			hostState := make([][]float64, opt.NumState())
			state := make([]*tensors.Tensor, opt.NumState())
			for i := range state {
				hostState[i] = make([]float64, len(ref))
				state[i] = NewEnsemble(3, 2).Tensor()
			}
			for k := 0; k < 4; k++ {
				phi := randomEnsemble(uint64(10+k), 3, 2, 2)
				args := []any{x.Tensor(), phi.Tensor(), float64(k)}
				for _, s := range state {
					args = append(args, s)
				}
				out := exec.MustExec(args...)
				if err := x.setFromTensor(out[0]); err != nil {
					t.Fatal(err)
				}
				state = out[1:]
				c.host(ref, phi.Data, k, hostState)
				if d := maxAbsDiff(x.Data, ref); d > 1e-12 {
					t.Fatalf("step %d: graph and formula differ by %g", k, d)
				}
			}
		})
	}
}

// TestAdagradResetIsSignStep: with its state reset (adagrad-reset) Liu &
// Wang's Adagrad steps by lr phi / (|phi| + 1e-6) at every iteration, a
// step of about lr along the sign of each coordinate whatever the scale of
// phi (here 1, 10, 0.1, 3 and 0.01 times a Gaussian draw, in turn); the
// default (decay 0.9) takes that step at the first iteration only, and
// after it steps differing from it by more than a tenth of lr somewhere
// at every iteration, since its state remembers the earlier scales.
func TestAdagradResetIsSignStep(t *testing.T) {
	const lr = 0.3
	b := testBackend(t)
	scales := []float64{1, 10, 0.1, 3, 0.01}
	for _, c := range []struct {
		name  OptimizerName
		reset bool
	}{{AdagradResetName, true}, {AdagradName, false}} {
		opt, err := NewOptimizer(c.name, lr)
		if err != nil {
			t.Fatal(err)
		}
		exec := MustNewExec(b, func(in []*Node) []*Node {
			next, state := opt.Update(in[0], in[1], in[2], in[3:])
			return append([]*Node{next}, state...)
		})
		x := NewEnsemble(3, 4)
		state := []*tensors.Tensor{NewEnsemble(3, 4).Tensor()}
		for k, scale := range scales {
			phi := randomEnsemble(uint64(20+k), 3, 4, scale)
			before := append([]float64(nil), x.Data...)
			out := exec.MustExec(x.Tensor(), phi.Tensor(), float64(k), state[0])
			if err := x.setFromTensor(out[0]); err != nil {
				t.Fatal(err)
			}
			state = out[1:]
			var off float64 // the largest distance of a coordinate's step to the sign step
			for i, g := range phi.Data {
				sign := lr * g / (math.Abs(g) + 1e-6)
				off = math.Max(off, math.Abs(x.Data[i]-before[i]-sign))
			}
			switch {
			case (c.reset || k == 0) && off > 1e-12:
				t.Errorf("%s, iteration %d (phi scaled by %g): steps differ from lr phi/(|phi| + 1e-6) by up to %g", c.name, k, scale, off)
			case !c.reset && k > 0 && off < lr/10:
				t.Errorf("%s, iteration %d (phi scaled by %g): steps within %g of the sign step, want the decayed state's", c.name, k, scale, off)
			}
		}
	}
}

// TestOptimizerNames: every name gives an optimizer that bears it, the
// two Adagrads with decay 0.9 and 0 and the same fudge factor; names are
// read in any case.
func TestOptimizerNames(t *testing.T) {
	for _, name := range []OptimizerName{SGDName, AdagradName, AdagradResetName, AdamName} {
		opt, err := NewOptimizer(name, 0.1)
		if err != nil || opt.Name() != string(name) {
			t.Errorf("NewOptimizer(%q): %v named %q, %v", name, opt, opt.Name(), err)
		}
		var back OptimizerName
		if err := back.UnmarshalText([]byte(" " + strings.ToUpper(string(name)) + " ")); err != nil || back != name {
			t.Errorf("reading %q back: %q, %v", name, back, err)
		}
	}
	for name, decay := range map[OptimizerName]float64{AdagradName: 0.9, AdagradResetName: 0} {
		opt, _ := NewOptimizer(name, 0.1)
		if a, ok := opt.(AdagradMomentum); !ok || a.Decay != decay || a.Eps != 1e-6 || a.LR != 0.1 {
			t.Errorf("%s: %#v, want AdagradMomentum with decay %g, eps 1e-6, lr 0.1", name, opt, decay)
		}
	}
}

// TestNewOptimizerRejectsBadInput: a bad step size or an unknown name is
// an error, the name's naming it.
func TestNewOptimizerRejectsBadInput(t *testing.T) {
	for _, c := range []struct {
		name OptimizerName
		lr   float64
	}{{"sgd", 0}, {"adam", -1}, {"adagrad", math.Inf(1)}, {"adagrad-reset", math.NaN()}, {"rmsprop", 0.1}, {"adagrad_reset", 0.1}} {
		_, err := NewOptimizer(c.name, c.lr)
		if err == nil {
			t.Errorf("NewOptimizer(%q, %v): want an error", c.name, c.lr)
		}
	}
	var n OptimizerName
	if err := n.UnmarshalText([]byte("adagrad-resets")); err == nil || !strings.Contains(err.Error(), `"adagrad-resets"`) || !strings.Contains(err.Error(), "adagrad-reset or adam") {
		t.Errorf("reading adagrad-resets: %v, want an error naming it and the known names", err)
	}
}

package stein

import (
	"math"
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
		{"sgd", hostSGD(0.3)}, {"adagrad", hostAdagrad(0.3)}, {"adam", hostAdam(0.3)},
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

func TestNewOptimizerRejectsBadInput(t *testing.T) {
	for _, c := range []struct {
		name OptimizerName
		lr   float64
	}{{"sgd", 0}, {"adam", -1}, {"adagrad", math.Inf(1)}, {"rmsprop", 0.1}} {
		if _, err := NewOptimizer(c.name, c.lr); err == nil {
			t.Errorf("NewOptimizer(%q, %v): want an error", c.name, c.lr)
		}
	}
}

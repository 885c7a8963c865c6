package reference_test

import (
	"math"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/backend/backendtest"
	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	. "github.com/gomlx/gomlx/core/graph" //nolint:revive // GoMLX graph DSL.
	"github.com/gomlx/gomlx/core/tensors"
)

// hostLogLikelihood is -w sum_{m,k} (S_mk - S^data_mk)^2 with the stress
// of icnn.Arch.HostStress: a forward written independently of the
// package's.
func hostLogLikelihood(arch icnn.Arch, samples []hyperelastic.Sample, w float64, theta []float64) float64 {
	var s float64
	for _, p := range samples {
		st := arch.HostStress(theta, p.Kinematics)
		for k, v := range st {
			r := v - p.S[k]
			s += r * r
		}
	}
	return -w * s
}

// TestLogLikelihoodMatchesHost: the step's log-likelihood against the one
// built on icnn.Arch.HostStress, to 1e-12, on the whole training set.
func TestLogLikelihoodMatchesHost(t *testing.T) {
	samples := trainingSamples(t)
	b := icnn.NewBatch(samples)
	for _, tc := range archs {
		t.Run(tc.name, func(t *testing.T) {
			s := newStep(t, tc.arch, b, "adam")
			x := initial(tc.arch, 3, 7)
			for p := 0; p < x.N; p++ {
				got := s.LogLikelihood(x.Particle(p))
				want := hostLogLikelihood(tc.arch, samples, meanWeight(b), x.Particle(p))
				if math.Abs(got-want) > 1e-12*math.Abs(want) {
					t.Errorf("particle %d: log-likelihood %v, host %v", p, got, want)
				}
			}
		})
	}
}

// TestScoreMatchesFiniteDifferences: the hand-written score against central
// differences (step 1e-5) of the host log-likelihood on 5 training points,
// layer by layer to a relative 1e-6.
func TestScoreMatchesFiniteDifferences(t *testing.T) {
	samples := trainingSamples(t)[:5]
	b := icnn.NewBatch(samples)
	w := meanWeight(b)
	const h, tol = 1e-5, 1e-6
	for _, tc := range archs {
		t.Run(tc.name, func(t *testing.T) {
			if testing.Short() && tc.arch.NumParams() > 100 {
				t.Skip("finite differences of every weight of the full network take a while")
			}
			s := newStep(t, tc.arch, b, "adam")
			x := initial(tc.arch, 2, 3)
			got := make([]float64, x.D)
			fd := make([]float64, x.D)
			for p := 0; p < x.N; p++ {
				theta := append([]float64(nil), x.Particle(p)...)
				s.Score(theta, got)
				for i := range theta {
					v := theta[i]
					theta[i] = v + h
					up := hostLogLikelihood(tc.arch, samples, w, theta)
					theta[i] = v - h
					down := hostLogLikelihood(tc.arch, samples, w, theta)
					theta[i] = v
					fd[i] = (up - down) / (2 * h)
				}
				layerDiffs(t, "score against finite differences", tc.arch, got, fd, tol)
			}
		})
	}
}

// TestScoreMatchesGraph: the hand-written score against the graph's two
// gradients of icnn.Arch.MeanLogLikelihood on the 80 training points —
// GoMLX's autodiff and the closed form the Stein step uses
// (icnn.Arch.MeanScore) — for 4 particles, layer by layer to a relative
// 1e-10.
func TestScoreMatchesGraph(t *testing.T) {
	backend := backendtest.Backend(t)
	b := icnn.NewBatch(trainingSamples(t))
	for _, tc := range archs {
		graphs := map[string]func(theta *Node) *Node{
			"autodiff":    tc.arch.MeanLogLikelihood(b, sigma).Score(),
			"closed form": tc.arch.MeanScore(b, sigma),
		}
		for name, score := range graphs {
			t.Run(tc.name+"/"+name, func(t *testing.T) {
				s := newStep(t, tc.arch, b, "adam")
				x := initial(tc.arch, 4, 5)
				want, err := tensors.CopyFlatData[float64](MustExecOnce(backend, score, x.Tensor()))
				if err != nil {
					t.Fatal(err)
				}
				got := make([]float64, x.D)
				for p := 0; p < x.N; p++ {
					s.Score(x.Particle(p), got)
					layerDiffs(t, "score against the graph's "+name, tc.arch, got, want[p*x.D:(p+1)*x.D], 1e-10)
				}
			})
		}
	}
}

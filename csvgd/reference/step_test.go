package reference_test

import (
	"errors"
	"math"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/internal/numtest"

	"github.com/gomlx/compute"

	"github.com/csvgd/csvgd-go/csvgd/backend/backendtest"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/reference"
	"github.com/csvgd/csvgd-go/csvgd/stein"
)

// TestStepMatchesFlow: three steps of the reference against three steps of
// stein.Flow with the ICNN likelihood (the flow of internal/dotvjp: Adam,
// the alpha = 0.5 prior, the RBF kernel with the paper's bandwidth, the
// projection), from the same 10 particles with a fresh optimizer state on
// both sides: the particles agree to a relative 1e-10 after every step,
// which checks Adam's state and bias correction too. SGD is checked for
// one step at the narrow width. Both flows are checked: with the score by
// autodiff and with the closed-form score training uses.
func TestStepMatchesFlow(t *testing.T) {
	backend := backendtest.Backend(t)
	b := icnn.NewBatch(trainingSamples(t))
	for _, tc := range []struct {
		name      string
		arch      icnn.Arch
		optimizer stein.OptimizerName
		steps     int
	}{
		{"3-30-30-1/adam", icnn.Paper(), "adam", 3},
		{"3-4-4-1/adam", icnn.Arch{Widths: []int{3, 4, 4, 1}}, "adam", 3},
		{"3-4-4-1/sgd", icnn.Arch{Widths: []int{3, 4, 4, 1}}, "sgd", 1},
	} {
		for _, closed := range []bool{false, true} {
			name := tc.name + "/autodiff"
			if closed {
				name = tc.name + "/closed-form"
			}
			t.Run(name, func(t *testing.T) { checkStepMatchesFlow(t, backend, b, tc.arch, tc.optimizer, tc.steps, closed) })
		}
	}
}

// checkStepMatchesFlow takes steps with the reference and the flow (score
// by autodiff, or closed when closed) from the same particles.
func checkStepMatchesFlow(t *testing.T, backend compute.Backend, b icnn.Batch, arch icnn.Arch, optimizer stein.OptimizerName, steps int, closed bool) {
	cfg := flowConfig(t, arch, optimizer)
	score := arch.MeanLogLikelihood(b, sigma).Score()
	if closed {
		score = arch.MeanScore(b, sigma)
	}
	flow, err := stein.NewFlowScore(backend, cfg, score)
	if err != nil {
		t.Fatal(err)
	}
	ref, err := reference.NewStep(arch, b, meanWeight(b), cfg)
	if err != nil {
		t.Fatal(err)
	}
	want := initial(arch, 10, 1)
	got := want.Clone()
	gammaTol := 0.0 // the flow measures the median pairs on the host, as the reference
	if !backend.HasSharedBuffers() {
		gammaTol = 1e-10 // the flow's median is of distances its graph formed
	}
	for k := 1; k <= steps; k++ {
		if err := flow.Step(want); err != nil {
			t.Fatal(err)
		}
		if err := want.Sync(); err != nil {
			t.Fatal(err)
		}
		if err := ref.Do(got); err != nil {
			t.Fatal(err)
		}
		if ref.Iter != flow.Iter {
			t.Errorf("step %d: reference at iteration %d, flow at %d", k, ref.Iter, flow.Iter)
		}
		// From step 2 on the two step from particles that differ by
		// rounding, so their median bandwidths may differ in the last bits.
		tol := gammaTol
		if k > 1 {
			tol = math.Max(tol, 1e-12)
		}
		if g, w := ref.LastGamma, flow.LastGamma; !(math.Abs(g-w) <= tol*w) {
			t.Errorf("step %d: bandwidth %v, flow %v", k, g, w)
		}
		d := numtest.RelDiff(got.Data, want.Data)
		t.Logf("step %d: relative difference of the particles %.3g", k, d)
		if !(d <= 1e-10) {
			t.Errorf("step %d: particles differ from the flow's by %.3g (relative), want <= 1e-10", k, d)
		}
	}
}

// TestPhiMatchesFlowForces: the Stein direction against the sum of the
// three forces of stein.Flow.Forces at the same bandwidth, to 1e-10.
func TestPhiMatchesFlowForces(t *testing.T) {
	backend := backendtest.Backend(t)
	b := icnn.NewBatch(trainingSamples(t))
	arch := icnn.Arch{Widths: []int{3, 8, 3, 1}}
	cfg := flowConfig(t, arch, "adam")
	flow, err := stein.NewFlow(backend, cfg, arch.MeanLogLikelihood(b, sigma))
	if err != nil {
		t.Fatal(err)
	}
	ref := newStep(t, arch, b, "adam")
	x := initial(arch, 6, 4)
	got := stein.NewEnsemble(x.N, x.D)
	if err := ref.Phi(x, got); err != nil {
		t.Fatal(err)
	}
	ff, err := flow.Forces(x, ref.LastGamma)
	if err != nil {
		t.Fatal(err)
	}
	want := make([]float64, len(x.Data))
	for i := range want {
		want[i] = ff.Likelihood.Data[i] + ff.Prior.Data[i] + ff.Repulsion.Data[i]
	}
	if d := numtest.RelDiff(got.Data, want); !(d <= 1e-10) {
		t.Errorf("phi differs from the flow's forces by %.3g (relative)", d)
	}
}

// TestPhiMatchesHostKernel: the Stein direction for several kernels (the
// RBF in its Gram form, with the axis mask, beta = 1, 1.5 and 0.5) and a
// fixed bandwidth against eq. (stein_grad) assembled from stein's host
// functions, Kernel.Eval, Kernel.GradFirst and Prior.Score1D, and the
// step's Score, to 1e-12; once with the likelihood and the prior, once
// with the repulsion alone (weight and lambda 0), which the scores would
// otherwise dwarf.
func TestPhiMatchesHostKernel(t *testing.T) {
	b := icnn.NewBatch(trainingSamples(t)[:10])
	arch := icnn.Arch{Widths: []int{3, 4, 4, 1}}
	x := initial(arch, 5, 9)
	x.Data[3] = 0 // a component equal in two particles: the zero-slope case
	x.Data[x.D+3] = 0
	x.Data[x.D+5] = 1e-4 // below the mask threshold
	for _, tc := range []struct {
		name   string
		kernel stein.Kernel
		gamma  float64
	}{
		{"rbf", stein.Kernel{Beta: 2}, 0.3},
		{"rbf masked", stein.Kernel{Beta: 2, Mask: 1e-3}, 0.3},
		{"beta 1", stein.Kernel{Beta: 1}, 1.5},
		{"beta 1.5 masked", stein.Kernel{Beta: 1.5, Mask: 1e-3}, 0.8},
		{"beta 0.5", stein.Kernel{Beta: 0.5}, 10},
	} {
		for _, repulsionOnly := range []bool{false, true} {
			cfg := flowConfig(t, arch, "adam")
			cfg.Kernel, cfg.Bandwidth = tc.kernel, stein.Bandwidth{Rule: stein.Fixed, Gamma: tc.gamma}
			w := meanWeight(b)
			if repulsionOnly {
				w, cfg.Prior.Lambda = 0, 0
			}
			s, err := reference.NewStep(arch, b, w, cfg)
			if err != nil {
				t.Fatal(err)
			}
			got := stein.NewEnsemble(x.N, x.D)
			if err := s.Phi(x, got); err != nil {
				t.Fatal(err)
			}
			want := hostPhi(s, x, tc.gamma)
			if d := numtest.RelDiff(got.Data, want); !(d <= 1e-12) {
				t.Errorf("%s (repulsion only %v): phi differs from the host assembly by %.3g (relative)", tc.name, repulsionOnly, d)
			}
		}
	}
}

// hostPhi is eq. (stein_grad) from stein's host kernel and prior functions
// and the step's likelihood score.
func hostPhi(s *reference.Step, x *stein.Ensemble, gamma float64) []float64 {
	n, d := x.N, x.D
	prior := s.Config.Prior
	prior.Lambda = s.Lambda
	phi := make([]float64, n*d)
	score := make([]float64, d)
	grad := make([]float64, d)
	for bb := 0; bb < n; bb++ {
		xb := x.Particle(bb)
		s.Score(xb, score)
		for i, v := range xb {
			score[i] += prior.Score1D(v)
		}
		for a := 0; a < n; a++ {
			xa := x.Particle(a)
			k := s.Config.Kernel.Eval(xb, xa, gamma)
			s.Config.Kernel.GradFirst(xb, xa, gamma, grad)
			for i := range grad {
				phi[a*d+i] += (k*score[i] + grad[i]) / float64(n)
			}
		}
	}
	return phi
}

// TestWorkersAreDeterministic: one worker and four give bitwise equal
// particles after three steps, for the RBF kernel and a masked beta-kernel.
func TestWorkersAreDeterministic(t *testing.T) {
	b := icnn.NewBatch(trainingSamples(t))
	arch := icnn.Arch{Widths: []int{3, 8, 3, 1}}
	for _, kernel := range []stein.Kernel{{Beta: 2}, {Beta: 1.5, Mask: 1e-3}} {
		run := func(workers int) *stein.Ensemble {
			cfg := flowConfig(t, arch, "adam")
			cfg.Kernel = kernel
			s, err := reference.NewStep(arch, b, meanWeight(b), cfg)
			if err != nil {
				t.Fatal(err)
			}
			s.Workers = workers
			x := initial(arch, 9, 3)
			for k := 0; k < 3; k++ {
				if err := s.Do(x); err != nil {
					t.Fatal(err)
				}
			}
			return x
		}
		one, four := run(1), run(4)
		for i := range one.Data {
			if math.Float64bits(one.Data[i]) != math.Float64bits(four.Data[i]) {
				t.Fatalf("kernel %+v: component %d: %v with one worker, %v with four", kernel, i, one.Data[i], four.Data[i])
			}
		}
	}
}

// TestStepKeepsParticlesOnNonFinite: a NaN in the particles gives a
// stein.NonFiniteError naming the input, and leaves the particles and the
// iteration count alone.
func TestStepKeepsParticlesOnNonFinite(t *testing.T) {
	b := icnn.NewBatch(trainingSamples(t)[:10])
	arch := icnn.Arch{Widths: []int{3, 4, 4, 1}}
	s := newStep(t, arch, b, "adam")
	x := initial(arch, 4, 1)
	if err := s.Do(x); err != nil {
		t.Fatal(err)
	}
	x.Data[7] = math.NaN()
	before := x.Clone()
	err := s.Do(x)
	var nf *stein.NonFiniteError
	if !errors.As(err, &nf) || nf.Quantity != stein.InputParticles || !errors.Is(err, stein.ErrNonFinite) {
		t.Fatalf("error %v, want a NonFiniteError naming the input particles", err)
	}
	if s.Iter != 1 {
		t.Errorf("iteration %d after a failed step, want 1", s.Iter)
	}
	for i := range x.Data {
		if math.Float64bits(x.Data[i]) != math.Float64bits(before.Data[i]) {
			t.Fatalf("component %d changed from %v to %v", i, before.Data[i], x.Data[i])
		}
	}
}

// TestNewStepRejects: bad inputs give errors.
func TestNewStepRejects(t *testing.T) {
	b := icnn.NewBatch(trainingSamples(t)[:3])
	arch := icnn.Arch{Widths: []int{3, 4, 1}}
	good := flowConfig(t, arch, "adam")
	adagrad := good
	adagrad.Optimizer = stein.AdagradMomentum{LR: 0.01, Decay: 0.9, Eps: 1e-6}
	badPrior := good
	badPrior.Prior.Alpha = 3
	for _, tc := range []struct {
		name   string
		arch   icnn.Arch
		batch  icnn.Batch
		weight float64
		cfg    stein.Config
	}{
		{"adagrad", arch, b, 1, adagrad},
		{"prior", arch, b, 1, badPrior},
		{"two outputs", icnn.Arch{Widths: []int{3, 4, 2}}, b, 1, good},
		{"two inputs", icnn.Arch{Widths: []int{2, 4, 1}}, b, 1, good},
		{"empty batch", arch, icnn.Batch{}, 1, good},
		{"negative weight", arch, b, -1, good},
		{"nan weight", arch, b, math.NaN(), good},
	} {
		if _, err := reference.NewStep(tc.arch, tc.batch, tc.weight, tc.cfg); err == nil {
			t.Errorf("%s: no error", tc.name)
		}
	}
	s, err := reference.NewStep(arch, b, 1, good)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Do(stein.NewEnsemble(2, arch.NumParams()+1)); err == nil {
		t.Error("particles of the wrong size: no error")
	}
}

// TestPriorScoreMatchesScore1D: with no likelihood (weight 0) and a very
// wide kernel (gamma 1e300, K = 1, no repulsion) the Stein direction of a
// single particle is its prior score: it matches stein.Prior.Score1D to
// 1e-14 for every order, including the orders with a square-root form.
func TestPriorScoreMatchesScore1D(t *testing.T) {
	b := icnn.NewBatch(trainingSamples(t)[:3])
	arch := icnn.Arch{Widths: []int{3, 4, 4, 1}}
	x := initial(arch, 1, 2)
	x.Data[0], x.Data[1], x.Data[2] = 0, 1e-4, -3e-3 // within and around the smoothing
	for _, alpha := range []float64{2, 1, 0.5, 0.25, 1.5} {
		cfg := flowConfig(t, arch, "sgd")
		cfg.Prior.Alpha = alpha
		cfg.Bandwidth = stein.Bandwidth{Rule: stein.Fixed, Gamma: 1e300}
		s, err := reference.NewStep(arch, b, 0, cfg)
		if err != nil {
			t.Fatal(err)
		}
		got := stein.NewEnsemble(1, x.D)
		if err := s.Phi(x, got); err != nil {
			t.Fatal(err)
		}
		for i, v := range x.Data {
			want := cfg.Prior.Score1D(v)
			if math.Abs(got.Data[i]-want) > 1e-14*math.Abs(want) {
				t.Errorf("alpha %v, theta %v: prior score %v, Score1D %v", alpha, v, got.Data[i], want)
			}
		}
	}
}

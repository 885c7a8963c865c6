package stein

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/internal/numtest"
	. "github.com/gomlx/gomlx/core/graph" //nolint:revive // GoMLX graph DSL.
)

// adamConfig is a flow with Adam, the alpha = 1/2 prior and kernel k with
// bandwidth bw.
func adamConfig(k Kernel, bw Bandwidth) Config {
	return Config{Prior: Prior{Alpha: 0.5, Lambda: 0.1}, Kernel: k, Bandwidth: bw,
		Optimizer: Adam{LR: 0.05, Beta1: 0.9, Beta2: 0.999, Eps: 1e-8}}
}

// TestFlowMatchesHostBandwidth: the flow, whose graph takes the
// bandwidth's median of the pairwise distances on the device, against the
// same steps with the bandwidth computed on the host from the particles
// (Bandwidth.Of), for the three median rules, beta 1 and 2, an odd and an even
// number of particles, over six steps: the bandwidths and the particles
// agree to 1e-13 relative (the device measures the median pairs again
// with differences formed directly, as the host does; only the order in
// which the backend sums the D terms can differ).
func TestFlowMatchesHostBandwidth(t *testing.T) {
	for _, rule := range []BandwidthRule{MedianLiuWang, MedianMatrix, MedianPaper} {
		for _, beta := range []float64{1, 2} {
			for _, n := range []int{7, 8} {
				bw := Bandwidth{Rule: rule}
				name := fmt.Sprintf("%v/beta=%v/N=%d", bw, beta, n)
				t.Run(name, func(t *testing.T) { checkHostBandwidth(t, bw, Kernel{Beta: beta}, n) })
			}
		}
	}
}

// checkHostBandwidth takes six steps with the flow of bw and k and with
// the host's bandwidth, from the same n particles.
func checkHostBandwidth(t *testing.T, bw Bandwidth, k Kernel, n int) {
	const tol = 1e-13
	b := testBackend(t)
	f, err := NewFlow(b, adamConfig(k, bw), testTarget.graph)
	if err != nil {
		t.Fatal(err)
	}
	host, err := NewFlow(b, adamConfig(k, Bandwidth{Rule: Fixed, Gamma: 1}), testTarget.graph)
	if err != nil {
		t.Fatal(err)
	}
	x := randomEnsemble(uint64(n), n, 3, 1.5)
	y := x.Clone()
	for step := 1; step <= 6; step++ {
		host.Bandwidth.Gamma = bw.Of(y.Rows(), k)
		if err := host.Step(y); err != nil {
			t.Fatal(err)
		}
		if err := f.Step(x); err != nil {
			t.Fatal(err)
		}
		dg := math.Abs(f.LastGamma-host.LastGamma) / host.LastGamma
		dx := numtest.RelDiff(x.Clone().Data, y.Clone().Data)
		if !(dg <= tol) || !(dx <= tol) {
			t.Fatalf("step %d: gamma %v, on the host %v (%.3g relative); particles differ by %.3g relative, want <= %g",
				step, f.LastGamma, host.LastGamma, dg, dx, tol)
		}
		if step == 6 {
			t.Logf("gamma %.17g, relative difference %.3g; particles %.3g", f.LastGamma, dg, dx)
		}
	}
}

// TestStepKeepsParticlesOnTheDevice: a step starts from the particles the
// last one left on the device while the caller leaves them alone, reading
// them included, and from the caller's values as soon as one bit changes
// (-0 for 0 included); either way the step is the one a new flow with the
// same optimizer state takes.
func TestStepKeepsParticlesOnTheDevice(t *testing.T) {
	b := testBackend(t)
	cfg := adamConfig(Kernel{Beta: 2}, Bandwidth{Rule: MedianLiuWang})
	f, err := NewFlow(b, cfg, testTarget.graph)
	if err != nil {
		t.Fatal(err)
	}
	x := randomEnsemble(3, 6, 3, 1)
	x.Data[4] = 0
	if err := f.Step(x); err != nil {
		t.Fatal(err)
	}
	if x.Data != nil || x.dev == nil || x.dev.t != f.carry.theta {
		t.Fatal("the new particles did not stay on the device")
	}
	for _, c := range []struct {
		change func(x *Ensemble)
		held   bool
	}{
		{func(*Ensemble) {}, true},
		{func(x *Ensemble) { _ = x.Particle(0) }, true},
		{func(x *Ensemble) { x.Particle(1)[1] += 0.25 }, false},
		{func(x *Ensemble) { x.Particle(1)[1] = math.Copysign(0, -1) }, false},
	} {
		c.change(x)
		if f.carry.holds(x) != c.held {
			t.Fatalf("iteration %d: carried particles held %v, want %v", f.Iter, !c.held, c.held)
		}
		y := x.Clone()
		g := flowWithStateOf(t, f, cfg)
		if err := f.Step(x); err != nil {
			t.Fatal(err)
		}
		if err := g.Step(y); err != nil {
			t.Fatal(err)
		}
		if err := x.Sync(); err != nil {
			t.Fatal(err)
		}
		if !equalBits(x.Data, y.Clone().Data) {
			t.Fatalf("iteration %d: %v, a new flow gives %v", f.Iter, x.Data, y.Clone().Data)
		}
	}
}

// flowWithStateOf is a new flow of cfg with f's optimizer state and count.
func flowWithStateOf(t *testing.T, f *Flow, cfg Config) *Flow {
	t.Helper()
	state, err := f.State()
	if err != nil {
		t.Fatal(err)
	}
	g, err := NewFlow(testBackend(t), cfg, testTarget.graph)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.SetState(state, f.Iter); err != nil {
		t.Fatal(err)
	}
	return g
}

// TestPendingParticlesAreRead: after a step every way of reading the
// ensemble gives the new particles (methods, JSON), also after the flow
// went on with another ensemble, and Run leaves Data filled in.
func TestPendingParticlesAreRead(t *testing.T) {
	b := testBackend(t)
	cfg := adamConfig(Kernel{Beta: 1}, Bandwidth{Rule: MedianPaper})
	f, err := NewFlow(b, cfg, testTarget.graph)
	if err != nil {
		t.Fatal(err)
	}
	x, other := randomEnsemble(1, 5, 3, 1), randomEnsemble(2, 5, 3, 1)
	want := x.Clone()
	g := flowWithStateOf(t, f, cfg)
	if err := g.Run(want, 1, nil, nil); err != nil {
		t.Fatal(err)
	}
	if want.Data == nil || want.dev != nil {
		t.Fatal("Run left the particles on the device")
	}
	if err := f.Step(x); err != nil {
		t.Fatal(err)
	}
	if err := f.Step(other); err != nil {
		t.Fatal(err)
	}
	raw, err := json.Marshal(x)
	if err != nil {
		t.Fatal(err)
	}
	var decoded Ensemble
	if err := json.Unmarshal(raw, &decoded); err != nil {
		t.Fatal(err)
	}
	particle := x.Particle(4) // the first method that reads x brings the values back
	for _, c := range []struct {
		name      string
		got, want []float64
	}{
		{"JSON", decoded.Data, want.Data},
		{"Particle", particle, want.Particle(4)},
		{"Data after a method", x.Data, want.Data},
	} {
		if !equalBits(c.got, c.want) {
			t.Errorf("%s: %v, want %v", c.name, c.got, c.want)
		}
	}
}

// TestBandwidthRuleChangedLater: a flow follows a change of its bandwidth
// rule between steps (its graphs give the kernel's distances, which Liu &
// Wang's rule takes), except to the paper's rule with a kernel other than
// the RBF, whose squared Euclidean distances its graphs do not give: that
// is an error, not a wrong bandwidth.
func TestBandwidthRuleChangedLater(t *testing.T) {
	k := Kernel{Beta: 1}
	f, err := NewFlow(testBackend(t), adamConfig(k, Bandwidth{Rule: Fixed, Gamma: 1}), testTarget.graph)
	if err != nil {
		t.Fatal(err)
	}
	x := randomEnsemble(4, 6, 3, 1)
	if err := f.Step(x); err != nil {
		t.Fatal(err)
	}
	f.Bandwidth = Bandwidth{Rule: MedianLiuWang}
	want := f.Bandwidth.Of(x.Rows(), k)
	const tol = 1e-13 // the D terms of a distance, summed in another order
	if err := f.Step(x); err != nil || !(math.Abs(f.LastGamma-want) <= tol*want) {
		t.Fatalf("Liu & Wang's rule after a fixed gamma: gamma %v, want %v (error %v)", f.LastGamma, want, err)
	}
	f.Bandwidth = Bandwidth{Rule: MedianPaper}
	if err := f.Step(x); err == nil || !strings.Contains(err.Error(), "squared Euclidean") {
		t.Fatalf("the paper's rule with beta = 1: error %v, want one about the squared Euclidean distances", err)
	}
}

// TestStepsModesAgree: k steps as one While loop in the graph, as k
// chained executions (the median on the device, selected by radix or by a
// sort, or on the host between them) and as k single steps give the same
// particles, state and bandwidth: bit for bit where the median is taken
// on the device, to
// 1e-13 with the host's (which sums the D terms of the median pair's
// distance in its own order). A call of Steps with the median on the
// device reads back from the device once, whatever k; with the host's
// median, once more per step. The score is in closed form (the pure-Go
// backend cannot run a gradient taken by autodiff inside a loop body).
func TestStepsModesAgree(t *testing.T) {
	score := func(theta *Node) *Node { return Neg(MulScalar(theta, 0.5)) }
	type run struct {
		name       string
		mode       StepsMode
		hostMedian bool
		single     bool
		selection  MedianSelection
	}
	runs := []run{{"loop in the graph", LoopInGraph, false, false, RadixSelection},
		{"chained, median on the device", ChainedSteps, false, false, RadixSelection},
		{"chained, median on the host", ChainedSteps, true, false, RadixSelection}, {"single steps", ChainedSteps, true, true, RadixSelection},
		{"chained, median by a sort on the device", ChainedSteps, false, false, SortSelection}}
	if StepsModeFor(testBackend(t)) == LoopInGraph { // the pure-Go backend refuses a sort in a loop body
		runs = append(runs, run{"loop in the graph, median by a sort", LoopInGraph, false, false, SortSelection})
	}
	for _, c := range []struct {
		name string
		k    Kernel
		bw   Bandwidth
	}{
		{"rbf, median", Kernel{Beta: 2}, Bandwidth{Rule: MedianLiuWang}},
		{"rbf, median over the matrix", Kernel{Beta: 2}, Bandwidth{Rule: MedianMatrix}},
		{"beta 1, paper's rule", Kernel{Beta: 1}, Bandwidth{Rule: MedianPaper}},
		{"rbf, fixed", Kernel{Beta: 2}, Bandwidth{Gamma: 0.7}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var first []float64
			for _, r := range runs {
				f, err := NewFlowScore(testBackend(t), adamConfig(c.k, c.bw), score)
				if err != nil {
					t.Fatal(err)
				}
				f.Mode, f.HostMedian, f.Selection = r.mode, r.hostMedian, r.selection
				x := randomEnsemble(9, 40, 4, 1) // 780 pairs: the radix selection on the device
				const k = 7
				if r.single {
					for range k {
						if err := f.Step(x); err != nil {
							t.Fatal(err)
						}
					}
				} else if err := f.Steps(x, k); err != nil {
					t.Fatalf("%s: %v", r.name, err)
				}
				wantReads := 1
				if r.single {
					wantReads = k
				}
				if f.hostMedian() {
					wantReads += k
				}
				if f.Reads != wantReads || f.Iter != k {
					t.Errorf("%s: %d reads, %d iterations; want %d for %d", r.name, f.Reads, f.Iter, wantReads, k)
				}
				state, err := f.State()
				if err != nil {
					t.Fatal(err)
				}
				got := append(append(x.Clone().Data, state[0].Data...), f.LastGamma)
				tol := 0.0
				if f.hostMedian() {
					tol = 1e-13
				}
				if first == nil {
					first = got
				} else if d := numtest.RelDiff(got, first); !(d <= tol) {
					t.Errorf("%s differs from the loop in the graph by %.3g relative, want <= %g", r.name, d, tol)
				}
			}
		})
	}
}

// TestFlowBatchScore: a flow of NewFlowBatch steps along the score its
// batch score gives for the iteration count, (iter + 1) in every
// component here, and its posterior score is the full one. Two particles
// far apart under a narrow fixed kernel do not interact (k = 1 on the
// diagonal, e^-5000 off it, no repulsion left), so plain steps of 1 move
// every component by (iter + 1) / N.
func TestFlowBatchScore(t *testing.T) {
	b := testBackend(t)
	cfg := Config{Prior: Prior{Alpha: 2}, Kernel: Kernel{Beta: 2}, Bandwidth: Bandwidth{Rule: Fixed, Gamma: 1e-2}, Optimizer: SGD{LR: 1}}
	full := func(theta *Node) *Node { return MulScalar(OnesLike(theta), 7) }
	batch := func(theta, iter *Node) *Node { return Mul(OnesLike(theta), AddScalar(iter, 1)) }
	f, err := NewFlowBatch(b, cfg, full, batch)
	if err != nil {
		t.Fatal(err)
	}
	x, _ := EnsembleFromRows([][]float64{{0, 0, 0}, {10, 10, 10}})
	if err := f.Run(x, 3, nil, nil); err != nil {
		t.Fatal(err)
	}
	moved := (1.0 + 2 + 3) / 2 // steps 0, 1 and 2
	for a, start := range []float64{0, 10} {
		for i, v := range x.Particle(a) {
			if math.Abs(v-(start+moved)) > 1e-12 {
				t.Errorf("particle %d, component %d = %v, want %v", a, i, v, start+moved)
			}
		}
	}
	s, err := f.PosteriorScore(x)
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range s.Data {
		if v != 7 {
			t.Fatalf("posterior score %v, want the full score 7 (lambda 0)", s.Data)
		}
	}
	if _, err := NewFlowBatch(b, cfg, full, nil); err == nil {
		t.Error("NewFlowBatch without a batch score: want an error")
	}
}

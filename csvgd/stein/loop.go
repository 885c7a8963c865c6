package stein

import (
	"fmt"
	"strings"

	"github.com/gomlx/compute"
	"github.com/gomlx/compute/dtypes"
	"github.com/gomlx/compute/shapes"
	. "github.com/gomlx/gomlx/core/graph" //nolint:revive // GoMLX graph DSL.
	"github.com/gomlx/gomlx/core/tensors"
)

// StepsMode says how [Flow.Steps] runs its k steps on the device.
type StepsMode int

const (
	// BackendSteps is the mode [StepsModeFor] gives for the backend; a
	// flow never has it (NewFlow sets the backend's mode).
	BackendSteps StepsMode = iota
	// LoopInGraph runs the k steps in one graph execution, a GoMLX While
	// loop around the step: one call from the host for k steps.
	LoopInGraph
	// ChainedSteps runs one graph execution per step, each starting from
	// the tensors the last one left on the device: the host reads nothing
	// between them. On the pure-Go backend, whose tensors are host memory,
	// nothing is transferred at all; only the call of each execution
	// remains.
	ChainedSteps
)

// String names the mode as the speed report and the docs do.
func (m StepsMode) String() string {
	if m == ChainedSteps {
		return "chained steps"
	}
	return "loop in the graph"
}

// ParseStepsMode reads "loop" ([LoopInGraph]), "chained"
// ([ChainedSteps]) or "backend" (also "auto": [BackendSteps]), in any
// case.
func ParseStepsMode(name string) (StepsMode, error) {
	switch strings.ToLower(strings.TrimSpace(name)) {
	case "loop":
		return LoopInGraph, nil
	case "chained":
		return ChainedSteps, nil
	case "backend", "auto", "":
		return BackendSteps, nil
	}
	return BackendSteps, fmt.Errorf("steps mode %q: want loop, chained or backend", name)
}

// UnmarshalText reads a mode's name ([ParseStepsMode]).
func (m *StepsMode) UnmarshalText(b []byte) error {
	v, err := ParseStepsMode(string(b))
	if err != nil {
		return err
	}
	*m = v
	return nil
}

// MarshalText writes the name [ParseStepsMode] reads.
func (m StepsMode) MarshalText() ([]byte, error) {
	return []byte([...]string{"backend", "loop", "chained"}[m]), nil
}

// UseStepsMode makes the flow's steps run in mode m: the backend's mode,
// as [NewFlow] set it, for [BackendSteps]; otherwise m, with the
// bandwidth's median taken on the device (not [Flow.HostMedian]), as
// the loop in the graph always takes it.
func (f *Flow) UseStepsMode(m StepsMode) {
	if m != BackendSteps {
		f.Mode, f.HostMedian = m, false
	}
}

// StepsModeFor is the mode of [Flow.Steps] on backend b: chained steps on
// GoMLX's pure-Go backend, the loop in the graph elsewhere (XLA). GoMLX
// v0.28.16's pure-Go backend compiles a While loop's body before the
// graph's optimisation passes rewrite its nodes, so a body that takes a
// gradient by autodiff fails to run ("input 0 for node Mul not computed
// yet"); the chained steps compute the same step without a closure
// (docs/speed.md, section "Many steps per call").
func StepsModeFor(b compute.Backend) StepsMode {
	if strings.HasPrefix(strings.ToLower(b.Name()), "go") { // "Go Backend"
		return ChainedSteps
	}
	return LoopInGraph
}

// loopState is the state the steps carry from one to the next, on the
// device, in this order: the steps done, whether every step so far was
// finite, the bandwidth of the last step tried, the optimizer's iteration
// count, the particles, their pairwise values ([Flow.pairNodes]), the
// optimizer state, and the inputs that stay the same from step to step:
// the fixed gamma (used by a fixed bandwidth), lambda and the number of
// steps k (int32). They travel with the state rather than being taken
// from the enclosing graph, since GoMLX's XLA backend cannot combine a
// value of the enclosing graph with one of the loop's body in one
// operation.
type loopState struct {
	done, ok, gamma, iter, theta *Node
	pairs, state                 []*Node
	fixed, lambda, k             *Node
}

func (s loopState) nodes() []*Node {
	out := []*Node{s.done, s.ok, s.gamma, s.iter, s.theta}
	out = append(out, s.pairs...)
	out = append(out, s.state...)
	return append(out, s.fixed, s.lambda, s.k)
}

// loopStateOf is the state of nodes (in the order of [loopState.nodes])
// with np pairwise tensors and ns state tensors.
func loopStateOf(nodes []*Node, np, ns int) loopState {
	in := nodes[5+np+ns:]
	return loopState{done: nodes[0], ok: nodes[1], gamma: nodes[2], iter: nodes[3], theta: nodes[4],
		pairs: nodes[5 : 5+np], state: nodes[5+np : 5+np+ns], fixed: in[0], lambda: in[1], k: in[2]}
}

// parameters declares, inside a closure, one parameter per value of s.
func (s loopState) parameters(g *Graph) []*Node {
	in := s.nodes()
	out := make([]*Node, len(in))
	for i, n := range in {
		out[i] = Parameter(g, fmt.Sprintf("loop_%d", i), n.Shape())
	}
	return out
}

// loopGraph runs up to k Stein steps in one execution ([LoopInGraph]): a
// GoMLX While loop whose body is [Flow.loopBody]. Inputs and outputs: the
// [loopState] at the start and at the end. The loop stops early after a
// step whose new particles or state are not all finite ([Flow.loopBody]
// drops it). The loop's closures use nothing of the enclosing graph.
func (f *Flow) loopGraph(b Bandwidth, in []*Node) []*Node {
	init := loopStateOf(in, f.numPairs(), f.Optimizer.NumState())
	g := init.theta.Graph()
	cond := NewClosure(g, func(g *Graph) []*Node {
		s := loopStateOf(init.parameters(g), len(init.pairs), len(init.state))
		return []*Node{LogicalAnd(s.ok, LessThan(s.done, s.k))}
	})
	body := NewClosure(g, func(g *Graph) []*Node {
		return f.loopBody(b, loopStateOf(init.parameters(g), len(init.pairs), len(init.state))).nodes()
	})
	out := While(cond, body, init.nodes()...)
	return append(out, loopStateOf(out, len(init.pairs), len(init.state)).status())
}

// status is what the host reads after the steps, in one transfer: the
// steps done, whether they were all finite (1 or 0) and the bandwidth of
// the last step tried, [3] float64.
func (s loopState) status() *Node {
	f64 := func(x *Node) *Node { return Reshape(ConvertDType(x, s.gamma.DType()), 1) }
	return Concatenate([]*Node{f64(s.done), f64(s.ok), Reshape(s.gamma, 1)}, 0)
}

// chainGraph is one step of [ChainedSteps]: [Flow.loopBody] on the
// [loopState] (k unused: the host makes k executions).
func (f *Flow) chainGraph(b Bandwidth, in []*Node) []*Node {
	s := f.loopBody(b, loopStateOf(in, f.numPairs(), f.Optimizer.NumState()))
	return append(s.nodes(), s.status())
}

// loopBody is one step from s ([Flow.stepNodes]) with the bandwidth of
// rule b taken on the device ([Flow.gammaNode]; a fixed rule takes the
// input fixed, which is how the host's median enters, [Flow.HostMedian]). The step is kept only
// when every step so far, this one included, was finite; otherwise the
// particles, their distances, the state and the count stay those before
// it, ok becomes false, and gamma is the bandwidth of the step that failed
// (the diagnosis reruns it).
func (f *Flow) loopBody(b Bandwidth, s loopState) loopState {
	src := s.pairs[len(s.pairs)-1] // what the bandwidth's median is taken of
	gamma := f.gammaNode(b, s.theta, src, s.fixed)
	step := f.stepNodes(s.theta, s.pairs[0], gamma, s.lambda, s.iter, s.state)
	ok := LogicalAnd(s.ok, allFinite(append([]*Node{step.next}, step.state...)))
	keep := func(next, prev *Node) *Node { return Where(ok, next, prev) }
	out := loopState{ok: ok, gamma: Where(s.ok, gamma, s.gamma), fixed: s.fixed, lambda: s.lambda, k: s.k,
		done:  keep(AddScalar(s.done, 1), s.done),
		iter:  keep(AddScalar(s.iter, 1), s.iter),
		theta: keep(step.next, s.theta)}
	for i, p := range f.pairNodes(step.next) {
		out.pairs = append(out.pairs, keep(p, s.pairs[i]))
	}
	for i, v := range step.state {
		out.state = append(out.state, keep(v, s.state[i]))
	}
	return out
}

// Steps performs k SVGD iterations on x in place, without the host
// reading anything between them: the particles, their distances, the
// bandwidth (taken on the device), the iteration count and the optimizer
// state stay on the device from step to step, in one graph execution
// ([LoopInGraph]) or in one per step ([ChainedSteps]; [Flow.Mode]). Either
// way the result is that of k calls of [Flow.Step], bit for bit. As after
// Step, the new particles stay on the device until something reads them.
// When a step meets NaN or Inf, the steps before it are kept, x holds the
// particles before it, and the error is the [*NonFiniteError] of that
// step, naming the first non-finite quantity; when an execution outlives
// the watchdog, the error wraps [ErrStalled].
func (f *Flow) Steps(x *Ensemble, k int) error {
	if k < 0 {
		return fmt.Errorf("stein: %d steps: want k >= 0", k)
	}
	if k == 0 {
		return nil
	}
	if f.needsEuclidPairs() && !f.euclidPairs {
		return fmt.Errorf("stein: bandwidth rule %v with kernel order %v needs the squared Euclidean distances, "+
			"which the flow's graphs, made for another rule, do not give: make a new flow for it", f.Bandwidth, f.Kernel.Beta)
	}
	if len(f.state) != f.Optimizer.NumState() || (len(f.state) > 0 && !sameShape(f.state[0], x)) {
		f.ResetState(x)
	}
	if err := f.loopOrChain(x); err != nil {
		return err
	}
	in, err := f.input(x)
	if err != nil {
		return err
	}
	args := []any{f.scalar(int32(0)), f.scalar(true), f.scalar(f.Bandwidth.Gamma), f.iterTensor(), in.theta, in.dist}
	if f.euclidPairs {
		args = append(args, in.pairs)
	}
	for _, s := range f.state {
		args = append(args, s)
	}
	args = append(args, f.scalar(f.Bandwidth.Gamma), f.scalar(f.Lambda), f.scalar(int32(k)))
	out, err := f.executeSteps(x, args, k)
	if err != nil {
		return fmt.Errorf("stein: iteration %d: %w", f.Iter, err)
	}
	return f.advance(x, out)
}

// advance makes the outputs of the steps (a [loopState]) the flow's state
// and x's pending values, and releases what they replace. After a
// non-finite step it names the quantity.
func (f *Flow) advance(x *Ensemble, out []*tensors.Tensor) error {
	np, ns := f.numPairs(), len(f.state)
	f.Reads++
	status, err := tensors.CopyFlatData[float64](out[len(out)-1])
	if err != nil {
		return fmt.Errorf("stein: iteration %d: reading the steps' status: %w", f.Iter, err)
	}
	done, ok := int(status[0]), status[1] == 1
	f.LastGamma = status[2]
	old := f.carry
	f.carry = carried{x: x, theta: out[4], dist: out[5], pairs: out[4+np]}
	x.park(out[4])
	old.release()
	release(f.state...)
	release(out[:3]...)
	release(out[5+np+ns:]...) // the fixed gamma, lambda, k and the status
	f.state = out[5+np : 5+np+ns]
	f.Iter += done
	release(f.iter.t)
	f.iter = iterOnDevice{t: out[3], value: f.Iter}
	if !ok {
		return f.nonFiniteStep(x)
	}
	return nil
}

// iterOnDevice is the optimizer's iteration count as the last steps left
// it on the device, and its value: the next call starts from it while the
// flow's Iter still has that value, instead of sending the count again.
type iterOnDevice struct {
	t     *tensors.Tensor
	value int
}

// iterTensor is the iteration count for the next steps: on the device
// when it is still the one the last steps left there.
func (f *Flow) iterTensor() any {
	if f.iter.t != nil && f.iter.value == f.Iter {
		return f.iter.t
	}
	return float64(f.Iter)
}

// maxScalars bounds the flow's cache of scalar inputs.
const maxScalars = 64

// scalar is v (a float64, int32 or bool) as a tensor the flow keeps, so
// that an input that does not change from call to call (lambda, the fixed
// gamma, the number of steps) is sent to the device once: a tensor keeps
// its copy on the device after its first use.
func (f *Flow) scalar(v any) *tensors.Tensor {
	if t, ok := f.scalars[v]; ok {
		return t
	}
	if len(f.scalars) >= maxScalars {
		for _, t := range f.scalars {
			release(t)
		}
		f.scalars = nil
	}
	if f.scalars == nil {
		f.scalars = map[any]*tensors.Tensor{}
	}
	t := tensors.MustFromAnyValue(v)
	f.scalars[v] = t
	return t
}

// steps is the executor of the steps graph ([Flow.loopGraph] or
// [Flow.chainGraph], by [Flow.Mode]) for the flow's bandwidth rule, made
// at the first call with that rule (the rule decides the graph; a fixed
// gamma, or the host's median, is an input).
func (f *Flow) steps() (*Exec, error) {
	rule := Bandwidth{Rule: f.Bandwidth.Rule}
	if f.hostMedian() {
		rule = Bandwidth{Rule: Fixed}
	}
	key := stepsKey{rule.Rule, f.Mode, f.Selection}
	if e := f.loops[key]; e != nil {
		return e, nil
	}
	graph := f.loopGraph
	if f.Mode == ChainedSteps {
		graph = f.chainGraph
	}
	e, err := NewExec(f.backend, func(in []*Node) []*Node { return graph(rule, in) })
	if err != nil {
		return nil, fmt.Errorf("building the steps graph: %w", err)
	}
	if f.loops == nil {
		f.loops = map[stepsKey]*Exec{}
	}
	f.loops[key] = e
	return e, nil
}

// stepsKey identifies an executor of the steps: the bandwidth rule, the
// mode and the median's selection.
type stepsKey struct {
	rule      BandwidthRule
	mode      StepsMode
	selection MedianSelection
}

// executeSteps runs k steps from args under the watchdog, in one
// execution or in k chained ones ([Flow.Mode]), which the watchdog times
// together.
func (f *Flow) executeSteps(x *Ensemble, args []any, k int) ([]*tensors.Tensor, error) {
	e, err := f.steps()
	if err != nil {
		return nil, err
	}
	if f.Mode == LoopInGraph {
		f.Executions++
		return f.executeN(e, x, "steps", args, k)
	}
	return f.executeChain(e, x, args, k)
}

// hostMedian reports whether the host takes the bandwidth's median
// between the chained steps ([Flow.HostMedian]).
func (f *Flow) hostMedian() bool {
	return f.HostMedian && f.Mode == ChainedSteps && f.Bandwidth.adaptive()
}

// executeChain runs the chained steps: k executions of e, each from the
// outputs of the last, under one watchdog; with [Flow.HostMedian], the
// host takes each step's bandwidth between them.
func (f *Flow) executeChain(e *Exec, x *Ensemble, args []any, k int) ([]*tensors.Tensor, error) {
	nLoop := len(args) - 3 // the loop state; fixed gamma, lambda and k follow
	np := f.numPairs()
	return f.executeFn(e, x, "steps", k, func() ([]*tensors.Tensor, error) {
		var out []*tensors.Tensor
		for i := 0; i < k; i++ {
			if f.hostMedian() {
				gamma, err := f.hostGamma(args[4].(*tensors.Tensor), args[4+np].(*tensors.Tensor), x.N)
				if err != nil {
					return nil, err
				}
				args[nLoop] = gamma
			}
			next, err := f.call(e, args)
			f.Executions++
			if i > 0 {
				release(out...) // the last step's outputs, now consumed
			}
			if err != nil {
				return nil, err
			}
			out = next
			for j, t := range out[:nLoop] {
				args[j] = t
			}
		}
		return out, nil
	})
}

// loopOrChain compiles the loop in the graph for x's shape the first time
// it is asked for; should the backend fail to compile it, the flow falls
// back to chained steps ([Flow.ModeNote] says why), which run the same
// step without a loop.
func (f *Flow) loopOrChain(x *Ensemble) error {
	if f.Mode != LoopInGraph || f.ran[execKey{exec: f.loops[stepsKey{f.Bandwidth.Rule, LoopInGraph, f.Selection}], n: x.N, d: x.D}] {
		return nil
	}
	err := f.Compile(x)
	if err == nil {
		return nil
	}
	f.Mode, f.ModeNote = ChainedSteps, fmt.Sprintf("the loop in the graph did not compile (%v): chained steps instead", err)
	return f.Compile(x)
}

// Compile compiles the graphs a call of [Flow.Steps] on an ensemble
// shaped like x runs (the steps, and the distances of particles that come
// from the host), so that the first call does not compile them: a caller
// that times the steps calls it before the clock starts.
func (f *Flow) Compile(x *Ensemble) error {
	e, err := f.steps()
	if err != nil {
		return fmt.Errorf("stein: %w", err)
	}
	scalar := func(d dtypes.DType) shapes.Shape { return shapes.Make(d) }
	particles, pairs := shapes.Make(dtypes.Float64, x.N, x.D), shapes.Make(dtypes.Float64, x.N, x.N)
	in := []shapes.Shape{scalar(dtypes.Int32), scalar(dtypes.Bool), scalar(dtypes.Float64), scalar(dtypes.Float64), particles}
	for range f.numPairs() {
		in = append(in, pairs)
	}
	for range f.Optimizer.NumState() {
		in = append(in, particles)
	}
	in = append(in, scalar(dtypes.Float64), scalar(dtypes.Float64), scalar(dtypes.Int32))
	if _, err := e.Compile(in...); err != nil {
		return fmt.Errorf("stein: compiling the steps for %d x %d particles: %w", x.N, x.D, err)
	}
	if _, err := f.distances.Compile(particles); err != nil {
		return fmt.Errorf("stein: compiling the distances for %d x %d particles: %w", x.N, x.D, err)
	}
	if f.ran == nil {
		f.ran = map[execKey]bool{}
	}
	f.ran[execKey{exec: e, n: x.N, d: x.D}] = true
	f.ran[execKey{exec: f.distances, n: x.N, d: x.D}] = true
	return nil
}

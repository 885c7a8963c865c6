package stein

import (
	"errors"
	"fmt"
	"time"

	. "github.com/gomlx/gomlx/core/graph" //nolint:revive // GoMLX graph DSL.
	"github.com/gomlx/gomlx/core/tensors"
)

// ErrStalled is wrapped by the error a [Flow] returns when a graph
// execution outlived the flow's watchdog ([Flow.Watchdog]).
var ErrStalled = errors.New("graph execution stalled")

// The default watchdog limits (Flow.Watchdog = 0). They are far above any
// healthy execution, so that only a stall (a deadlocked backend: see
// docs/speed.md, section "Backends") trips them, never a slow machine.
const (
	// DefaultWatchdog is the least time a step may take before the
	// default watchdog calls it stalled.
	DefaultWatchdog = 2 * time.Minute
	// WatchdogFactor: the default limit grows to this many times the
	// slowest execution the flow has seen, for large problems.
	WatchdogFactor = 50
	// CompileWatchdog is the default limit of the first execution of a
	// graph for an ensemble shape, which includes compiling it.
	CompileWatchdog = 10 * time.Minute
)

// execKey identifies a compiled graph: the executor and the ensemble shape
// (the executor compiles one graph per shape; the steps graph one for any
// number of steps).
type execKey struct {
	exec *Exec
	n, d int
}

type execResult struct {
	out []*tensors.Tensor
	err error
}

// watchdogLimit is the time limit of the next execution of a graph, of
// steps Stein steps (1 for the other graphs); first says whether that
// execution compiles it. A negative Watchdog disables the watchdog (limit
// < 0); a positive one limits a step, so that a call of k steps may take k
// times as long.
func (f *Flow) watchdogLimit(first bool, steps int) time.Duration {
	if f.Watchdog != 0 {
		return time.Duration(steps) * f.Watchdog
	}
	floor := DefaultWatchdog
	if first {
		floor = CompileWatchdog
	}
	return max(floor, time.Duration(steps)*WatchdogFactor*f.slowest)
}

// execute runs e on args under the watchdog ([Flow.executeN] of one step).
func (f *Flow) execute(e *Exec, x *Ensemble, what string, args []any) ([]*tensors.Tensor, error) {
	return f.executeN(e, x, what, args, 1)
}

// executeN runs e on args, an execution of steps Stein steps, under the
// watchdog: on a goroutine of its own, while this one waits at most the
// limit. A stuck execution cannot be killed; it keeps its goroutine, and
// the flow refuses to run again, since the executor may be left in use.
// what names the graph in the error. The first execution of a graph
// compiles it, before the clock starts when the backend compiles ahead
// ([Flow.Compile]).
func (f *Flow) executeN(e *Exec, x *Ensemble, what string, args []any, steps int) ([]*tensors.Tensor, error) {
	return f.executeFn(e, x, what, steps, func() ([]*tensors.Tensor, error) { return f.call(e, args) })
}

// executeFn is [Flow.executeN] with the executions of e that make up
// steps Stein steps given as run.
func (f *Flow) executeFn(e *Exec, x *Ensemble, what string, steps int, run func() ([]*tensors.Tensor, error)) ([]*tensors.Tensor, error) {
	if f.stalled != nil {
		return nil, fmt.Errorf("not run, since an earlier execution of this flow stalled: %w", f.stalled)
	}
	key := execKey{exec: e, n: x.N, d: x.D}
	first := !f.ran[key]
	limit := f.watchdogLimit(first, steps)
	if limit < 0 {
		return run()
	}
	done := make(chan execResult, 1) // buffered: an abandoned execution can still finish and exit
	start := time.Now()
	go func() { done <- guarded(run) }()
	clock := newAwakeClock(start, limit)
	ticker := time.NewTicker(clock.tick)
	defer ticker.Stop()
	for {
		select {
		case r := <-done:
			f.record(key, first, time.Since(start)/time.Duration(steps))
			return r.out, r.err
		case now := <-ticker.C:
			if clock.advance(now) >= limit {
				f.stalled = stallError(what, limit, f.backendName)
				return nil, f.stalled
			}
		}
	}
}

// awakeClock measures how long the watchdog has waited while the process
// ran: the gaps between its ticks, each counted at most as maxGap. A
// process stopped and continued (SIGSTOP or Ctrl-Z, then SIGCONT or fg)
// sees one long gap on waking, which counts as maxGap only, so a pause is
// not taken for a stalled backend; a stalled execution leaves the
// watchdog's ticks running, and they add up to the limit.
type awakeClock struct {
	last         time.Time
	tick, maxGap time.Duration
	waited       time.Duration
}

// watchdogTicks is how many ticks the watchdog takes over its limit.
const watchdogTicks = 120

// newAwakeClock starts at start, ticking watchdogTicks times over limit
// (at least every 10 ms), a gap counting at most five ticks.
func newAwakeClock(start time.Time, limit time.Duration) *awakeClock {
	tick := max(limit/watchdogTicks, 10*time.Millisecond)
	return &awakeClock{last: start, tick: tick, maxGap: 5 * tick}
}

// advance counts the gap since the last tick, at most maxGap, and returns
// the time waited so far.
func (c *awakeClock) advance(now time.Time) time.Duration {
	c.waited += min(now.Sub(c.last), c.maxGap)
	c.last = now
	return c.waited
}

// record notes a finished execution: its graph is compiled now, and the
// slowest step of an execution that did not compile sets the default
// limit.
func (f *Flow) record(key execKey, first bool, perStep time.Duration) {
	if f.ran == nil {
		f.ran = map[execKey]bool{}
	}
	f.ran[key] = true
	if !first {
		f.slowest = max(f.slowest, perStep)
	}
}

// call executes e on args: Exec.Exec, or the replacement a test installed.
func (f *Flow) call(e *Exec, args []any) ([]*tensors.Tensor, error) {
	if f.execHook != nil {
		return f.execHook(e, args)
	}
	return e.Exec(args...)
}

// guarded runs run for the watchdog's goroutine: a panic there would end
// the program past any recover of the caller, so it becomes an error.
func guarded(run func() ([]*tensors.Tensor, error)) (r execResult) {
	defer func() {
		if p := recover(); p != nil {
			r = execResult{err: fmt.Errorf("graph execution panicked: %v", p)}
		}
	}()
	out, err := run()
	return execResult{out: out, err: err}
}

// stallError says what stalled, for how long the watchdog waited, on
// which backend, and where the project discusses it.
func stallError(what string, limit time.Duration, backendName string) error {
	return fmt.Errorf("the %s graph did not finish within %v (the flow's watchdog); GoMLX backend %q: "+
		"a stalled execution usually means the backend deadlocked, see docs/speed.md, section \"Backends\", "+
		"or choose another backend with GOMLX_BACKEND; the stuck execution cannot be stopped, so the program should "+
		"report this and exit: %w", what, limit, backendName, ErrStalled)
}

package stein

import (
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	. "github.com/gomlx/gomlx/core/graph" //nolint:revive // GoMLX graph DSL.
	"github.com/gomlx/gomlx/core/tensors"
)

// stallingFlow is a flow whose graph executions go through a hook that
// blocks, once stall is set, until the test ends: a deterministic stand-in
// for a deadlocked backend.
func stallingFlow(t *testing.T, stall *atomic.Bool, calls *atomic.Int32) *Flow {
	t.Helper()
	cfg := Config{Prior: Prior{Alpha: 1, Lambda: 0.1}, Kernel: Kernel{Beta: 2}, Bandwidth: Bandwidth{Gamma: 1}, Optimizer: SGD{LR: 0.01}}
	f, err := NewFlow(testBackend(t), cfg, testTarget.graph)
	if err != nil {
		t.Fatal(err)
	}
	release := make(chan struct{})
	t.Cleanup(func() { close(release) })
	f.execHook = func(e *Exec, args []any) ([]*tensors.Tensor, error) {
		calls.Add(1)
		if stall.Load() {
			<-release
			return nil, errors.New("released at the end of the test")
		}
		return e.Exec(args...)
	}
	return f
}

func TestWatchdogTurnsAStallIntoAnError(t *testing.T) {
	var stall atomic.Bool
	var calls atomic.Int32
	f := stallingFlow(t, &stall, &calls)
	f.Watchdog = 200 * time.Millisecond
	x := randomEnsemble(8, 5, 3, 1)
	if err := f.Run(x, 2, nil, nil); err != nil {
		t.Fatal(err)
	}
	before := x.Clone()
	stall.Store(true)
	start := time.Now()
	err := f.Step(x)
	if !errors.Is(err, ErrStalled) {
		t.Fatalf("want ErrStalled, got %v", err)
	}
	if waited := time.Since(start); waited < f.Watchdog || waited > f.Watchdog+30*time.Second {
		t.Errorf("step returned after %v, watchdog %v", waited, f.Watchdog)
	}
	for _, part := range []string{"iteration 2", "200ms", testBackend(t).Name(), `"Backends"`, "docs/speed.md"} {
		if !strings.Contains(err.Error(), part) {
			t.Errorf("message %q lacks %q", err, part)
		}
	}
	if f.Iter != 2 || maxAbsDiff(x.Data, before.Data) != 0 {
		t.Error("a stalled step changed the particles or the iteration count")
	}
	t.Log(err)

	// The flow is unusable now, and says so at once without executing.
	n := calls.Load()
	if err := f.Step(x); !errors.Is(err, ErrStalled) {
		t.Errorf("step after a stall: want ErrStalled, got %v", err)
	}
	if _, err := f.Forces(x, 0); !errors.Is(err, ErrStalled) {
		t.Errorf("forces after a stall: want ErrStalled, got %v", err)
	}
	if calls.Load() != n {
		t.Error("the flow executed a graph after it stalled")
	}
}

func TestWatchdogTurnsAPanicIntoAnError(t *testing.T) {
	var stall atomic.Bool
	var calls atomic.Int32
	f := stallingFlow(t, &stall, &calls)
	f.execHook = func(*Exec, []any) ([]*tensors.Tensor, error) { panic("backend exploded") }
	err := f.Step(randomEnsemble(8, 5, 3, 1))
	if err == nil || !strings.Contains(err.Error(), "backend exploded") || errors.Is(err, ErrStalled) {
		t.Fatalf("want the panic as an error, got %v", err)
	}
}

// TestWatchdogDefaultLimit: the default waits CompileWatchdog for a graph's
// first (compiling) execution, then DefaultWatchdog or WatchdogFactor times
// the slowest execution seen, whichever is longer; a set Watchdog wins.
func TestWatchdogDefaultLimit(t *testing.T) {
	f := &Flow{}
	for _, c := range []struct {
		watchdog, slowest time.Duration
		first             bool
		want              time.Duration
	}{
		{0, 0, true, CompileWatchdog},
		{0, 0, false, DefaultWatchdog},
		{0, time.Second, false, DefaultWatchdog},
		{0, 10 * time.Second, false, WatchdogFactor * 10 * time.Second},
		{0, 20 * time.Second, true, WatchdogFactor * 20 * time.Second},
		{3 * time.Second, time.Hour, true, 3 * time.Second},
		{-1, 0, false, -1},
	} {
		f.Watchdog, f.slowest = c.watchdog, c.slowest
		if got := f.watchdogLimit(c.first, 1); got != c.want {
			t.Errorf("watchdog %v, slowest %v, first %v: limit %v, want %v", c.watchdog, c.slowest, c.first, got, c.want)
		}
	}
}

// TestWatchdogLearnsTheStepTime: executions are timed, the compiling one
// aside, and a disabled watchdog still runs the step.
func TestWatchdogLearnsTheStepTime(t *testing.T) {
	var stall atomic.Bool
	var calls atomic.Int32
	f := stallingFlow(t, &stall, &calls)
	x := randomEnsemble(8, 5, 3, 1)
	if err := f.Step(x); err != nil {
		t.Fatal(err)
	}
	if f.slowest != 0 {
		t.Errorf("the compiling execution counted: slowest %v", f.slowest)
	}
	if err := f.Run(x, 3, nil, nil); err != nil {
		t.Fatal(err)
	}
	if f.slowest <= 0 || f.watchdogLimit(false, 1) != DefaultWatchdog {
		t.Errorf("slowest %v, limit %v", f.slowest, f.watchdogLimit(false, 1))
	}
	f.Watchdog = -1
	if err := f.Step(x); err != nil || f.Iter != 5 {
		t.Fatalf("watchdog off: %v after %d iterations", err, f.Iter)
	}
}

// TestWatchdogIgnoresAPause: the watchdog's clock counts the time between
// its ticks while the process runs, and a process stopped for ten minutes
// and continued (a gap between two ticks) adds five ticks only, so a pause
// is not taken for a stall; ticks at their pace reach the limit.
func TestWatchdogIgnoresAPause(t *testing.T) {
	start := time.Unix(0, 0)
	limit := 2 * time.Minute
	c := newAwakeClock(start, limit)
	if c.tick != time.Second || c.maxGap != 5*time.Second {
		t.Fatalf("tick %v, longest gap %v: want 1s and 5s for a limit of 2m", c.tick, c.maxGap)
	}
	now := start
	for range 10 {
		now = now.Add(time.Second)
		c.advance(now)
	}
	now = now.Add(10 * time.Minute) // stopped, then continued
	if got := c.advance(now); got != 15*time.Second {
		t.Errorf("after 10 ticks and a pause of 10 minutes: waited %v, want 15s", got)
	}
	for c.advance(now.Add(time.Second)) < limit {
		now = now.Add(time.Second)
	}
	if waited := now.Sub(start); waited < limit+10*time.Minute-16*time.Second || waited > limit+10*time.Minute {
		t.Errorf("the limit was reached %v after the start, want the limit plus the pause less the gap counted", waited)
	}
	if c := newAwakeClock(start, 200*time.Millisecond); c.tick != 10*time.Millisecond {
		t.Errorf("a limit of 200ms ticks every %v, want the floor 10ms", c.tick)
	}
}

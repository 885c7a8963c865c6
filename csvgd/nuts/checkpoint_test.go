package nuts

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"
)

// funnel is Neal's funnel in dimension d: v ~ N(0, 3^2), x_i | v ~
// N(0, e^v) for i = 1..d-1, whose neck makes the sampler diverge.
func funnel(d int) LogDensity {
	return func(x, grad []float64) float64 {
		v := x[0]
		ev := math.Exp(v)
		lp := -v*v/18 - float64(d-1)*v/2
		grad[0] = -v/9 - float64(d-1)/2
		for i := 1; i < d; i++ {
			lp -= x[i] * x[i] / (2 * ev)
			grad[0] += x[i] * x[i] / (2 * ev)
			grad[i] = -x[i] / ev
		}
		return lp
	}
}

// resumeCase is a small run whose saved states are resumed: 200 warm-up
// iterations (buffer 75, metric windows [75, 100) and [100, 150),
// terminal buffer 50) and 40 kept ones.
type resumeCase struct {
	name string
	f    LogDensity
	dim  int
	mod  func(*Config)
}

func resumeCases() []resumeCase {
	mu, prec, _ := correlated2D()
	return []resumeCase{
		{"correlated 2-D, diagonal", gaussian(mu, prec), 2, func(c *Config) {}},
		{"5-D funnel, dense, walls", funnel(5), 5, func(c *Config) { c.Metric, c.NonNegative = Dense, []int{2} }},
	}
}

func (rc resumeCase) config() Config {
	c := DefaultConfig()
	c.Chains, c.Warmup, c.Draws, c.MaxDepth, c.Seed = 2, 200, 40, 6, 3
	rc.mod(&c)
	return c
}

// roundTrip is s written as JSON and read back, as a file holds it.
func roundTrip(t *testing.T, s *State) *State {
	t.Helper()
	raw, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var out State
	if err := json.Unmarshal(raw, &out); err != nil {
		t.Fatal(err)
	}
	return &out
}

// sameChains fails unless the chains of got are those of want, every
// field bit for bit.
func sameChains(t *testing.T, what string, got, want *Result) {
	t.Helper()
	if got == nil || !reflect.DeepEqual(got.Chains, want.Chains) {
		t.Fatalf("%s: the resumed run's chains differ from an uninterrupted run's", what)
	}
}

// TestResumeFromAnyIteration saves a chain's state after every iteration
// (chains one after another) and resumes the run from its states in the
// warm-up's initial buffer, mid-window, at a window's end, in the
// terminal buffer, at the end of the warm-up, while drawing, at the end
// of the first chain (the second not started: it starts afresh) and in
// the second chain: each resumed run, from the JSON of the state, ends
// with the chains of an uninterrupted run, bit for bit (draws,
// transitions, step sizes, metrics, evaluation counts, divergences).
func TestResumeFromAnyIteration(t *testing.T) {
	points := []struct {
		name        string
		chain, done int
	}{
		{"initial buffer", 0, 10},
		{"first window, mid-way", 0, 87},
		{"first window's end", 0, 100},
		{"second window, mid-way", 0, 123},
		{"terminal buffer", 0, 170},
		{"end of warm-up", 0, 200},
		{"drawing", 0, 217},
		{"first chain done", 0, 240},
		{"second chain, warm-up", 1, 140},
		{"second chain, drawing", 1, 230},
	}
	for _, rc := range resumeCases() {
		t.Run(rc.name, func(t *testing.T) {
			c := rc.config()
			c.Workers = 1
			whole, err := Sample(rc.f, rc.dim, c)
			if err != nil {
				t.Fatal(err)
			}
			if rc.dim == 5 && whole.Chains[0].WarmupDivergences == 0 {
				t.Fatal("the funnel's warm-up did not diverge: the case does not test the divergences' record")
			}
			saved := map[[2]int]*State{}
			c.Checkpoint = &Checkpoint{Every: 1, Save: func(s *State) error {
				for k, ch := range s.Chains {
					if ch != nil && (k == len(s.Chains)-1 || s.Chains[k+1] == nil) {
						saved[[2]int{k, ch.Done}] = roundTrip(t, s)
					}
				}
				return nil
			}}
			again, err := Sample(rc.f, rc.dim, c)
			if err != nil {
				t.Fatal(err)
			}
			sameChains(t, "saving every iteration", again, whole)
			for _, p := range points {
				s := saved[[2]int{p.chain, p.done}]
				if s == nil {
					t.Fatalf("%s: no state of chain %d after %d iterations", p.name, p.chain, p.done)
				}
				c.Checkpoint = &Checkpoint{Resume: s}
				r, err := Sample(rc.f, rc.dim, c)
				if err != nil {
					t.Fatalf("%s: %v", p.name, err)
				}
				sameChains(t, p.name, r, whole)
			}
		})
	}
}

// TestStopSavesAndResumes cancels the run's context from inside the log
// density after a number of evaluations (in the warm-up, while drawing,
// in the second of two chains run one after another, and with the chains
// in parallel): every running chain saves its state before it returns,
// at the iteration the error names, and the run resumed from the last
// state saved (through JSON) ends with an uninterrupted run's chains. A
// run stopped twice resumes as well, and its state sums the seconds of
// both sittings.
func TestStopSavesAndResumes(t *testing.T) {
	for _, rc := range resumeCases() {
		t.Run(rc.name, func(t *testing.T) {
			base := rc.config()
			whole, err := Sample(rc.f, rc.dim, base)
			if err != nil {
				t.Fatal(err)
			}
			ch0 := whole.Chains[0]
			perChain := ch0.WarmupGradients + ch0.Gradients
			for _, tc := range []struct {
				name    string
				workers int
				after   []int // evaluations of each sitting before its cancel
			}{
				{"warm-up", 1, []int{ch0.WarmupGradients / 3}},
				{"drawing", 1, []int{ch0.WarmupGradients + ch0.Gradients/2}},
				{"second chain", 1, []int{perChain + ch0.WarmupGradients/2}},
				{"parallel", 0, []int{ch0.WarmupGradients / 2}},
				{"twice", 1, []int{ch0.WarmupGradients / 4, ch0.WarmupGradients / 2}},
			} {
				t.Run(tc.name, func(t *testing.T) {
					var last *State
					c := base
					c.Workers = tc.workers
					for sitting, after := range tc.after {
						ctx, cancel := context.WithCancel(context.Background())
						var calls atomic.Int64
						f := func(x, grad []float64) float64 {
							if calls.Add(1) == int64(after) {
								cancel()
							}
							return rc.f(x, grad)
						}
						c.Context = ctx
						c.Checkpoint = &Checkpoint{Resume: last, Every: 25, Save: func(s *State) error { last = roundTrip(t, s); return nil }}
						before := last
						r, err := Sample(f, rc.dim, c)
						cancel()
						if r != nil || !errors.Is(err, context.Canceled) {
							t.Fatalf("sitting %d: result %v, error %v; want none and a stop wrapping context.Canceled", sitting, r != nil, err)
						}
						checkStopSaved(t, err, last)
						if before != nil && !(last.Seconds > before.Seconds) {
							t.Errorf("sitting %d: %v s saved after %v s before it, want more", sitting, last.Seconds, before.Seconds)
						}
					}
					c.Context = nil
					c.Checkpoint = &Checkpoint{Resume: last}
					r, err := Sample(rc.f, rc.dim, c)
					if err != nil {
						t.Fatal(err)
					}
					sameChains(t, tc.name, r, whole)
				})
			}
		})
	}
}

// checkStopSaved fails unless the state s holds, for every chain that
// err says stopped before its iteration i, the state after i-1
// iterations (none when i is 1: a chain stopped before it began has
// nothing to save).
func checkStopSaved(t *testing.T, err error, s *State) {
	t.Helper()
	stops := 0
	for _, line := range strings.Split(err.Error(), "\n") {
		var k, i, n int
		at := strings.Index(line, "chain ")
		if at < 0 {
			continue
		}
		if _, e := fmt.Sscanf(line[at:], "chain %d: stopped before iteration %d of %d", &k, &i, &n); e != nil {
			continue
		}
		stops++
		if i == 1 && (s == nil || s.Chains[k] == nil) {
			continue // stopped before its first iteration: nothing to save
		}
		if s == nil || s.Chains[k] == nil || s.Chains[k].Done != i-1 {
			t.Errorf("chain %d stopped before iteration %d, but its saved state is not after %d iterations", k, i, i-1)
		}
	}
	if stops == 0 {
		t.Errorf("error %q names no chain's stop", err)
	}
}

// TestResumeRefusesOtherStates: a state of another seed, dimension,
// number of chains or format, or whose chain is not consistent (draws
// missing, a damaged generator state, a warm-up state without its
// adaptation), is refused with an error wrapping ErrResume, before any
// chain runs; another number of workers is the same run.
func TestResumeRefusesOtherStates(t *testing.T) {
	rc := resumeCases()[0]
	c := rc.config()
	var saved *State
	c.Checkpoint = &Checkpoint{Every: 20, Save: func(s *State) error {
		if s.Chains[0] != nil && s.Chains[0].Done == 220 {
			saved = roundTrip(t, s)
		}
		return nil
	}}
	c.Workers = 1
	whole, err := Sample(rc.f, rc.dim, c)
	if err != nil || saved == nil {
		t.Fatalf("no state saved after 220 iterations: %v", err)
	}
	for _, tc := range []struct {
		name string
		mod  func(c *Config, s *State)
		dim  int
		ok   bool
	}{
		{"the run's own, other workers", func(c *Config, s *State) { c.Workers = 0 }, 2, true},
		{"other seed", func(c *Config, s *State) { c.Seed++ }, 2, false},
		{"other dimension", func(c *Config, s *State) {}, 3, false},
		{"other chains", func(c *Config, s *State) { c.Chains = 3 }, 2, false},
		{"other format", func(c *Config, s *State) { s.Version++ }, 2, false},
		{"a draw missing", func(c *Config, s *State) { s.Chains[0].Chain.Draws = s.Chains[0].Chain.Draws[1:] }, 2, false},
		{"damaged generator", func(c *Config, s *State) { s.Chains[0].RNG = s.Chains[0].RNG[:5] }, 2, false},
		{"warm-up without adaptation", func(c *Config, s *State) { s.Chains[0].Done = 180 }, 2, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cc, s := c, roundTrip(t, saved)
			tc.mod(&cc, s)
			var calls atomic.Int64
			f := func(x, grad []float64) float64 { calls.Add(1); return rc.f(x, grad) }
			cc.Checkpoint = &Checkpoint{Resume: s}
			r, err := Sample(f, tc.dim, cc)
			if tc.ok {
				if err != nil {
					t.Fatal(err)
				}
				sameChains(t, tc.name, r, whole)
				return
			}
			if r != nil || !errors.Is(err, ErrResume) || calls.Load() != 0 {
				t.Fatalf("result %v, error %v, %d evaluations; want none, an error wrapping ErrResume, none", r != nil, err, calls.Load())
			}
		})
	}
}

// TestSaveErrorStopsTheRun: a state that cannot be saved stops the run
// with the error, which names the iteration.
func TestSaveErrorStopsTheRun(t *testing.T) {
	rc := resumeCases()[0]
	c := rc.config()
	full := errors.New("disk full")
	c.Checkpoint = &Checkpoint{Every: 30, Save: func(*State) error { return full }}
	r, err := Sample(rc.f, rc.dim, c)
	if r != nil || !errors.Is(err, full) || !strings.Contains(err.Error(), "at iteration 30") {
		t.Fatalf("result %v, error %v; want none and the save's error at iteration 30", r != nil, err)
	}
}

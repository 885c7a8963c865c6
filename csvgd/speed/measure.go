package speed

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/csvgd/csvgd-go/csvgd/stein"
)

// Options say how long each case is measured.
type Options struct {
	Warmup   int           // untimed steps first (the graph compiles in the first); default 3
	MinIters int           // at least this many timed steps; default 10
	MinTime  time.Duration // and at least this long; default 1 s
	MaxIters int           // at most this many; default 10000
	Seed     uint64        // seed of the data and of the initial particles; default 1
	Workers  int           // goroutines of the reference (0: GOMAXPROCS)
	// Steps is the number of steps of one call when the graph's steps are
	// also timed in calls of many ([stein.Flow.Steps]); default
	// [DefaultSteps]; < 0 skips that measurement.
	Steps int
	// NoReference skips the hand-written reference (for sizes where it
	// would take long, such as 10,000 particles).
	NoReference bool
	// Mode is how the graph's steps run on the device ([stein.StepsMode]),
	// both one per call and in calls of many; the zero value, the
	// backend's mode. Another mode takes the bandwidth's median on the
	// device.
	Mode stein.StepsMode
	// Selection is how the device selects the bandwidth's median; another
	// than the default ([stein.RadixSelection]) takes the median on the
	// device where the backend's mode takes it on the host.
	Selection stein.MedianSelection
	// Context, when not nil, stops the measurement early with its error.
	Context context.Context
}

func (o Options) withDefaults() Options {
	if o.Warmup <= 0 {
		o.Warmup = 3
	}
	if o.MinIters <= 0 {
		o.MinIters = 10
	}
	if o.MinTime <= 0 {
		o.MinTime = time.Second
	}
	if o.MaxIters <= 0 {
		o.MaxIters = 10000
	}
	if o.Steps == 0 {
		o.Steps = DefaultSteps
	}
	if o.Seed == 0 {
		o.Seed = 1
	}
	if o.Context == nil {
		o.Context = context.Background()
	}
	return o
}

// DefaultSteps is the number of steps of a call when the steps are timed
// in calls of many: what a training run makes between two history records
// at the default interval.
const DefaultSteps = 100

// timing is the median and the number of timed steps.
type timing struct {
	median time.Duration
	iters  int
}

// measure runs step Warmup times untimed, then times single steps until
// both MinIters and MinTime are reached (or MaxIters), and returns the
// median: robust to the odd slow step of a busy machine or a GC pause.
func measure(o Options, step func() error) (timing, error) {
	for i := 0; i < o.Warmup; i++ {
		if err := step(); err != nil {
			return timing{}, fmt.Errorf("warm-up step %d: %w", i, err)
		}
	}
	var times []time.Duration
	start := time.Now()
	for len(times) < o.MaxIters && (len(times) < o.MinIters || time.Since(start) < o.MinTime) {
		if err := o.Context.Err(); err != nil {
			return timing{}, err
		}
		t := time.Now()
		if err := step(); err != nil {
			return timing{}, fmt.Errorf("step %d: %w", len(times), err)
		}
		times = append(times, time.Since(t))
	}
	slices.Sort(times)
	return timing{median: times[len(times)/2], iters: len(times)}, nil
}

func ms(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1e6 }

// forCalls are the options for timing calls of k steps each: one warm-up
// call, and at least 3 timed calls (each counts k steps toward MinIters).
func (o Options) forCalls(k int) Options {
	o.Warmup, o.MinIters = 1, max(3, o.MinIters/k)
	return o
}

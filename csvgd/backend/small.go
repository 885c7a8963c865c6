package backend

import (
	"strings"
	"sync"

	"github.com/gomlx/compute"
	"github.com/gomlx/compute/gobackend"
)

// SmallGraph is the size, in elements of its largest activations, below
// which [ForWork] runs a graph on a pure-Go backend that executes the
// operations one after the other. Measured with `csvgd bench` on two
// cores: the ICNN step of 10 particles at width 4 (81 x 10 x 4 = 3240
// elements) takes 3.2 ms with parallel operations and 2.0 ms in sequence;
// at width 8 (6480) both take 3.8 ms; at width 30, or with 30 particles
// or more at any width, parallel operations are faster (15 vs 21 ms for 10
// particles at width 30).
const SmallGraph = 5000

var (
	twinsMu sync.Mutex
	created = map[compute.Backend]string{} // configuration of each backend New made
	twins   = map[compute.Backend]compute.Backend{}
)

// ForWork returns the backend to run a graph on whose largest tensors
// hold about elems elements: b itself, except when b is a pure-Go backend
// made by [New] that runs operations in parallel (the default) and the
// graph is smaller than [SmallGraph]. Then it is b's sequential twin, made
// once: b's options with operations run one after the other and no worker
// goroutines ([sequentialConfig]). The parallel executor costs about 15
// microseconds per operation, which a small graph does not win back. Both
// compute the same numbers, bit for bit; a graph and the tensors it keeps
// between executions (such as an optimizer's state) stay on the backend
// it was built for.
func ForWork(b compute.Backend, elems int) compute.Backend {
	if elems >= SmallGraph {
		return b
	}
	twinsMu.Lock()
	defer twinsMu.Unlock()
	if t, ok := twins[b]; ok {
		return t
	}
	cfg, ok := created[b]
	name, opts, _ := strings.Cut(cfg, ":")
	if !ok || name != gobackend.BackendName || strings.Contains(opts, "ops_sequential") {
		return b
	}
	seq := sequentialConfig(opts)
	t, err := newQuiet(seq)
	if err != nil {
		return b
	}
	twins[b], created[t] = t, seq
	return t
}

// ConfigOf is the configuration string a backend made by [New] or
// [ForWork] was created with ("" for other backends).
func ConfigOf(b compute.Backend) string {
	twinsMu.Lock()
	defer twinsMu.Unlock()
	return created[b]
}

// sequentialConfig is the pure-Go configuration with options opts where
// operations run one after the other and no worker goroutines start
// (parallelism=0): nothing in it can wait on anything else.
func sequentialConfig(opts string) string {
	keep := []string{"parallelism=0", "ops_sequential"}
	for _, o := range strings.Split(opts, ",") {
		if o != "" && !strings.HasPrefix(o, "parallelism") && o != "ops_parallel" {
			keep = append(keep, o)
		}
	}
	return gobackend.BackendName + ":" + strings.Join(keep, ",")
}

// remember records the configuration of a backend New made.
func remember(b compute.Backend, cfg string) {
	twinsMu.Lock()
	defer twinsMu.Unlock()
	created[b] = cfg
}

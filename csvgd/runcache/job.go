package runcache

import (
	"cmp"
	"errors"
	"io/fs"
	"slices"
)

// Job is one cached computation: a training run, a NUTS run on a run's
// final template, or a study cached whole. Every job draws from its own
// seeds, so jobs computed in any order, or at the same time, give the
// same files, bit for bit (timings aside).
type Job struct {
	Key   string // its name in the cache: a run's or NUTS run's hash, or the whole study's name
	Label string // what it is, for people
	Kind  JobKind
	// Cost is a rough measure of its work (iterations times particles for
	// a run), for starting the longest first.
	Cost float64
	// Spec is the training run of a RunJob (nil for the other kinds).
	Spec *Spec
	load func(*Cache) error // nil when cached, fs.ErrNotExist when not
	run  func(*Cache) error // computes it into the cache (or waits for the process that does)
}

// JobKind is what a job computes.
type JobKind string

// The kinds of jobs.
const (
	RunJob  JobKind = "run"  // a training run (Spec)
	NUTSJob JobKind = "nuts" // a sampler's run on a training run's template (NUTSSpec)
	MVNJob  JobKind = "mvn"  // a study of Sec. 4 or on the Gaussians of package collapse, cached whole (Whole)
)

// order is where the kind's jobs start in a [Schedule]: the studies cached
// whole first, then the training runs, then the NUTS runs, which need
// training runs.
func (k JobKind) order() int {
	switch k {
	case MVNJob:
		return 0
	case RunJob:
		return 1
	}
	return 2
}

// Cached reports whether the job's result is in c; an error when its
// file is there but damaged or of another run.
func (j Job) Cached(c *Cache) (bool, error) {
	err := j.load(c)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	return err == nil, err
}

// Run computes the job into c, or reads it from there when it is cached
// ([Cache.Result], [Cache.NUTS], [Whole.Get]: with the lock, waiting for
// another process that computes it).
func (j Job) Run(c *Cache) error { return j.run(c) }

// Job is the training run s as a job.
func (s Spec) Job() (Job, error) {
	key, err := s.Key()
	return Job{Key: key, Label: s.Label, Kind: RunJob, Cost: float64(s.Config.Iters * s.Config.Particles), Spec: &s,
		load: func(c *Cache) error {
			path, err := c.Path(s)
			if err == nil {
				_, err = c.load(path, s)
			}
			return err
		},
		run: func(c *Cache) error { _, err := c.Result(s); return err },
	}, err
}

// Job is the NUTS run n as a job; it needs its training run, which it
// trains, or waits for, when that is not cached yet.
func (n NUTSSpec) Job() (Job, error) {
	key, err := n.Key()
	return Job{Key: key, Label: n.Name(), Kind: NUTSJob,
		load: func(c *Cache) error { _, err := loadNUTS(c.nutsPath(key), n); return err },
		run:  func(c *Cache) error { _, err := c.NUTS(n); return err },
	}, err
}

// Schedule keeps the first job of every key and orders them to start:
// by kind (the studies cached whole first, then the training runs, then
// the NUTS runs, which need training runs), then the most costly first
// (ties in their first order).
func Schedule(jobs []Job) []Job {
	seen := map[string]bool{}
	var out []Job
	for _, j := range jobs {
		if !seen[j.Key] {
			seen[j.Key] = true
			out = append(out, j)
		}
	}
	slices.SortStableFunc(out, func(a, b Job) int {
		return cmp.Or(cmp.Compare(a.Kind.order(), b.Kind.order()), cmp.Compare(b.Cost, a.Cost))
	})
	return out
}

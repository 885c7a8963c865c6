package study

import (
	"errors"
	"io/fs"

	"github.com/csvgd/csvgd-go/csvgd/mvn"
)

// Job is one cached computation of the studies: a training run, a NUTS
// run on a run's final template, or a study of Sec. 4 cached whole. Every
// job draws from its own seeds, so jobs computed in any order, or at the
// same time, give the same files, bit for bit (timings aside).
type Job struct {
	Key   string // its name in the cache: a run's or NUTS run's hash, or the Sec. 4 study's name
	Label string // what it is, for people
	Kind  JobKind
	// Cost is a rough measure of its work (iterations times particles for
	// a run), for starting the longest first.
	Cost float64
	// Spec is the training run of a RunJob (nil for the other kinds).
	Spec   *Spec
	load   func(*Store) error // nil when cached, fs.ErrNotExist when not
	run    func(*Store) error // computes it into the cache (or waits for the process that does)
	weight int                // the order of kinds in a schedule
}

// JobKind is what a job computes.
type JobKind string

// The kinds of jobs.
const (
	RunJob  JobKind = "run"  // a training run (Spec)
	NUTSJob JobKind = "nuts" // a NUTS run on a training run's template (NUTSSpec)
	MVNJob  JobKind = "mvn"  // a study of Sec. 4 or on the Gaussians of package collapse, cached whole
)

// Cached reports whether the job's result is in s's cache; an error when
// its file is there but damaged or of another run.
func (j Job) Cached(s *Store) (bool, error) {
	err := j.load(s)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	return err == nil, err
}

// Run computes the job into s's cache, or reads it from there when it is
// cached (Store.Result, Store.NUTS, Store.Survey, Store.Marginal: with the
// lock, waiting for another process that computes it).
func (j Job) Run(s *Store) error { return j.run(s) }

// specJob is the training run spec as a job.
func specJob(spec Spec) (Job, error) {
	key, err := spec.Key()
	return Job{Key: key, Label: spec.Label, Kind: RunJob, Cost: float64(spec.Config.Iters * spec.Config.Particles), weight: 1, Spec: &spec,
		load: func(s *Store) error {
			path, err := s.Path(spec)
			if err == nil {
				_, err = s.load(path, spec)
			}
			return err
		},
		run: func(s *Store) error { _, err := s.Result(spec); return err },
	}, err
}

// nutsJob is the NUTS run n as a job; it needs its training run, which it
// trains, or waits for, when that is not cached yet.
func nutsJob(n NUTSSpec) (Job, error) {
	key, err := n.Key()
	return Job{Key: key, Label: "NUTS on " + n.Run.Label, Kind: NUTSJob, weight: 2,
		load: func(s *Store) error { _, err := loadNUTS(s.nutsPath(key), n); return err },
		run:  func(s *Store) error { _, err := s.NUTS(n); return err },
	}, err
}

// surveyJob is the survey of Sec. 4 ([Store.Survey]) as a job.
func (p Plan) surveyJob() Job {
	c := mvn.PaperSurvey(p.Quick)
	return Job{Key: "mvn_survey", Label: "the survey of Sec. 4 (Fig. mvn_survey)", Kind: MVNJob,
		load: func(s *Store) error { _, err := mvn.ReadSurvey(s.cacheFile("mvn_survey"), c); return err },
		run:  func(s *Store) error { _, err := s.Survey(); return err },
	}
}

// marginalJob is the marginal study of Sec. 4 ([Store.Marginal]) as a job.
func (p Plan) marginalJob() Job {
	c := mvn.PaperMarginal(p.Quick)
	return Job{Key: "mvn_marginal", Label: "the theta_3 marginal study of Sec. 4 (Fig. mvn_exact)", Kind: MVNJob,
		load: func(s *Store) error { _, err := mvn.ReadMarginalStudy(s.cacheFile("mvn_marginal"), c); return err },
		run:  func(s *Store) error { _, err := s.Marginal(); return err },
	}
}

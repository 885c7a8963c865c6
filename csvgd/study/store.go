package study

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/csvgd/csvgd-go/csvgd"
	"github.com/csvgd/csvgd-go/csvgd/internal/atomicfile"
	"github.com/csvgd/csvgd-go/csvgd/train"
	"github.com/gomlx/compute"
)

// Store runs training runs and caches their results on disk, at the size
// of its [Plan].
type Store struct {
	Plan
	Backend compute.Backend
	Dir     string    // the cache folder ("" : no cache, every run trains)
	Log     io.Writer // one line per run (cached or trained) and the progress bar; nil: silent
	// NoBars leaves the progress bars out of the log, for several runs
	// that share it at once ([Store.Prepare]): only whole lines.
	NoBars bool
	Count  [2]int // the run in progress and the number of runs, for the log; set by [Store.All]
	// Context, when not nil, stops a run in progress when cancelled (after
	// writing its checkpoint).
	Context context.Context
}

// NewStore caches under data/cache/runs of the repository (or of
// CSVGD_ROOT), or nowhere when the repository is not found; its plan is
// quick when CSVGD_QUICK asks for it ([csvgd.Quick]).
func NewStore(b compute.Backend, log io.Writer) *Store {
	s := &Store{Plan: Plan{Quick: csvgd.Quick()}, Backend: b, Log: log}
	if root, err := csvgd.Root(); err == nil {
		s.Dir = filepath.Join(root, "data", "cache", "runs")
	}
	return s
}

// runFile is a cached run.
type runFile struct {
	Version int           `json:"version"`
	Label   string        `json:"label"`
	Noise   float64       `json:"noise"`
	Result  *train.Result `json:"result"`
}

// Path is the cache file of spec ("" without a cache folder).
func (s *Store) Path(spec Spec) (string, error) {
	key, err := spec.Key()
	if err != nil || s.Dir == "" {
		return "", err
	}
	return filepath.Join(s.Dir, key+".json"), nil
}

// Result returns the result of spec: read from the cache when a file for
// exactly this configuration is there, trained (and then cached)
// otherwise, under the run's lock ([cachedOnce]): while another process
// trains it, this one waits and then reads its file. A cache file that
// cannot be read is reported, not silently replaced.
func (s *Store) Result(spec Spec) (*train.Result, error) {
	path, err := s.Path(spec)
	if err != nil {
		return nil, err
	}
	load := func() (*train.Result, error) { return s.load(path, spec) }
	return cachedOnce(s, path, spec.Label, load, func() (*train.Result, error) {
		res, err := s.train(spec, path)
		if err != nil {
			return nil, fmt.Errorf("study: %s: %w", spec.Label, err)
		}
		if path != "" {
			err = atomicfile.WriteJSON(path, runFile{Version: runFileVersion, Label: spec.Label, Noise: spec.Noise, Result: res})
		}
		return res, err
	})
}

// All returns the results of specs in order, counting them in the log.
func (s *Store) All(specs []Spec) ([]*train.Result, error) {
	out := make([]*train.Result, len(specs))
	for i, spec := range specs {
		s.Count = [2]int{i + 1, len(specs)}
		res, err := s.Result(spec)
		if err != nil {
			return nil, err
		}
		out[i] = res
	}
	s.Count = [2]int{}
	return out, nil
}

// train runs spec with a checkpoint beside its cache file (path), so that
// a run that was killed resumes where its last checkpoint left it.
func (s *Store) train(spec Spec, path string) (*train.Result, error) {
	data, err := LoadPaperData(spec.Noise)
	if err != nil {
		return nil, err
	}
	s.logf("%straining %s\n", s.counter(), spec.Label)
	start := time.Now()
	o := train.Options{Progress: s.bar(), Log: s.Log, Context: s.Context}
	if path != "" {
		o.Checkpoint = strings.TrimSuffix(path, ".json") + ".checkpoint.json"
	}
	res, err := train.RunWith(s.Backend, spec.Config, data, o)
	if err == nil {
		s.logf("%s%s: %.0f s, W1 sum %.1f, %d template parameters\n", s.counter(), spec.Label,
			time.Since(start).Seconds(), res.W1.Sum, res.Arch.NumParams())
	}
	return res, err
}

// load reads the cached result of spec at path; fs.ErrNotExist when there
// is none (or no cache), another error when the file is damaged or holds
// another run.
func (s *Store) load(path string, spec Spec) (*train.Result, error) {
	if path == "" {
		return nil, fs.ErrNotExist
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var f runFile
	if err := json.Unmarshal(raw, &f); err != nil || f.Result == nil || f.Result.Particles == nil {
		return nil, fmt.Errorf("study: cache file %s is damaged (delete it to run %s again): %v", path, spec.Label, err)
	}
	want, _ := json.Marshal(spec.Config)
	got, _ := json.Marshal(f.Result.Config)
	if f.Version != runFileVersion || f.Noise != spec.Noise || string(want) != string(got) {
		return nil, fmt.Errorf("study: cache file %s holds another run than %s (delete it to run again)", path, spec.Label)
	}
	return f.Result, nil
}

// bar is where progress bars go: the log, unless NoBars.
func (s *Store) bar() io.Writer {
	if s.NoBars {
		return nil
	}
	return s.Log
}

func (s *Store) counter() string {
	if s.Count[1] == 0 {
		return ""
	}
	return fmt.Sprintf("[%d/%d] ", s.Count[0], s.Count[1])
}

func (s *Store) logf(format string, args ...any) {
	if s.Log != nil {
		fmt.Fprintf(s.Log, format, args...)
	}
}

package runcache

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/csvgd/csvgd-go/csvgd"
	"github.com/csvgd/csvgd-go/csvgd/internal/atomicfile"
	"github.com/csvgd/csvgd-go/csvgd/train"
	"github.com/gomlx/compute"
)

// Cache computes training runs, NUTS runs and whole studies and keeps
// their results on disk (the package documentation has the layout). A
// Cache is a plain value: a copy computes into the same folders with its
// own log and counter ([Cache.Prepare] gives each job one).
type Cache struct {
	Backend compute.Backend // what computes the results that are not cached
	Dir     string          // the folder of the training runs ("": no cache, every result is computed)
	Log     io.Writer       // one line per result (cached or computed) and the progress bar; nil: silent
	// NoBars leaves the progress bars out of the log, for several jobs
	// that share it at once ([Cache.Prepare]): only whole lines.
	NoBars bool
	Count  [2]int // the result in progress and the number of results, for the log; set by [Cache.All]
	// Context, when not nil, stops a run in progress when cancelled:
	// training and NUTS runs after writing their checkpoint, which the
	// next request resumes; ChEES runs before their next iteration, to
	// be sampled again from their beginning.
	Context context.Context
}

// New is a cache under data/cache/runs of the repository (or of
// CSVGD_ROOT), or nowhere when the repository is not found ([DefaultDir]).
func New(b compute.Backend, log io.Writer) *Cache {
	return &Cache{Backend: b, Dir: DefaultDir(), Log: log}
}

// DefaultDir is the folder of the training runs of the repository's cache,
// data/cache/runs ("" when the repository is not found: no cache).
func DefaultDir() string {
	root, err := csvgd.Root()
	if err != nil {
		return ""
	}
	return filepath.Join(root, "data", "cache", "runs")
}

// runFile is a cached run.
type runFile struct {
	Version int           `json:"version"`
	Label   string        `json:"label"`
	Noise   float64       `json:"noise"`
	Result  *train.Result `json:"result"`
}

// Path is the cache file of spec ("" without a cache folder).
func (c *Cache) Path(spec Spec) (string, error) {
	key, err := spec.Key()
	if err != nil || c.Dir == "" {
		return "", err
	}
	return filepath.Join(c.Dir, key+".json"), nil
}

// Result returns the result of spec: read from the cache when a file for
// exactly this configuration is there, trained (and then cached)
// otherwise, under the run's lock ([LockPath]): while another process
// trains it, this one waits and then reads its file. A cache file that
// cannot be read is reported, not silently replaced.
func (c *Cache) Result(spec Spec) (*train.Result, error) {
	path, err := c.Path(spec)
	if err != nil {
		return nil, err
	}
	load := func() (*train.Result, error) { return c.load(path, spec) }
	return once(c, path, spec.Label, load, func() (*train.Result, error) {
		res, err := c.train(spec, path)
		if err != nil {
			return nil, fmt.Errorf("runcache: %s: %w", spec.Label, err)
		}
		return res, c.put(path, spec, res)
	})
}

// All returns the results of specs in order, counting them in the log.
func (c *Cache) All(specs []Spec) ([]*train.Result, error) {
	out := make([]*train.Result, len(specs))
	for i, spec := range specs {
		c.Count = [2]int{i + 1, len(specs)}
		res, err := c.Result(spec)
		if err != nil {
			return nil, err
		}
		out[i] = res
	}
	c.Count = [2]int{}
	return out, nil
}

// Put writes res into the cache as the result of spec, as [Cache.Result]
// does after training it: for a result computed elsewhere (the tests of
// package study cache made-up results so). It replaces a file of the same
// key; without a cache folder it does nothing.
func (c *Cache) Put(spec Spec, res *train.Result) error {
	path, err := c.Path(spec)
	if err != nil {
		return err
	}
	return c.put(path, spec, res)
}

// put writes res as the result of spec to path ("": nowhere).
func (c *Cache) put(path string, spec Spec, res *train.Result) error {
	if path == "" {
		return nil
	}
	return atomicfile.WriteJSON(path, runFile{Version: runFileVersion, Label: spec.Label, Noise: spec.Noise, Result: res})
}

// train runs spec with a checkpoint beside its cache file (path), so that
// a run that was killed resumes where its last checkpoint left it.
func (c *Cache) train(spec Spec, path string) (*train.Result, error) {
	data, err := train.LoadPaperData(spec.Noise)
	if err != nil {
		return nil, err
	}
	c.logf("%straining %s\n", c.counter(), spec.Label)
	start := time.Now()
	o := train.Options{Progress: c.bar(), Log: c.Log, Context: c.Context}
	if path != "" {
		o.Checkpoint = checkpointPath(path)
	}
	res, err := train.RunWith(c.Backend, spec.Config, data, o)
	if err == nil {
		c.logf("%s%s: %.0f s, W1 sum %.1f, %d template parameters\n", c.counter(), spec.Label,
			time.Since(start).Seconds(), res.W1.Sum, res.Arch.NumParams())
	}
	return res, err
}

// load reads the cached result of spec at path; fs.ErrNotExist when there
// is none (or no cache), another error when the file is damaged or holds
// another run.
func (c *Cache) load(path string, spec Spec) (*train.Result, error) {
	if path == "" {
		return nil, fs.ErrNotExist
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var f runFile
	if err := json.Unmarshal(raw, &f); err != nil || f.Result == nil || f.Result.Particles == nil {
		return nil, fmt.Errorf("runcache: cache file %s is damaged (delete it to run %s again): %v", path, spec.Label, err)
	}
	want, _ := json.Marshal(spec.Config)
	got, _ := json.Marshal(f.Result.Config)
	if f.Version != runFileVersion || f.Noise != spec.Noise || string(want) != string(got) {
		return nil, fmt.Errorf("runcache: cache file %s holds another run than %s (delete it to run again)", path, spec.Label)
	}
	return f.Result, nil
}

// bar is where progress bars go: the log, unless NoBars.
func (c *Cache) bar() io.Writer {
	if c.NoBars {
		return nil
	}
	return c.Log
}

func (c *Cache) counter() string {
	if c.Count[1] == 0 {
		return ""
	}
	return fmt.Sprintf("[%d/%d] ", c.Count[0], c.Count[1])
}

func (c *Cache) logf(format string, args ...any) {
	if c.Log != nil {
		fmt.Fprintf(c.Log, format, args...)
	}
}

package runcache

import (
	"context"
	"fmt"
	"path/filepath"
	"time"

	"github.com/gomlx/compute"
)

// Whole is a study cached whole, as one file beside the runs' folder
// (NAME.json in Dir's parent; NAME-quick.json for a quick study, so that
// it never replaces a full one), under a lock like the runs': the studies
// of Sec. 4 and the variance collapse of package collapse, each a list of
// results of type E.
type Whole[E any] struct {
	Name  string // the file's stem, the job's key and the study's name in the log
	Label string // what it is, for people: the job's label
	Quick bool   // a quick study, cached as NAME-quick.json
	// Read reads the study at path: an error wrapping fs.ErrNotExist when
	// the file holds no study of this configuration (packages mvn and
	// collapse count a stale or damaged file so: it is computed again),
	// another error when it cannot be used.
	Read func(path string) ([]E, error)
	// Compute runs the study on b and writes it to path (none when path
	// is ""), calling progress (when not nil) as it goes. It may stop
	// early when ctx (the cache's context) is done, with an error
	// wrapping the context's and no file written.
	Compute func(ctx context.Context, b compute.Backend, path string, progress func(done, total int)) ([]E, error)
}

// Path is the study's cache file in c ("" without a cache folder).
func (w Whole[E]) Path(c *Cache) string {
	if c.Dir == "" {
		return ""
	}
	name := w.Name
	if w.Quick {
		name += "-quick"
	}
	return filepath.Join(filepath.Dir(c.Dir), name+".json")
}

// Get returns the study from c's cache file ([Whole.Path]); without it,
// it computes the study there under its lock ([LockPath]), with a
// progress counter on the log (none with NoBars) and a line with its time
// when it is done.
func (w Whole[E]) Get(c *Cache) ([]E, error) {
	path := w.Path(c)
	return once(c, path, w.Name, func() ([]E, error) { return w.Read(path) }, func() ([]E, error) {
		var progress func(int, int)
		if b := c.bar(); b != nil {
			progress = func(done, total int) { fmt.Fprintf(b, "\r%s: run %d/%d", w.Name, done, total) }
		}
		c.logf("%scomputing %s\n", c.counter(), w.Name)
		start := time.Now()
		out, err := w.Compute(c.context(), c.Backend, path, progress)
		if progress != nil {
			fmt.Fprintln(c.bar())
		}
		if err == nil {
			c.logf("%s%s: %d runs, %.0f s\n", c.counter(), w.Name, len(out), time.Since(start).Seconds())
		}
		return out, err
	})
}

// Job is the study as a job ([MVNJob]).
func (w Whole[E]) Job() Job {
	return Job{Key: w.Name, Label: w.Label, Kind: MVNJob,
		load: func(c *Cache) error { _, err := w.Read(w.Path(c)); return err },
		run:  func(c *Cache) error { _, err := w.Get(c); return err },
	}
}

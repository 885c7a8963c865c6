package runcache

import (
	"context"
	"errors"
	"io/fs"
	"strings"

	"github.com/csvgd/csvgd-go/csvgd"
	"github.com/csvgd/csvgd-go/csvgd/internal/runlock"
)

// once returns the result cached at path, which load reads (an error
// wrapping fs.ErrNotExist when there is none). Without one, it takes the
// lock beside path ([LockPath]), waiting while another process or
// goroutine holds it, looks at the cache again (the holder it waited for
// may have written the result) and only then runs compute, which writes
// the file. what names the result in the log. An empty path (no cache)
// computes at once.
func once[T any](c *Cache, path, what string, load, compute func() (T, error)) (T, error) {
	if path == "" {
		return compute()
	}
	if v, err := loadLogged(c, path, what, load); !errors.Is(err, fs.ErrNotExist) {
		return v, err
	}
	lock, err := runlock.Acquire(c.context(), LockPath(path), what, c.Log)
	if err != nil {
		var zero T
		return zero, err
	}
	defer c.release(lock)
	if v, err := loadLogged(c, path, what, load); !errors.Is(err, fs.ErrNotExist) {
		return v, err
	}
	return compute()
}

// loadLogged is load, with a line on the log when it found the result.
func loadLogged[T any](c *Cache, path, what string, load func() (T, error)) (T, error) {
	v, err := load()
	if err == nil {
		c.logf("%scached %s (%s)\n", c.counter(), what, csvgd.RepoRelative(path))
	}
	return v, err
}

// LockPath is the lock file of the cache file at path: KEY.lock beside
// KEY.json.
func LockPath(path string) string { return strings.TrimSuffix(path, ".json") + ".lock" }

// release releases lock, saying on the log when that failed (the result
// is written by then; only the lock file may be left).
func (c *Cache) release(lock *runlock.Lock) {
	if err := lock.Release(); err != nil {
		c.logf("%v\n", err)
	}
}

// context is the cache's context, or the background one.
func (c *Cache) context() context.Context {
	if c.Context == nil {
		return context.Background()
	}
	return c.Context
}

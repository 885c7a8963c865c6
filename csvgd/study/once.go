package study

import (
	"context"
	"errors"
	"io/fs"
	"strings"

	"github.com/csvgd/csvgd-go/csvgd/internal/runlock"
)

// cachedOnce returns the result cached at path, which load reads (an
// error wrapping fs.ErrNotExist when there is none). Without one, it
// takes the lock beside path (KEY.lock beside KEY.json), waiting while
// another process or goroutine holds it, looks at the cache again (the
// holder it waited for may have written the result) and only then runs
// compute, which writes the file. what names the result in the log. An
// empty path (no cache) computes at once.
func cachedOnce[T any](s *Store, path, what string, load, compute func() (T, error)) (T, error) {
	if path == "" {
		return compute()
	}
	if v, err := loadLogged(s, path, what, load); !errors.Is(err, fs.ErrNotExist) {
		return v, err
	}
	lock, err := runlock.Acquire(s.context(), LockPath(path), what, s.Log)
	if err != nil {
		var zero T
		return zero, err
	}
	defer s.release(lock)
	if v, err := loadLogged(s, path, what, load); !errors.Is(err, fs.ErrNotExist) {
		return v, err
	}
	return compute()
}

// loadLogged is load, with a line on the log when it found the result.
func loadLogged[T any](s *Store, path, what string, load func() (T, error)) (T, error) {
	v, err := load()
	if err == nil {
		s.logf("%scached %s (%s)\n", s.counter(), what, path)
	}
	return v, err
}

// LockPath is the lock file of the cache file at path: KEY.lock beside
// KEY.json.
func LockPath(path string) string { return strings.TrimSuffix(path, ".json") + ".lock" }

// release releases lock, saying on the log when that failed (the result
// is written by then; only the lock file may be left).
func (s *Store) release(lock *runlock.Lock) {
	if err := lock.Release(); err != nil {
		s.logf("%v\n", err)
	}
}

// context is the store's context, or the background one.
func (s *Store) context() context.Context {
	if s.Context == nil {
		return context.Background()
	}
	return s.Context
}

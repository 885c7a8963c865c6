// Package runlock keeps two processes, or two goroutines, from computing
// the same cached result at once: a lock file beside the result (KEY.lock
// beside KEY.json), created only if it does not exist yet (the content
// goes to a temporary file that is hard-linked into place, which fails
// when the name is taken: the same guarantee as O_EXCL, also on NFS), and
// holding its owner: process id, host, start time and a random token.
//
// A process that finds the lock held waits, looking again every [Poll],
// and then reads the result the holder wrote. The holder touches the file
// every [Heartbeat]; a lock is stale when its heartbeat stopped more than
// [StaleAfter] ago (its holder's machine died, on any host), or when it
// names a process of this host that no longer exists (killed, crashed).
// A stale lock is taken over, with a line on the log, under a second lock
// file (KEY.lock.takeover) so that two waiters never remove each other's
// fresh locks. Hosts that share a cache must agree on the time within
// minutes (NTP).
//
// A holder that is stopped (SIGSTOP) for longer than StaleAfter loses its
// lock, and the run may then be computed twice; the results are written
// atomically and are the same, so nothing is damaged, only time lost.
package runlock

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/csvgd/csvgd-go/csvgd/internal/atomicfile"
)

const (
	// Poll is how often a waiting process looks at a held lock again.
	Poll = 500 * time.Millisecond
	// Heartbeat is how often a holder touches its lock file.
	Heartbeat = 30 * time.Second
	// StaleAfter is how long a lock file may go untouched before it is
	// stale whoever holds it.
	StaleAfter = 5 * time.Minute
)

// Lock is a held lock.
type Lock struct {
	path  string
	owner Owner
	stop  chan struct{}
	done  chan struct{}
}

// Acquire takes the lock file at path for this process, creating its
// folder, and returns once it holds it: at once when the lock is free,
// after the holder has released it (or been found gone) otherwise. what
// names the result in the lines written to log (nil: none): one when it
// starts waiting, one when it takes over a stale lock. Cancelling ctx
// stops the wait with an error wrapping ctx.Err().
func Acquire(ctx context.Context, path, what string, log io.Writer) (*Lock, error) {
	me, err := self()
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, fmt.Errorf("runlock: %w", err)
	}
	waiting := false
	for {
		err := create(path, me)
		if err == nil {
			return hold(path, me), nil
		}
		if !errors.Is(err, atomicfile.ErrExists) {
			return nil, fmt.Errorf("runlock: %w", err)
		}
		holder, beat, err := readOwner(path)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			continue // released since
		case err != nil:
			return nil, fmt.Errorf("runlock: %w", err)
		case holder.Gone(me.Host, beat, time.Now(), StaleAfter):
			if err := takeOver(path, holder, me, what, log); err != nil {
				return nil, err
			}
			continue
		case !waiting:
			logf(log, "waiting for %s: %s holds %s\n", what, holder, path)
			waiting = true
		}
		select {
		case <-ctx.Done():
			return nil, fmt.Errorf("runlock: waiting for %s: %w", path, ctx.Err())
		case <-time.After(Poll):
		}
	}
}

// create writes the lock file of owner o at path, failing with
// atomicfile.ErrExists when there is one.
func create(path string, o Owner) error {
	raw, err := json.Marshal(o)
	if err != nil {
		return err
	}
	return atomicfile.Write(path, atomicfile.KeepExisting, func(w io.Writer) error {
		_, err := w.Write(append(raw, '\n'))
		return err
	})
}

// takeOver removes the lock at path that stale held, unless another
// process is taking it over too (then it leaves it to that one) or the
// file changed since it was read.
func takeOver(path string, stale, me Owner, what string, log io.Writer) error {
	guard := path + ".takeover"
	if err := create(guard, me); errors.Is(err, atomicfile.ErrExists) {
		if st, err := os.Stat(guard); err == nil && time.Since(st.ModTime()) > StaleAfter {
			os.Remove(guard) // left by a takeover that died half-way
		}
		return nil
	} else if err != nil {
		return fmt.Errorf("runlock: %w", err)
	}
	defer os.Remove(guard)
	now, _, err := readOwner(path)
	if errors.Is(err, fs.ErrNotExist) || (err == nil && !now.same(stale)) {
		return nil
	}
	if err == nil {
		err = os.Remove(path)
	}
	if err != nil {
		return fmt.Errorf("runlock: taking over %s: %w", path, err)
	}
	logf(log, "%s: took over the stale lock %s of %s (its process is gone)\n", what, path, stale)
	return nil
}

// hold starts the heartbeat of the lock at path that o now holds.
func hold(path string, o Owner) *Lock {
	l := &Lock{path: path, owner: o, stop: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(l.done)
		t := time.NewTicker(Heartbeat)
		defer t.Stop()
		for {
			select {
			case <-l.stop:
				return
			case now := <-t.C:
				os.Chtimes(path, now, now) // a failure shows in Release
			}
		}
	}()
	return l
}

// Release stops the heartbeat and removes the lock file, unless another
// process took it over meanwhile (an error then says so, and the file is
// left to that process).
func (l *Lock) Release() error {
	close(l.stop)
	<-l.done
	o, _, err := readOwner(l.path)
	switch {
	case err != nil:
		return fmt.Errorf("runlock: releasing %s: %w", l.path, err)
	case o.Token != l.owner.Token:
		return fmt.Errorf("runlock: %s was taken over by %s while this process held it", l.path, o)
	}
	if err := os.Remove(l.path); err != nil {
		return fmt.Errorf("runlock: releasing %s: %w", l.path, err)
	}
	return nil
}

func logf(w io.Writer, format string, args ...any) {
	if w != nil {
		fmt.Fprintf(w, format, args...)
	}
}

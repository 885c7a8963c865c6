package runlock

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/csvgd/csvgd-go/csvgd/internal/syncio"
)

// TestAcquireRelease: the lock file names this process while held and is
// gone after Release, with no temporary file left.
func TestAcquireRelease(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sub", "k.lock")
	l, err := Acquire(context.Background(), path, "k", nil)
	if err != nil {
		t.Fatal(err)
	}
	o, _, err := readOwner(path)
	if err != nil || o.PID != os.Getpid() || o.Token == "" || o.Start.IsZero() {
		t.Errorf("lock file owner %+v, %v: want this process", o, err)
	}
	if err := l.Release(); err != nil {
		t.Fatal(err)
	}
	if ents, _ := os.ReadDir(filepath.Dir(path)); len(ents) != 0 {
		t.Errorf("files left after Release: %v", ents)
	}
}

// TestWaitsForLiveHolder: a second Acquire waits while the first holds
// the lock (saying so once on its log), and gets it after Release.
func TestWaitsForLiveHolder(t *testing.T) {
	path := filepath.Join(t.TempDir(), "k.lock")
	first, err := Acquire(context.Background(), path, "k", nil)
	if err != nil {
		t.Fatal(err)
	}
	var log syncio.Buffer
	got := make(chan error, 1)
	go func() {
		second, err := Acquire(context.Background(), path, "k", &log)
		if err == nil {
			err = second.Release()
		}
		got <- err
	}()
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(log.String(), "waiting for k") && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	select {
	case err := <-got:
		t.Fatalf("the second Acquire returned (%v) while the first held the lock", err)
	default:
	}
	if err := first.Release(); err != nil {
		t.Fatal(err)
	}
	if err := <-got; err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(log.String(), "waiting"); n != 1 {
		t.Errorf("%d waiting lines, want 1; log:\n%s", n, log.String())
	}
}

// deadPID is the id of a process of this host that has exited.
func deadPID(t *testing.T) int {
	t.Helper()
	cmd := exec.Command("true")
	if err := cmd.Run(); err != nil {
		t.Skipf("cannot run true to get a finished process: %v", err)
	}
	return cmd.Process.Pid
}

// writeLock writes a lock file of owner o at path, last touched at beat.
func writeLock(t *testing.T, path string, o Owner, beat time.Time) {
	t.Helper()
	raw, _ := json.Marshal(o)
	if err := os.WriteFile(path, raw, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(path, beat, beat); err != nil {
		t.Fatal(err)
	}
}

// TestTakesOverStaleLock: a lock whose process is gone (a dead process of
// this host, or any host's holder whose heartbeat stopped) is taken over
// at once, with a line naming it; one of another host with a live
// heartbeat is waited for.
func TestTakesOverStaleLock(t *testing.T) {
	host, _ := os.Hostname()
	now := time.Now()
	for _, c := range []struct {
		name  string
		owner Owner
		beat  time.Time
		stale bool
	}{
		{"dead process", Owner{PID: deadPID(t), Host: host, Start: now, Token: "a"}, now, true},
		{"other host, heartbeat stopped", Owner{PID: 1, Host: host + "-other", Start: now, Token: "b"}, now.Add(-2 * StaleAfter), true},
		{"unreadable, heartbeat stopped", Owner{}, now.Add(-2 * StaleAfter), true},
		{"other host, live", Owner{PID: 1, Host: host + "-other", Start: now, Token: "c"}, now, false},
		{"this process", Owner{PID: os.Getpid(), Host: host, Start: now, Token: "d"}, now, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "k.lock")
			writeLock(t, path, c.owner, c.beat)
			var log syncio.Buffer
			ctx, cancel := context.WithTimeout(context.Background(), 3*Poll)
			defer cancel()
			l, err := Acquire(ctx, path, "k", &log)
			if !c.stale {
				if !errors.Is(err, context.DeadlineExceeded) || !strings.Contains(log.String(), "waiting for k") {
					t.Errorf("live lock: Acquire gave %v, log %q; want it to wait", err, log.String())
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			defer l.Release()
			if !strings.Contains(log.String(), "took over the stale lock") || strings.Contains(log.String(), "waiting") {
				t.Errorf("stale lock: log %q, want one takeover line", log.String())
			}
			if o, _, _ := readOwner(path); o.PID != os.Getpid() {
				t.Errorf("lock file names PID %d after the takeover, want this process", o.PID)
			}
		})
	}
}

// TestReleaseAfterTakeover: a holder whose lock was taken over says so on
// Release and leaves the new holder's file alone.
func TestReleaseAfterTakeover(t *testing.T) {
	path := filepath.Join(t.TempDir(), "k.lock")
	l, err := Acquire(context.Background(), path, "k", nil)
	if err != nil {
		t.Fatal(err)
	}
	other := Owner{PID: 1, Host: "elsewhere", Start: time.Now(), Token: "x"}
	writeLock(t, path, other, time.Now())
	if err := l.Release(); err == nil || !strings.Contains(err.Error(), "taken over") {
		t.Errorf("Release after a takeover: %v, want an error saying so", err)
	}
	if o, _, _ := readOwner(path); !o.same(other) {
		t.Error("Release removed the new holder's lock")
	}
}

// TestOneHolderAtATime: of goroutines that all want the lock, never two
// hold it at once.
func TestOneHolderAtATime(t *testing.T) {
	path := filepath.Join(t.TempDir(), "k.lock")
	var mu sync.Mutex
	holding, most := 0, 0
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			l, err := Acquire(context.Background(), path, "k", nil)
			if err != nil {
				t.Error(err)
				return
			}
			mu.Lock()
			holding++
			most = max(most, holding)
			mu.Unlock()
			time.Sleep(20 * time.Millisecond)
			mu.Lock()
			holding--
			mu.Unlock()
			if err := l.Release(); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if most != 1 {
		t.Errorf("%d holders at once, want 1", most)
	}
}

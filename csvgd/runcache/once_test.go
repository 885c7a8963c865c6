package runcache

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/csvgd/csvgd-go/csvgd/backend/backendtest"
	"github.com/csvgd/csvgd-go/csvgd/internal/runlock"
	"github.com/csvgd/csvgd-go/csvgd/internal/syncio"
)

// TestResultWaitsForLock: while another holder has a run's lock, Result
// waits; once the holder has written the cache file and released the
// lock, it reads that file and trains nothing.
func TestResultWaitsForLock(t *testing.T) {
	b := backendtest.Backend(t)
	spec := tinySpec(21)
	other := &Cache{Backend: b, Dir: t.TempDir()}
	want, err := other.Result(spec)
	if err != nil {
		t.Fatal(err)
	}
	var log syncio.Buffer
	s := &Cache{Backend: b, Dir: t.TempDir(), Log: &log}
	path, _ := s.Path(spec)
	holder, err := runlock.Acquire(context.Background(), LockPath(path), "holder", nil)
	if err != nil {
		t.Fatal(err)
	}
	got := make(chan error, 1)
	go func() {
		res, err := s.Result(spec)
		if err == nil && !slices.Equal(res.Particles.Data, want.Particles.Data) {
			t.Error("the result read after the wait is not the holder's")
		}
		got <- err
	}()
	for deadline := time.Now().Add(30 * time.Second); !strings.Contains(log.String(), "waiting for tiny"); {
		if time.Now().After(deadline) {
			t.Fatalf("Result did not wait for the lock; log:\n%s", log.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	otherPath, _ := other.Path(spec)
	raw, err := os.ReadFile(otherPath)
	if err == nil {
		err = os.WriteFile(path, raw, 0o644)
	}
	if err != nil {
		t.Fatal(err)
	}
	if err := holder.Release(); err != nil {
		t.Fatal(err)
	}
	if err := <-got; err != nil {
		t.Fatal(err)
	}
	if l := log.String(); strings.Contains(l, "training") || !strings.Contains(l, "cached tiny") {
		t.Errorf("log %q: want a wait and a cached read, no training", l)
	}
	if _, err := os.Stat(LockPath(path)); !os.IsNotExist(err) {
		t.Errorf("lock file after the run: %v, want none", err)
	}
}

// TestResultTakesOverStaleLock: a lock left by a process that died (a
// lock file naming a dead PID of this host) is taken over, with a line on
// the log, and the run is trained and cached.
func TestResultTakesOverStaleLock(t *testing.T) {
	dead := exec.Command("true")
	if err := dead.Run(); err != nil {
		t.Skipf("cannot run true to get a finished process: %v", err)
	}
	host, _ := os.Hostname()
	var log syncio.Buffer
	s := &Cache{Backend: backendtest.Backend(t), Dir: t.TempDir(), Log: &log}
	spec := tinySpec(22)
	path, _ := s.Path(spec)
	raw, _ := json.Marshal(runlock.Owner{PID: dead.Process.Pid, Host: host, Start: time.Now(), Token: "left"})
	if err := os.WriteFile(LockPath(path), raw, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Result(spec); err != nil {
		t.Fatal(err)
	}
	if l := log.String(); !strings.Contains(l, "took over the stale lock") || !strings.Contains(l, "training tiny") {
		t.Errorf("log %q: want a takeover and a training", l)
	}
	if _, err := s.load(path, spec); err != nil {
		t.Errorf("no valid cache entry after the takeover: %v", err)
	}
	if ents, _ := filepath.Glob(filepath.Join(s.Dir, "*.lock*")); len(ents) != 0 {
		t.Errorf("lock files left: %v", ents)
	}
}

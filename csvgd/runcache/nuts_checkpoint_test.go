package runcache

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/backend/backendtest"
	"github.com/csvgd/csvgd-go/csvgd/exact"
	"github.com/csvgd/csvgd-go/csvgd/nuts"
)

// TestNUTSKeyUnchanged: the keys of NUTS runs are those computed before
// NUTS runs could be resumed (the checkpoint is not part of a run's
// identity), so that the runs already cached stay valid.
func TestNUTSKeyUnchanged(t *testing.T) {
	for _, tc := range []struct {
		quick bool
		want  string
	}{
		{true, "ec26e84dd0843ffb"},
		{false, "144da4284794302e"},
	} {
		n := NUTSSpec{Run: tinySpec(1), Config: exact.DefaultConfig(tc.quick)}
		n.Run.Config.KeepLastStage = true
		n.Config.Checkpoint = &nuts.Checkpoint{Every: 7}
		if key, err := n.Key(); err != nil || key != tc.want {
			t.Errorf("quick %v: key %q (%v), want %q", tc.quick, key, err, tc.want)
		}
	}
}

// countdown is a context that is cancelled at the n-th call of its Err,
// which the sampler's chains call once before each iteration: a stop
// after about n iterations of all chains together.
type countdown struct {
	context.Context
	cancel context.CancelFunc
	left   atomic.Int64
}

func newCountdown(n int) *countdown {
	ctx, cancel := context.WithCancel(context.Background())
	c := &countdown{Context: ctx, cancel: cancel}
	c.left.Store(int64(n))
	return c
}

func (c *countdown) Err() error {
	if c.left.Add(-1) < 0 {
		c.cancel()
	}
	return c.Context.Err()
}

// nutsFixture is a quick NUTS run on the template of a tiny training run,
// the cache file of an uninterrupted run of it (without its timings) and
// a cache in a folder of its own where the training run is cached.
func nutsFixture(t *testing.T) (NUTSSpec, []byte, func() *Cache) {
	t.Helper()
	b := backendtest.Backend(t)
	n := NUTSSpec{Run: tinySpec(1), Config: exact.DefaultConfig(true)}
	n.Run.Config.KeepLastStage = true
	fresh := func() *Cache {
		c := &Cache{Backend: b, Dir: filepath.Join(t.TempDir(), "runs")}
		if _, err := c.Result(n.Run); err != nil {
			t.Fatal(err)
		}
		return c
	}
	c := fresh()
	if _, err := c.NUTS(n); err != nil {
		t.Fatal(err)
	}
	return n, cachedWithoutTimes(t, c, n), fresh
}

// cachedWithoutTimes is the cache file of n in c, its wall times zeroed.
func cachedWithoutTimes(t *testing.T, c *Cache, n NUTSSpec) []byte {
	t.Helper()
	key, err := n.Key()
	if err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(c.nutsPath(key))
	if err != nil {
		t.Fatal(err)
	}
	var r NUTSResult
	if err := json.Unmarshal(raw, &r); err != nil {
		t.Fatal(err)
	}
	r.Report.Seconds, r.Report.ESSPerSecond = 0, 0
	out, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestCancelledNUTSRunResumes: a NUTS run whose cache's context is
// cancelled while its chains run (after 30, 130 and 300 of their 320
// iterations together: early in the warm-up, mid-way through it, while
// drawing) stops with an error wrapping the context's that names its
// checkpoint, leaving the checkpoint but neither a cache file nor its
// lock; the next request resumes it, caches the file of an uninterrupted
// run (its wall times aside) and removes the checkpoint. A checkpoint
// whose chains' positions are moved a little gives another file: the
// run goes on from the saved state, it does not sample again.
func TestCancelledNUTSRunResumes(t *testing.T) {
	n, want, fresh := nutsFixture(t)
	key, err := n.Key()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		stopAfter int
		moved     bool // the saved positions moved by 1e-3
	}{
		{30, false}, {130, false}, {300, false}, {130, true},
	} {
		c := fresh()
		path := c.nutsPath(key)
		c.Context = newCountdown(tc.stopAfter)
		_, err = c.NUTS(n)
		if !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "checkpoint.json, which the next request resumes") {
			t.Fatalf("stopped after %d iterations: error %v, want a stop wrapping context.Canceled naming the checkpoint", tc.stopAfter, err)
		}
		if _, err := os.Stat(checkpointPath(path)); err != nil {
			t.Fatalf("stopped after %d iterations: no checkpoint: %v", tc.stopAfter, err)
		}
		for _, p := range []string{path, LockPath(path)} {
			if _, err := os.Stat(p); !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("stopped after %d iterations: %s: %v, want no file", tc.stopAfter, filepath.Base(p), err)
			}
		}
		if tc.moved {
			moveSavedPositions(t, checkpointPath(path))
		}
		var log bytes.Buffer
		c.Context, c.Log = nil, &log
		if _, err := c.NUTS(n); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(log.String(), "resuming from") || strings.Contains(log.String(), "ignoring") {
			t.Errorf("stopped after %d iterations: the next request did not resume; log:\n%s", tc.stopAfter, log.String())
		}
		if got := cachedWithoutTimes(t, c, n); bytes.Equal(got, want) == tc.moved {
			t.Errorf("stopped after %d iterations, positions moved %v: the resumed run's cache file is the same as an uninterrupted run's: %v",
				tc.stopAfter, tc.moved, !tc.moved)
		}
		if _, err := os.Stat(checkpointPath(path)); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("stopped after %d iterations: checkpoint after the run was cached: %v", tc.stopAfter, err)
		}
	}
}

// moveSavedPositions adds 1e-3 to the first coordinate of every saved
// chain's position in the checkpoint file at path.
func moveSavedPositions(t *testing.T, path string) {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var ck nutsCheckpoint
	if err := json.Unmarshal(raw, &ck); err != nil {
		t.Fatal(err)
	}
	for _, ch := range ck.State.Chains {
		if ch != nil {
			ch.Position[0] += 1e-3
		}
	}
	if raw, err = json.Marshal(ck); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, raw, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestNUTSCheckpointIgnored: a checkpoint that is damaged, of another
// format, of another run (key or configuration) or whose chains' state
// the sampler refuses is ignored with a line on the log that says why
// (for the sampler's refusal, after the line announcing the resume); the
// run samples from the start, caches the file of an uninterrupted run and
// removes the checkpoint.
func TestNUTSCheckpointIgnored(t *testing.T) {
	n, want, fresh := nutsFixture(t)
	key, err := n.Key()
	if err != nil {
		t.Fatal(err)
	}
	// A valid checkpoint of the run, to damage.
	c := fresh()
	c.Context = newCountdown(100)
	if _, err := c.NUTS(n); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled run: %v", err)
	}
	valid, err := os.ReadFile(checkpointPath(c.nutsPath(key)))
	if err != nil {
		t.Fatal(err)
	}
	edit := func(f func(*nutsCheckpoint)) []byte {
		var ck nutsCheckpoint
		if err := json.Unmarshal(valid, &ck); err != nil {
			t.Fatal(err)
		}
		f(&ck)
		raw, err := json.Marshal(ck)
		if err != nil {
			t.Fatal(err)
		}
		return raw
	}
	for _, tc := range []struct {
		name string
		file []byte
		why  string // in the log line
	}{
		{"cut short", valid[:len(valid)/2], "damaged"},
		{"another format", edit(func(ck *nutsCheckpoint) { ck.Version++ }), "format version"},
		{"another key", edit(func(ck *nutsCheckpoint) { ck.Key = "0123456789abcdef" }), "another run"},
		{"another configuration", edit(func(ck *nutsCheckpoint) { ck.Config.Seed++ }), "another run"},
		{"no state", edit(func(ck *nutsCheckpoint) { ck.State = nil }), "damaged"},
		{"a chain's generator damaged", edit(func(ck *nutsCheckpoint) {
			for _, ch := range ck.State.Chains {
				if ch != nil {
					ch.RNG = ch.RNG[:3]
				}
			}
		}), "generator state"},
		{"another sampler configuration", edit(func(ck *nutsCheckpoint) { ck.State.Config.MaxDepth++ }), "another configuration"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := fresh()
			path := c.nutsPath(key)
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(checkpointPath(path), tc.file, 0o644); err != nil {
				t.Fatal(err)
			}
			var log bytes.Buffer
			c.Log = &log
			if _, err := c.NUTS(n); err != nil {
				t.Fatal(err)
			}
			if !ignoredFor(log.String(), tc.why) {
				t.Errorf("log:\n%s\nwant a line ignoring the checkpoint (%s)", log.String(), tc.why)
			}
			if got := cachedWithoutTimes(t, c, n); !bytes.Equal(got, want) {
				t.Error("the cache file differs from an uninterrupted run's")
			}
			if _, err := os.Stat(checkpointPath(path)); !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("checkpoint after the run was cached: %v", err)
			}
		})
	}
}

// ignoredFor reports whether log has a line that ignores a checkpoint
// and says why.
func ignoredFor(log, why string) bool {
	for _, line := range strings.Split(log, "\n") {
		if strings.Contains(line, "ignoring the checkpoint") && strings.Contains(line, why) {
			return true
		}
	}
	return false
}

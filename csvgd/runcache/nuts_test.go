package runcache

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/backend/backendtest"
	"github.com/csvgd/csvgd-go/csvgd/exact"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/internal/atomicfile"
)

// TestCachedNUTSTemplate: a cached NUTS run is read back only when it
// samples the template the cache's training run last ran on; one of
// another template (a training run computed anew by other code, under the
// same key) is an error that names both templates, never draws of the
// wrong posterior.
func TestCachedNUTSTemplate(t *testing.T) {
	c := &Cache{Backend: backendtest.Backend(t), Dir: filepath.Join(t.TempDir(), "runs")}
	n := NUTSSpec{Run: tinySpec(1), Config: exact.DefaultConfig(true)}
	n.Run.Config.KeepLastStage = true
	res, err := c.Result(n.Run)
	if err != nil {
		t.Fatal(err)
	}
	arch, particles, err := res.LastStageEnsemble()
	if err != nil {
		t.Fatal(err)
	}
	key, err := n.Key()
	if err != nil {
		t.Fatal(err)
	}
	write := func(a icnn.Arch) {
		r := NUTSResult{Version: nutsFileVersion, Config: n.Config, Arch: a, Draws: particles}
		if err := atomicfile.WriteJSON(c.nutsPath(key), r); err != nil {
			t.Fatal(err)
		}
	}
	write(arch)
	if r, err := c.NUTS(n); err != nil || len(r.Draws) != len(particles) {
		t.Fatalf("the run's own template: %v", err)
	}
	other := icnn.Arch{Widths: append([]int(nil), arch.Widths...), Inputs: arch.Inputs}
	other.Widths[1]++
	write(other)
	_, err = c.NUTS(n)
	if err == nil || !strings.Contains(err.Error(), "samples the template") {
		t.Fatalf("another template: error %v, want one naming both templates", err)
	}
}

// TestCancelledNUTSRunWritesNothing: a NUTS run whose cache's context is
// cancelled as it starts sampling stops with an error wrapping the
// context's, leaving neither a cache file, nor its lock, nor a
// checkpoint (no chain did an iteration); the next request samples it.
func TestCancelledNUTSRunWritesNothing(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var log bytes.Buffer
	c := &Cache{Backend: backendtest.Backend(t), Dir: filepath.Join(t.TempDir(), "runs"), Context: ctx,
		Log: cancelAfter{&log, cancel, "chains x"}}
	n := NUTSSpec{Run: tinySpec(1), Config: exact.DefaultConfig(true)}
	n.Run.Config.KeepLastStage = true
	if _, err := c.NUTS(n); !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "stopped before iteration") {
		t.Fatalf("cancelled NUTS run: error %v, want a stop wrapping context.Canceled", err)
	}
	key, err := n.Key()
	if err != nil {
		t.Fatal(err)
	}
	path := c.nutsPath(key)
	for _, p := range []string{path, LockPath(path), checkpointPath(path)} {
		if _, err := os.Stat(p); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("after the cancelled run %s: %v, want no file", filepath.Base(p), err)
		}
	}
	c.Context, c.Log = nil, nil
	if r, err := c.NUTS(n); err != nil || len(r.Draws) == 0 {
		t.Fatalf("the next request: %v", err)
	}
}

package runcache

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/backend/backendtest"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/train"
)

// tinySpec is a run of a few iterations on a small network.
func tinySpec(seed uint64) Spec {
	c := train.DefaultConfig()
	c.Arch = icnn.Arch{Widths: []int{3, 4, 4, 1}}
	c.Particles, c.Iters, c.Stage, c.Every, c.RefDraws, c.Lambda = 3, 6, 3, 3, 20, 0.05
	c.Seed = seed
	return Spec{Label: "tiny", Noise: 0.1, Config: c}
}

// TestCacheCaches: the second request of a run reads the cache file and
// gives the same result; another seed is another file.
func TestCacheCaches(t *testing.T) {
	var log bytes.Buffer
	s := &Cache{Backend: backendtest.Backend(t), Dir: t.TempDir(), Log: &log}
	first, err := s.Result(tinySpec(1))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(log.String(), "training tiny") {
		t.Errorf("first request did not train; log:\n%s", log.String())
	}
	log.Reset()
	second, err := s.Result(tinySpec(1))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(log.String(), "cached tiny") || strings.Contains(log.String(), "training") {
		t.Errorf("second request was not read from the cache; log:\n%s", log.String())
	}
	if !slices.Equal(first.Particles.Data, second.Particles.Data) || first.W1.Sum != second.W1.Sum ||
		len(first.History) != len(second.History) || len(first.Stages) != len(second.Stages) {
		t.Error("the cached result differs from the trained one")
	}
	if _, err := s.Result(tinySpec(2)); err != nil {
		t.Fatal(err)
	}
	if files, _ := filepath.Glob(filepath.Join(s.Dir, "*.json")); len(files) != 2 {
		t.Errorf("%d cache files for two configurations, want 2", len(files))
	}
}

// TestCacheDamagedFile: a damaged cache file is reported with its path and
// left in place, not silently replaced.
func TestCacheDamagedFile(t *testing.T) {
	s := &Cache{Backend: backendtest.Backend(t), Dir: t.TempDir()}
	path, err := s.Path(tinySpec(1))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(`{"version": 1, "result": {`), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = s.Result(tinySpec(1))
	if err == nil || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "damaged") {
		t.Errorf("damaged cache file: error %v, want one naming %s", err, path)
	}
	if raw, _ := os.ReadFile(path); string(raw) != `{"version": 1, "result": {` {
		t.Error("the damaged file was replaced")
	}
}

func TestSpecKey(t *testing.T) {
	a, _ := tinySpec(1).Key()
	b := tinySpec(1)
	b.Label = "another label"
	kb, _ := b.Key()
	c := tinySpec(1)
	c.Noise = 0.2
	kc, _ := c.Key()
	if a != kb || a == kc || len(a) != 16 {
		t.Errorf("keys %q, %q (same run, other label), %q (other noise): want the first two equal, 16 hex digits", a, kb, kc)
	}
}

// TestCacheResumes: a run stopped half-way (its context cancelled) leaves a
// checkpoint beside the cache file, and the next request resumes it to the
// result of an uninterrupted run.
func TestCacheResumes(t *testing.T) {
	b := backendtest.Backend(t)
	spec := tinySpec(3)
	spec.Config.Iters, spec.Config.Every = 30, 5
	whole, err := (&Cache{Backend: b}).Result(spec)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	var log bytes.Buffer
	s := &Cache{Backend: b, Dir: t.TempDir(), Log: cancelAfter{&log, cancel, "training tiny"}, Context: ctx}
	if _, err := s.Result(spec); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled run: error %v, want context.Canceled", err)
	}
	if files, _ := filepath.Glob(filepath.Join(s.Dir, "*.checkpoint.json")); len(files) != 1 {
		t.Fatalf("checkpoints after a cancelled run: %v, want one", files)
	}
	s.Context, s.Log = nil, &log
	res, err := s.Result(spec)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(log.String(), "resuming") {
		t.Errorf("the second request did not resume; log:\n%s", log.String())
	}
	if !slices.Equal(res.Particles.Data, whole.Particles.Data) {
		t.Error("the resumed run's particles differ from an uninterrupted run's")
	}
	if files, _ := filepath.Glob(filepath.Join(s.Dir, "*.checkpoint.json")); len(files) != 0 {
		t.Errorf("checkpoints left after the run finished: %v", files)
	}
}

// cancelAfter is a log that cancels once it has seen mark.
type cancelAfter struct {
	w      *bytes.Buffer
	cancel context.CancelFunc
	mark   string
}

func (c cancelAfter) Write(p []byte) (int, error) {
	if strings.Contains(string(p), c.mark) {
		c.cancel()
	}
	return c.w.Write(p)
}

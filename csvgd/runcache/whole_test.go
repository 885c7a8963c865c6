package runcache

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gomlx/compute"
)

// counted is a study cached whole whose computation counts its calls and
// writes its result as JSON.
func counted(quick bool, calls *int) Whole[int] {
	return Whole[int]{Name: "squares", Label: "three squares", Quick: quick,
		Read: func(path string) ([]int, error) {
			raw, err := os.ReadFile(path)
			if err != nil {
				return nil, err
			}
			var out []int
			return out, json.Unmarshal(raw, &out)
		},
		Compute: func(_ context.Context, _ compute.Backend, path string, progress func(int, int)) ([]int, error) {
			*calls++
			out := []int{1, 4, 9}
			raw, _ := json.Marshal(out)
			return out, os.WriteFile(path, raw, 0o644)
		}}
}

// TestWholeCached: a study cached whole is computed once into NAME.json
// (NAME-quick.json when quick) beside the runs' folder, then read from
// there; its job sees it cached only once it is.
func TestWholeCached(t *testing.T) {
	for _, quick := range []bool{false, true} {
		var log bytes.Buffer
		c := &Cache{Dir: filepath.Join(t.TempDir(), "runs"), Log: &log, NoBars: true}
		calls := 0
		w := counted(quick, &calls)
		want := map[bool]string{false: "squares.json", true: "squares-quick.json"}[quick]
		if p := w.Path(c); p != filepath.Join(filepath.Dir(c.Dir), want) {
			t.Errorf("quick %v: path %s, want %s beside the runs' folder", quick, p, want)
		}
		if ok, err := w.Job().Cached(c); ok || err != nil {
			t.Errorf("quick %v: job cached %v, %v before it was computed", quick, ok, err)
		}
		for range 2 {
			got, err := w.Get(c)
			if err != nil || !slices.Equal(got, []int{1, 4, 9}) {
				t.Fatalf("quick %v: %v, %v", quick, got, err)
			}
		}
		if calls != 1 || !strings.Contains(log.String(), "computing squares") || !strings.Contains(log.String(), "cached squares") {
			t.Errorf("quick %v: %d computations, log %q; want one, then a cached read", quick, calls, log.String())
		}
		if ok, err := w.Job().Cached(c); !ok || err != nil {
			t.Errorf("quick %v: job cached %v, %v after it was computed", quick, ok, err)
		}
		if j := w.Job(); j.Key != "squares" || j.Label != "three squares" || j.Kind != MVNJob {
			t.Errorf("quick %v: job %+v", quick, j)
		}
	}
}

// TestWholeStopsWithTheCache: a study's computation gets the cache's
// context, so that a cancelled cache stops it; it wrote nothing, and the
// next request computes it.
func TestWholeStopsWithTheCache(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	calls := 0
	w := counted(false, &calls)
	inner := w.Compute
	w.Compute = func(ctx context.Context, b compute.Backend, path string, progress func(int, int)) ([]int, error) {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		return inner(ctx, b, path, progress)
	}
	c := &Cache{Dir: filepath.Join(t.TempDir(), "runs"), NoBars: true, Context: ctx}
	if _, err := w.Get(c); !errors.Is(err, context.Canceled) {
		t.Fatalf("a cancelled cache: %v, want context.Canceled", err)
	}
	if ok, err := w.Job().Cached(c); ok || err != nil {
		t.Errorf("cached %v, %v after a cancelled computation", ok, err)
	}
	c.Context = nil
	if got, err := w.Get(c); err != nil || calls != 1 || !slices.Equal(got, []int{1, 4, 9}) {
		t.Errorf("the next request: %v, %v after %d computations", got, err, calls)
	}
}

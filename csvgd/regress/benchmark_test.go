package regress

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/backend/backendtest"
)

// TestBenchmarkResumes: a cached benchmark stopped after its first split
// (its context cancelled) keeps that split beside the cache file; the
// next call fits only the others and ends with the results of an
// uninterrupted run, bit for bit; the partial file goes once the whole is
// written.
func TestBenchmarkResumes(t *testing.T) {
	b := backendtest.Backend(t)
	bm := Benchmark{Set: "yacht", Splits: []int{0, 1, 2}, Config: smallConfig(20)}
	whole, err := bm.Run(b, Options{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "bench.json")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stopAfterFirst := func(done, _ int) {
		if done == 1 {
			cancel()
		}
	}
	if _, err := CachedBenchmark(b, bm, path, Options{Context: ctx}, stopAfterFirst); !errors.Is(err, context.Canceled) {
		t.Fatalf("stopped benchmark: %v, want an error wrapping context.Canceled", err)
	}
	if _, err := os.Stat(path); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("a stopped benchmark wrote %s (%v)", path, err)
	}
	kept := readPartial(PartialPath(path), bm)
	if len(kept) != 1 || kept[0].Split != 0 {
		t.Fatalf("kept %+v, want the first split", kept)
	}
	other := bm
	other.Config.Seed++
	if k := readPartial(PartialPath(path), other); k != nil {
		t.Errorf("another setting read the kept splits %+v", k)
	}
	var reports []int
	got, err := CachedBenchmark(b, bm, path, Options{}, func(done, _ int) { reports = append(reports, done) })
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(reports, []int{1, 2, 3}) {
		t.Errorf("progress %v, want the kept split reported, then the two fitted", reports)
	}
	if got[0].Seconds != kept[0].Seconds { // a split fitted again would have its own time
		t.Errorf("split 0 took %v s, the kept one %v s: it was fitted again", got[0].Seconds, kept[0].Seconds)
	}
	for i := range whole {
		if got[i].Split != whole[i].Split || got[i].Test != whole[i].Test || got[i].Train != whole[i].Train {
			t.Errorf("split %d: resumed %+v, uninterrupted %+v", whole[i].Split, got[i].Test, whole[i].Test)
		}
	}
	if _, err := os.Stat(PartialPath(path)); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the partial file outlived the finished benchmark (%v)", err)
	}
	if _, err := ReadBenchmark(path, bm); err != nil {
		t.Errorf("the finished benchmark is not cached: %v", err)
	}
}

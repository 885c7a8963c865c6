package regress

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd"
	"github.com/csvgd/csvgd-go/csvgd/backend/backendtest"
	"github.com/csvgd/csvgd-go/csvgd/internal/atomicfile"
	"github.com/csvgd/csvgd-go/csvgd/tabular"
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
	dir, err := csvgd.UCIDir("yacht")
	if err != nil {
		t.Fatal(err)
	}
	for i := range whole {
		if got[i].Split != whole[i].Split || got[i].Test != whole[i].Test || got[i].Train != whole[i].Train || !slices.Equal(got[i].Coverage, whole[i].Coverage) {
			t.Errorf("split %d: resumed %+v %+v, uninterrupted %+v %+v", whole[i].Split, got[i].Test, got[i].Coverage, whole[i].Test, whole[i].Coverage)
		}
		d, err := tabular.ReadUCI(dir, whole[i].Split)
		if err != nil {
			t.Fatal(err)
		}
		if err := whole[i].checkCoverage(); err != nil || whole[i].Coverage[0].Points != d.Test.Len() {
			t.Errorf("split %d: coverage %+v (%v), want one count per level over its %d test points", whole[i].Split, whole[i].Coverage, err, d.Test.Len())
		}
	}
	if _, err := os.Stat(PartialPath(path)); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the partial file outlived the finished benchmark (%v)", err)
	}
	if _, err := ReadBenchmark(path, bm); err != nil {
		t.Errorf("the finished benchmark is not cached: %v", err)
	}
}

// TestReadBenchmarkCoverage: a cache file is read only when every result
// has its coverage counts at [CoverageLevels] in the current format; a
// file of the format before them (version 1, no counts), one whose
// result lacks the counts or has them at other levels, or one with more
// hits than points, is reported as absent (fs.ErrNotExist: computed
// again) with the reason, and so is its partial file.
func TestReadBenchmarkCoverage(t *testing.T) {
	bm := Benchmark{Set: "yacht", Splits: []int{0}, Config: smallConfig(20)}
	counts := func(hits ...int) []CoverageCount {
		var out []CoverageCount
		for i, h := range hits {
			out = append(out, CoverageCount{Level: CoverageLevels[i], Hits: h, Points: 31})
		}
		return out
	}
	good := SplitResult{Split: 0, Test: Metrics{RMSE: 1, LL: -1}, Coverage: counts(15, 28, 30)}
	for _, tc := range []struct {
		name    string
		version int
		cov     []CoverageCount
		reason  string // "" for a file that is read
	}{
		{"current", benchmarkFileVersion, good.Coverage, ""},
		{"older format without counts", 1, nil, "format 1"},
		{"older format with counts", 1, good.Coverage, "format 1"},
		{"no counts", benchmarkFileVersion, nil, "lacks the coverage counts"},
		{"two levels", benchmarkFileVersion, counts(15, 28), "lacks the coverage counts"},
		{"another level", benchmarkFileVersion, []CoverageCount{{0.5, 15, 31}, {0.8, 25, 31}, {0.95, 30, 31}}, "lacks the coverage counts"},
		{"more hits than points", benchmarkFileVersion, counts(15, 28, 32), "lacks the coverage counts"},
		{"no points", benchmarkFileVersion, []CoverageCount{{0.5, 0, 0}, {0.9, 0, 0}, {0.95, 0, 0}}, "lacks the coverage counts"},
	} {
		path := filepath.Join(t.TempDir(), "bench.json")
		r := good
		r.Coverage = tc.cov
		if err := atomicfile.WriteJSON(path, benchmarkFile{Version: tc.version, Benchmark: bm, Results: []SplitResult{r}}); err != nil {
			t.Fatal(err)
		}
		if err := atomicfile.WriteJSON(PartialPath(path), benchmarkFile{Version: tc.version, Benchmark: bm, Results: []SplitResult{r}}); err != nil {
			t.Fatal(err)
		}
		got, err := ReadBenchmark(path, bm)
		kept := readPartial(PartialPath(path), bm)
		if tc.reason == "" {
			if err != nil || len(got) != 1 || !slices.Equal(got[0].Coverage, tc.cov) || len(kept) != 1 {
				t.Errorf("%s: read %+v, %v (partial %d results); want the file's result", tc.name, got, err, len(kept))
			}
			continue
		}
		if !errors.Is(err, fs.ErrNotExist) || !strings.Contains(err.Error(), tc.reason) || got != nil || kept != nil {
			t.Errorf("%s: read %+v, %v (partial %d results); want no results and an error wrapping fs.ErrNotExist that says %q", tc.name, got, err, len(kept), tc.reason)
		}
	}
}

package regress

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"slices"

	"github.com/csvgd/csvgd-go/csvgd"
	"github.com/csvgd/csvgd-go/csvgd/internal/atomicfile"
	"github.com/csvgd/csvgd-go/csvgd/tabular"
	"github.com/gomlx/compute"
)

// Benchmark is one setting of the UCI regression benchmark: a committed
// data set (data/uci/Set of the repository) fitted with Config on each
// of Splits.
type Benchmark struct {
	Set    string // the data set's folder under data/uci: boston, concrete, ..., yacht
	Splits []int
	Config Config
}

// SplitResult is what a fit of one split measured.
type SplitResult struct {
	Split          int     `json:"split"`
	Test           Metrics `json:"test"`
	Train          Metrics `json:"train"`
	ActiveWeights  float64 `json:"active_weights"`
	TemplateParams int     `json:"template_params"`
	FullParams     int     `json:"full_params"`
	Widths         []int   `json:"widths"`
	Refitted       int     `json:"refitted"`
	Seconds        float64 `json:"seconds"`
	MsPerIterFirst float64 `json:"ms_per_iter_first"` // the first stage's pace
	MsPerIterLast  float64 `json:"ms_per_iter_last"`  // the last stage's
}

// Run fits every split on b, in order, with the options o (a cancelled
// o.Context stops the split being fitted, and so the run), calling
// progress (when not nil) after each. Each fit draws from Config.Seed,
// whatever runs beside it.
func (bm Benchmark) Run(b compute.Backend, o Options, progress func(done, total int)) ([]SplitResult, error) {
	return bm.resume(b, o, nil, progress, nil)
}

// resume is [Benchmark.Run] after the splits done, the results of the
// first splits (a run stopped part way), calling kept (when not nil) with
// the results so far after each split.
func (bm Benchmark) resume(b compute.Backend, o Options, done []SplitResult, progress func(done, total int), kept func([]SplitResult) error) ([]SplitResult, error) {
	dir, err := csvgd.UCIDir(bm.Set)
	if err != nil {
		return nil, err
	}
	out := slices.Clone(done)
	for i := len(done); i < len(bm.Splits); i++ {
		k := bm.Splits[i]
		d, err := tabular.ReadUCI(dir, k)
		if err != nil {
			return nil, err
		}
		res, err := Fit(b, bm.Config, d, o)
		if err != nil {
			return nil, fmt.Errorf("regress: %s split %d: %w", bm.Set, k, err)
		}
		out = append(out, splitResult(k, res))
		if kept != nil {
			if err := kept(out); err != nil {
				return nil, fmt.Errorf("regress: %w", err)
			}
		}
		if progress != nil {
			progress(i+1, len(bm.Splits))
		}
	}
	return out, nil
}

func splitResult(k int, r *Result) SplitResult {
	s := SplitResult{Split: k, Test: r.Test, Train: r.Train, ActiveWeights: r.ActiveWeights, TemplateParams: r.TemplateParams(),
		FullParams: r.FullParams(), Widths: r.Model.Arch.Widths, Refitted: r.Refitted, Seconds: r.Seconds}
	if n := len(r.Stages); n > 0 {
		s.MsPerIterFirst, s.MsPerIterLast = r.Stages[0].MsPerIter, r.Stages[n-1].MsPerIter
	}
	return s
}

// benchmarkFileVersion is the format of the files [CachedBenchmark]
// writes.
const benchmarkFileVersion = 1

type benchmarkFile struct {
	Version   int           `json:"version"`
	Benchmark Benchmark     `json:"benchmark"`
	Results   []SplitResult `json:"results"`
}

// file is the cache file of bm's results r.
func (bm Benchmark) file(r []SplitResult) benchmarkFile {
	return benchmarkFile{Version: benchmarkFileVersion, Benchmark: bm, Results: r}
}

// holds reports whether f is a file of bm's setting in this format.
func (f benchmarkFile) holds(bm Benchmark) bool {
	return f.Version == benchmarkFileVersion && sameJSON(bm, f.Benchmark)
}

// ReadBenchmark reads the results of bm from path: an error wrapping
// fs.ErrNotExist when the file is absent, damaged or holds another
// setting (it is then computed again).
func ReadBenchmark(path string, bm Benchmark) ([]SplitResult, error) {
	f, err := readCache(path, "benchmark", func(f benchmarkFile) bool {
		return f.holds(bm) && len(f.Results) == len(bm.Splits)
	})
	return f.Results, err
}

// CachedBenchmark returns the results of bm, read from path when that
// file holds them, otherwise run with the options o ([Benchmark.Run]) and
// written there atomically ("": no cache). The splits finished so far are
// kept beside it ([PartialPath], rewritten atomically after each), so
// that a run stopped part way (o.Context, or a kill) resumes at the next
// split, with the results an uninterrupted run gives; the partial file
// goes once the whole is written.
func CachedBenchmark(b compute.Backend, bm Benchmark, path string, o Options, progress func(done, total int)) ([]SplitResult, error) {
	if path == "" {
		return bm.Run(b, o, progress)
	}
	if r, err := ReadBenchmark(path, bm); err == nil {
		return r, nil
	}
	partial := PartialPath(path)
	done := readPartial(partial, bm)
	if progress != nil && len(done) > 0 {
		progress(len(done), len(bm.Splits))
	}
	r, err := bm.resume(b, o, done, progress, func(r []SplitResult) error { return atomicfile.WriteJSON(partial, bm.file(r)) })
	if err != nil {
		return nil, err
	}
	if err := atomicfile.WriteJSON(path, bm.file(r)); err != nil {
		return nil, fmt.Errorf("regress: %w", err)
	}
	if err := os.Remove(partial); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("regress: %w", err)
	}
	return r, nil
}

// PartialPath is where [CachedBenchmark] keeps the splits finished so far
// of the benchmark it caches at path: path with ".partial" added.
func PartialPath(path string) string { return path + ".partial" }

// readPartial are the results of the first splits of bm kept at partial,
// or none when the file is absent, damaged or of another setting (the run
// then starts from the first split).
func readPartial(partial string, bm Benchmark) []SplitResult {
	f, err := readCache(partial, "benchmark", func(f benchmarkFile) bool {
		return f.holds(bm) && len(f.Results) <= len(bm.Splits) &&
			slices.EqualFunc(f.Results, bm.Splits[:len(f.Results)], func(r SplitResult, k int) bool { return r.Split == k })
	})
	if err != nil {
		return nil
	}
	return f.Results
}

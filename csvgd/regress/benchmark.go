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
	// Coverage counts the test values inside the final ensemble's central
	// predictive intervals, one count per level of [CoverageLevels].
	Coverage []CoverageCount `json:"coverage"`
}

// CoverageLevels are the probability levels of the central predictive
// intervals whose coverage of the test points the benchmark counts.
var CoverageLevels = []float64{0.5, 0.9, 0.95}

// CoverageCount is how many of a split's test values (Points: the test
// points times the targets) fall inside their central predictive interval
// of probability Level, the mixture's (1-Level)/2 and (1+Level)/2
// quantiles ([Predictive.Hits]). Counts, not fractions, so that the
// coverage pools over the splits: sum of Hits / sum of Points
// (docs/reading.md section 18).
type CoverageCount struct {
	Level  float64 `json:"level"`
	Hits   int     `json:"hits"`
	Points int     `json:"points"`
}

// CoverageOf counts the test values (test: the points, in the data's
// units) inside the central predictive intervals of r's final ensemble
// at each level of [CoverageLevels].
func CoverageOf(r *Result, test tabular.Set) ([]CoverageCount, error) {
	p := r.Predict(test.X)
	out := make([]CoverageCount, len(CoverageLevels))
	for i, level := range CoverageLevels {
		in, n, err := p.Hits(test.Y, level)
		if err != nil {
			return nil, err
		}
		out[i] = CoverageCount{Level: level, Hits: in, Points: n}
	}
	return out, nil
}

// checkCoverage reports a result whose coverage counts are not one per
// level of [CoverageLevels] with at least one point (a file written
// before the benchmark kept them).
func (s SplitResult) checkCoverage() error {
	ok := len(s.Coverage) == len(CoverageLevels)
	for i := 0; ok && i < len(s.Coverage); i++ {
		c := s.Coverage[i]
		ok = c.Level == CoverageLevels[i] && c.Points > 0 && c.Hits >= 0 && c.Hits <= c.Points
	}
	if !ok {
		return fmt.Errorf("split %d lacks the coverage counts at the levels %v", s.Split, CoverageLevels)
	}
	return nil
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
		sr, err := splitResult(k, res, d.Test)
		if err != nil {
			return nil, fmt.Errorf("regress: %s split %d: %w", bm.Set, k, err)
		}
		out = append(out, sr)
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

// splitResult is what the fit r of split k measured, with its coverage
// of the test points test.
func splitResult(k int, r *Result, test tabular.Set) (SplitResult, error) {
	cov, err := CoverageOf(r, test)
	if err != nil {
		return SplitResult{}, err
	}
	s := SplitResult{Coverage: cov, Split: k, Test: r.Test, Train: r.Train, ActiveWeights: r.ActiveWeights, TemplateParams: r.TemplateParams(),
		FullParams: r.FullParams(), Widths: r.Model.Arch.Widths, Refitted: r.Refitted, Seconds: r.Seconds}
	if n := len(r.Stages); n > 0 {
		s.MsPerIterFirst, s.MsPerIterLast = r.Stages[0].MsPerIter, r.Stages[n-1].MsPerIter
	}
	return s, nil
}

// benchmarkFileVersion is the format of the files [CachedBenchmark]
// writes: 2 since each result keeps its coverage counts
// ([SplitResult.Coverage]).
const benchmarkFileVersion = 2

type benchmarkFile struct {
	Version   int           `json:"version"`
	Benchmark Benchmark     `json:"benchmark"`
	Results   []SplitResult `json:"results"`
}

// file is the cache file of bm's results r.
func (bm Benchmark) file(r []SplitResult) benchmarkFile {
	return benchmarkFile{Version: benchmarkFileVersion, Benchmark: bm, Results: r}
}

// holds reports whether f is a file of bm's setting.
func (f benchmarkFile) holds(bm Benchmark) bool { return sameJSON(bm, f.Benchmark) }

// check reports a file in an older format or with a result that lacks
// its coverage counts.
func (f benchmarkFile) check() error {
	if f.Version != benchmarkFileVersion {
		return fmt.Errorf("format %d, not %d (a file from before the results kept their coverage counts)", f.Version, benchmarkFileVersion)
	}
	for _, r := range f.Results {
		if err := r.checkCoverage(); err != nil {
			return err
		}
	}
	return nil
}

// ReadBenchmark reads the results of bm from path: an error wrapping
// fs.ErrNotExist when the file is absent, damaged, holds another setting,
// is in an older format or has a result without its coverage counts (it
// is then computed again: a result is never read with a coverage it did
// not count).
func ReadBenchmark(path string, bm Benchmark) ([]SplitResult, error) {
	f, err := readCache(path, "benchmark", func(f benchmarkFile) bool {
		return f.holds(bm) && len(f.Results) == len(bm.Splits)
	})
	if err != nil {
		return nil, err
	}
	if err := f.check(); err != nil {
		return nil, fmt.Errorf("regress: %s: %w: %w", path, err, fs.ErrNotExist)
	}
	return f.Results, nil
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
	if err != nil || f.check() != nil {
		return nil
	}
	return f.Results
}

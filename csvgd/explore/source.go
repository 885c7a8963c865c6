package explore

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/csvgd/csvgd-go/csvgd/condense"
	"github.com/csvgd/csvgd-go/csvgd/ensemble"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/regress"
	"github.com/csvgd/csvgd-go/csvgd/runcache"
	"github.com/csvgd/csvgd-go/csvgd/study"
	"github.com/csvgd/csvgd-go/csvgd/train"
	"github.com/csvgd/csvgd-go/csvgd/weights"
)

// Run is a training run of the paper's studies that the explorer can
// open once it is cached.
type Run struct {
	Key   string        // the cache key: the run's file is data/cache/runs/KEY.json
	Label string        // what the run is in its study, "(quick)" added in quick mode
	Quick bool          // a quick-mode run (CSVGD_QUICK=1)
	Spec  runcache.Spec // the run
}

// Catalogue lists the runs of the paper's Sec. 5 studies (package study:
// GraphRun, SpeedupRuns, the convergence, method and adaptive-penalty
// runs), full ones first, then the quick ones, each once: runs that two
// studies share have one key and keep the first label.
func Catalogue() ([]Run, error) {
	var out []Run
	seen := map[string]bool{}
	for _, quick := range []bool{false, true} {
		for _, spec := range (study.Plan{Quick: quick}).PaperRuns() {
			key, err := spec.Key()
			if err != nil {
				return nil, err
			}
			if seen[key] {
				continue
			}
			seen[key] = true
			label := spec.Label
			if quick {
				label += " (quick)"
			}
			out = append(out, Run{Key: key, Label: label, Quick: quick, Spec: spec})
		}
	}
	return out, nil
}

// Cached lists the runs of the [Catalogue] whose result is in store's
// cache folder, in catalogue order.
func Cached(store *study.Store) ([]Run, error) {
	all, err := Catalogue()
	if err != nil {
		return nil, err
	}
	return cachedOf(store, all)
}

// cachedOf are the runs of rs whose result is in store's cache, in order.
func cachedOf(store *study.Store, rs []Run) ([]Run, error) {
	var out []Run
	for _, r := range rs {
		if ok, err := isCached(store, r); err != nil {
			return nil, err
		} else if ok {
			out = append(out, r)
		}
	}
	return out, nil
}

// isCached tells whether r's result file is in store's cache.
func isCached(store *study.Store, r Run) (bool, error) {
	path, err := store.Path(r.Spec)
	if err != nil || path == "" {
		return false, err
	}
	_, err = os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	return err == nil, err
}

// FindRun is the run of the [Catalogue] with the given cache key, or an
// error naming the key.
func FindRun(key string) (Run, error) {
	all, err := Catalogue()
	if err != nil {
		return Run{}, err
	}
	for _, r := range all {
		if r.Key == key {
			return r, nil
		}
	}
	return Run{}, fmt.Errorf("no run of the studies has the key %q (csvgd explore -list shows the cached ones)", key)
}

// Open is the final ensemble of the cached run r, read from store's
// cache. It never trains: a run that is not cached is an error that says
// how to make it.
func Open(store *study.Store, r Run) (weights.Networks, error) {
	ok, err := isCached(store, r)
	if err != nil {
		return weights.Networks{}, fmt.Errorf("explore: run %s: %w", r.Key, err)
	}
	if !ok {
		return weights.Networks{}, fmt.Errorf("explore: run %s (%s) is not cached: make it with csvgd figures, or a notebook", r.Key, r.Label)
	}
	return Result(store, r.Label, r.Spec)
}

// Result is the final ensemble of the run spec, labelled label, from
// store: read from its cache, or trained (and cached) when it is not
// there yet, as the notebooks do.
func Result(store *study.Store, label string, spec runcache.Spec) (weights.Networks, error) {
	res, err := store.Result(spec)
	if err != nil {
		return weights.Networks{}, err
	}
	return FromResult(label, res), nil
}

// FromResult is the final ensemble of a training run, labelled label.
func FromResult(label string, res *train.Result) weights.Networks {
	return weights.Networks{Label: label, Arch: res.Arch, Particles: res.Particles.Rows()}
}

// LoadFile reads the saved ensemble file at path (package ensemble: any
// version it reads), labelled with the file's name (its base name: the
// label goes into the views' titles and legends, where a long path would
// run off the page; the errors of reading it name the whole path). A file of dense networks
// (csvgd fit) is condensed with their rules first ([dense.Arch.Condense]:
// the biases folded, at the paper's threshold) and opened as its weight
// matrices, signed ([weights.Networks].Signed), labelled "NAME (weights)".
func LoadFile(path string) (weights.Networks, error) {
	f, err := ensemble.Load(path)
	if err != nil {
		return weights.Networks{}, err
	}
	if f.IsDense() {
		e, err := regress.FromFile(f)
		if err != nil {
			return weights.Networks{}, fmt.Errorf("explore: %s: %w", path, err)
		}
		return FromFit(filepath.Base(path)+" (weights)", e)
	}
	arch, err := icnn.ArchOf(f)
	if err != nil {
		return weights.Networks{}, fmt.Errorf("explore: %s: %w", path, err)
	}
	return weights.Networks{Label: filepath.Base(path), Arch: arch, Particles: f.Particles}, nil
}

// Condensed is e after graph condensation (Alg. graph_condense) at the
// paper's threshold: its nodes sorted by importance and put on one
// template, so that the entries of different particles compare. Signed
// networks are condensed by their own rules (weights.Networks.Graph).
func Condensed(e weights.Networks) (weights.Networks, error) {
	if e.Signed {
		r, err := condense.CondenseNetwork(e.Graph(), e.Particles, e.GraphOptions())
		if err != nil {
			return weights.Networks{}, fmt.Errorf("explore: condensing %s: %w", e.Label, err)
		}
		return weights.Networks{Label: e.Label, Arch: e.Arch.WithWidths(r.To.Widths), Particles: r.Particles, Signed: true}, nil
	}
	r, err := condense.Condense(e.Arch, e.Particles, condense.Options{Threshold: condense.PaperThreshold})
	if err != nil {
		return weights.Networks{}, fmt.Errorf("explore: condensing %s: %w", e.Label, err)
	}
	return weights.Networks{Label: e.Label, Arch: r.Arch, Particles: r.Particles}, nil
}

// FromFit is a fit's ensemble of dense networks (package regress)
// labelled label, as the explorer shows it: condensed at the paper's
// threshold by the dense networks' rules ([dense.Arch.Condense]: the
// constant nodes folded into the biases), then the weight matrices alone,
// signed ([weights.Networks].Signed).
func FromFit(label string, e regress.Ensemble) (weights.Networks, error) {
	c, err := e.Model.Arch.Condense(e.Particles, e.Model.Extra(), condense.Options{Threshold: condense.PaperThreshold})
	if err != nil {
		return weights.Networks{}, fmt.Errorf("explore: %s: %w", label, err)
	}
	out := weights.Networks{Label: label, Arch: icnn.Arch{Widths: c.Arch.Widths}, Signed: true}
	for _, theta := range c.Particles {
		out.Particles = append(out.Particles, c.Arch.WeightsOf(theta))
	}
	return out, nil
}

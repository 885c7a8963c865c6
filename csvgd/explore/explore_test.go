package explore

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/backend/backendtest"
	"github.com/csvgd/csvgd-go/csvgd/ensemble"
	"github.com/csvgd/csvgd-go/csvgd/figures"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/runcache"
	"github.com/csvgd/csvgd-go/csvgd/study"
	"github.com/csvgd/csvgd-go/csvgd/train"
	"github.com/csvgd/csvgd-go/csvgd/weights"
)

// randomEnsemble is n seeded particles of the network [3, 6, 5, 1], drawn
// as training starts them.
func randomEnsemble(label string, n int, seed uint64) weights.Networks {
	arch := icnn.Arch{Widths: []int{3, 6, 5, 1}}
	return weights.Networks{Label: label, Arch: arch, Particles: arch.Init(n, rand.New(rand.NewPCG(seed, 1))).Rows()}
}

// TestCatalogue: every run of the studies once, in both modes, the graph
// run among them, quick runs labelled so.
func TestCatalogue(t *testing.T) {
	runs, err := Catalogue()
	if err != nil {
		t.Fatal(err)
	}
	keys := map[string]bool{}
	for _, r := range runs {
		if keys[r.Key] {
			t.Errorf("key %s listed twice", r.Key)
		}
		keys[r.Key] = true
		if r.Quick != strings.HasSuffix(r.Label, " (quick)") {
			t.Errorf("run %s: quick %v, label %q", r.Key, r.Quick, r.Label)
		}
	}
	for _, quick := range []bool{false, true} {
		key, _ := study.Plan{Quick: quick}.GraphRun().Key()
		r, err := FindRun(key)
		if err != nil || r.Quick != quick || r.Spec.Config.Particles != 20 {
			t.Errorf("FindRun(graph run, quick %v) = %+v, %v", quick, r, err)
		}
	}
	if _, err := FindRun("0123"); err == nil || !strings.Contains(err.Error(), `"0123"`) {
		t.Errorf("FindRun of an unknown key: %v", err)
	}
}

// TestOpenCachedRun: a run that is not cached is not listed, and Open
// refuses it instead of training; once trained it is listed and opens to
// its final ensemble.
func TestOpenCachedRun(t *testing.T) {
	c := train.DefaultConfig()
	c.Arch = icnn.Arch{Widths: []int{3, 4, 4, 1}}
	c.Particles, c.Iters, c.Stage, c.Every, c.RefDraws = 3, 6, 3, 3, 20
	spec := runcache.Spec{Label: "tiny", Noise: 0.1, Config: c}
	key, _ := spec.Key()
	run := Run{Key: key, Label: "tiny", Spec: spec}
	store := &study.Store{Cache: runcache.Cache{Backend: backendtest.Backend(t), Dir: t.TempDir()}}
	if got, err := cachedOf(store, []Run{run}); err != nil || len(got) != 0 {
		t.Fatalf("before training: cached %v, %v", got, err)
	}
	if _, err := Open(store, run); err == nil || !strings.Contains(err.Error(), "not cached") {
		t.Fatalf("Open of a run not cached: %v", err)
	}
	res, err := store.Result(spec)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := cachedOf(store, []Run{run}); err != nil || len(got) != 1 {
		t.Fatalf("after training: cached %v, %v", got, err)
	}
	e, err := Open(store, run)
	if err != nil {
		t.Fatal(err)
	}
	if e.Label != "tiny" || !slices.Equal(e.Arch.Widths, res.Arch.Widths) || !slices.EqualFunc(e.Particles, res.Particles.Rows(), slices.Equal) {
		t.Errorf("opened %q of widths %v, want the run's final ensemble of widths %v", e.Label, e.Arch.Widths, res.Arch.Widths)
	}
}

// TestLoadFile: a saved ensemble file opens to its widths and particles,
// labelled with its name; a damaged one is an error naming its path.
func TestLoadFile(t *testing.T) {
	e := randomEnsemble("", 4, 1)
	path := filepath.Join(t.TempDir(), "e.json")
	if err := ensemble.Save(path, ensemble.New(e.Arch.Widths, e.Particles, nil), ensemble.KeepExisting); err != nil {
		t.Fatal(err)
	}
	got, err := LoadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got.Label != "e.json" || !slices.Equal(got.Arch.Widths, e.Arch.Widths) || !slices.EqualFunc(got.Particles, e.Particles, slices.Equal) {
		t.Errorf("loaded %+v", got)
	}
	bad := filepath.Join(t.TempDir(), "bad.json")
	if err := os.WriteFile(bad, []byte(`{"format": "x"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadFile(bad); err == nil || !strings.Contains(err.Error(), bad) {
		t.Errorf("damaged file: %v", err)
	}
}

// TestViewsOfFilesFit: the views of saved ensemble files deep in long
// folders, alone and side by side, are laid out without overflow
// (CheckLayout): the titles name the files, not their paths.
func TestViewsOfFilesFit(t *testing.T) {
	dir := filepath.Join(t.TempDir(), strings.Repeat("a-rather-long-folder-name/", 6))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	var opened []weights.Networks
	for i, name := range []string{"cSVGD-10-particles.json", "nuts-draws.json"} {
		e := randomEnsemble("", 5, uint64(i+1))
		path := filepath.Join(dir, name)
		if err := ensemble.Save(path, ensemble.New(e.Arch.Widths, e.Particles, nil), ensemble.KeepExisting); err != nil {
			t.Fatal(err)
		}
		got, err := LoadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		opened = append(opened, got)
	}
	figs, err := Views(opened[0], opened[1:], DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range figs {
		if err := f.CheckLayout(); err != nil {
			t.Error(err)
		}
	}
}

// TestViews: the views of one ensemble, and with a comparison, in their
// order; Save refuses to replace them without force.
func TestViews(t *testing.T) {
	e, other := randomEnsemble("a", 5, 1), randomEnsemble("b", 5, 2)
	figs, err := Views(e, nil, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	names := func(fs []*figures.Figure) string {
		var s []string
		for _, f := range fs {
			s = append(s, f.Name)
		}
		return strings.Join(s, " ")
	}
	if got := names(figs); got != "weight_distributions weight_pair template_graph" {
		t.Errorf("views %q", got)
	}
	figs, err = Views(e, []weights.Networks{other}, Options{Layer: 0, Pair: []weights.Entry{{K: 0, I: 0, J: 0}, {K: 2, I: 0, J: 4}}})
	if err != nil {
		t.Fatal(err)
	}
	if got := names(figs); got != "weight_distributions weight_pair template_graph side_by_side" {
		t.Errorf("views with a comparison %q", got)
	}
	if _, err := Views(e, nil, Options{Layer: 1, Pair: []weights.Entry{{K: 3}}}); err == nil || errors.Is(err, ErrNotInEnsemble) {
		t.Errorf("one entry in the pair: %v, want an error that is not ErrNotInEnsemble", err)
	}
	// An entry or a layer an ensemble does not have is an error wrapping
	// ErrNotInEnsemble, with or without a comparison, not a view of
	// another layer.
	pair := []weights.Entry{{K: 0, I: 0, J: 0}, {K: 5, I: 0, J: 0}}
	if _, err := Views(e, nil, Options{Layer: 1, Pair: pair}); !errors.Is(err, ErrNotInEnsemble) || !strings.Contains(err.Error(), "entry W₅(1, 1)") {
		t.Errorf("pair %v: %v, want ErrNotInEnsemble naming W₅(1, 1)", pair, err)
	}
	shallowArch := icnn.Arch{Widths: []int{3, 6, 1}} // W₀ and W₁, no W₂
	shallow := weights.Networks{Label: "shallow", Arch: shallowArch, Particles: shallowArch.Init(5, rand.New(rand.NewPCG(3, 1))).Rows()}
	if _, err := Views(e, []weights.Networks{shallow}, Options{Layer: 2}); !errors.Is(err, ErrNotInEnsemble) || !strings.Contains(err.Error(), "shallow: layer k = 2 out of range") {
		t.Errorf("layer 2 against an ensemble without W₂: %v, want ErrNotInEnsemble naming it", err)
	}
	for _, k := range []int{-1, len(e.Arch.Layers()), 99} {
		for _, compare := range [][]weights.Networks{nil, {other}} {
			if _, err := Views(e, compare, Options{Layer: k}); !errors.Is(err, ErrNotInEnsemble) || !strings.Contains(err.Error(), fmt.Sprintf("layer k = %d out of range", k)) {
				t.Errorf("layer %d, %d compared: %v, want ErrNotInEnsemble naming it", k, len(compare), err)
			}
		}
	}
	dir := t.TempDir()
	if err := Save(figs, dir, false); err != nil {
		t.Fatal(err)
	}
	err = Save(figs[:1], dir, false)
	if !errors.Is(err, ensemble.ErrExists) || !strings.Contains(err.Error(), "weight_distributions.png exists; pass -force") {
		t.Errorf("second save without force: %v", err)
	}
	if err := Save(figs[:1], dir, true); err != nil {
		t.Errorf("second save with force: %v", err)
	}
}

// TestDefaultPair: the two largest entries of the chosen matrix; from the
// other matrices, then the first weights, when it has none worth drawing.
func TestDefaultPair(t *testing.T) {
	e := randomEnsemble("", 6, 3)
	top, _ := figures.TopEntries(e.Arch, e.Particles, 1, 2)
	if got := DefaultPair(e, 1); !slices.Equal(got, top) {
		t.Errorf("DefaultPair = %v, want %v", got, top)
	}
	zero := weights.Networks{Arch: e.Arch, Particles: make([][]float64, 3)}
	for a := range zero.Particles {
		zero.Particles[a] = make([]float64, e.Arch.NumParams())
	}
	want := []weights.Entry{{K: 1, I: 0, J: 0}, {K: 1, I: 0, J: 1}}
	if got := DefaultPair(zero, 1); !slices.Equal(got, want) {
		t.Errorf("DefaultPair of an all-zero ensemble = %v, want %v", got, want)
	}
	w0 := slices.Clone(zero.Particles[0]) // only W0(1, 1) and W0(1, 2) non-zero
	w0[0], w0[1] = 1, -2
	zero.Particles[0] = w0
	want = []weights.Entry{{K: 0, I: 0, J: 1}, {K: 0, I: 0, J: 0}}
	if got := DefaultPair(zero, 1); !slices.Equal(got, want) {
		t.Errorf("DefaultPair with W1 all zero = %v, want %v", got, want)
	}
}

// TestSources: files first, then the cached runs; a file source opens to
// the file's ensemble.
func TestSources(t *testing.T) {
	e := randomEnsemble("", 3, 4)
	path := filepath.Join(t.TempDir(), "s.json")
	if err := ensemble.Save(path, ensemble.New(e.Arch.Widths, e.Particles, nil), ensemble.KeepExisting); err != nil {
		t.Fatal(err)
	}
	store := &study.Store{Cache: runcache.Cache{Dir: t.TempDir()}} // an empty cache
	srcs, err := Sources(store, []string{path})
	if err != nil || len(srcs) != 1 || srcs[0].Path != path || srcs[0].Run != nil {
		t.Fatalf("Sources = %+v, %v", srcs, err)
	}
	got, err := srcs[0].Open(store)
	if err != nil || !slices.EqualFunc(got.Particles, e.Particles, slices.Equal) {
		t.Errorf("opened %+v, %v", got, err)
	}
}

// Package nbutil holds small helpers shared by the GoNB notebooks in
// notebooks/: choosing sizes by quick mode, the studies on the repository's
// cache ([Store]), showing gonum/plot plots, the project's figures and
// tables inline, the ensembles notebook 07 explores ([ExploredEnsemble],
// [CondensedRun], [EnsembleFiles]), and the live views the notebooks
// drive ([Live]): the flow of notebook 02 ([LiveFlow]), the explorer of a
// run's history in notebook 04 ([Explore]) and the weight explorer of
// notebook 07 ([ExploreWeights]), each drawn as static figures when no
// browser is attached.
//
// It is also what the runner's test notebook imports to prove that notebooks
// can import this repository's packages (see notebooks/README.md). Notebooks
// cannot import packages under internal/: Go only allows that from inside this
// module, and a notebook is compiled as a module of its own.
package nbutil

import (
	"bytes"
	"fmt"
	"io"
	"os"

	"github.com/csvgd/csvgd-go/csvgd"
	"github.com/csvgd/csvgd-go/csvgd/backend"
	"github.com/csvgd/csvgd-go/csvgd/figures"
	"github.com/csvgd/csvgd-go/csvgd/study"
	"github.com/gomlx/compute"
	"github.com/janpfeifer/gonb/gonbui"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
)

// Pick returns quick in quick mode (csvgd.Quick, CSVGD_QUICK=1) and full
// otherwise, e.g. steps := nbutil.Pick(5000, 200).
func Pick[T any](full, quick T) T {
	if csvgd.Quick() {
		return quick
	}
	return full
}

// PNG renders the plot as a PNG image of the given size.
func PNG(p *plot.Plot, width, height vg.Length) ([]byte, error) {
	w, err := p.WriterTo(width, height, "png")
	if err != nil {
		return nil, fmt.Errorf("rendering plot: %w", err)
	}
	var buf bytes.Buffer
	if _, err := w.WriteTo(&buf); err != nil {
		return nil, fmt.Errorf("rendering plot: %w", err)
	}
	return buf.Bytes(), nil
}

// DisplayPlot renders the plot as a PNG image of the given size and shows it
// in the notebook. The image/png output survives the HTML export.
func DisplayPlot(p *plot.Plot, width, height vg.Length) error {
	img, err := PNG(p, width, height)
	if err != nil {
		return err
	}
	gonbui.DisplayPNG(img)
	flush()
	return nil
}

// NotebookDPI is the resolution at which the notebooks show figures whose
// DPI is not set: a figure of the paper's width (about 12 inches) is then
// about 1200 pixels wide, as wide as a notebook's page, where
// plotkit.DefaultDPI (for the files of figures/) would give half as many
// pixels again for the page to scale down; it keeps a notebook with a
// dozen figures within the size that a repository page shows readily.
const NotebookDPI = 100

// figurePNG is the PNG of f at [NotebookDPI] unless f sets its own DPI.
func figurePNG(f *figures.Figure) ([]byte, error) {
	if f.DPI == 0 {
		f.DPI = NotebookDPI
	}
	return f.PNG()
}

// Show displays a paper figure inline as PNG, at [NotebookDPI] unless the
// figure sets its DPI. A notebook cell cannot return an error, so Show
// panics on one: the notebook runner reports the panic.
func Show(f *figures.Figure) {
	img, err := figurePNG(f)
	if err != nil {
		panic(fmt.Errorf("figure %s: %w", f.Name, err))
	}
	gonbui.DisplayPNG(img)
	flush()
}

// Must returns v, or panics with err (see [Show] for why a notebook panics).
func Must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// Must2 returns a and b, or panics with err (see [Show] for why).
func Must2[A, B any](a A, b B, err error) (A, B) {
	if err != nil {
		panic(err)
	}
	return a, b
}

// Check panics with err when it is not nil (see [Show] for why).
func Check(err error) {
	if err != nil {
		panic(err)
	}
}

// Backend returns the process's GoMLX backend ([backend.Default]) without
// announcing it: every cell runs as a process of its own and would
// announce it again; the notebook's [Banner] names it once.
func Backend() compute.Backend {
	backend.Notice = nil
	return Must(backend.Default())
}

// Log is where the notebooks' runs report their progress: standard
// output when a person runs the notebook in Jupyter (a run that is not
// cached yet shows its progress bar, a cached one its file), nowhere when
// it runs headless (nil: the runner's executed notebooks keep what a
// reader needs, the results).
func Log() io.Writer {
	if Interactive() {
		return os.Stdout
	}
	return nil
}

// Store is the paper's studies on the repository's cache (package study
// on package runcache: data/cache/), at the size quick mode picks,
// logging to [Log]: a run is trained once and read from data/cache/runs/
// when it was trained before, by this notebook, another one or csvgd
// reproduce. Every cell runs as a program of its own, so each cell calls
// Store again and finds what the cells before it cached.
func Store() *study.Store { return study.NewStore(Backend(), Log()) }

// ShowTable displays a results table of package study (Markdown) for the
// runs of store (see [Show] for why it panics on an error).
func ShowTable(table func(io.Writer, *study.Store) error, store *study.Store) {
	var buf bytes.Buffer
	Check(table(&buf, store))
	ShowMarkdown(buf.String())
}

// ShowMarkdown displays text as Markdown and waits until GoNB has taken
// it, so that what the cell prints next comes after it.
func ShowMarkdown(text string) {
	gonbui.DisplayMarkdown(text)
	flush()
}

// flush waits until GoNB has taken everything displayed so far. Each cell
// runs as a process of its own, and GoNB stops reading the process's display
// pipe when it exits: an image still in the pipe then is lost without an
// error (seen under load, with large PNGs), so every display call here ends
// with gonbui.Sync, as GoNB's documentation advises.
func flush() { gonbui.Sync() }

// FromOne returns the 0-based indices idx numbered from 1, the paper's
// convention for particles, hidden nodes and the rows and columns of a
// weight matrix (the figures number them so too; Go slices count from 0).
func FromOne(idx []int) []int {
	out := make([]int, len(idx))
	for i, v := range idx {
		out[i] = v + 1
	}
	return out
}

// Command nbrun executes notebooks headless with the GoNB kernel, checks them
// and renders them to HTML; `make notebooks`, `make reproduce` and `make
// beyond` run it.
//
// Usage:
//
//	go run ./internal/nbrun/cmd/nbrun [-keep] [-part paper|beyond] [-out DIR] [-timeout D] [-jobs N] [NOTEBOOK.ipynb ...]
//
// Without arguments it runs every notebooks/*.ipynb of the repository (those
// of one part with -part: their metadata csvgd.part), -jobs at a time (each
// in a kernel of its own; default: the number of CPUs), and reports for each
// the problems found (error outputs, "exit status N" lines on stderr,
// progress bars or log lines in its outputs), whether it shows the
// metadata.csvgd.min_images images it declares, its time and its slowest
// cells. It exits with status 1 when any notebook has a problem.
//
// With -keep (full mode only) it executes the notebooks in place: a notebook
// that ran clean is replaced by its executed copy, every code cell stamped
// with its source's hash and the mode (the repository keeps its notebooks so;
// internal/nbrun's TestKeptNotebooks checks them); one with a problem is left
// as it is and its executed copy goes to the output folder. Without -keep the
// executed copies go to the output folder. Either way the output folder
// (notebooks/executed by default) receives the HTML renders. CSVGD_QUICK is
// passed through to the notebooks.
package main

import (
	"cmp"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/csvgd/csvgd-go/csvgd/study"
	"github.com/csvgd/csvgd-go/internal/nbrun"
)

func main() {
	out := flag.String("out", "", "output folder of the executed copies and HTML renders (default: notebooks/executed in the repository)")
	keep := flag.Bool("keep", false, "execute the notebooks in place (full mode only)")
	part := flag.String("part", "", "paper or beyond: the notebooks of that part only (their metadata csvgd.part)")
	timeout := flag.Duration("timeout", nbrun.DefaultCellTimeout, "time limit per cell")
	jobs := flag.Int("jobs", runtime.NumCPU(), "notebooks executed at the same time (>= 1)")
	flag.Parse()
	if *jobs < 1 {
		fmt.Fprintf(os.Stderr, "nbrun: -jobs %d: need at least 1\n", *jobs)
		os.Exit(2)
	}
	var p study.Part
	if *part != "" {
		var err error
		if p, err = study.ParsePart(*part); err != nil {
			fmt.Fprintf(os.Stderr, "nbrun: -part: %v\n", err)
			os.Exit(2)
		}
	}
	if *keep && nbrun.ModeOf(nil) != nbrun.Full {
		fmt.Fprintf(os.Stderr, "nbrun: -keep with %s=1: the notebooks are kept executed in full mode only; quick copies go to -out\n", nbrun.QuickEnv)
		os.Exit(2)
	}
	if err := run(*out, *timeout, *jobs, *keep, p, flag.Args()); err != nil {
		fmt.Fprintln(os.Stderr, "nbrun:", err)
		os.Exit(1)
	}
}

// run executes, checks and renders the notebooks, jobs at a time, returning
// an error when any failed.
func run(out string, timeout time.Duration, jobs int, keep bool, part study.Part, paths []string) error {
	root, err := nbrun.FindRoot(".")
	if err != nil {
		return err
	}
	if err := nbrun.Available(root); err != nil {
		return err
	}
	if out == "" {
		out = filepath.Join(root, "notebooks", "executed")
	}
	if len(paths) == 0 {
		if paths, err = nbrun.Notebooks(root, part); err != nil {
			return err
		}
		if len(paths) == 0 {
			fmt.Println("no notebooks to execute")
			return nil
		}
	}
	opts := nbrun.Options{Root: root, OutputDir: out, CellTimeout: timeout}
	start := time.Now()
	failed := runAll(context.Background(), paths, opts, jobs, keep)
	fmt.Printf("%d notebooks in %v, %d at a time\n", len(paths), time.Since(start).Round(time.Second), min(jobs, len(paths)))
	if failed > 0 {
		return fmt.Errorf("%d of %d notebooks failed", failed, len(paths))
	}
	return nil
}

// runAll runs the notebooks jobs at a time, in the order given, printing
// each one's report whole when it is done, and returns how many failed.
func runAll(ctx context.Context, paths []string, opts nbrun.Options, jobs int, keep bool) int {
	todo := make(chan string)
	var mu sync.Mutex
	failed := 0
	var wg sync.WaitGroup
	for range min(jobs, len(paths)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for path := range todo {
				var report strings.Builder
				ok := runOne(ctx, path, opts, keep, &report)
				mu.Lock()
				fmt.Print(report.String())
				if !ok {
					failed++
				}
				mu.Unlock()
			}
		}()
	}
	for _, p := range paths {
		todo <- p
	}
	close(todo)
	wg.Wait()
	return failed
}

// runOne executes (in place with keep), checks and renders one notebook,
// writing the outcome to w, and reports whether it passed.
func runOne(ctx context.Context, path string, opts nbrun.Options, keep bool, w *strings.Builder) bool {
	res, err := execute(ctx, path, opts, keep)
	if err != nil {
		fmt.Fprintf(w, "FAIL %s: %v\n", rel(path), err)
		return false
	}
	ok := len(res.Problems) == 0
	for _, p := range res.Problems {
		fmt.Fprintf(w, "  %s\n", p)
	}
	html, err := nbrun.RenderHTML(ctx, res.Executed, opts)
	if err != nil {
		fmt.Fprintf(w, "  %v\n", err)
		ok = false
	}
	status := "ok  "
	if !ok {
		status = "FAIL"
	}
	fmt.Fprintf(w, "%s %s: %d image(s), %v -> %s, %s; slowest cells: %s\n", status, rel(path), res.Images,
		res.Duration.Round(100*time.Millisecond), rel(res.Executed), rel(html), slowest(res.Notebook, 3))
	return ok
}

// execute runs the notebook: in place ([nbrun.Keep]) with keep, otherwise
// into the output folder, with the check of its images.
func execute(ctx context.Context, path string, opts nbrun.Options, keep bool) (*nbrun.Result, error) {
	if keep {
		return nbrun.Keep(ctx, path, opts)
	}
	src, err := nbrun.ReadNotebook(path)
	if err != nil {
		return nil, err
	}
	res, err := nbrun.Run(ctx, path, opts)
	if err != nil {
		return nil, err
	}
	if p := src.ImagesProblem(res.Images); p != nil {
		res.Problems = append(res.Problems, *p)
	}
	return res, nil
}

// slowest names the n cells of nb that took longest, with their times.
func slowest(nb *nbrun.Notebook, n int) string {
	times := nb.CellTimes()
	slices.SortStableFunc(times, func(a, b nbrun.CellTime) int { return cmp.Compare(b.Duration, a.Duration) })
	var parts []string
	for _, t := range times[:min(n, len(times))] {
		parts = append(parts, fmt.Sprintf("%d (%v)", t.Cell, t.Duration.Round(time.Second)))
	}
	return strings.Join(parts, ", ")
}

// rel returns path relative to the working directory when it is below it.
func rel(path string) string {
	wd, err := os.Getwd()
	if err != nil {
		return path
	}
	r, err := filepath.Rel(wd, path)
	if err != nil || strings.HasPrefix(r, "..") {
		return path
	}
	return r
}

// Command nbrun executes notebooks headless with the GoNB kernel, checks them
// and renders them to HTML; `make notebooks` runs it.
//
// Usage:
//
//	go run ./internal/nbrun/cmd/nbrun [-out DIR] [-timeout D] [-jobs N] [NOTEBOOK.ipynb ...]
//
// Without arguments it runs every notebooks/*.ipynb of the repository, -jobs
// at a time (each in a kernel of its own; default: the number of CPUs). For each
// notebook it writes the executed copy NAME.ipynb and its render NAME.html to
// the output folder (notebooks/executed by default), and reports the problems
// found (error outputs, "exit status N" lines on stderr) and whether the
// notebook shows the metadata.csvgd.min_images images it declares. It exits
// with status 1 when any notebook has a problem. CSVGD_QUICK is passed through
// to the notebooks.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/csvgd/csvgd-go/internal/nbrun"
)

func main() {
	out := flag.String("out", "", "output folder (default: notebooks/executed in the repository)")
	timeout := flag.Duration("timeout", nbrun.DefaultCellTimeout, "time limit per cell")
	jobs := flag.Int("jobs", runtime.NumCPU(), "notebooks executed at the same time (>= 1)")
	flag.Parse()
	if *jobs < 1 {
		fmt.Fprintf(os.Stderr, "nbrun: -jobs %d: need at least 1\n", *jobs)
		os.Exit(2)
	}
	if err := run(*out, *timeout, *jobs, flag.Args()); err != nil {
		fmt.Fprintln(os.Stderr, "nbrun:", err)
		os.Exit(1)
	}
}

// run executes, checks and renders the notebooks, jobs at a time, returning
// an error when any failed.
func run(out string, timeout time.Duration, jobs int, paths []string) error {
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
		if paths, err = filepath.Glob(filepath.Join(root, "notebooks", "*.ipynb")); err != nil {
			return err
		}
		if len(paths) == 0 {
			fmt.Println("no notebooks/*.ipynb to execute")
			return nil
		}
	}
	opts := nbrun.Options{Root: root, OutputDir: out, CellTimeout: timeout}
	failed := runAll(context.Background(), paths, opts, jobs)
	if failed > 0 {
		return fmt.Errorf("%d of %d notebooks failed", failed, len(paths))
	}
	return nil
}

// runAll runs the notebooks jobs at a time, printing each one's report
// whole when it is done, and returns how many failed.
func runAll(ctx context.Context, paths []string, opts nbrun.Options, jobs int) int {
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
				ok := runOne(ctx, path, opts, &report)
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

// runOne executes, checks and renders one notebook, writing the outcome to
// w, and reports whether it passed.
func runOne(ctx context.Context, path string, opts nbrun.Options, w *strings.Builder) bool {
	src, err := nbrun.ReadNotebook(path)
	if err != nil {
		fmt.Fprintf(w, "FAIL %s: %v\n", rel(path), err)
		return false
	}
	res, err := nbrun.Run(ctx, path, opts)
	if err != nil {
		fmt.Fprintf(w, "FAIL %s: %v\n", rel(path), err)
		return false
	}
	ok := len(res.Problems) == 0
	for _, p := range res.Problems {
		fmt.Fprintf(w, "  %s\n", p)
	}
	if min := src.Metadata.Csvgd.MinImages; res.Images < min {
		fmt.Fprintf(w, "  %d image(s), but metadata.csvgd.min_images is %d\n", res.Images, min)
		ok = false
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
	fmt.Fprintf(w, "%s %s: %d image(s), %v -> %s, %s\n", status, rel(path), res.Images,
		res.Duration.Round(100*time.Millisecond), rel(res.Executed), rel(html))
	return ok
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

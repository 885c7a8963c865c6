package main

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/csvgd/csvgd-go/csvgd/backend"
	"github.com/csvgd/csvgd-go/csvgd/study"
)

func runFigures(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("figures", "csvgd figures [-out DIR] [-quick] [-cache DIR] [-jobs N] [-only NAME,...]\n\n"+
		"Regenerates some or all of the paper's figures, as DIR/NAME.png and DIR/NAME.svg. The runs\n"+
		"behind a figure are cached under data/cache/ and reused when their configuration matches, so a\n"+
		"second call (or one after an interruption) only runs what is missing.", stdout)
	out := outFlag(fs)
	sf := registerStoreFlags(fs)
	jobs := jobsFlag(fs)
	only := fs.String("only", "", "comma-separated figure names to make (default: all)")
	if code, stop := parseFlags(fs, args, stderr); stop {
		return code
	}
	todo, err := selectFigures(*only)
	if err == nil {
		err = checkJobs(*jobs)
	}
	if err != nil {
		return usageError(fs, stderr, err)
	}
	b, err := backend.Default()
	if err != nil {
		return failure(fs, stderr, err)
	}
	store, stop := sf.newStore(b, stderr)
	defer stop()
	if names := figureStudies(store.Plan, todo); len(names) > 0 {
		err = prepare(store, *jobs, names, stderr)
	}
	if err == nil {
		err = makeFigures(store, todo, *out, stderr)
	}
	if err != nil {
		return failure(fs, stderr, err)
	}
	return exitOK
}

// makeFigures makes the figures todo and writes them to out.
func makeFigures(store *study.Store, todo []study.Figure, out string, stderr io.Writer) error {
	for i, f := range todo {
		start := time.Now()
		fmt.Fprintf(stderr, "== figure %d/%d: %s\n", i+1, len(todo), f.Name)
		fig, err := f.Make(store)
		if err == nil {
			err = fig.Save(out)
		}
		if err != nil {
			return fmt.Errorf("%s: %w", f.Name, err)
		}
		fmt.Fprintf(stderr, "%s: wrote %s/%s.png and .svg (%.1f s)\n", f.Name, out, f.Name, time.Since(start).Seconds())
	}
	return nil
}

// selectFigures returns the figures named in the comma-separated list only
// (all when empty), or an error naming an unknown one.
func selectFigures(only string) ([]study.Figure, error) {
	all := allFigures()
	if only == "" {
		return all, nil
	}
	var names []string
	for _, f := range all {
		names = append(names, f.Name)
	}
	var todo []study.Figure
	for _, n := range strings.Split(only, ",") {
		i := slices.Index(names, strings.TrimSpace(n))
		if i < 0 {
			return nil, fmt.Errorf("unknown figure %q (known: %s)", n, strings.Join(names, ", "))
		}
		todo = append(todo, all[i])
	}
	return todo, nil
}

package main

import (
	"fmt"
	"io"
	"time"

	"github.com/csvgd/csvgd-go/csvgd/study"
)

func runFigures(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("figures", "csvgd figures [-out DIR] [-quick] [-cache DIR] [-jobs N] [-only NAME,...]\n\n"+
		"Regenerates some or all of the figures of csvgd reproduce, the paper's and those beyond it, as DIR/NAME.png and\n"+
		"DIR/NAME.svg, without the tables. The runs behind a figure are cached under data/cache/ and reused when their\n"+
		"configuration matches, so a second call (or one after an interruption) only runs what is missing.", stdout)
	f := registerOutputFlags(fs, "comma-separated figure names to make (default: all): "+figureNames(study.Figures()))
	if code, stop := parseFlags(fs, args, stderr); stop {
		return code
	}
	todo, err := selectFigures(*f.only)
	if err == nil {
		err = checkJobs(*f.jobs)
	}
	if err != nil {
		return usageError(fs, stderr, err)
	}
	if err := f.checkOut(); err != nil {
		return fail(fs, stderr, err)
	}
	names, _ := outputStudies(todo, nil, false)
	store, stop, err := f.openStore(names, false, stderr)
	if err != nil {
		return fail(fs, stderr, err)
	}
	defer stop()
	if err := makeFigures(store, todo, *f.out, stderr); err != nil {
		return fail(fs, stderr, err)
	}
	return exitOK
}

// makeFigures makes the figures todo and writes them to out, stopping
// before the next one when the store's context is cancelled ([stopped]).
func makeFigures(store *study.Store, todo []study.Figure, out string, stderr io.Writer) error {
	for i, f := range todo {
		if err := stopped(store, "the figure "+f.Name); err != nil {
			return err
		}
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

// stopped is the error of a store whose context is cancelled (Ctrl-C,
// SIGTERM), naming what is left undone, or nil. Figures and tables read
// their runs from the cache, which does not look at the context once a
// run is cached, so the commands look before each of them: an interrupt
// while they are drawn stops the command (exit 1) instead of being
// ignored.
func stopped(store *study.Store, what string) error {
	if store.Context == nil || store.Context.Err() == nil {
		return nil
	}
	return fmt.Errorf("stopped before %s: %w", what, store.Context.Err())
}

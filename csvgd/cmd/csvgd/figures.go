package main

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/csvgd/csvgd-go/csvgd"
	"github.com/csvgd/csvgd-go/csvgd/backend"
	"github.com/csvgd/csvgd-go/csvgd/study"
)

func runFigures(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("figures", "csvgd figures [-out DIR] [-quick] [-only NAME,...]\n\n"+
		"Regenerates the paper's figures that exist so far, as DIR/NAME.png and DIR/NAME.svg. The runs\n"+
		"behind a figure are cached under data/cache/ and reused when their configuration matches, so a\n"+
		"second call (or one after an interruption) only runs what is missing.", stdout)
	out := fs.String("out", "figures", "folder to write the figures to")
	quick := fs.Bool("quick", csvgd.Quick(), "reduced experiments (fewer particles, iterations, grid points); default from CSVGD_QUICK")
	only := fs.String("only", "", "comma-separated figure names to make (default: all)")
	if code, stop := parseFlags(fs, args, stderr); stop {
		return code
	}
	todo, err := selectFigures(*only)
	if err != nil {
		return usageError(fs, stderr, err)
	}
	b, err := backend.Default()
	if err != nil {
		return failure(fs, stderr, err)
	}
	store := study.NewStore(b, stderr)
	for _, f := range todo {
		start := time.Now()
		fig, err := f.Make(store, *quick)
		if err == nil {
			err = fig.Save(*out)
		}
		if err != nil {
			return failure(fs, stderr, fmt.Errorf("%s: %w", f.Name, err))
		}
		fmt.Fprintf(stderr, "%s: wrote %s/%s.png and .svg (%.1f s)\n", f.Name, *out, f.Name, time.Since(start).Seconds())
	}
	return exitOK
}

// selectFigures returns the figures named in the comma-separated list only
// (all when empty), or an error naming an unknown one.
func selectFigures(only string) ([]study.Figure, error) {
	all := study.PaperFigures()
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

package main

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/csvgd/csvgd-go/csvgd"
	"github.com/csvgd/csvgd-go/csvgd/backend"
	"github.com/csvgd/csvgd-go/csvgd/figures"
	"github.com/csvgd/csvgd-go/csvgd/mvn"
	"github.com/gomlx/gomlx/backends"
)

// paperFigure makes one figure of the paper; make may run experiments.
type paperFigure struct {
	name string
	make func(b backends.Backend, quick bool, progress func(done, total int)) (*figures.Figure, error)
}

// paperFigures are the figures that exist so far, in the paper's order.
func paperFigures() []paperFigure {
	return []paperFigure{
		{"prior_family", func(backends.Backend, bool, func(int, int)) (*figures.Figure, error) {
			return figures.PriorFamily(), nil
		}},
		{"mvn_gradient", func(backends.Backend, bool, func(int, int)) (*figures.Figure, error) {
			return figures.MVNGradient()
		}},
		{"mvn_survey", func(b backends.Backend, quick bool, progress func(int, int)) (*figures.Figure, error) {
			pts, err := mvn.CachedSurvey(b, mvn.PaperTarget(), mvn.PaperSurvey(quick), csvgd.CachePath("mvn_survey", quick), progress)
			return figures.MVNSurvey(pts), err
		}},
		{"mvn_particles", func(b backends.Backend, quick bool, _ func(int, int)) (*figures.Figure, error) {
			rs, err := mvn.ParticlesStudy(b, mvn.PaperTarget(), mvn.PaperParticles(quick))
			return figures.MVNParticles(rs), err
		}},
	}
}

func runFigures(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("figures", "csvgd figures [-out DIR] [-quick] [-only NAME,...]\n\n"+
		"Regenerates the paper's figures that exist so far, as DIR/NAME.png and DIR/NAME.svg. Experiments\n"+
		"behind a figure (the survey) are cached under data/cache/ and reused when their configuration matches.", stdout)
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
	for _, f := range todo {
		start := time.Now()
		progress := func(done, total int) { fmt.Fprintf(stderr, "\r%s: run %d/%d", f.name, done, total) }
		fig, err := f.make(b, *quick, progress)
		if err == nil {
			err = fig.Save(*out)
		}
		if err != nil {
			return failure(fs, stderr, fmt.Errorf("%s: %w", f.name, err))
		}
		fmt.Fprintf(stderr, "\r%s: wrote %s/%s.png and .svg (%.1f s)\n", f.name, *out, f.name, time.Since(start).Seconds())
	}
	return exitOK
}

// selectFigures returns the figures named in the comma-separated list only
// (all when empty), or an error naming an unknown one.
func selectFigures(only string) ([]paperFigure, error) {
	all := paperFigures()
	if only == "" {
		return all, nil
	}
	var names []string
	for _, f := range all {
		names = append(names, f.name)
	}
	var todo []paperFigure
	for _, n := range strings.Split(only, ",") {
		i := slices.Index(names, strings.TrimSpace(n))
		if i < 0 {
			return nil, fmt.Errorf("unknown figure %q (known: %s)", n, strings.Join(names, ", "))
		}
		todo = append(todo, all[i])
	}
	return todo, nil
}

package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/csvgd/csvgd-go/csvgd"
	"github.com/csvgd/csvgd-go/csvgd/backend"
	"github.com/csvgd/csvgd-go/csvgd/internal/atomicfile"
	"github.com/csvgd/csvgd-go/csvgd/study"
)

func runReproduce(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("reproduce", "csvgd reproduce [-out DIR] [-quick] [-cache DIR] [-jobs N] [-docs DIR|none] [-only NAME,...]\n\n"+
		"Runs every study of the paper (cached under data/cache/runs/, resumed from a checkpoint when\n"+
		"one was interrupted; the runs that are not cached yet first, N at a time), writes all thirteen figures as DIR/NAME.png and .svg, then the figures beyond\n"+
		"the paper (alignment, mvn_ksd, ksd_convergence, mvn_exact, stein_vs_nuts, calibration, nuts_diagnostics),\n"+
		"and the tables: the results (DIR/results.md), the comparison of the prior's two forms with the calibration\n"+
		"of sigma (DIR/prior.md), the alignment study (DIR/alignment.md), the distances to the exact posterior of\n"+
		"Sec. 4 (DIR/exact-posterior-mvn.md) and the comparison with the posterior of the templates\n"+
		"(DIR/exact-posterior.md), on stdout too and, in full mode, into their blocks of docs/results.md,\n"+
		"docs/reading.md, docs/beyond.md and docs/exact-posterior.md. -only makes the named figures and tables\n"+
		"(and runs what they need) and leaves the others as they are.", stdout)
	out := outFlag(fs)
	sf := registerStoreFlags(fs)
	jobs := jobsFlag(fs)
	docsFlag := fs.String("docs", "", "folder of the documents whose generated blocks to replace (default: the repository's docs/ in full mode; none in quick mode or with \"none\")")
	only := fs.String("only", "", "comma-separated names of the figures and tables to make (default: all); a table's name is its block's (results, prior, alignment, exact-posterior-mvn, exact-posterior)")
	if code, stop := parseFlags(fs, args, stderr); stop {
		return code
	}
	figs, tables, names, err := selectOutputs(*only)
	if err != nil {
		return usageError(fs, stderr, err)
	}
	docs, err := docsTarget(*docsFlag, *sf.quick)
	if err == nil {
		err = checkJobs(*jobs)
	}
	for _, g := range tables { // checked before hours of work, not after
		if err == nil {
			err = g.check(docs)
		}
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
	if names != nil {
		names = withJobs(store.Plan, names)
	}
	if names == nil || len(names) > 0 { // -only of figures without jobs: nothing to prepare
		if err := prepare(store, *jobs, names, stderr); err != nil {
			return failure(fs, stderr, err)
		}
	}
	if err := makeFigures(store, figs, *out, stderr); err != nil {
		return failure(fs, stderr, err)
	}
	for _, g := range tables {
		if err := g.make(store, *out, docs, stdout, stderr); err != nil {
			return failure(fs, stderr, err)
		}
	}
	return exitOK
}

// selectOutputs are the figures and tables named in the comma-separated
// list only (all of them when it is empty), and the names of the studies
// whose jobs they need (nil: all).
func selectOutputs(only string) ([]study.Figure, []generatedTable, []string, error) {
	if only == "" {
		return allFigures(), generatedTables, nil, nil
	}
	var figs []study.Figure
	var tables []generatedTable
	var names, known []string
	for _, n := range strings.Split(only, ",") {
		n = strings.TrimSpace(n)
		found := false
		for _, f := range allFigures() {
			if f.Name == n {
				figs, found = append(figs, f), true
			}
		}
		for _, g := range generatedTables {
			if g.block.name == n {
				tables, found = append(tables, g), true
			}
		}
		if !found {
			for _, f := range allFigures() {
				known = append(known, f.Name)
			}
			for _, g := range generatedTables {
				known = append(known, g.block.name)
			}
			return nil, nil, nil, fmt.Errorf("-only: unknown figure or table %q (known: %s)", n, strings.Join(known, ", "))
		}
		names = append(names, n)
	}
	return figs, tables, names, nil
}

// withJobs are the names among names of studies that read cached jobs
// (figures such as prior_family read none); never nil.
func withJobs(p study.Plan, names []string) []string {
	studies, _ := p.Studies()
	out := []string{}
	for _, st := range studies {
		if slices.Contains(names, st.Name) {
			out = append(out, st.Name)
		}
	}
	return out
}

// docsTarget is the docs folder to update: flag "none" or quick mode
// without a flag: none; no flag: the repository's docs/.
func docsTarget(flag string, quick bool) (string, error) {
	switch {
	case flag == "none" || (flag == "" && quick):
		return "", nil
	case flag != "":
		return flag, nil
	}
	root, err := csvgd.Root()
	if err != nil {
		return "", fmt.Errorf("no docs folder to update (%v): pass -docs DIR or -docs none", err)
	}
	return filepath.Join(root, "docs"), nil
}

// writeFile replaces the file at path with text, atomically.
func writeFile(path, text string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return atomicfile.Write(path, true, func(w io.Writer) error {
		_, err := io.WriteString(w, text)
		return err
	})
}

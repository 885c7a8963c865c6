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
		"one was interrupted; the runs that are not cached yet first, N at a time), writes the paper's figures as DIR/NAME.png and .svg, then the figures beyond\n"+
		"the paper (alignment, mvn_ksd, ksd_convergence, mvn_exact, stein_vs_nuts, calibration, nuts_diagnostics,\n"+
		"variance_collapse), and the tables: the results (DIR/results.md), the comparison of the prior's two forms\n"+
		"with the calibration of sigma (DIR/prior.md), the alignment study (DIR/alignment.md), the distances to\n"+
		"the exact posterior of Sec. 4 (DIR/exact-posterior-mvn.md), the comparison with the posterior of the\n"+
		"templates (DIR/exact-posterior.md), the variance collapse (DIR/variance-collapse.md) and the Newton\n"+
		"updates (DIR/newton.md), on stdout too and, in full mode, into their blocks of\n"+
		"docs/results.md, docs/reading.md, docs/beyond.md and docs/exact-posterior.md. -only makes the named figures\n"+
		"and tables (and only the runs they need) and leaves the others as they are.", stdout)
	out := outFlag(fs)
	sf := registerStoreFlags(fs)
	jobs := jobsFlag(fs)
	docsFlag := fs.String("docs", "", "folder of the documents whose generated blocks to replace (default: the repository's docs/ in full mode; none in quick mode or with \"none\")")
	only := fs.String("only", "", "comma-separated figures and tables to make, and only their studies' runs (default: all); tables: "+tableNames())
	if code, stop := parseFlags(fs, args, stderr); stop {
		return code
	}
	figs, tables, err := selectOutputs(*only)
	var docs string
	if err == nil {
		docs, err = docsTarget(*docsFlag, *sf.quick)
	}
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
	if names, all := outputStudies(store.Plan, figs, tables, *only == ""); all || len(names) > 0 {
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

// selectOutputs splits -only into the figures and tables it names (all
// of both when it is empty; a name of both, such as variance_collapse, is
// both), or reports a name that is neither.
func selectOutputs(only string) ([]study.Figure, []generatedTable, error) {
	if only == "" {
		return allFigures(), generatedTables, nil
	}
	var figs []study.Figure
	var tables []generatedTable
	for _, n := range strings.Split(only, ",") {
		n = strings.TrimSpace(n)
		i := slices.IndexFunc(generatedTables, func(g generatedTable) bool { return g.block.name == n })
		if i >= 0 {
			tables = append(tables, generatedTables[i])
		}
		f, err := selectFigures(n)
		switch {
		case err == nil:
			figs = append(figs, f...)
		case i < 0:
			return nil, nil, fmt.Errorf("-only: %q is neither a figure nor a table (tables: %s)", n, tableNames())
		}
	}
	return figs, tables, nil
}

// tableNames lists the tables of reproduce.
func tableNames() string {
	var names []string
	for _, g := range generatedTables {
		names = append(names, g.block.name)
	}
	return strings.Join(names, ", ")
}

// outputStudies are the studies behind figs and tables that read cached
// jobs; all reports that every study is wanted (no -only).
func outputStudies(p study.Plan, figs []study.Figure, tables []generatedTable, all bool) ([]string, bool) {
	if all {
		return nil, true
	}
	names := figureStudies(p, figs)
	studies, _ := p.Studies()
	for _, g := range tables {
		if slices.ContainsFunc(studies, func(s study.Study) bool { return s.Name == g.block.name }) {
			names = append(names, g.block.name)
		}
	}
	return names, false
}

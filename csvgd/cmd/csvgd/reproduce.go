package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/csvgd/csvgd-go/csvgd"
	"github.com/csvgd/csvgd-go/csvgd/backend"
	"github.com/csvgd/csvgd-go/csvgd/internal/atomicfile"
)

func runReproduce(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("reproduce", "csvgd reproduce [-out DIR] [-quick] [-cache DIR] [-jobs N] [-docs DIR|none]\n\n"+
		"Runs every study of the paper (cached under data/cache/runs/, resumed from a checkpoint when\n"+
		"one was interrupted; the runs that are not cached yet first, N at a time), writes all thirteen figures as DIR/NAME.png and .svg, then the figures beyond\n"+
		"the paper (alignment, mvn_ksd, ksd_convergence, mvn_exact, stein_vs_nuts, calibration), and the\n"+
		"tables: the results (DIR/results.md), the comparison of the prior's two forms with the calibration\n"+
		"of sigma (DIR/prior.md), the alignment study (DIR/alignment.md) and the comparison with the exact\n"+
		"posterior (DIR/exact-posterior.md), on stdout too and, in full mode, into their blocks of\n"+
		"docs/results.md, docs/reading.md, docs/beyond.md and docs/exact-posterior.md.", stdout)
	out := outFlag(fs)
	sf := registerStoreFlags(fs)
	jobs := jobsFlag(fs)
	docsFlag := fs.String("docs", "", "folder of the documents whose generated blocks to replace (default: the repository's docs/ in full mode; none in quick mode or with \"none\")")
	if code, stop := parseFlags(fs, args, stderr); stop {
		return code
	}
	docs, err := docsTarget(*docsFlag, *sf.quick)
	if err == nil {
		err = checkJobs(*jobs)
	}
	for _, g := range generatedTables { // checked before hours of work, not after
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
	if err := prepare(store, *jobs, nil, stderr); err != nil {
		return failure(fs, stderr, err)
	}
	if err := makeFigures(store, allFigures(), *out, stderr); err != nil {
		return failure(fs, stderr, err)
	}
	for _, g := range generatedTables {
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

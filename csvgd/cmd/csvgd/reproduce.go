package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/csvgd/csvgd-go/csvgd"
	"github.com/csvgd/csvgd-go/csvgd/internal/atomicfile"
	"github.com/csvgd/csvgd-go/csvgd/study"
)

func runReproduce(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("reproduce", "csvgd reproduce [-out DIR] [-quick] [-cache DIR] [-jobs N] [-docs DIR|none] [-only NAME,... | -part paper|beyond]\n\n"+
		"Runs every study of the paper and beyond it (cached under data/cache/runs/, resumed from a checkpoint when\n"+
		"one was interrupted; the runs that are not cached yet first, N at a time), then makes its figures and tables.\n"+
		reproduceOutputs()+
		"-only makes the named figures and tables (and only the runs they need) and leaves the others as they are;\n"+
		"-part paper makes the paper's (Secs. 3-5, with the runs of notebooks 01-07 and the studies beyond the paper\n"+
		"that those notebooks show), -part beyond the rest (the NUTS references, the Newton study, the variance collapse).", stdout)
	f := registerOutputFlags(fs, "comma-separated figures and tables to make, and only their studies' runs (default: all); tables: "+tableNames())
	partFlag := fs.String("part", "", "paper or beyond: that part's figures, tables and runs only (default: both)")
	docsFlag := fs.String("docs", "", "folder of the documents whose generated blocks to replace (default: the repository's docs/ in full mode; none in quick mode or with \"none\")")
	if code, stop := parseFlags(fs, args, stderr); stop {
		return code
	}
	figs, tables, err := selectOutputs(*f.only)
	var part study.Part
	if err == nil && *partFlag != "" {
		part, err = study.ParsePart(*partFlag)
		if err == nil && *f.only != "" {
			err = fmt.Errorf("-only and -part %s: give one of them", part)
		}
		figs, tables = partOutputs(part, figs, tables)
	}
	var docs string
	if err == nil {
		docs, err = docsTarget(*docsFlag, *f.store.quick)
	}
	if err == nil {
		err = checkJobs(*f.jobs)
	}
	for _, g := range tables { // checked before hours of work, not after
		if err == nil {
			err = g.check(docs)
		}
	}
	if err != nil {
		return usageError(fs, stderr, err)
	}
	if err := f.checkOut(); err != nil {
		return fail(fs, stderr, err)
	}
	names, all := outputStudies(figs, tables, *f.only == "" && part == "")
	if part != "" {
		names, err = study.Plan{Quick: *f.store.quick}.PartStudies(part)
		if err != nil {
			return fail(fs, stderr, err)
		}
	}
	store, stop, err := f.openStore(names, all, stderr)
	if err != nil {
		return fail(fs, stderr, err)
	}
	defer stop()
	if err := makeFigures(store, figs, *f.out, stderr); err != nil {
		return fail(fs, stderr, err)
	}
	for _, g := range tables {
		if err := stopped(store, "the table "+g.Name); err != nil {
			return fail(fs, stderr, err)
		}
		if err := g.make(store, *f.out, docs, stdout, stderr); err != nil {
			return fail(fs, stderr, err)
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
	return atomicfile.Write(path, atomicfile.Replace, func(w io.Writer) error {
		_, err := io.WriteString(w, text)
		return err
	})
}

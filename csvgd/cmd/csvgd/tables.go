package main

import (
	"bytes"
	"fmt"
	"io"
	"path/filepath"

	"github.com/csvgd/csvgd-go/csvgd/study"
)

// generatedTable is a table that reproduce writes to a file of its output
// folder, to stdout and, unless no docs folder is named, into a block of a
// document of the docs folder.
type generatedTable struct {
	out   string   // its file in the output folder
	doc   string   // the document of the docs folder that holds its block
	block docBlock // the block there
	write func(io.Writer, *study.Store) error
}

// generatedTables are the tables of `csvgd reproduce`: the results of the
// paper's studies, the comparison of the prior's two forms with the
// calibration of sigma, the alignment study, the distances to the exact
// posterior of Sec. 4, the comparison of the Stein ensembles with the
// posterior of their templates, the variance collapse on Gaussians and the
// Newton updates on the condensed templates.
var generatedTables = []generatedTable{
	{"results.md", "results.md", generatedBy("results", "csvgd reproduce"), study.WriteTables},
	{"prior.md", "reading.md", generatedBy("prior", "csvgd reproduce"), priorTables},
	{"alignment.md", "beyond.md", generatedBy("alignment", "csvgd reproduce"), study.AlignmentTable},
	{"exact-posterior-mvn.md", "exact-posterior.md", generatedBy("exact-posterior-mvn", "csvgd reproduce"), study.MVNPosteriorTable},
	{"exact-posterior.md", "exact-posterior.md", generatedBy("exact-posterior", "csvgd reproduce"), study.ExactTables},
	{"variance-collapse.md", "beyond.md", generatedBy("variance_collapse", "csvgd reproduce"), study.CollapseTable},
	{"newton.md", "beyond.md", generatedBy("newton", "csvgd reproduce"), newtonTables},
}

// priorTables are the comparison of the prior's two forms and the
// calibration of sigma.
func priorTables(w io.Writer, s *study.Store) error {
	if err := study.PriorFormTable(w, s); err != nil {
		return err
	}
	fmt.Fprintln(w)
	return study.CalibrationTable(w, s)
}

// newtonTables are the Newton study's tables and its comparison with the
// posterior of the last stages' templates.
func newtonTables(w io.Writer, s *study.Store) error {
	if err := study.NewtonTable(w, s); err != nil {
		return err
	}
	fmt.Fprintln(w)
	return study.NewtonExactTable(w, s)
}

// check reports, before any work, a document of docs that lacks the
// table's block ("" docs: nothing to check).
func (g generatedTable) check(docs string) error {
	if docs == "" {
		return nil
	}
	return g.block.check(filepath.Join(docs, g.doc))
}

// make writes the table to out/file and stdout and, when docs is not "",
// into its block in docs/doc.
func (g generatedTable) make(store *study.Store, out string, docs string, stdout, stderr io.Writer) error {
	var table bytes.Buffer
	if err := g.write(&table, store); err != nil {
		return fmt.Errorf("%s table: %w", g.block.name, err)
	}
	if err := writeFile(filepath.Join(out, g.out), table.String()); err != nil {
		return err
	}
	stdout.Write(table.Bytes())
	if docs == "" {
		return nil
	}
	path := filepath.Join(docs, g.doc)
	if err := g.block.replace(path, table.String()); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "reproduce: %s table written into %s\n", g.block.name, path)
	return nil
}

package main

import (
	"bytes"
	"fmt"
	"io"
	"path/filepath"

	"github.com/csvgd/csvgd-go/csvgd/study"
)

// generatedTable is a table of the registry (study.Tables) that
// reproduce writes to its file in the output folder, to stdout and, unless
// no docs folder is named, into its block of its document in the docs
// folder.
type generatedTable struct {
	study.Table
	block docBlock // the block in its document
}

// generatedTables are the tables of `csvgd reproduce`, in the registry's
// order.
var generatedTables = func() []generatedTable {
	var out []generatedTable
	for _, t := range study.Tables() {
		out = append(out, generatedTable{t, generatedBy(t.Name, "csvgd reproduce")})
	}
	return out
}()

// check reports, before any work, a document of docs that lacks the
// table's block ("" docs: nothing to check).
func (g generatedTable) check(docs string) error {
	if docs == "" {
		return nil
	}
	return g.block.check(filepath.Join(docs, g.Doc))
}

// make writes the table to out/File and stdout and, when docs is not "",
// into its block in docs/Doc.
func (g generatedTable) make(store *study.Store, out string, docs string, stdout, stderr io.Writer) error {
	var table bytes.Buffer
	if err := g.Write(&table, store); err != nil {
		return fmt.Errorf("%s table: %w", g.Name, err)
	}
	if err := writeFile(filepath.Join(out, g.File), table.String()); err != nil {
		return err
	}
	stdout.Write(table.Bytes())
	if docs == "" {
		return nil
	}
	path := filepath.Join(docs, g.Doc)
	if err := g.block.replace(path, table.String()); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "reproduce: %s table written into %s\n", g.block.name, path)
	return nil
}

package tabular

import (
	"bufio"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
)

// Table is a table of numbers with named columns.
type Table struct {
	Names []string    // the columns' names
	Rows  [][]float64 // [row][column]
}

// ReadCSVFile reads the CSV file at path ([ReadCSV]).
func ReadCSVFile(path string) (Table, error) {
	f, err := os.Open(path)
	if err != nil {
		return Table{}, fmt.Errorf("tabular: %s: %w", path, unwrapPath(err))
	}
	defer f.Close()
	return ReadCSV(f, path)
}

// unwrapPath drops the path from an *fs.PathError, which the message
// names already.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// ReadCSV reads a CSV table from r: a header row of distinct, non-empty
// column names, then rows of as many cells, each a finite number. name
// (the file's path) starts every error, which names the line and the
// column of a bad cell.
func ReadCSV(r io.Reader, name string) (Table, error) {
	cr := csv.NewReader(bufio.NewReader(r))
	cr.FieldsPerRecord = -1
	cr.TrimLeadingSpace = true
	head, err := cr.Read()
	if errors.Is(err, io.EOF) {
		return Table{}, fmt.Errorf("tabular: %s: empty file: want a header row of column names", name)
	}
	if err != nil {
		return Table{}, fmt.Errorf("tabular: %s: %w", name, err)
	}
	t := Table{}
	for i, h := range head {
		h = strings.TrimSpace(h)
		switch {
		case h == "":
			return Table{}, fmt.Errorf("tabular: %s: line 1: column %d has no name", name, i+1)
		case slices.Contains(t.Names, h):
			return Table{}, fmt.Errorf("tabular: %s: line 1: column name %q appears twice", name, h)
		}
		if _, err := strconv.ParseFloat(h, 64); err == nil && len(head) > 1 {
			return Table{}, fmt.Errorf("tabular: %s: line 1: column name %q is a number: the file needs a header row of column names", name, h)
		}
		t.Names = append(t.Names, h)
	}
	for {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return Table{}, fmt.Errorf("tabular: %s: %w", name, err)
		}
		line, _ := cr.FieldPos(0)
		if len(rec) == 1 && strings.TrimSpace(rec[0]) == "" {
			continue // a blank line
		}
		row, err := parseRow(rec, t.Names, line)
		if err != nil {
			return Table{}, fmt.Errorf("tabular: %s: %w", name, err)
		}
		t.Rows = append(t.Rows, row)
	}
	if len(t.Rows) == 0 {
		return Table{}, fmt.Errorf("tabular: %s: no data rows after the header", name)
	}
	return t, nil
}

// parseRow reads the cells of one row at line.
func parseRow(cells, names []string, line int) ([]float64, error) {
	if len(cells) != len(names) {
		return nil, fmt.Errorf("line %d: %d cells where the table has %d columns", line, len(cells), len(names))
	}
	row := make([]float64, len(cells))
	for j, c := range cells {
		v, err := parseCell(c)
		if err != nil {
			return nil, fmt.Errorf("line %d, column %q: %w", line, names[j], err)
		}
		row[j] = v
	}
	return row, nil
}

// parseCell reads one cell as a finite number.
func parseCell(c string) (float64, error) {
	c = strings.TrimSpace(c)
	if c == "" {
		return 0, errors.New("empty cell (a missing value?)")
	}
	v, err := strconv.ParseFloat(c, 64)
	if err != nil {
		return 0, fmt.Errorf("%q is not a number", c)
	}
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, fmt.Errorf("%q is not a finite number", c)
	}
	return v, nil
}

// Column is the index of the column called name, or an error naming it
// and the table's columns.
func (t Table) Column(name string) (int, error) {
	if i := slices.Index(t.Names, name); i >= 0 {
		return i, nil
	}
	return -1, fmt.Errorf("no column %q (the columns are %s)", name, strings.Join(t.Names, ", "))
}

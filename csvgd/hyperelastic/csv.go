package hyperelastic

import (
	"bufio"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/csvgd/csvgd-go/csvgd/internal/atomicfile"
)

// CSV columns. F and S are required on reading; the others are recomputed
// from F when absent and checked against F when present.
var (
	colF     = [9]string{"F11", "F12", "F13", "F21", "F22", "F23", "F31", "F32", "F33"}
	colSTrue = [6]string{"S11_true", "S22_true", "S33_true", "S23_true", "S13_true", "S12_true"}
	colI     = [3]string{"I1", "I2", "I3"}
	colE     = [6]string{"E11", "E22", "E33", "E23", "E13", "E12"}
)

const colD = "d"

// ConsistencyTol is the tolerance of [ReadCSV]'s check of the optional
// columns against what F gives: |file - recomputed| <= ConsistencyTol
// max(1, largest |recomputed| of the column's group (S_true, I or E)).
const ConsistencyTol = 1e-9

// CSVColumns returns the header [WriteCSV] writes, in order: F11..F33
// (row-major), S11..S12 (the stress used for training, noisy when the noise
// level > 0), S11_true..S12_true (the truth's stress), I1, I2, I3,
// E11..E12 (Green-Lagrange strain) and d (the test path parameter, 0 for
// training points). Symmetric tensors are in the Voigt order of
// [ComponentNames].
func CSVColumns() []string {
	cols := append([]string{}, colF[:]...)
	cols = append(cols, ComponentNames[:]...)
	cols = append(cols, colSTrue[:]...)
	cols = append(cols, colI[:]...)
	cols = append(cols, colE[:]...)
	return append(cols, colD)
}

// WriteCSV writes samples with the header of [CSVColumns], one row per
// sample, every number at full float64 precision (strconv 'g', -1), so that
// [ReadCSV] gives the samples back exactly. It fails on a non-finite value.
func WriteCSV(w io.Writer, samples []Sample) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(CSVColumns()); err != nil {
		return fmt.Errorf("writing CSV header: %w", err)
	}
	row := make([]string, 0, 31)
	for n, s := range samples {
		row = row[:0]
		vals := make([]float64, 0, 31)
		vals = append(vals, s.F[:]...)
		vals = append(vals, s.S[:]...)
		vals = append(vals, s.STrue[:]...)
		vals = append(vals, s.I1, s.I2, s.I3)
		vals = append(vals, s.E[:]...)
		vals = append(vals, s.D)
		for i, v := range vals {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return fmt.Errorf("writing CSV: sample %d: %s = %v is not finite", n+1, CSVColumns()[i], v)
			}
			row = append(row, strconv.FormatFloat(v, 'g', -1, 64))
		}
		if err := cw.Write(row); err != nil {
			return fmt.Errorf("writing CSV row %d: %w", n+1, err)
		}
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return fmt.Errorf("writing CSV: %w", err)
	}
	return nil
}

// WriteCSVFile writes samples to path with [WriteCSV], atomically: to a
// temporary file in the same folder, then renamed over path, so a reader
// never sees a half-written file.
func WriteCSVFile(path string, samples []Sample) error {
	var werr error // from the content, already worded
	err := atomicfile.Write(path, atomicfile.Replace, func(w io.Writer) error {
		bw := bufio.NewWriter(w)
		if err := WriteCSV(bw, samples); err != nil {
			werr = fmt.Errorf("%s: %w", path, err)
			return werr
		}
		if err := bw.Flush(); err != nil {
			werr = fmt.Errorf("writing %s: %w", path, err)
			return werr
		}
		return nil
	})
	if werr != nil {
		return werr
	}
	if err != nil {
		return fmt.Errorf("writing %w", err) // atomicfile names the path
	}
	return nil
}

// ReadCSVFile reads the samples of the CSV file at path with [ReadCSV].
func ReadCSVFile(path string) ([]Sample, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadCSV(f, path)
}

// ReadCSV reads samples written by [WriteCSV] (or by hand). The header must
// name F11..F33 and S11..S12; the columns may come in any order; the other
// columns of [CSVColumns] are optional, and a column the package does not
// know, or one named twice, is an error. Kinematics are recomputed from F;
// S_true (the [PaperTruth]'s stress), I1..I3 and E11..E12 are recomputed
// from F when absent and must agree with F within [ConsistencyTol] when
// present (each column on its own); d is 0 when absent.
//
// Every error is one line, "NAME:LINE: what", NAME being name and LINE the
// line of the file: an empty file, a missing, unknown or repeated column, a
// row with too few or too many fields, a field that is not a number or not
// finite, det F <= 0, an optional column inconsistent with F, or a file
// without data rows.
func ReadCSV(r io.Reader, name string) ([]Sample, error) {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = -1 // checked here, with a better message
	cr.TrimLeadingSpace = true
	header, err := cr.Read()
	if err == io.EOF {
		return nil, fmt.Errorf("%s:1: empty file: no header", name)
	}
	if err != nil {
		return nil, readError(name, 1, err)
	}
	headerLine, _ := cr.FieldPos(0)
	cols, err := parseHeader(header)
	if err != nil {
		return nil, fmt.Errorf("%s:%d: %w", name, headerLine, err)
	}
	truth := PaperTruth()
	var samples []Sample
	lastLine := headerLine
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, readError(name, lastLine+1, err)
		}
		line, _ := cr.FieldPos(0)
		lastLine = line
		s, err := cols.sample(rec, truth, func(i int) int { l, _ := cr.FieldPos(i); return l })
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", name, line, err)
		}
		samples = append(samples, s)
	}
	if len(samples) == 0 {
		return nil, fmt.Errorf("%s:%d: no data rows after the header", name, headerLine+1)
	}
	return samples, nil
}

// readError formats an error of the csv reader as one line with the line
// number: that of a parse error, otherwise line.
func readError(name string, line int, err error) error {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return fmt.Errorf("%s:%d: %s", name, pe.Line, oneLine(pe.Err.Error()))
	}
	return fmt.Errorf("%s:%d: reading: %s", name, line, oneLine(err.Error()))
}

func oneLine(s string) string { return strings.ReplaceAll(s, "\n", " ") }

// columns is where each known column sits in a row (-1: absent).
type columns struct {
	n           int
	f           [9]int
	s, sTrue, e [6]int
	i           [3]int
	d           int
	names       []string
}

func parseHeader(header []string) (columns, error) {
	known := make(map[string]bool)
	for _, c := range CSVColumns() {
		known[c] = true
	}
	c := columns{n: len(header), names: make([]string, len(header))}
	at := make(map[string]int, len(header))
	for i, h := range header {
		h = strings.TrimSpace(h)
		if i == 0 {
			h = strings.TrimPrefix(h, "\ufeff") // a byte order mark
		}
		if !known[h] {
			return columns{}, fmt.Errorf("unknown column %q in the header (known: %s)", h, strings.Join(CSVColumns(), ","))
		}
		if _, dup := at[h]; dup {
			return columns{}, fmt.Errorf("column %q appears twice in the header", h)
		}
		at[h] = i
		c.names[i] = h
	}
	find := func(name string, required bool) (int, error) {
		i, ok := at[name]
		switch {
		case ok:
			return i, nil
		case required:
			return -1, fmt.Errorf("header lacks the required column %q", name)
		}
		return -1, nil
	}
	var err error
	for j, name := range colF {
		if c.f[j], err = find(name, true); err != nil {
			return columns{}, err
		}
	}
	for j, name := range ComponentNames {
		if c.s[j], err = find(name, true); err != nil {
			return columns{}, err
		}
	}
	for j, name := range colSTrue {
		c.sTrue[j], _ = find(name, false)
	}
	for j, name := range colI {
		c.i[j], _ = find(name, false)
	}
	for j, name := range colE {
		c.e[j], _ = find(name, false)
	}
	c.d, _ = find(colD, false)
	return c, nil
}

// sample parses one row; lineOf gives the line of field i (a quoted field
// may span lines).
func (c columns) sample(rec []string, truth Truth, lineOf func(int) int) (Sample, error) {
	if len(rec) != c.n {
		return Sample{}, fmt.Errorf("%d fields, want %d as in the header", len(rec), c.n)
	}
	vals := make([]float64, len(rec))
	for i, field := range rec {
		v, err := strconv.ParseFloat(strings.TrimSpace(field), 64)
		switch {
		case err != nil && !errors.Is(err, strconv.ErrRange):
			return Sample{}, fmt.Errorf("column %s: %q is not a number%s", c.names[i], field, onLine(lineOf(i), lineOf(0)))
		case math.IsNaN(v) || math.IsInf(v, 0):
			return Sample{}, fmt.Errorf("column %s: %q is not a finite float64%s", c.names[i], field, onLine(lineOf(i), lineOf(0)))
		}
		vals[i] = v
	}
	var F [9]float64
	for j, i := range c.f {
		F[j] = vals[i]
	}
	k, err := NewKinematics(F)
	if err != nil {
		return Sample{}, err
	}
	s := Sample{Kinematics: k, STrue: truth.Stress(k)}
	if !s.STrue.Finite() {
		return Sample{}, fmt.Errorf("the truth's stress at F is not finite (I1 = %v, I2 = %v, I3 = %v)", k.I1, k.I2, k.I3)
	}
	for j, i := range c.s {
		s.S[j] = vals[i]
	}
	check := func(idx []int, want []float64) error {
		scale := 1.0
		for _, w := range want {
			scale = math.Max(scale, math.Abs(w))
		}
		for j, i := range idx {
			if i < 0 {
				continue // absent
			}
			if d := math.Abs(vals[i] - want[j]); !(d <= ConsistencyTol*scale) {
				return fmt.Errorf("column %s = %v, but F gives %v (difference %.3g > %g x %.3g)", c.names[i], vals[i], want[j], d, ConsistencyTol, scale)
			}
		}
		return nil
	}
	for _, g := range []struct {
		idx  []int
		want []float64
	}{
		{c.sTrue[:], s.STrue[:]},
		{c.i[:], []float64{k.I1, k.I2, k.I3}},
		{c.e[:], k.E[:]},
	} {
		if err := check(g.idx, g.want); err != nil {
			return Sample{}, err
		}
	}
	if c.d >= 0 {
		s.D = vals[c.d]
	}
	return s, nil
}

// onLine notes the line of a field that is not on the row's first line.
func onLine(fieldLine, rowLine int) string {
	if fieldLine == rowLine {
		return ""
	}
	return fmt.Sprintf(" (field on line %d)", fieldLine)
}

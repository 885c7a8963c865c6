package ensemble

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/csvgd/csvgd-go/csvgd/internal/atomicfile"
	"github.com/csvgd/csvgd-go/csvgd/internal/errtag"
)

// Write validates f and writes it to w as JSON (see the package
// documentation): the header fields and meta indented, one particle per
// line, every number in the shortest form that reads back to the same
// float64.
func Write(w io.Writer, f *File) error {
	if err := f.Validate(); err != nil {
		return fmt.Errorf("ensemble: not writing an invalid ensemble: %w", err)
	}
	var meta []byte
	if len(f.Meta) > 0 {
		var err error
		if meta, err = json.MarshalIndent(f.Meta, "  ", "  "); err != nil {
			return fmt.Errorf("ensemble: meta cannot be written as JSON: %w", err)
		}
	}
	format, _ := json.Marshal(f.Format)
	widths, _ := json.Marshal(f.Widths)

	bw := bufio.NewWriter(w)
	prior, _ := json.Marshal(f.Prior)
	fmt.Fprintf(bw, "{\n  \"format\": %s,\n  \"version\": %d,\n", format, f.writeVersion())
	if f.IsDense() {
		dense, err := json.MarshalIndent(f.Dense, "  ", "  ")
		if err != nil {
			return fmt.Errorf("ensemble: the dense block cannot be written as JSON: %w", err)
		}
		fmt.Fprintf(bw, "  \"network\": %q,\n  \"widths\": %s,\n  \"dense\": %s,\n  \"prior\": %s,\n", NetworkDense, widths, dense, prior)
	} else {
		inputs, _ := json.Marshal(f.Inputs)
		fmt.Fprintf(bw, "  \"widths\": %s,\n  \"inputs\": %s,\n  \"prior\": %s,\n", widths, inputs, prior)
	}
	if meta != nil {
		fmt.Fprintf(bw, "  \"meta\": %s,\n", meta)
	}
	bw.WriteString("  \"particles\": [\n")
	buf := make([]byte, 0, 32)
	for a, theta := range f.Particles {
		bw.WriteString("    [")
		for i, v := range theta {
			if i > 0 {
				bw.WriteString(", ")
			}
			buf = appendFloat(buf[:0], v)
			bw.Write(buf)
		}
		if a+1 < len(f.Particles) {
			bw.WriteString("],\n")
		} else {
			bw.WriteString("]\n")
		}
	}
	bw.WriteString("  ]\n}\n")
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("ensemble: writing: %w", err)
	}
	return nil
}

// appendFloat formats a finite v as encoding/json does: the shortest
// decimal that parses back to v, in plain notation for 1e-6 <= |v| < 1e21
// and in exponent notation (with a short exponent) otherwise.
func appendFloat(b []byte, v float64) []byte {
	abs := math.Abs(v)
	if abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		b = strconv.AppendFloat(b, v, 'e', -1, 64)
		// "1e-07" -> "1e-7", as encoding/json writes it.
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
		return b
	}
	return strconv.AppendFloat(b, v, 'f', -1, 64)
}

// Read reads an ensemble file from r; name (a path, or any label) starts
// every error message. The errors are one line each and say what is wrong:
// not JSON (with the byte offset, line and column), another format, a
// version newer than this package reads, bad widths, a particle of the
// wrong length, a value that is not a finite number.
func Read(r io.Reader, name string) (*File, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("ensemble: %s: cannot read: %w", name, err)
	}
	f, err := decode(data)
	if err != nil {
		return nil, fmt.Errorf("ensemble: %s: %w", name, err)
	}
	return f, nil
}

// Load reads the ensemble file at path; see [Read] for the errors.
func Load(path string) (*File, error) {
	fh, err := os.Open(path)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err // the path is in our own message
		}
		return nil, fmt.Errorf("ensemble: %s: cannot read: %w", path, err)
	}
	defer fh.Close()
	return Read(fh, path)
}

// header is the part of a file read before anything else, so that a file
// of another format or a newer version gets that message rather than a
// complaint about its other fields.
type header struct {
	Format  json.RawMessage `json:"format"`
	Version json.RawMessage `json:"version"`
}

// body is the full file with the particles' values kept raw, so that null
// (which encoding/json would silently read as 0) and strings such as "NaN"
// are reported with their position.
type body struct {
	Network   *string             `json:"network"`
	Dense     *Dense              `json:"dense"`
	Widths    []int               `json:"widths"`
	Inputs    *string             `json:"inputs"`
	Prior     *string             `json:"prior"`
	Particles [][]json.RawMessage `json:"particles"`
	Meta      map[string]any      `json:"meta"`
}

func decode(data []byte) (*File, error) {
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, errors.New("empty file, not a " + Format + " file")
	}
	var h header
	if err := json.Unmarshal(data, &h); err != nil {
		return nil, jsonError(data, err)
	}
	f := &File{}
	if h.Format == nil {
		return nil, fmt.Errorf("no \"format\" field: not a %s file", Format)
	}
	if err := json.Unmarshal(h.Format, &f.Format); err != nil || f.Format != Format {
		return nil, fmt.Errorf("format %s, want %q: not a %s file", h.Format, Format, Format)
	}
	if h.Version == nil {
		return nil, errors.New("no \"version\" field")
	}
	v, err := strconv.Atoi(string(h.Version))
	if err != nil {
		return nil, fmt.Errorf("version %s: want an integer", h.Version)
	}
	if err := checkVersion(v); err != nil {
		return nil, err
	}
	f.Version = v

	var b body
	if err := json.Unmarshal(data, &b); err != nil {
		return nil, jsonError(data, err)
	}
	f.Widths, f.Meta = b.Widths, b.Meta
	if err := f.readNetwork(v, b); err != nil {
		return nil, err
	}
	switch {
	case f.IsDense():
	case v == 1 && b.Inputs != nil:
		return nil, errors.New("version 1 with an \"inputs\" field: version 1 files have none (inputs came with version 2)")
	case v == 1:
		f.Inputs = InputsOfVersion1
	case b.Inputs == nil:
		return nil, fmt.Errorf("no \"inputs\" field (version %d files name the network's inputs: %q or %q)", v, InputsRaw, InputsShifted)
	default:
		f.Inputs = *b.Inputs
	}
	if f.Prior, err = priorOf(v, b.Prior); err != nil {
		return nil, err
	}
	if b.Particles == nil {
		return nil, errors.New("no \"particles\" field")
	}
	if f.paramCount() < 0 { // before the particles: a wrong count follows from bad widths
		return nil, (&File{Format: Format, Version: Version, Network: f.Network, Dense: f.Dense, Inputs: f.Inputs, Prior: f.Prior, Widths: f.Widths}).Validate()
	}
	f.Particles = make([][]float64, len(b.Particles))
	for a, raw := range b.Particles {
		f.Particles[a] = make([]float64, len(raw))
		for i, r := range raw {
			x, err := parseNumber(r)
			if err != nil {
				return nil, fmt.Errorf("particle %d, parameter %d: %w", a, i, err)
			}
			f.Particles[a][i] = x
		}
	}
	if err := f.Validate(); err != nil {
		return nil, err
	}
	return f, nil
}

// readNetwork reads the network's kind and, for a dense one, its block:
// both came with version 4.
func (f *File) readNetwork(v int, b body) error {
	switch {
	case b.Network == nil && b.Dense != nil:
		return errors.New(`a "dense" block without "network": "dense"`)
	case b.Network == nil:
		return nil
	case v < 4:
		return fmt.Errorf("version %d with a \"network\" field: version %d files have none (it came with version 4)", v, v)
	}
	f.Network, f.Dense = *b.Network, b.Dense
	if f.Network != NetworkICNN && f.Network != NetworkDense {
		return fmt.Errorf("network %q: want %q or %q", f.Network, NetworkICNN, NetworkDense)
	}
	if f.IsDense() && b.Inputs != nil {
		return errors.New(`network "dense" with an "inputs" field: a dense network names its inputs in its "dense" block`)
	}
	return nil
}

// priorOf is the prior form of a file of version v whose "prior" field is
// prior (nil when absent): versions before 3 have none and were trained
// with [PriorBeforeVersion3].
func priorOf(v int, prior *string) (string, error) {
	switch {
	case v < 3 && prior != nil:
		return "", fmt.Errorf("version %d with a \"prior\" field: version %d files have none (the prior form came with version 3)", v, v)
	case v < 3:
		return PriorBeforeVersion3, nil
	case prior == nil:
		return "", fmt.Errorf("no \"prior\" field (version %d files name the prior form: %q or %q)", v, PriorPenalty, PriorNormalized)
	}
	return *prior, nil
}

// parseNumber reads one raw JSON value (already checked to be valid JSON)
// as a finite float64.
func parseNumber(r json.RawMessage) (float64, error) {
	r = bytes.TrimSpace(r)
	switch {
	case len(r) == 0:
		return 0, errors.New("missing value")
	case string(r) == "null":
		return 0, errors.New("null where a number is expected (a NaN or infinite value written by another program?)")
	case r[0] == '"':
		return 0, fmt.Errorf("string %s where a number is expected: JSON numbers cannot be NaN or infinite", truncate(r))
	case r[0] != '-' && (r[0] < '0' || r[0] > '9'):
		return 0, fmt.Errorf("%s where a number is expected", truncate(r))
	}
	x, err := strconv.ParseFloat(string(r), 64)
	if err != nil || math.IsInf(x, 0) || math.IsNaN(x) {
		return 0, fmt.Errorf("%s is beyond the range of float64", truncate(r))
	}
	return x, nil
}

// jsonError describes a decoding error of encoding/json with its position.
func jsonError(data []byte, err error) error {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		// encoding/json reports the offset after the offending byte.
		msg, at := syn.Error(), syn.Offset-1
		if syn.Offset >= int64(len(data)) {
			msg, at = msg+" (truncated file?)", int64(len(data))
		}
		return fmt.Errorf("not valid JSON at %s: %s", position(data, at), msg)
	case errors.As(err, &typ):
		if typ.Field == "" {
			return fmt.Errorf("the file holds a JSON %s, want an object: not a %s file", typ.Value, Format)
		}
		field := topField(typ.Field)
		return fmt.Errorf("field %q: JSON %s where %s is expected, at %s", field, typ.Value, expected(field, typ), position(data, typ.Offset))
	}
	return fmt.Errorf("not a valid %s file: %w", Format, err)
}

// topField is the file's top-level field of a decoding error's path: Go
// 1.27's encoding/json names the element ("widths.0"), earlier versions
// the field ("widths").
func topField(path string) string {
	if i := strings.IndexByte(path, '.'); i >= 0 {
		return path[:i]
	}
	return path
}

// expected names, in words, what the top-level field should hold.
func expected(field string, typ *json.UnmarshalTypeError) string {
	switch field {
	case "format":
		return "a string"
	case "version":
		return "an integer"
	case "widths":
		return "an array of integers"
	case "inputs":
		return "a string"
	case "particles":
		return "an array of arrays of numbers"
	case "meta":
		return "an object"
	}
	return typ.Type.String()
}

// position is "byte N (line L, column C)" for the byte at offset N (from 0)
// of data; lines and columns count from 1.
func position(data []byte, offset int64) string {
	off := int(min(max(offset, 0), int64(len(data))))
	line := 1 + bytes.Count(data[:off], []byte("\n"))
	col := off - bytes.LastIndexByte(data[:off], '\n')
	return fmt.Sprintf("byte %d (line %d, column %d)", offset, line, col)
}

func truncate(r []byte) string {
	if len(r) > 40 {
		return string(r[:40]) + "..."
	}
	return string(r)
}

// Save validates f and writes it to path atomically: into a temporary file
// in the same folder, synced, then renamed onto path, so that a reader
// never sees a half-written file and a crash leaves any earlier file
// intact. Save refuses to replace an existing file unless existing is
// [Overwrite]; with [KeepExisting] the final step is a hard link, which
// fails if path appeared in the meantime (on file systems without hard
// links it falls back to a check and a rename); the error of a refusal
// wraps [ErrExists]. The file gets mode 0644.
func Save(path string, f *File, existing Existing) error {
	if err := f.Validate(); err != nil {
		return fmt.Errorf("ensemble: %s: not saving an invalid ensemble: %w", path, err)
	}
	var werr error // from Write, so that it keeps its own wording
	mode := atomicfile.KeepExisting
	if existing == Overwrite {
		mode = atomicfile.Replace
	}
	err := atomicfile.Write(path, mode, func(w io.Writer) error {
		werr = Write(w, f)
		return werr
	})
	switch {
	case err == nil:
		return nil
	case errors.Is(err, atomicfile.ErrExists):
		return errtag.With(fmt.Errorf("ensemble: %s already exists; not replacing it without overwrite", path), ErrExists)
	case werr != nil:
		return fmt.Errorf("ensemble: %s: %w", path, werr)
	}
	return fmt.Errorf("ensemble: %w", err) // atomicfile names the path
}

package ensemble

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// randomFile is a seeded ensemble of the paper's network with values of
// every magnitude, signed zeros and subnormals.
func randomFile(seed uint64, n int) *File {
	rng := rand.New(rand.NewPCG(seed, 1))
	widths := []int{3, 30, 30, 1}
	particles := make([][]float64, n)
	special := []float64{0, math.Copysign(0, -1), 5e-324, -2.2250738585072014e-308, math.MaxFloat64, -math.SmallestNonzeroFloat64, 1e-7, 1e21, 0.1, 1.0 / 3}
	for a := range particles {
		particles[a] = make([]float64, NumParams(widths))
		for i := range particles[a] {
			switch {
			case i < len(special):
				particles[a][i] = special[i]
			case i%3 == 0:
				particles[a][i] = math.Float64frombits(rng.Uint64()) // any finite bits
				for math.IsNaN(particles[a][i]) || math.IsInf(particles[a][i], 0) {
					particles[a][i] = math.Float64frombits(rng.Uint64())
				}
			default:
				particles[a][i] = rng.NormFloat64() * math.Pow(10, float64(rng.IntN(20)-10))
			}
		}
	}
	meta := map[string]any{
		"alpha": 0.5, "lambda": 0.05, "iterations": 4000.0, "kernel": "rbf",
		"history": map[string]any{"w1": []any{1.5, 0.25}}, "seed": "18446744073709551615",
	}
	return New(widths, particles, meta)
}

func sameBits(a, b [][]float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if len(a[i]) != len(b[i]) {
			return false
		}
		for j := range a[i] {
			if math.Float64bits(a[i][j]) != math.Float64bits(b[i][j]) {
				return false
			}
		}
	}
	return true
}

func TestRoundTripExact(t *testing.T) {
	want := randomFile(1, 7)
	path := filepath.Join(t.TempDir(), "ensemble.json")
	if err := Save(path, want, KeepExisting); err != nil {
		t.Fatal(err)
	}
	got, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if got.Format != Format || got.Version != versionICNN || !reflect.DeepEqual(got.Widths, want.Widths) || got.Inputs != want.Inputs {
		t.Errorf("header %q %d %v %q, want %q %d %v %q", got.Format, got.Version, got.Widths, got.Inputs, Format, versionICNN, want.Widths, want.Inputs)
	}
	if !sameBits(got.Particles, want.Particles) {
		t.Error("particles differ in their bits after a round trip")
	}
	if !reflect.DeepEqual(got.Meta, want.Meta) {
		t.Errorf("meta %v, want %v", got.Meta, want.Meta)
	}
	// The file is plain JSON that encoding/json reads to the same values.
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var plain File
	if err := json.Unmarshal(data, &plain); err != nil {
		t.Fatalf("encoding/json cannot read the file: %v", err)
	}
	if !sameBits(plain.Particles, want.Particles) {
		t.Error("encoding/json reads different particles")
	}
	// One particle per line.
	if lines := bytes.Count(data, []byte("\n")); lines < len(want.Particles) || lines > len(want.Particles)+22 {
		t.Errorf("%d lines for %d particles", lines, len(want.Particles))
	}
	// Writing what was read gives the same bytes.
	var again bytes.Buffer
	if err := Write(&again, got); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(again.Bytes(), data) {
		t.Error("write(read(file)) differs from file")
	}
}

// TestAppendFloatMatchesEncodingJSON checks that numbers are written as
// encoding/json writes them.
func TestAppendFloatMatchesEncodingJSON(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 3))
	values := []float64{0, math.Copysign(0, -1), 1, -1, 1e-6, 9.99e-7, 1e-7, 1e20, 1e21, 123456789e13, 5e-324, math.MaxFloat64, 0.1, 1e-100}
	for range 2000 {
		v := math.Float64frombits(rng.Uint64())
		if !math.IsNaN(v) && !math.IsInf(v, 0) {
			values = append(values, v)
		}
	}
	for _, v := range values {
		want, _ := json.Marshal(v)
		if got := appendFloat(nil, v); string(got) != string(want) {
			t.Errorf("appendFloat(%v) = %s, encoding/json writes %s", v, got, want)
		}
	}
}

// TestDocExample reads the JSON example of the package documentation.
func TestDocExample(t *testing.T) {
	const doc = `{
	  "format": "csvgd-ensemble",
	  "version": 3,
	  "widths": [3, 2, 1],
	  "inputs": "raw",
	  "prior": "penalty",
	  "meta": {
	    "alpha": 0.5,
	    "lambda": 0.05,
	    "iterations": 4000
	  },
	  "particles": [
	    [0.12, -0.5, 1.3, 0.7, 0, 2.25, 0.4, 0.031],
	    [0.2, -0.45, 1.1, 0.66, 0.01, 2.5, 0.38, 0]
	  ]
	}`
	f, err := Read(strings.NewReader(doc), "doc")
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Particles) != 2 || f.Particles[1][6] != 0.38 || f.Meta["iterations"] != 4000.0 || f.Inputs != InputsRaw || f.Prior != PriorPenalty || f.Note() != "" {
		t.Errorf("read %+v", f)
	}
}

// TestVersion1 reads a file of format version 1 (no "inputs" and no
// "prior" field) as networks on the shifted invariants trained with the
// normalized prior, says so in its note, and writes it back as the current
// version with both named.
func TestVersion1(t *testing.T) {
	const v1 = `{"format": "csvgd-ensemble", "version": 1, "widths": [2, 1], "particles": [[1, 2]]}`
	f, err := Read(strings.NewReader(v1), "old.json")
	if err != nil {
		t.Fatal(err)
	}
	if f.Version != 1 || f.Inputs != InputsShifted || f.Prior != PriorNormalized || !strings.Contains(f.Note(), "shifted invariants") || !strings.Contains(f.Note(), "normalized prior") {
		t.Fatalf("version %d, inputs %q, prior %q, note %q: want version 1 read as shifted inputs and the normalized prior, with a note", f.Version, f.Inputs, f.Prior, f.Note())
	}
	var buf bytes.Buffer
	if err := Write(&buf, f); err != nil {
		t.Fatal(err)
	}
	again, err := Read(&buf, "again.json")
	if err != nil {
		t.Fatal(err)
	}
	if again.Version != versionICNN || again.Inputs != InputsShifted || again.Prior != PriorNormalized || again.Note() != "" || !sameBits(again.Particles, f.Particles) {
		t.Errorf("rewritten: version %d, inputs %q, prior %q: want %d, %q, %q and the same particles", again.Version, again.Inputs, again.Prior, versionICNN, InputsShifted, PriorNormalized)
	}
}

// TestVersion2 reads a file of format version 2 (no "prior" field) as
// trained with the normalized prior of eq. sparprior, and says so.
func TestVersion2(t *testing.T) {
	const v2 = `{"format": "csvgd-ensemble", "version": 2, "inputs": "raw", "widths": [2, 1], "particles": [[1, 2]]}`
	f, err := Read(strings.NewReader(v2), "v2.json")
	if err != nil {
		t.Fatal(err)
	}
	if f.Inputs != InputsRaw || f.Prior != PriorNormalized || !strings.Contains(f.Note(), "normalized prior") {
		t.Errorf("inputs %q, prior %q, note %q: want raw inputs and the normalized prior, with a note", f.Inputs, f.Prior, f.Note())
	}
}

func TestDamagedFiles(t *testing.T) {
	var buf bytes.Buffer
	if err := Write(&buf, New([]int{2, 2, 1}, [][]float64{{1, 2, 3, 4, 5, 6}, {0.5, 0, 0, 0, 0, 7}}, map[string]any{"note": "x"})); err != nil {
		t.Fatal(err)
	}
	good := buf.String()
	header := `"format": "csvgd-ensemble", "version": 1, `
	tests := []struct {
		name string
		data string
		want string // besides the file's name
	}{
		{"empty", "", "empty file"},
		{"truncated", good[:len(good)/2], "truncated file?"},
		{"truncated at the end", good[:len(good)-3], "unexpected end of JSON input"},
		{"not JSON", "ensemble = 1\n", "not valid JSON at byte 0 (line 1, column 1)"},
		{"bad byte on line 3", "{\n\"format\": \"csvgd-ensemble\",\n  \"version\": 1,,\n}", "byte 45 (line 3, column 16)"},
		{"trailing garbage", good + "x", "after top-level value"},
		{"array", "[1, 2, 3]", "holds a JSON array, want an object"},
		{"no format", `{"version": 1, "widths": [2, 1], "particles": [[1, 2]]}`, `no "format" field`},
		{"another format", `{"format": "npz", "version": 1}`, `format "npz", want "csvgd-ensemble"`},
		{"format not a string", `{"format": 3, "version": 1}`, `format 3`},
		{"no version", `{"format": "csvgd-ensemble", "widths": [2, 1], "particles": [[1, 2]]}`, `no "version" field`},
		{"future version", `{"format": "csvgd-ensemble", "version": 5, "widths": {"new": "layout"}}`, "version 5 was written by a newer csvgd"},
		{"version 3 without prior", `{"format": "csvgd-ensemble", "version": 3, "inputs": "raw", "widths": [2, 1], "particles": [[1, 2]]}`, `no "prior" field`},
		{"unknown prior", `{"format": "csvgd-ensemble", "version": 3, "inputs": "raw", "prior": "cauchy", "widths": [2, 1], "particles": [[1, 2]]}`, `prior "cauchy"`},
		{"version 2 with prior", `{"format": "csvgd-ensemble", "version": 2, "inputs": "raw", "prior": "penalty", "widths": [2, 1], "particles": [[1, 2]]}`, "version 2 files have none"},
		{"version 2 without inputs", `{"format": "csvgd-ensemble", "version": 2, "widths": [2, 1], "particles": [[1, 2]]}`, `no "inputs" field`},
		{"unknown inputs", `{"format": "csvgd-ensemble", "version": 2, "inputs": "centred", "widths": [2, 1], "particles": [[1, 2]]}`, `inputs "centred"`},
		{"inputs not a string", `{"format": "csvgd-ensemble", "version": 2, "inputs": 1, "widths": [2, 1], "particles": [[1, 2]]}`, `field "inputs": JSON number where a string is expected`},
		{"version 1 with inputs", `{"format": "csvgd-ensemble", "version": 1, "inputs": "raw", "widths": [2, 1], "particles": [[1, 2]]}`, "version 1 files have none"},
		{"version zero", `{"format": "csvgd-ensemble", "version": 0}`, "version 0"},
		{"version not an integer", `{"format": "csvgd-ensemble", "version": 1.5}`, "version 1.5: want an integer"},
		{"no widths", "{" + header + `"particles": [[1, 2]]}`, "widths []"},
		{"one width", "{" + header + `"widths": [2], "particles": [[1, 2]]}`, "widths [2]"},
		{"zero width", "{" + header + `"widths": [2, 0, 1], "particles": [[1, 2]]}`, "widths [2 0 1]"},
		{"widths of strings", "{" + header + `"widths": ["3"], "particles": [[1, 2]]}`, `field "widths": JSON string where an array of integers is expected`},
		{"fractional width", "{" + header + `"widths": [2.5, 1], "particles": [[1, 2]]}`, `field "widths"`},
		{"no particles field", "{" + header + `"widths": [2, 1]}`, `no "particles" field`},
		{"no particles", "{" + header + `"widths": [2, 1], "particles": []}`, "no particles"},
		{"flat particles", "{" + header + `"widths": [2, 1], "particles": [1, 2]}`, `field "particles": JSON number where an array of arrays of numbers is expected`},
		{"wrong count", "{" + header + `"widths": [2, 1], "particles": [[1, 2], [1, 2, 3]]}`, "particle 1 has 3 parameters, widths [2 1] need 2"},
		{"NaN as string", "{" + header + `"widths": [2, 1], "particles": [[1, "NaN"]]}`, `particle 0, parameter 1: string "NaN" where a number is expected`},
		{"Infinity as string", "{" + header + `"widths": [2, 1], "particles": [[1, 2], ["-Infinity", 2]]}`, `particle 1, parameter 0: string "-Infinity"`},
		{"NaN as null", "{" + header + `"widths": [2, 1], "particles": [[1, 2], [3, null]]}`, "particle 1, parameter 1: null where a number is expected"},
		{"bare NaN", "{" + header + `"widths": [2, 1], "particles": [[1, NaN]]}`, "not valid JSON"},
		{"overflow", "{" + header + `"widths": [2, 1], "particles": [[1e999, 2]]}`, "particle 0, parameter 0: 1e999 is beyond the range of float64"},
		{"bool", "{" + header + `"widths": [2, 1], "particles": [[true, 2]]}`, "particle 0, parameter 0: true where a number is expected"},
		{"meta not an object", "{" + header + `"widths": [2, 1], "particles": [[1, 2]], "meta": 3}`, `field "meta": JSON number where an object is expected`},
	}
	const name = "runs/damaged.json"
	for _, tt := range tests {
		_, err := Read(strings.NewReader(tt.data), name)
		if err == nil {
			t.Errorf("%s: no error", tt.name)
			continue
		}
		msg := err.Error()
		if !strings.Contains(msg, name) || !strings.Contains(msg, tt.want) || strings.Contains(msg, "\n") {
			t.Errorf("%s: error %q, want one line naming %q and containing %q", tt.name, msg, name, tt.want)
		}
	}
	// Unknown fields are ignored.
	if _, err := Read(strings.NewReader(strings.Replace(good, "{", `{"written_by": "test",`, 1)), name); err != nil {
		t.Errorf("unknown field: %v", err)
	}
}

func TestLoadErrorsNamePath(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing.json")
	if _, err := Load(missing); err == nil || !strings.Contains(err.Error(), missing) || strings.Count(err.Error(), missing) != 1 {
		t.Errorf("missing file: %v", err)
	}
	if _, err := Load(dir); err == nil || !strings.Contains(err.Error(), dir) {
		t.Errorf("directory: %v", err)
	}
	bad := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(bad, []byte(`{"format": "csvgd-ensemble", "version": 9}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(bad); err == nil || !strings.Contains(err.Error(), bad) || !strings.Contains(err.Error(), "newer csvgd") {
		t.Errorf("future version: %v", err)
	}
}

func TestSaveOverwrite(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "e.json")
	first, second := randomFile(1, 2), randomFile(2, 3)
	if err := Save(path, first, KeepExisting); err != nil {
		t.Fatal(err)
	}
	err := Save(path, second, KeepExisting)
	if err == nil || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "already exists") || !errors.Is(err, ErrExists) {
		t.Errorf("second save without overwrite: %v, want an error naming %s that wraps ErrExists", err, path)
	}
	if got, err := Load(path); err != nil || !sameBits(got.Particles, first.Particles) {
		t.Errorf("the refused save changed the file (%v)", err)
	}
	if err := Save(path, second, Overwrite); err != nil {
		t.Fatalf("save with overwrite: %v", err)
	}
	if got, err := Load(path); err != nil || !sameBits(got.Particles, second.Particles) {
		t.Errorf("overwrite did not replace the file (%v)", err)
	}
	// An invalid ensemble is not written, and nothing is left behind.
	bad := randomFile(3, 1)
	bad.Particles[0][5] = math.NaN()
	badPath := filepath.Join(dir, "bad.json")
	if err := Save(badPath, bad, KeepExisting); err == nil || !strings.Contains(err.Error(), badPath) {
		t.Errorf("invalid ensemble: %v", err)
	}
	// Meta that JSON cannot hold fails before the file appears.
	meta := randomFile(4, 1)
	meta.Meta = map[string]any{"x": math.Inf(1)}
	if err := Save(badPath, meta, KeepExisting); err == nil || !strings.Contains(err.Error(), "meta") {
		t.Errorf("unencodable meta: %v", err)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 || entries[0].Name() != "e.json" {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("folder holds %v, want only e.json (no temporary files)", names)
	}
	if err := Save(filepath.Join(dir, "no", "such", "dir.json"), first, KeepExisting); err == nil || !strings.Contains(err.Error(), "dir.json") {
		t.Errorf("missing folder: %v", err)
	}
}

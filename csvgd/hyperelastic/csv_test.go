package hyperelastic

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func csvBytes(t testing.TB, samples []Sample) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := WriteCSV(&b, samples); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestCSVRoundTripIsExact(t *testing.T) {
	train, test := mustGenerate(t, PaperData(0.1, 3))
	for name, set := range map[string][]Sample{"train": train, "test": test} {
		data := csvBytes(t, set)
		got, err := ReadCSV(bytes.NewReader(data), name)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, set) {
			t.Errorf("%s: samples differ after a round trip", name)
		}
		if again := csvBytes(t, got); !bytes.Equal(again, data) {
			t.Errorf("%s: the file differs after a round trip", name)
		}
		lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
		if lines[0] != strings.Join(CSVColumns(), ",") || len(lines) != len(set)+1 {
			t.Errorf("%s: header %q and %d lines, want %d", name, lines[0], len(lines), len(set)+1)
		}
	}
}

// TestCSVOptionalColumns: a file with F and S only, in another column order,
// reads as the full file (training points, d = 0), the rest recomputed.
func TestCSVOptionalColumns(t *testing.T) {
	train, _ := mustGenerate(t, PaperData(0.05, 4))
	cols := append(append([]string{}, ComponentNames[:]...), colF[:]...)
	slices.Reverse(cols)
	full := CSVColumns()
	var b strings.Builder
	b.WriteString(strings.Join(cols, ",") + "\n")
	for _, line := range strings.Split(strings.TrimSpace(string(csvBytes(t, train))), "\n")[1:] {
		fields := strings.Split(line, ",")
		var row []string
		for _, c := range cols {
			row = append(row, fields[slices.Index(full, c)])
		}
		b.WriteString(strings.Join(row, ",") + "\n")
	}
	got, err := ReadCSV(strings.NewReader(b.String()), "subset.csv")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got, train) {
		t.Error("a file with F and S only reads differently from the full file")
	}
}

// editCSV returns data with the field of column col on data line row
// (1 = the first sample) replaced by v.
func editCSV(data []byte, row int, col, v string) string {
	lines := strings.Split(string(data), "\n")
	fields := strings.Split(lines[row], ",")
	fields[slices.Index(CSVColumns(), col)] = v
	lines[row] = strings.Join(fields, ",")
	return strings.Join(lines, "\n")
}

func TestReadCSVRejects(t *testing.T) {
	train, _ := mustGenerate(t, PaperData(0.1, 1))
	good := csvBytes(t, train[:4])
	lines := strings.Split(string(good), "\n")
	header := lines[0]
	minimal := strings.Join(colF[:], ",") + "," + strings.Join(ComponentNames[:], ",") + "\n"
	idRow := "1,0,0,0,1,0,0,0,1,0,0,0,0,0,0\n"
	for _, c := range []struct {
		name, data, want string
	}{
		{"empty file", "", "bad.csv:1: empty file"},
		{"blank lines only", "\n\n\n", "bad.csv:1: empty file"},
		{"header only", header + "\n", "bad.csv:2: no data rows"},
		{"missing F22", strings.Replace(minimal, "F22,", "", 1), `bad.csv:1: header lacks the required column "F22"`},
		{"missing S12", strings.Replace(minimal, ",S12", "", 1), `bad.csv:1: header lacks the required column "S12"`},
		{"unknown column", strings.Replace(header, "S11_true", "S11_ture", 1) + "\n" + lines[1], `bad.csv:1: unknown column "S11_ture"`},
		{"repeated column", minimal[:len(minimal)-1] + ",F11\n" + idRow, `bad.csv:1: column "F11" appears twice`},
		{"short row", minimal + idRow + "1,0,0,0,1,0,0,0,1,0,0,0,0,0\n", "bad.csv:3: 14 fields, want 15"},
		{"long row", minimal + idRow + idRow + "1,0,0,0,1,0,0,0,1,0,0,0,0,0,0,0\n", "bad.csv:4: 16 fields, want 15"},
		{"not a number", editCSV(good, 2, "S13", "abc"), `bad.csv:3: column S13: "abc" is not a number`},
		{"empty field", editCSV(good, 1, "F21", ""), `bad.csv:2: column F21: "" is not a number`},
		{"NaN", editCSV(good, 3, "S22", "NaN"), `bad.csv:4: column S22: "NaN" is not a finite`},
		{"Inf", editCSV(good, 1, "I1", "-Inf"), `bad.csv:2: column I1: "-Inf" is not a finite`},
		{"overflow", editCSV(good, 2, "d", "1e400"), `bad.csv:3: column d: "1e400" is not a finite`},
		{"det F < 0", minimal + idRow + "-1,0,0,0,1,0,0,0,1,0,0,0,0,0,0\n", "bad.csv:3: det F = -1"},
		{"det F = 0", minimal + "1,0,0,0,0,0,0,0,1,0,0,0,0,0,0\n", "bad.csv:2: det F = 0"},
		{"F not finite", minimal + "1,0,0,0,1e999,0,0,0,1,0,0,0,0,0,0\n", `bad.csv:2: column F22: "1e999"`},
		{"I1 inconsistent", editCSV(good, 2, "I1", "3.5"), "bad.csv:3: column I1 = 3.5, but F gives"},
		{"E12 inconsistent", editCSV(good, 4, "E12", "0.3"), "bad.csv:5: column E12 = 0.3, but F gives"},
		{"S_true inconsistent", editCSV(good, 1, "S23_true", "0.123"), "bad.csv:2: column S23_true = 0.123, but F gives"},
		{"bare quote", minimal + idRow + `1,0,0,0,1,0,0,0,1,0,0,0,0,0,0"x` + "\n", "bad.csv:3: "},
		{"quoted line break", minimal + idRow + "1,0,0,0,1,0,0,0,1,\"0\n\",0,0,0,0,x\n", `bad.csv:3: column S12: "x" is not a number (field on line 4)`},
	} {
		_, err := ReadCSV(strings.NewReader(c.data), "bad.csv")
		if err == nil {
			t.Errorf("%s: no error", c.name)
			continue
		}
		if msg := err.Error(); !strings.Contains(msg, strings.ReplaceAll(c.want, "\n", `\n`)) || strings.Contains(msg, "\n") {
			t.Errorf("%s: error %q, want one line containing %q", c.name, msg, c.want)
		}
	}
}

func TestCSVFiles(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "train.csv")
	train, _ := mustGenerate(t, PaperData(0.1, 1))
	for range 2 { // the second write replaces the first
		if err := WriteCSVFile(path, train); err != nil {
			t.Fatal(err)
		}
	}
	got, err := ReadCSVFile(path)
	if err != nil || !slices.Equal(got, train) {
		t.Fatalf("read back: %v", err)
	}
	entries, _ := os.ReadDir(dir)
	if info, _ := os.Stat(path); len(entries) != 1 || info.Mode().Perm() != 0o644 {
		t.Errorf("folder holds %d entries (want 1), mode %v (want 0644)", len(entries), info.Mode().Perm())
	}
	if err := WriteCSVFile(filepath.Join(dir, "missing", "x.csv"), train); err == nil || !strings.Contains(err.Error(), "x.csv") {
		t.Errorf("writing into a missing folder: %v", err)
	}
	if _, err := ReadCSVFile(filepath.Join(dir, "none.csv")); err == nil || !strings.Contains(err.Error(), "none.csv") {
		t.Errorf("reading a missing file: %v", err)
	}
}

// FuzzReadCSV: ReadCSV never panics; its errors are one line starting
// "NAME:"; what it accepts it writes back and reads again unchanged.
func FuzzReadCSV(f *testing.F) {
	train, test := mustGenerate(f, PaperData(0.1, 1))
	f.Add(csvBytes(f, train[:2]))
	f.Add(csvBytes(f, test[:2]))
	f.Add([]byte("F11,F12,F13,F21,F22,F23,F31,F32,F33,S11,S22,S33,S23,S13,S12\n1,0,0,0,1,0,0,0,1,0,0,0,0,0,0\n"))
	f.Add([]byte("F11,F12\n1,\"2\n"))
	f.Add([]byte(""))
	f.Fuzz(func(t *testing.T, data []byte) {
		got, err := ReadCSV(bytes.NewReader(data), "fuzz.csv")
		if err != nil {
			if msg := err.Error(); !strings.HasPrefix(msg, "fuzz.csv:") || strings.Contains(msg, "\n") {
				t.Fatalf("error %q is not one line starting with the name", msg)
			}
			return
		}
		again, err := ReadCSV(bytes.NewReader(csvBytes(t, got)), "again.csv")
		if err != nil {
			t.Fatalf("accepted samples do not read back: %v", err)
		}
		if !slices.Equal(again, got) {
			t.Fatal("accepted samples change in a round trip")
		}
	})
}

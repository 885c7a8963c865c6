package ensemble

import (
	"bytes"
	"reflect"
	"strings"
	"testing"
)

// FuzzRead checks that Read never panics, and that whatever it accepts is
// valid and survives a Write and a second Read unchanged.
func FuzzRead(f *testing.F) {
	// Small seeds: the engine minimises every new interesting input, which
	// is slow for a file of the paper's 1020 parameters.
	var buf bytes.Buffer
	small := New([]int{2, 2, 1}, [][]float64{{1e-7, -0.5, 5e-324, 1e21, 0, -3}, {0.1, 2, 3, 4, 5, 6}}, map[string]any{"alpha": 0.5, "note": "seed"})
	if err := Write(&buf, small); err != nil {
		f.Fatal(err)
	}
	f.Add(buf.Bytes())
	f.Add([]byte(`{"format": "csvgd-ensemble", "version": 1, "widths": [2, 1], "particles": [[1, -0], [2e-300, 3]], "meta": {"a": [1, {"b": null}]}}`))
	f.Add([]byte(`{"format": "csvgd-ensemble", "version": 1, "widths": [2, 1], "particles": [[1, null]]}`))
	f.Add([]byte(`{"format": "csvgd-ensemble", "version": 2}`))
	f.Add([]byte(`{"format": "csvgd-ensemble", "version": 1, "widths": [4294967296, 4294967296], "particles": [[]]}`))
	f.Add([]byte(`[`))
	f.Fuzz(func(t *testing.T, data []byte) {
		got, err := Read(bytes.NewReader(data), "fuzz")
		if err != nil {
			if !strings.Contains(err.Error(), "fuzz") {
				t.Fatalf("error does not name the input: %v", err)
			}
			return
		}
		if err := got.Validate(); err != nil {
			t.Fatalf("Read accepted an invalid file: %v", err)
		}
		var out bytes.Buffer
		if err := Write(&out, got); err != nil {
			t.Fatalf("cannot write what was read: %v", err)
		}
		again, err := Read(&out, "rewritten")
		if err != nil {
			t.Fatalf("cannot read what was written: %v", err)
		}
		if !reflect.DeepEqual(again.Widths, got.Widths) || !sameBits(again.Particles, got.Particles) || !reflect.DeepEqual(again.Meta, got.Meta) {
			t.Fatal("a second round trip changed the file")
		}
	})
}

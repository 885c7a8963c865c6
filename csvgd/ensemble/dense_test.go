package ensemble

import (
	"bytes"
	"reflect"
	"strings"
	"testing"
)

// denseFile is a small file of dense networks: 2 inputs, 3 hidden units,
// 1 target, so (2+1) 3 + (3+1) 1 + 1 + 1 = 15 values per particle.
func denseFile() *File {
	d := Dense{Activation: "relu", Inputs: []Column{{"a", 1, 2}, {"b", -3, 0.5}}, Targets: []Column{{"y", 10, 4}}}
	ps := [][]float64{make([]float64, 15), make([]float64, 15)}
	for a := range ps {
		for i := range ps[a] {
			ps[a][i] = float64(a) + float64(i)/7
		}
	}
	return NewDense([]int{2, 3, 1}, ps, d, map[string]any{"fit": "test"})
}

// TestDenseRoundTrip: a file of dense networks is written as version 4
// with its network and block, without "inputs", and reads back the same.
func TestDenseRoundTrip(t *testing.T) {
	f := denseFile()
	var buf bytes.Buffer
	if err := Write(&buf, f); err != nil {
		t.Fatal(err)
	}
	text := buf.String()
	if !strings.Contains(text, `"version": 4`) || !strings.Contains(text, `"network": "dense"`) || strings.Contains(text, `"inputs": "`) {
		t.Errorf("written:\n%s", text)
	}
	got, err := Read(strings.NewReader(text), "dense.json")
	if err != nil {
		t.Fatal(err)
	}
	if !got.IsDense() || !reflect.DeepEqual(got.Dense, f.Dense) || !sameBits(got.Particles, f.Particles) || got.Version != 4 {
		t.Errorf("read back %+v", got)
	}
	if DenseParams([]int{2, 3, 1}) != 15 || DenseParams([]int{6, 50, 1}) != 403 || DenseParams([]int{3, 0, 1}) != -1 {
		t.Errorf("DenseParams: %d, %d, %d", DenseParams([]int{2, 3, 1}), DenseParams([]int{6, 50, 1}), DenseParams([]int{3, 0, 1}))
	}
}

// TestDenseFileErrors: bad dense files are one error naming the problem.
func TestDenseFileErrors(t *testing.T) {
	var buf bytes.Buffer
	if err := Write(&buf, denseFile()); err != nil {
		t.Fatal(err)
	}
	good := buf.String()
	for _, c := range []struct{ name, from, to, want string }{
		{"activation", `"relu"`, `"swish"`, `dense activation "swish"`},
		{"zero sd", `"sd": 4`, `"sd": 0`, `dense column "y"`},
		{"width", `"widths": [2,3,1]`, `"widths": [2,4,1]`, "particle 0 has 15 parameters"},
		{"inputs", `"widths": [2,3,1]`, `"widths": [3,3,1]`, "2 inputs and 1 targets for widths [3 3 1]"},
		{"old version", `"version": 4`, `"version": 3`, `version 3 with a "network" field`},
		{"network", `"network": "dense"`, `"network": "lstm"`, `network "lstm"`},
	} {
		_, err := Read(strings.NewReader(strings.Replace(good, c.from, c.to, 1)), "d.json")
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "d.json") {
			t.Errorf("%s: error %v, want one naming d.json and %q", c.name, err, c.want)
		}
	}
}

package icnn

import (
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/ensemble"
)

// TestArchOf: a file's widths and inputs make the network; a version 1
// file (no inputs field) is a network on the shifted invariants.
func TestArchOf(t *testing.T) {
	f := ensemble.New([]int{3, 2, 1}, [][]float64{make([]float64, 8)}, nil)
	if a, err := ArchOf(f); err != nil || a.Inputs != Raw || a.NumParams() != 8 {
		t.Errorf("new file: %+v, %v; want raw inputs and 8 parameters", a, err)
	}
	old, err := ensemble.Read(strings.NewReader(`{"format": "csvgd-ensemble", "version": 1, "widths": [3, 1], "particles": [[1, 2, 3]]}`), "old.json")
	if err != nil {
		t.Fatal(err)
	}
	if a, err := ArchOf(old); err != nil || a.Inputs != Shifted {
		t.Errorf("version 1 file: %+v, %v; want shifted inputs", a, err)
	}
	f.Inputs = "centred"
	if _, err := ArchOf(f); err == nil || !strings.Contains(err.Error(), "centred") {
		t.Errorf("unknown inputs: error %v, want one naming them", err)
	}
}

package icnn

import (
	"fmt"

	"github.com/csvgd/csvgd-go/csvgd/ensemble"
)

// ArchOf is the network of a saved ensemble: its widths and its inputs
// (a version 1 file's are the shifted invariants: see [ensemble.File]).
func ArchOf(f *ensemble.File) (Arch, error) {
	if f.IsDense() {
		return Arch{}, fmt.Errorf("icnn: the ensemble file holds dense networks (csvgd fit), not input-convex ones (csvgd train)")
	}
	in, err := ParseInputs(f.Inputs)
	if err != nil {
		return Arch{}, fmt.Errorf("icnn: ensemble file: %w", err)
	}
	a := Arch{Widths: append([]int(nil), f.Widths...), Inputs: in}
	return a, a.Validate()
}

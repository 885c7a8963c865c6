package train

import (
	"fmt"

	"github.com/csvgd/csvgd-go/csvgd/condense"
)

// validateAlign reports an unknown alignment or reference, and an
// assignment for a method without condensation stages.
func (c Config) validateAlign() error {
	a, err := condense.ParseAlignment(string(c.Align))
	if err != nil {
		return err
	}
	if _, err := condense.ParseReference(string(c.AlignRef)); err != nil {
		return err
	}
	if a == condense.ByAssignment && c.Method != CSVGD {
		return fmt.Errorf("alignment %q needs method csvgd (it runs at each condensation), not %q", c.Align, c.Method)
	}
	return nil
}

// align is the node order of Config.Align for the condensed ensemble res:
// res itself (sorted by importance), or res matched to a reference by
// linear assignment ([condense.Align]), whose maps carry the optimizer
// state along as Condense's do.
func (c Config) align(res condense.Result) (condense.Result, error) {
	if c.Align != condense.ByAssignment {
		return res, nil
	}
	return condense.Align(res, condense.AlignOptions{Reference: c.AlignRef})
}

package main

import (
	"github.com/csvgd/csvgd-go/csvgd/condense"
)

// alignFlags registers -align and -align-ref, shared by train and
// condense. Their defaults (importance, medoid) are the zero values of
// condense.Alignment and condense.Reference, which train.Config omits in
// JSON, so that a run with the defaults has the configuration (and
// checkpoints) of one from before the flags existed.
func alignFlags(fs *flagSet, align *condense.Alignment, ref *condense.Reference) {
	fs.Func("align", "node order after condensation: importance (the paper's sort, the default) or assignment (matched to a reference by linear assignment)", func(s string) error {
		a, err := condense.ParseAlignment(s)
		*align = a
		return err
	})
	fs.Func("align-ref", "reference of -align assignment: medoid (the default) or barycenter", func(s string) error {
		r, err := condense.ParseReference(s)
		*ref = r
		return err
	})
}

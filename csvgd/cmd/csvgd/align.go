package main

import (
	"github.com/csvgd/csvgd-go/csvgd/condense"
)

// alignFlags registers -align and -align-ref, shared by train and
// condense. They store the defaults (importance, medoid) as "", the zero
// values of train.Config, so that a run with the defaults has the
// configuration (and checkpoints) of one from before the flags existed.
func alignFlags(fs *flagSet, align *condense.Alignment, ref *condense.Reference) {
	fs.Func("align", "node order after condensation: importance (the paper's sort, the default) or assignment (matched to a reference by linear assignment)", func(s string) error {
		a, err := condense.ParseAlignment(s)
		if a == condense.ByImportance {
			a = ""
		}
		*align = a
		return err
	})
	fs.Func("align-ref", "reference of -align assignment: medoid (the default) or barycenter", func(s string) error {
		r, err := condense.ParseReference(s)
		if r == condense.Medoid {
			r = ""
		}
		*ref = r
		return err
	})
}

// alignName is the alignment a configuration names ("" is importance).
func alignName(align condense.Alignment) string {
	if align == "" {
		return string(condense.ByImportance)
	}
	return string(align)
}

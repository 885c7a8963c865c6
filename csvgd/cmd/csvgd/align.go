package main

import (
	"github.com/csvgd/csvgd-go/csvgd/condense"
)

// alignFlags registers -align and -align-ref, shared by train and condense.
func alignFlags(fs *flagSet, align, ref *string) {
	if *align == "" {
		*align = string(condense.ByImportance)
	}
	if *ref == "" {
		*ref = string(condense.Medoid)
	}
	fs.StringVar(align, "align", *align, "node order after condensation: importance (the paper's sort) or assignment (matched to a reference by linear assignment)")
	fs.StringVar(ref, "align-ref", *ref, "reference of -align assignment: medoid or barycenter")
}

// parseAlign checks the values of -align and -align-ref.
func parseAlign(align, ref string) (condense.Alignment, condense.AlignOptions, error) {
	a, err := condense.ParseAlignment(align)
	if err != nil {
		return "", condense.AlignOptions{}, err
	}
	r, err := condense.ParseReference(ref)
	return a, condense.AlignOptions{Reference: r}, err
}

// alignName is the alignment a configuration names ("" is importance).
func alignName(align string) string {
	a, err := condense.ParseAlignment(align)
	if err != nil {
		return align
	}
	return string(a)
}

// canonicalAlign writes the defaults of -align and -align-ref as "", the
// zero values of train.Config, so that a run with the defaults has the
// configuration (and checkpoints) of one from before the flags existed.
func canonicalAlign(align, ref *string) {
	if *align == string(condense.ByImportance) {
		*align = ""
	}
	if *ref == string(condense.Medoid) {
		*ref = ""
	}
}

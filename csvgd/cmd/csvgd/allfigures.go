package main

import "github.com/csvgd/csvgd-go/csvgd/study"

// allFigures are the paper's figures, then those beyond it.
func allFigures() []study.Figure {
	return append(study.PaperFigures(), study.BeyondFigures()...)
}

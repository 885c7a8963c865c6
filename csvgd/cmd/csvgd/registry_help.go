package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/csvgd/csvgd-go/csvgd/study"
)

// The parts of the help that name the figures and tables: written from
// the registry of package study, so that they never name a figure it does
// not know, nor count them wrong.

// figureNames lists the names of figs, comma-separated.
func figureNames(figs []study.Figure) string {
	names := make([]string, len(figs))
	for i, f := range figs {
		names[i] = f.Name
	}
	return strings.Join(names, ", ")
}

// tableNames lists the tables of reproduce.
func tableNames() string {
	var names []string
	for _, g := range generatedTables {
		names = append(names, g.Name)
	}
	return strings.Join(names, ", ")
}

// studyNamesHelp lists the names that -study takes: the figures and tables
// that read cached jobs.
func studyNamesHelp() string {
	var names []string
	for _, e := range study.Entries() {
		if e.ReadsCache() && !slices.Contains(names, e.Name) {
			names = append(names, e.Name)
		}
	}
	return strings.Join(names, ", ")
}

// reproduceSummary is reproduce's line in csvgd help.
func reproduceSummary() string {
	return fmt.Sprintf("run every study, write its %d figures (%d of the paper's, %d beyond it) and %d tables",
		len(study.Figures()), len(study.PaperFigures()), len(study.BeyondFigures()), len(generatedTables))
}

// reproduceOutputs is the part of reproduce's help that names what it
// writes: the figures, then every table with its file and document.
func reproduceOutputs() string {
	var b strings.Builder
	fmt.Fprintf(&b, "It writes the paper's %d figures as DIR/NAME.png and .svg:\n  %s\n", len(study.PaperFigures()), wrapNames(figureNames(study.PaperFigures())))
	fmt.Fprintf(&b, "then the %d figures beyond the paper:\n  %s\n", len(study.BeyondFigures()), wrapNames(figureNames(study.BeyondFigures())))
	fmt.Fprintf(&b, "and the %d tables, as DIR/FILE, on stdout and, in full mode, into their blocks of docs/DOCUMENT:\n", len(generatedTables))
	for _, g := range generatedTables {
		fmt.Fprintf(&b, "  %-20s %-23s %-19s %s\n", g.Name, g.File, g.Doc, g.About)
	}
	return b.String()
}

// wrapNames breaks a comma-separated list into lines of at most about 100
// characters, indented by two spaces.
func wrapNames(list string) string {
	var lines []string
	line := ""
	for _, w := range strings.SplitAfter(list, ", ") {
		if len(line)+len(w) > 100 {
			lines, line = append(lines, strings.TrimSpace(line)), ""
		}
		line += w
	}
	return strings.Join(append(lines, line), "\n  ")
}

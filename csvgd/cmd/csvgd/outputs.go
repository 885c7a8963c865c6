package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/csvgd/csvgd-go/csvgd/study"
)

// The figures and tables that csvgd figures and csvgd reproduce make:
// those of the registry of package study (study.Figures, study.Tables),
// picked by -only.

// selectFigures returns the figures named in the comma-separated list only
// (all when empty), or an error naming an unknown one.
func selectFigures(only string) ([]study.Figure, error) {
	all := study.Figures()
	if only == "" {
		return all, nil
	}
	var todo []study.Figure
	for _, n := range splitNames(only) {
		i := slices.IndexFunc(all, func(f study.Figure) bool { return f.Name == n })
		if i < 0 {
			return nil, fmt.Errorf("unknown figure %q (known: %s)", n, figureNames(all))
		}
		todo = append(todo, all[i])
	}
	return todo, nil
}

// selectOutputs splits -only into the figures and tables it names (all
// of both when it is empty; a name of both, such as variance_collapse, is
// both), or reports a name that is neither.
func selectOutputs(only string) ([]study.Figure, []generatedTable, error) {
	if only == "" {
		return study.Figures(), generatedTables, nil
	}
	var figs []study.Figure
	var tables []generatedTable
	for _, n := range splitNames(only) {
		i := slices.IndexFunc(generatedTables, func(g generatedTable) bool { return g.Name == n })
		if i >= 0 {
			tables = append(tables, generatedTables[i])
		}
		f, err := selectFigures(n)
		switch {
		case err == nil:
			figs = append(figs, f...)
		case i < 0:
			return nil, nil, fmt.Errorf("-only: %q is neither a figure nor a table (tables: %s)", n, tableNames())
		}
	}
	return figs, tables, nil
}

// splitNames splits a comma-separated list of names.
func splitNames(list string) []string {
	names := strings.Split(list, ",")
	for i := range names {
		names[i] = strings.TrimSpace(names[i])
	}
	return names
}

// outputStudies are the studies behind figs and tables that read cached
// jobs, each once; all reports that every study is wanted (reproduce
// without -only).
func outputStudies(figs []study.Figure, tables []generatedTable, all bool) ([]string, bool) {
	if all {
		return nil, true
	}
	var names []string
	add := func(e study.Entry) {
		if e.ReadsCache() && !slices.Contains(names, e.Name) {
			names = append(names, e.Name)
		}
	}
	for _, f := range figs {
		add(f.Entry)
	}
	for _, g := range tables {
		add(g.Entry)
	}
	return names, false
}

// partOutputs are the figures and tables of part among figs and tables.
func partOutputs(part study.Part, figs []study.Figure, tables []generatedTable) ([]study.Figure, []generatedTable) {
	figs = slices.DeleteFunc(slices.Clone(figs), func(f study.Figure) bool { return f.Part != part })
	tables = slices.DeleteFunc(slices.Clone(tables), func(g generatedTable) bool { return g.Part != part })
	return figs, tables
}

package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/csvgd/csvgd-go/csvgd/speed"
)

// versionsTable is the block of docs/speed.md with the comparison of
// builds, written by `csvgd bench -build ... -doc docs/speed.md` (which
// scripts/bench-versions.sh runs after measuring each build).
var versionsTable = generatedBy("versions", "scripts/bench-versions.sh")

// buildList is the repeatable -build flag: LABEL=FILE[,FILE...], the
// `csvgd bench -json` reports of one build, one per round.
type buildList []string

func (b *buildList) String() string { return strings.Join(*b, " ") }

func (b *buildList) Set(v string) error {
	label, files, ok := strings.Cut(v, "=")
	if !ok || strings.TrimSpace(label) == "" || strings.TrimSpace(files) == "" {
		return fmt.Errorf("%q: want LABEL=FILE[,FILE...]", v)
	}
	*b = append(*b, v)
	return nil
}

// loadBuilds reads the reports of every -build.
func loadBuilds(list buildList) ([]speed.Build, error) {
	var builds []speed.Build
	for _, v := range list {
		label, files, _ := strings.Cut(v, "=")
		b := speed.Build{Label: strings.TrimSpace(label)}
		for _, f := range strings.Split(files, ",") {
			rep, err := readReport(strings.TrimSpace(f))
			if err != nil {
				return nil, fmt.Errorf("-build %s: %w", b.Label, err)
			}
			b.Reports = append(b.Reports, rep)
		}
		builds = append(builds, b)
	}
	return builds, nil
}

// readReport reads one `csvgd bench -json` report.
func readReport(path string) (*speed.Report, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var rep speed.Report
	if err := json.Unmarshal(raw, &rep); err != nil {
		return nil, fmt.Errorf("%s: not a csvgd bench -json report: %w", path, err)
	}
	if len(rep.Results) == 0 {
		return nil, fmt.Errorf("%s: a report with no results", path)
	}
	return &rep, nil
}

// compareBuilds prints the comparison of the builds' reports and writes it
// into the versions block of doc when doc is set. Reports that cannot be
// read or compared and a doc without the block are errors in the input
// ([badInput]); an error writing is not.
func compareBuilds(list buildList, anchor, doc string, stdout io.Writer) error {
	if doc != "" {
		if err := versionsTable.check(doc); err != nil {
			return badInput(fmt.Errorf("-doc: %w", err))
		}
	}
	builds, err := loadBuilds(list)
	if err != nil {
		return badInput(err)
	}
	c, err := speed.Compare(builds, anchor)
	if err != nil {
		return badInput(err)
	}
	var table strings.Builder
	if err := c.WriteMarkdown(&table); err != nil {
		return err
	}
	if _, err := io.WriteString(stdout, table.String()); err != nil {
		return err
	}
	if doc == "" {
		return nil
	}
	return versionsTable.replace(doc, table.String())
}

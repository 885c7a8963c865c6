package main

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/study"
)

// TestReproduceHelpNamesTheRegistry: csvgd reproduce -h names every
// figure and table of the registry, with each table's file and document,
// and csvgd figures -h every figure.
func TestReproduceHelpNamesTheRegistry(t *testing.T) {
	_, reproduce, _ := runCLI("reproduce", "-h")
	_, figures, _ := runCLI("figures", "-h")
	for _, f := range study.Figures() {
		if !strings.Contains(reproduce, " "+f.Name) || !strings.Contains(figures, " "+f.Name) {
			t.Errorf("the help of reproduce or figures does not name the figure %s", f.Name)
		}
	}
	for _, tb := range study.Tables() {
		if !regexp.MustCompile(`(?m)^  ` + regexp.QuoteMeta(tb.Name) + ` +` + regexp.QuoteMeta(tb.File) + ` +` + regexp.QuoteMeta(tb.Doc)).MatchString(reproduce) {
			t.Errorf("the help of reproduce does not name the table %s with %s and %s", tb.Name, tb.File, tb.Doc)
		}
	}
}

// figureCount is a count of figures or tables in prose: "13 figures",
// "all thirteen figures", "the paper's 13 figures", "8 figures beyond the
// paper", "7 tables"; a section number before it ("Sec. 5.4 figures") is
// not a count.
var figureCount = regexp.MustCompile(`(?i)(Secs?\.\s+[\d.]*)?(paper's\s+)?\b(\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty[-\w]*|thirty[-\w]*)\s+(figures|tables)\b(\s+beyond)?`)

// wantCount is the registry's count for a match of figureCount: of the
// paper's figures, of those beyond it, of all figures, or of the tables.
func wantCount(m []string) int {
	switch {
	case strings.EqualFold(m[4], "tables"):
		return len(study.Tables())
	case m[2] != "":
		return len(study.PaperFigures())
	case m[5] != "":
		return len(study.BeyondFigures())
	}
	return len(study.Figures())
}

// TestNoWrongFigureCount: the Makefile, the README, the documents under
// docs/ and the help of the commands that make figures state no count of
// figures or tables that disagrees with the registry.
func TestNoWrongFigureCount(t *testing.T) {
	root := filepath.Join("..", "..", "..")
	docs, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	texts := map[string]string{}
	for _, path := range append(docs, filepath.Join(root, "Makefile"), filepath.Join(root, "README.md")) {
		raw, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		texts[path] = string(raw)
	}
	for _, args := range [][]string{{"help"}, {"reproduce", "-h"}, {"figures", "-h"}, {"runs", "list", "-h"}} {
		_, out, _ := runCLI(args...)
		texts["csvgd "+strings.Join(args, " ")] = out
	}
	for where, text := range texts {
		for _, m := range figureCount.FindAllStringSubmatch(text, -1) {
			if want := wantCount(m); m[1] == "" && countOf(m[3]) != want {
				t.Errorf("%s: %q, but the registry makes %d", where, m[0], want)
			}
		}
	}
}

// countOf reads a count written in digits or as an English word up to
// twenty; a larger word is -1, which no registry count equals.
func countOf(s string) int {
	if n, err := strconv.Atoi(s); err == nil {
		return n
	}
	words := []string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
		"eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty"}
	return slices.Index(words, strings.ToLower(s))
}

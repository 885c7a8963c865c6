package main

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/study"
)

// TestReplaceResults: the block between the markers is replaced and the
// rest kept; a file without the markers is reported and left as it was.
func TestReplaceResults(t *testing.T) {
	results := generatedTables[0].block
	dir := t.TempDir()
	doc := filepath.Join(dir, "results.md")
	before := "# Title\n\ntext\n" + results.begin + "\nold table\n" + results.end + "\nafter\n"
	if err := os.WriteFile(doc, []byte(before), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := results.replace(doc, "| new |\n"); err != nil {
		t.Fatal(err)
	}
	want := "# Title\n\ntext\n" + results.begin + "\n| new |\n" + results.end + "\nafter\n"
	if raw, _ := os.ReadFile(doc); string(raw) != want {
		t.Errorf("document after replacement:\n%s\nwant:\n%s", raw, want)
	}
	plain := filepath.Join(dir, "plain.md")
	if err := os.WriteFile(plain, []byte("no markers\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := results.replace(plain, "| new |\n"); err == nil || !strings.Contains(err.Error(), "plain.md") {
		t.Errorf("file without markers: error %v, want one naming it", err)
	}
	if raw, _ := os.ReadFile(plain); string(raw) != "no markers\n" {
		t.Error("a file without markers was changed")
	}
}

func TestDocsTarget(t *testing.T) {
	for _, c := range []struct {
		flag  string
		quick bool
		want  string // "" none, "docs": the repository's
	}{
		{"none", false, ""},
		{"", true, ""},
		{"mydocs", true, "mydocs"},
		{"", false, "docs"},
	} {
		got, err := docsTarget(c.flag, c.quick)
		if err != nil || (c.want == "" && got != "") || (c.want != "" && filepath.Base(got) != c.want) {
			t.Errorf("docsTarget(%q, %v) = %q, %v; want %q", c.flag, c.quick, got, err, c.want)
		}
	}
}

// TestDocBlocks: the repository's documents hold the blocks that
// reproduce and bench fill, each once.
func TestDocBlocks(t *testing.T) {
	docs := filepath.Join("..", "..", "..", "docs")
	type docAndBlock struct {
		file  string
		block docBlock
	}
	blocks := []docAndBlock{{"speed.md", speedTable}}
	for _, g := range generatedTables {
		blocks = append(blocks, docAndBlock{g.Doc, g.block})
	}
	for _, b := range blocks {
		raw, err := os.ReadFile(filepath.Join(docs, b.file))
		if err != nil {
			t.Fatal(err)
		}
		if strings.Count(string(raw), b.block.begin) != 1 || strings.Count(string(raw), b.block.end) != 1 {
			t.Errorf("docs/%s: the %s block's markers are not there exactly once", b.file, b.block.name)
		}
	}
}

// TestGeneratedNumbers: the generated tables, in their blocks of docs/
// and their files in figures/, print numbers as people write them: no
// floating-point residue such as 2.9999999999999996 (seven or more
// decimals).
func TestGeneratedNumbers(t *testing.T) {
	long := regexp.MustCompile(`\d\.\d{7,}`)
	for _, g := range generatedTables {
		doc, i, err := g.block.find(filepath.Join("..", "..", "..", "docs", g.Doc))
		if err != nil {
			t.Fatal(err)
		}
		block := doc[i:strings.Index(doc, g.block.end)]
		file, err := os.ReadFile(filepath.Join("..", "..", "..", "figures", g.File))
		if err != nil {
			t.Fatal(err)
		}
		for where, text := range map[string]string{"docs/" + g.Doc: block, "figures/" + g.File: string(file)} {
			if m := long.FindAllString(text, 3); m != nil {
				t.Errorf("%s, the %s table: numbers with floating-point residue %v", where, g.Name, m)
			}
		}
	}
}

// TestSelectOutputs: -only picks figures and tables by name (a name of
// both, such as variance_collapse, is both), prepares only the studies
// that read the cache, and refuses an unknown name with the known tables.
func TestSelectOutputs(t *testing.T) {
	figs, tables, err := selectOutputs("")
	if err != nil || len(figs) != len(study.Figures()) || len(tables) != len(generatedTables) {
		t.Fatalf("all: %d figures, %d tables, %v", len(figs), len(tables), err)
	}
	if _, all := outputStudies(figs, tables, true); !all {
		t.Errorf("no -only: want every study prepared")
	}
	figs, tables, err = selectOutputs("stein_vs_nuts, exact-posterior,prior_family,variance_collapse")
	if err != nil || len(figs) != 3 || len(tables) != 2 || tables[0].block.name != "exact-posterior" {
		t.Fatalf("four names: %d figures, %d tables, %v", len(figs), len(tables), err)
	}
	names, all := outputStudies(figs, tables, false)
	for _, want := range []string{"stein_vs_nuts", "exact-posterior", "variance_collapse"} {
		if all || !slices.Contains(names, want) {
			t.Errorf("studies to prepare %v (all %v): want %s among them", names, all, want)
		}
	}
	if slices.Contains(names, "prior_family") {
		t.Errorf("studies to prepare %v: prior_family reads no cached run", names)
	}
	if _, _, err := selectOutputs("stein_vs_nuts,nope"); err == nil || !strings.Contains(err.Error(), `"nope"`) || !strings.Contains(err.Error(), "exact-posterior-mvn") {
		t.Errorf("unknown name: %v", err)
	}
}

// TestPartOutputs: -part paper keeps the paper's figures and tables (and
// the few beyond it that the paper's notebooks show), -part beyond the
// rest; each figure and table is in exactly one.
func TestPartOutputs(t *testing.T) {
	allFigs, allTables, err := selectOutputs("")
	if err != nil {
		t.Fatal(err)
	}
	nFigs, nTables := 0, 0
	for _, part := range study.Parts {
		figs, tables := partOutputs(part, allFigs, allTables)
		nFigs, nTables = nFigs+len(figs), nTables+len(tables)
		for _, f := range figs {
			if f.Part != part {
				t.Errorf("-part %s: figure %s of part %s", part, f.Name, f.Part)
			}
		}
		names := []string{}
		for _, g := range tables {
			names = append(names, g.Name)
		}
		switch part {
		case study.PaperPart:
			if !slices.Contains(names, "results") || slices.Contains(names, "exact-posterior") {
				t.Errorf("-part paper: tables %v", names)
			}
		case study.BeyondPart:
			if slices.Contains(names, "results") || !slices.Contains(names, "newton") {
				t.Errorf("-part beyond: tables %v", names)
			}
		}
	}
	if nFigs != len(allFigs) || nTables != len(allTables) {
		t.Errorf("the parts hold %d figures and %d tables, of %d and %d", nFigs, nTables, len(allFigs), len(allTables))
	}
}

// TestReproducePartFlag: an unknown part, and -part with -only, are
// refused before any work, naming the bad value.
func TestReproducePartFlag(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-part", "papers", "-docs", "none"}, `"papers"`},
		{[]string{"-part", "paper", "-only", "results", "-docs", "none"}, "-only and -part paper"},
	} {
		var out, errs strings.Builder
		if code := runReproduce(c.args, &out, &errs); code != 2 || !strings.Contains(errs.String(), c.want) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", c.args, code, errs.String(), c.want)
		}
	}
}

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReplaceResults: the block between the markers is replaced and the
// rest kept; a file without the markers is reported and left as it was.
func TestReplaceResults(t *testing.T) {
	dir := t.TempDir()
	readme := filepath.Join(dir, "README.md")
	before := "# Title\n\ntext\n" + results.begin + "\nold table\n" + results.end + "\nafter\n"
	if err := os.WriteFile(readme, []byte(before), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := results.replace(readme, "| new |\n"); err != nil {
		t.Fatal(err)
	}
	want := "# Title\n\ntext\n" + results.begin + "\n| new |\n" + results.end + "\nafter\n"
	if raw, _ := os.ReadFile(readme); string(raw) != want {
		t.Errorf("README after replacement:\n%s\nwant:\n%s", raw, want)
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

func TestReadmeTarget(t *testing.T) {
	for _, c := range []struct {
		flag  string
		quick bool
		want  string // "" none, "README.md": the repository's
	}{
		{"none", false, ""},
		{"", true, ""},
		{"x.md", true, "x.md"},
		{"", false, "README.md"},
	} {
		got, err := readmeTarget(c.flag, c.quick)
		if err != nil || (c.want == "" && got != "") || (c.want != "" && filepath.Base(got) != c.want) {
			t.Errorf("readmeTarget(%q, %v) = %q, %v; want %q", c.flag, c.quick, got, err, c.want)
		}
	}
}

// TestREADMEBlocks: the repository's README and docs/reading.md hold the
// blocks that reproduce fills (results, alignment; prior), each once.
func TestREADMEBlocks(t *testing.T) {
	readme := filepath.Join("..", "..", "..", "README.md")
	for path, blocks := range map[string][]readmeBlock{
		readme:             {results, alignmentResults},
		readingDoc(readme): {readingResults},
	} {
		raw, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range blocks {
			if strings.Count(string(raw), b.begin) != 1 || strings.Count(string(raw), b.end) != 1 {
				t.Errorf("%s: the %s block's markers are not there exactly once", path, b.name)
			}
		}
	}
}

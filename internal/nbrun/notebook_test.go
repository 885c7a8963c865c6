package nbrun

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// These tests read hand-written notebooks in testdata/ and need no Jupyter.

func TestProblemsErrorOutput(t *testing.T) {
	nb, err := ReadNotebook(filepath.Join("testdata", "error_output.ipynb"))
	if err != nil {
		t.Fatal(err)
	}
	problems := nb.Problems()
	if len(problems) != 1 {
		t.Fatalf("got %d problems, want 1: %v", len(problems), problems)
	}
	p := problems[0]
	if p.Cell != 2 || p.Kind != "error" || !strings.Contains(p.Message, "undefined: undefinedVariable") {
		t.Errorf("unexpected problem %q", p)
	}
	if got := nb.Images(); got != 0 {
		t.Errorf("Images() = %d, want 0", got)
	}
}

func TestProblemsExitStatus(t *testing.T) {
	problems, err := Check(filepath.Join("testdata", "exit_status.ipynb"))
	if err != nil {
		t.Fatal(err)
	}
	// Cell 0 has "exit status 3" on stdout and "exit status 1" mid-line on
	// stderr: neither counts. Cell 1 has "exit status 2" split across two
	// stderr outputs.
	if len(problems) != 1 {
		t.Fatalf("got %d problems, want 1: %v", len(problems), problems)
	}
	p := problems[0]
	if p.Cell != 1 || p.Kind != "exit status" || !strings.HasPrefix(p.Message, "exit status 2") ||
		!strings.Contains(p.Message, "panic: deliberate failure") {
		t.Errorf("unexpected problem %q", p)
	}
}

func TestCleanNotebookWithImages(t *testing.T) {
	path := filepath.Join("testdata", "clean_image.ipynb")
	nb, err := ReadNotebook(path)
	if err != nil {
		t.Fatal(err)
	}
	if problems := nb.Problems(); len(problems) != 0 {
		t.Errorf("got problems %v, want none", problems)
	}
	// image/png; text/html with <SVG>; execute_result with both <img> and
	// image/png (counted once). The HTML without an image does not count.
	if got := nb.Images(); got != 3 {
		t.Errorf("Images() = %d, want 3", got)
	}
	if n, err := CountImages(path); err != nil || n != 3 {
		t.Errorf("CountImages() = %d, %v; want 3, nil", n, err)
	}
	if got := nb.Metadata.Csvgd.MinImages; got != 2 {
		t.Errorf("metadata csvgd.min_images = %d, want 2", got)
	}
	if got := string(nb.Cells[0].Source); got != "%%\nnbutil.DisplayPlot(p, 100, 100)" {
		t.Errorf("source joined as %q", got)
	}
}

func TestParseNotebookInvalid(t *testing.T) {
	if _, err := ParseNotebook([]byte(`{"cells": 3}`)); err == nil {
		t.Error("ParseNotebook accepted an invalid notebook")
	}
	if _, err := ReadNotebook(filepath.Join("testdata", "missing.ipynb")); err == nil {
		t.Error("ReadNotebook accepted a missing file")
	}
}

func TestSetGoLexer(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "error_output.ipynb"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "nb.ipynb")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := SetGoLexer(path); err != nil {
		t.Fatal(err)
	}
	out, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var nb struct {
		Cells    []json.RawMessage
		Metadata struct {
			Kernelspec   struct{ Name string }
			LanguageInfo struct {
				PygmentsLexer string `json:"pygments_lexer"`
			} `json:"language_info"`
		}
	}
	if err := json.Unmarshal(out, &nb); err != nil {
		t.Fatal(err)
	}
	if nb.Metadata.LanguageInfo.PygmentsLexer != "go" || nb.Metadata.Kernelspec.Name != "gonb" || len(nb.Cells) != 3 {
		t.Errorf("SetGoLexer wrote %s", out)
	}
}

func TestFindRoot(t *testing.T) {
	root, err := FindRoot(".")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "internal", "nbrun", "doc.go")); err != nil {
		t.Errorf("FindRoot = %s, which does not hold this package: %v", root, err)
	}
	if _, err := FindRoot(t.TempDir()); err == nil {
		t.Error("FindRoot found a root above a temporary directory")
	}
}

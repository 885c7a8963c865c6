package nbrun

import (
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"strings"
	"time"

	"github.com/csvgd/csvgd-go/csvgd/study"
)

// Notebook is the part of a Jupyter notebook (nbformat 4) that the checks read.
type Notebook struct {
	// Cells of the notebook, in order.
	Cells []Cell `json:"cells"`
	// Metadata is the notebook-level metadata.
	Metadata Metadata `json:"metadata"`
}

// Metadata is the notebook-level metadata the runner uses.
type Metadata struct {
	// Csvgd holds this project's own settings, under the "csvgd" key.
	Csvgd CsvgdMetadata `json:"csvgd"`
}

// CsvgdMetadata are the project settings a notebook declares in its
// metadata, e.g. {"csvgd": {"min_images": 3, "part": "paper"}}.
type CsvgdMetadata struct {
	// MinImages is the least number of image outputs (plots) an executed copy
	// of the notebook must contain.
	MinImages int `json:"min_images"`
	// Part is the part of the reproduction the notebook belongs to: "paper"
	// (make reproduce) or "beyond" (make beyond); see [study.Part].
	Part study.Part `json:"part"`
}

// Cell is one notebook cell.
type Cell struct {
	// CellType is "code", "markdown" or "raw".
	CellType string `json:"cell_type"`
	// Source is the cell's text.
	Source MultilineString `json:"source"`
	// Outputs are the outputs of a code cell.
	Outputs []Output `json:"outputs"`
	// Metadata is the cell's metadata.
	Metadata CellMetadata `json:"metadata"`
	// outputsHash is [OutputsHash] of the cell's outputs as the file
	// holds them.
	outputsHash string
}

// CellMetadata is the part of a cell's metadata the runner reads.
type CellMetadata struct {
	// Csvgd is what produced a code cell's outputs, as the runner recorded
	// it ([Finish]); empty in a notebook the runner did not keep.
	Csvgd Stamp `json:"csvgd"`
	// Execution holds the times at which nbconvert ran the cell (in its
	// executed copy only: [Finish] drops them).
	Execution Execution `json:"execution"`
}

// Execution is nbconvert's record of when it ran a cell.
type Execution struct {
	Start time.Time `json:"iopub.execute_input"`
	End   time.Time `json:"shell.execute_reply"`
}

// Output is one output of a code cell.
type Output struct {
	// OutputType is "stream", "display_data", "execute_result" or "error".
	OutputType string `json:"output_type"`
	// Name is the stream name ("stdout" or "stderr") of a "stream" output.
	Name string `json:"name"`
	// Text is the text of a "stream" output.
	Text MultilineString `json:"text"`
	// Data maps MIME types to the content of a "display_data" or
	// "execute_result" output.
	Data map[string]MultilineString `json:"data"`
	// Ename is the error name of an "error" output.
	Ename string `json:"ename"`
	// Evalue is the error message of an "error" output.
	Evalue string `json:"evalue"`
	// Traceback is the traceback of an "error" output.
	Traceback []string `json:"traceback"`
}

// MultilineString is a notebook text field, which nbformat stores either as one
// JSON string or as a list of strings to be concatenated.
type MultilineString string

// UnmarshalJSON accepts a JSON string or a list of strings. Other JSON values
// (as in "application/json" outputs) are kept as their raw JSON text.
func (m *MultilineString) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		*m = MultilineString(s)
		return nil
	}
	var parts []string
	if err := json.Unmarshal(b, &parts); err == nil {
		*m = MultilineString(strings.Join(parts, ""))
		return nil
	}
	*m = MultilineString(b)
	return nil
}

// Problem is one failure found in an executed notebook.
type Problem struct {
	// Cell is the 0-based index of the cell, counting all cell types; -1
	// for the notebook as a whole.
	Cell int
	// Kind is "error" for an error output or "exit status" for a program
	// that exited with a non-zero status ([Notebook.Problems]); "progress
	// bar", "backend banner", "cache log" or "machine path" for noise in the outputs
	// ([Notebook.Noise]); "no output", "not stamped", "stale" or "mode"
	// for a cell whose outputs cannot be kept ([Notebook.Stale]); "images"
	// for too few plots and "size" for a notebook too large to keep.
	Kind string
	// Message describes the failure.
	Message string
}

// String formats the problem for a test log.
func (p Problem) String() string {
	if p.Cell < 0 {
		return fmt.Sprintf("notebook: %s: %s", p.Kind, p.Message)
	}
	return fmt.Sprintf("cell %d: %s: %s", p.Cell, p.Kind, p.Message)
}

// ReadNotebook parses the notebook file at path.
func ReadNotebook(path string) (*Notebook, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("reading notebook: %w", err)
	}
	nb, err := ParseNotebook(data)
	if err != nil {
		return nil, fmt.Errorf("notebook %s: %w", path, err)
	}
	return nb, nil
}

// ParseNotebook parses a notebook's JSON.
func ParseNotebook(data []byte) (*Notebook, error) {
	var nb Notebook
	if err := json.Unmarshal(data, &nb); err != nil {
		return nil, fmt.Errorf("parsing notebook JSON: %w", err)
	}
	var raw struct {
		Cells []struct {
			Outputs json.RawMessage `json:"outputs"`
		} `json:"cells"`
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, fmt.Errorf("parsing notebook JSON: %w", err)
	}
	for i, c := range raw.Cells {
		h, err := OutputsHash(c.Outputs)
		if err != nil {
			return nil, fmt.Errorf("parsing the outputs of cell %d: %w", i, err)
		}
		nb.Cells[i].outputsHash = h
	}
	return &nb, nil
}

// exitStatusRE matches the line GoNB prints to stderr when a cell's program (or
// a shell command) exits with a non-zero status.
var exitStatusRE = regexp.MustCompile(`(?m)^exit status \d+\r?$`)

// Problems lists the failures recorded in an executed notebook: every "error"
// output, and every cell whose stderr contains a line "exit status N". The
// stderr of a cell is joined before matching, since a line may be split
// across several stream outputs.
func (nb *Notebook) Problems() []Problem {
	var problems []Problem
	for i, cell := range nb.Cells {
		var stderr strings.Builder
		for _, out := range cell.Outputs {
			switch {
			case out.OutputType == "error":
				msg := strings.TrimSpace(out.Ename + ": " + out.Evalue)
				if tb := strings.TrimSpace(strings.Join(out.Traceback, "\n")); tb != "" {
					msg += "\n" + tb
				}
				problems = append(problems, Problem{Cell: i, Kind: "error", Message: msg})
			case out.OutputType == "stream" && out.Name == "stderr":
				stderr.WriteString(string(out.Text))
			}
		}
		text := stderr.String()
		for _, line := range exitStatusRE.FindAllString(text, -1) {
			problems = append(problems, Problem{
				Cell:    i,
				Kind:    "exit status",
				Message: strings.TrimSpace(line) + "; stderr:\n" + tail(text, 4000),
			})
		}
	}
	return problems
}

// Images counts the image outputs of the notebook: "image/png" data, and
// "text/html" data containing an <img> or <svg> element (GoNB shows SVG
// wrapped in HTML). An output with several such representations counts once.
func (nb *Notebook) Images() int {
	n := 0
	for _, cell := range nb.Cells {
		for _, out := range cell.Outputs {
			if isImage(out) {
				n++
			}
		}
	}
	return n
}

// isImage reports whether a display output shows an image.
func isImage(out Output) bool {
	if out.OutputType != "display_data" && out.OutputType != "execute_result" {
		return false
	}
	if _, ok := out.Data["image/png"]; ok {
		return true
	}
	html := strings.ToLower(string(out.Data["text/html"]))
	return strings.Contains(html, "<img") || strings.Contains(html, "<svg")
}

// CountImages reads the notebook at path and returns its number of image
// outputs; see [Notebook.Images].
func CountImages(path string) (int, error) {
	nb, err := ReadNotebook(path)
	if err != nil {
		return 0, err
	}
	return nb.Images(), nil
}

// Check reads the executed notebook at path and returns its problems; see
// [Notebook.Problems].
func Check(path string) ([]Problem, error) {
	nb, err := ReadNotebook(path)
	if err != nil {
		return nil, err
	}
	return nb.Problems(), nil
}

// tail returns the last n bytes of s, marking a cut.
func tail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return "…" + s[len(s)-n:]
}

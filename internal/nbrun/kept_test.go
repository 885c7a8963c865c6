package nbrun

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/study"
)

// TestKeptNotebooks: every notebooks/*.ipynb of the repository is kept
// executed, in full mode, with the outputs of the sources it holds (see
// [CheckKept]): an output for every code cell, each stamped with the hash
// of its cell's source, no failure, no progress bar or log line, its
// plots, and at most MaxKeptSize bytes; and it declares its part. It
// executes nothing: `make notebooks` (or make reproduce and make beyond)
// executes them again after a change.
//
// A notebook of the part beyond the paper that holds no output at all is
// skipped, saying so: it waits for `make beyond`, whose hours of sampler
// runs it reads. Once any of its cells has an output it is held to every
// rule above.
func TestKeptNotebooks(t *testing.T) {
	_, paths := repoNotebooks(t)
	for _, path := range paths {
		t.Run(filepath.Base(path), func(t *testing.T) {
			if awaitsBeyond(t, path) {
				t.Skipf("%s is not executed yet: it reads the part beyond the paper, which make beyond computes and then executes it", filepath.Base(path))
			}
			problems, err := CheckKept(path)
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range problems {
				t.Errorf("%s", p)
			}
		})
	}
}

// executedJSON is a small notebook as nbconvert writes an executed copy:
// a markdown cell, and a code cell with nbconvert's timing metadata and
// its output split over three stream outputs.
const executedJSON = `{
 "cells": [
  {"cell_type": "markdown", "id": "m", "metadata": {}, "source": ["# Title <b>&</b>\n", "ünïcode"]},
  {"cell_type": "code", "execution_count": 1, "id": "c",
   "metadata": {"execution": {"iopub.execute_input": "2026-01-01T00:00:00.000000Z", "shell.execute_reply": "2026-01-01T00:00:07.000000Z"}, "tags": ["x"]},
   "outputs": [
    {"name": "stdout", "output_type": "stream", "text": ["a 0.5\n", "b"]},
    {"name": "stdout", "output_type": "stream", "text": " 1e-3\n"},
    {"name": "stderr", "output_type": "stream", "text": "warning\n"},
    {"data": {"image/png": "iVBORw0KGgo=\n", "text/plain": "<image>"}, "metadata": {}, "output_type": "display_data"}
   ],
   "source": ["%%\n", "fmt.Println(\"a\", 0.5)"]}
 ],
 "metadata": {"csvgd": {"min_images": 1, "part": "paper"}, "language_info": {"name": "go", "pygments_lexer": ""}},
 "nbformat": 4, "nbformat_minor": 5
}`

// TestFinish: the kept notebook stamps the code cell with its source's
// hash and the mode, drops the timing, joins the two stdout outputs, sets
// the Go lexer, keeps everything else, and is written as nbformat writes
// (sorted keys, one space of indent, unescaped, a final newline).
func TestFinish(t *testing.T) {
	before, err := ParseNotebook([]byte(executedJSON))
	if err != nil {
		t.Fatal(err)
	}
	if times := before.CellTimes(); len(times) != 1 || times[0].Cell != 1 || times[0].Duration.Seconds() != 7 {
		t.Errorf("CellTimes() = %v, want cell 1 in 7 s", times)
	}
	out, err := Finish([]byte(executedJSON), Full)
	if err != nil {
		t.Fatal(err)
	}
	text := string(out)
	for _, want := range []string{"\n \"cells\": [\n", `"# Title <b>&</b>\n"`, "ünïcode", `"tags": [`, `"pygments_lexer": "go"`, `"nbformat_minor": 5`} {
		if !strings.Contains(text, want) {
			t.Errorf("the kept notebook lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "execute_input") || !strings.HasSuffix(text, "}\n") {
		t.Errorf("the kept notebook keeps the timing or lacks its final newline:\n%s", text)
	}
	nb, err := ParseNotebook(out)
	if err != nil {
		t.Fatal(err)
	}
	code := nb.Cells[1]
	if len(code.Outputs) != 3 || string(code.Outputs[0].Text) != "a 0.5\nb 1e-3\n" || code.Outputs[1].Name != "stderr" {
		t.Errorf("outputs %+v: want stdout joined, then stderr, then the image", code.Outputs)
	}
	if st := code.Metadata.Csvgd; st.Source != SourceHash("%%\nfmt.Println(\"a\", 0.5)") || st.Mode != Full || st.Outputs == "" || st.Outputs != code.outputsHash {
		t.Errorf("stamp %+v: want the source's hash, full mode and the kept outputs' hash %s", st, code.outputsHash)
	}
	if nb.Cells[0].Metadata.Csvgd != (Stamp{}) {
		t.Errorf("the markdown cell got a stamp")
	}
	again, err := Finish(out, Full)
	if err != nil || string(again) != text {
		t.Errorf("finishing a kept notebook again changed it (%v):\n%s", err, again)
	}
}

// TestStale: a kept notebook is fresh in its mode; another mode, an
// edited source, a cell never executed and a notebook not kept by the
// runner are each reported as what they are.
func TestStale(t *testing.T) {
	kept := func(mode Mode, edit func(cell map[string]any)) *Notebook {
		t.Helper()
		out, err := Finish([]byte(executedJSON), mode)
		if err != nil {
			t.Fatal(err)
		}
		if edit != nil {
			var raw map[string]any
			if err := json.Unmarshal(out, &raw); err != nil {
				t.Fatal(err)
			}
			edit(raw["cells"].([]any)[1].(map[string]any))
			if out, err = json.Marshal(raw); err != nil {
				t.Fatal(err)
			}
		}
		nb, err := ParseNotebook(out)
		if err != nil {
			t.Fatal(err)
		}
		return nb
	}
	plain, err := ParseNotebook([]byte(executedJSON))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		nb   *Notebook
		want string // the kind of the one problem; "" for none
	}{
		{"kept in full mode", kept(Full, nil), ""},
		{"kept in quick mode", kept(Quick, nil), "mode"},
		{"source edited", kept(Full, func(c map[string]any) { c["source"] = "%%\nfmt.Println(\"b\")" }), "stale"},
		{"outputs cleared", kept(Full, func(c map[string]any) { c["outputs"] = []any{} }), "not executed"},
		{"not kept by the runner", plain, "not stamped"},
		{"outputs replaced", kept(Full, func(c map[string]any) {
			c["outputs"].([]any)[0].(map[string]any)["text"] = "a 0.6\n"
		}), "replaced"},
		{"outputs written again as Jupyter may (a text as one string)", kept(Full, func(c map[string]any) {
			out := c["outputs"].([]any)[0].(map[string]any)
			out["text"] = joinText(out["text"])
		}), ""},
	} {
		problems := c.nb.Stale(Full)
		switch {
		case c.want == "" && len(problems) != 0:
			t.Errorf("%s: problems %v, want none", c.name, problems)
		case c.want != "" && (len(problems) != 1 || problems[0].Kind != c.want):
			t.Errorf("%s: problems %v, want one %q", c.name, problems, c.want)
		}
	}
	added := kept(Full, nil) // a cell added after the notebook was executed
	added.Cells = append(added.Cells, Cell{CellType: "code", Source: "%%\nfmt.Println(1)"})
	if problems := added.Stale(Full); len(problems) != 1 || problems[0].Kind != "no output" || problems[0].Cell != 2 {
		t.Errorf("a cell added after execution: problems %v, want no output in cell 2", problems)
	}
}

// TestNoise: progress bars, the cache's log lines and the backend's
// announcement are noise; results that resemble them are not.
func TestNoise(t *testing.T) {
	for _, c := range []struct {
		line, want string
	}{
		{"train [##############################] 200/200  stage 4", "progress bar"},
		{"train [#####      ] 100/200\rtrain [######", "progress bar"},
		{"csvgd: GoMLX backend go:parallelism=-1 (Go Portable Compute Backend)", "backend banner"},
		{"[1/5] training cSVGD alpha = 0.25, normalized prior", "cache log"},
		{"training SVGD, no prior", "cache log"},
		{"cached SVGD, no prior (data/cache/runs/0123abcd.json)", "cache log"},
		{"computing mvn_survey", "cache log"},
		{"[2/58] mvn_marginal: 8 runs, 93 s", "cache log"},
		{"SVGD, no prior: 4 s, W1 sum 377.8, 1020 template parameters", "cache log"},
		{"SVGD, no prior", ""},
		{"  iteration  300: median kernel value 0.0909, 1 kernel group(s) of 10 particles", ""},
		{"[0.846 4.740 1.514]", ""},
		{"the cached runs of Sec. 5: 12", ""},
		{"/tmp/csvgd-notebook-04-ensemble.json: 20 particles", "machine path"},
		{"saved to /home/me/ens.json", "machine path"},
		{"ens.json: 20 particles; data/cache/runs/0123.json; 1/2 of them", ""},
	} {
		nb := &Notebook{Cells: []Cell{{CellType: "code", Outputs: []Output{{OutputType: "stream", Name: "stdout", Text: MultilineString("result 1\n" + c.line + "\n")},
			{OutputType: "stream", Name: "stderr", Text: "./main.go:3:1: undefined: x (in /tmp/gonb_1a2b3c4d/main.go:3)\n"}}}}}
		var kinds []string
		for _, p := range nb.Noise() {
			kinds = append(kinds, p.Kind)
		}
		if got := strings.Join(kinds, ","); got != c.want {
			t.Errorf("%q: noise %q, want %q", c.line, got, c.want)
		}
	}
}

// TestCheckKept: a kept notebook passes; one over MaxKeptSize, or with
// fewer images than it declares, does not.
func TestCheckKept(t *testing.T) {
	out, err := Finish([]byte(executedJSON), Full)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	check := func(path string) []string {
		problems, err := CheckKept(path)
		if err != nil {
			t.Fatal(err)
		}
		var kinds []string
		for _, p := range problems {
			kinds = append(kinds, p.Kind)
		}
		return kinds
	}
	if kinds := check(write("ok.ipynb", out)); len(kinds) != 0 {
		t.Errorf("a kept notebook: problems %v", kinds)
	}
	big := strings.Replace(string(out), `"nbformat": 4`, `"nbformat": 4, "padding": "`+strings.Repeat("A", MaxKeptSize)+`"`, 1)
	if kinds := check(write("big.ipynb", []byte(big))); strings.Join(kinds, ",") != "size" {
		t.Errorf("a notebook over %d bytes: problems %v, want size", MaxKeptSize, kinds)
	}
	more := strings.Replace(string(out), `"min_images": 1`, `"min_images": 2`, 1)
	if kinds := check(write("images.ipynb", []byte(more))); strings.Join(kinds, ",") != "images" {
		t.Errorf("a notebook with fewer images than it declares: problems %v, want images", kinds)
	}
}

// awaitsBeyond says whether the notebook at path belongs to the part beyond
// the paper and holds no output at all.
func awaitsBeyond(t *testing.T, path string) bool {
	t.Helper()
	nb, err := ReadNotebook(path)
	if err != nil {
		t.Fatal(err)
	}
	return nb.Metadata.Csvgd.Part == study.BeyondPart && !nb.executed()
}

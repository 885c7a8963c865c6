package nbrun

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Stale lists what makes a notebook unfit to be kept as executed: a code
// cell without output, without a stamp, with a stamp of another source
// than the one it holds (its outputs came from other code), with outputs
// other than those the runner kept, or executed in a mode other than
// want.
//
// A notebook none of whose code cells has an output is one problem,
// "not executed", rather than one per cell.
func (nb *Notebook) Stale(want Mode) []Problem {
	if !nb.executed() {
		return []Problem{{-1, "not executed", "no code cell has an output: execute the notebook in place (make notebooks)"}}
	}
	var out []Problem
	for i, c := range nb.Cells {
		if c.CellType != "code" {
			continue
		}
		st := c.Metadata.Csvgd
		switch {
		case len(c.Outputs) == 0:
			out = append(out, Problem{i, "no output", "a code cell without output: execute the notebook (make notebooks)"})
		case st.Source == "":
			out = append(out, Problem{i, "not stamped", "the cell's outputs were not recorded by the runner: execute the notebook (make notebooks)"})
		case st.Source != SourceHash(string(c.Source)):
			out = append(out, Problem{i, "stale", "the cell's outputs come from another source than it holds: execute the notebook again (make notebooks)"})
		case st.Outputs != c.outputsHash:
			out = append(out, Problem{i, "replaced", "the cell's outputs are not those the runner kept (run in Jupyter and saved?): execute the notebook again (make notebooks)"})
		case st.Mode != want:
			out = append(out, Problem{i, "mode", fmt.Sprintf("executed in %s mode, want %s", modeName(st.Mode), want)})
		}
	}
	return out
}

// executed reports whether some code cell of nb has an output.
func (nb *Notebook) executed() bool {
	for _, c := range nb.Cells {
		if c.CellType == "code" && len(c.Outputs) > 0 {
			return true
		}
	}
	return false
}

// modeName is m, or "no" for none.
func modeName(m Mode) string {
	if m == "" {
		return "no"
	}
	return string(m)
}

// Noise lists the outputs that a reader should not see in an executed
// notebook: progress bars (a carriage return, or a bar of '#'), the log
// lines of the cache of runs ("cached …", "training …", "[i/n] …"), the
// backend's announcement, and paths in the folders of the machine that
// ran it (/tmp/…, /home/…). The notebooks' helpers keep them out of
// headless runs (package notebooks/nbutil); this finds a regression.
func (nb *Notebook) Noise() []Problem {
	var out []Problem
	for i, c := range nb.Cells {
		for _, o := range c.Outputs {
			if o.OutputType != "stream" {
				continue
			}
			for _, line := range strings.Split(string(o.Text), "\n") {
				if kind := noiseKind(line); kind != "" {
					out = append(out, Problem{i, kind, strconv.Quote(tail(line, 200))})
				}
			}
		}
		for _, text := range c.texts() {
			if m := machinePathRE.FindString(text); m != "" {
				out = append(out, Problem{i, "machine path", strconv.Quote(m) + ": a folder of the machine that ran the notebook"})
			}
		}
	}
	return out
}

// machinePathRE matches an absolute path in a machine's folders for
// temporary files, homes and work: what an output shows of where it ran.
var machinePathRE = regexp.MustCompile(`(^|[\s"'(=:])/(tmp|home|root|work|Users|var/folders)/[^\s"')]*`)

// texts are the texts of the cell's results: standard output, and the
// text, Markdown and HTML of displays. Standard error and error outputs
// are left out: a failure is reported as such ([Notebook.Problems]), and
// GoNB names its temporary folder in a compile error.
func (c Cell) texts() []string {
	var out []string
	for _, o := range c.Outputs {
		if o.OutputType == "stream" && o.Name == "stdout" {
			out = append(out, string(o.Text))
		}
		for _, mime := range []string{"text/plain", "text/markdown", "text/html"} {
			out = append(out, string(o.Data[mime]))
		}
	}
	return out
}

// noiseKind is the kind of noise line is, or "".
func noiseKind(line string) string {
	switch {
	case strings.Contains(line, "\r") || strings.Contains(line, "[####") || strings.Contains(line, "[###"):
		return "progress bar"
	case strings.HasPrefix(line, "csvgd: GoMLX backend"):
		return "backend banner"
	case cacheLogRE.MatchString(line):
		return "cache log"
	}
	return ""
}

// cacheLogRE matches the lines package runcache logs: a run or study
// started, read from the cache or finished (with or without a job's
// counter "[i/n] "), and the summary of a preparation.
var cacheLogRE = regexp.MustCompile(`^(\[\d+/\d+\] )?(training |computing |cached .*\(data/cache/|NUTS on |.*: \d+ s, W1 sum |.*: \d+ runs, \d+ s$)|^prepare: \d+ jobs`)

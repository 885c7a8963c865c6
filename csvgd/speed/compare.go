package speed

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"
)

// Build is one build of the csvgd command measured by `csvgd bench -json`
// (a GoMLX version, a GOEXPERIMENT): its label and its reports, one per
// round of an interleaved comparison.
type Build struct {
	Label   string
	Reports []*Report
}

// Comparison is the step time of several builds of the same cases, each
// the median over the rounds of that build's per-round medians. Anchor,
// when set, is the label of a build every other one is also compared with
// (another implementation of the step, such as bench/torch_step.py's,
// whose JSON has the fields of [Result] it needs).
type Comparison struct {
	Labels []string
	Rows   []ComparedCase
	Rounds []int // rounds per build
	CPUs   int
	Anchor string
}

// ComparedCase is one case of a [Comparison]: the graph's ms per step for
// each build (in the order of Labels) and the hand-written reference's,
// the median over every round of every build (it does not depend on the
// GoMLX version).
type ComparedCase struct {
	Particles, Width, Params int
	MsPerIter                []float64
	ReferenceMsPerIter       float64
}

// Compare takes each case measured by every build and its median over
// rounds. Builds need a label and at least one report; cases missing from
// a report are an error; anchor is "" or one of the labels.
func Compare(builds []Build, anchor string) (*Comparison, error) {
	if len(builds) < 2 {
		return nil, fmt.Errorf("speed: comparing %d builds; need at least 2", len(builds))
	}
	c := &Comparison{Anchor: anchor}
	for _, b := range builds {
		if b.Label == "" || len(b.Reports) == 0 {
			return nil, fmt.Errorf("speed: build %q: needs a label and at least one report", b.Label)
		}
		c.Labels = append(c.Labels, b.Label)
		c.Rounds = append(c.Rounds, len(b.Reports))
	}
	c.CPUs = builds[0].Reports[0].CPUs
	for _, res := range builds[0].Reports[0].Results {
		row, err := compareCase(builds, res)
		if err != nil {
			return nil, err
		}
		c.Rows = append(c.Rows, row)
	}
	if len(c.Rows) == 0 {
		return nil, errors.New("speed: the first report has no results")
	}
	if anchor != "" && !slices.Contains(c.Labels, anchor) {
		return nil, fmt.Errorf("speed: anchor %q is none of the builds %v", anchor, c.Labels)
	}
	return c, nil
}

// compareCase gathers one case from every report of every build.
func compareCase(builds []Build, first Result) (ComparedCase, error) {
	row := ComparedCase{Particles: first.Particles, Width: first.Width, Params: first.Params}
	var ref []float64
	for _, b := range builds {
		var ms []float64
		for i, r := range b.Reports {
			res, ok := r.find(first.Particles, first.Width)
			if !ok {
				return row, fmt.Errorf("speed: build %q, report %d: no result for %d particles at width %d", b.Label, i+1, first.Particles, first.Width)
			}
			ms = append(ms, res.MsPerIter)
			if res.ReferenceMsPerIter > 0 {
				ref = append(ref, res.ReferenceMsPerIter)
			}
		}
		row.MsPerIter = append(row.MsPerIter, median(ms))
	}
	if len(ref) > 0 {
		row.ReferenceMsPerIter = median(ref)
	}
	return row, nil
}

// median of a non-empty slice (the mean of the middle two for even
// lengths).
func median(v []float64) float64 {
	s := slices.Clone(v)
	sort.Float64s(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// ratio is one ratio column of the table: build num over build den.
type ratio struct{ num, den int }

// ratios are the table's ratio columns: every later build over the first,
// then every build but the anchor over the anchor.
func (c *Comparison) ratios() []ratio {
	a := slices.Index(c.Labels, c.Anchor) // -1 without an anchor
	var rs []ratio
	if a != 0 { // with the anchor first, its columns say it all
		for i := 1; i < len(c.Labels); i++ {
			if i != a {
				rs = append(rs, ratio{i, 0})
			}
		}
	}
	for i := range c.Labels {
		if a >= 0 && i != a {
			rs = append(rs, ratio{i, a})
		}
	}
	return rs
}

// WriteMarkdown writes the comparison as a table: the ms per step of each
// build, the reference's, each later build's time over the first's and,
// with an anchor, each build's over the anchor's.
func (c *Comparison) WriteMarkdown(w io.Writer) error {
	var b strings.Builder
	rounds := make([]string, len(c.Labels))
	for i, l := range c.Labels {
		rounds[i] = fmt.Sprintf("%s %d", l, c.Rounds[i])
	}
	fmt.Fprintf(&b, "Median ms per Stein step over interleaved rounds (%s), %d CPUs; the hand-written reference is the median over all rounds.\n\n",
		strings.Join(rounds, ", "), c.CPUs)
	rs := c.ratios()
	b.WriteString("| particles | width | weights |")
	for _, l := range c.Labels {
		fmt.Fprintf(&b, " %s |", l)
	}
	b.WriteString(" hand-written reference |")
	for _, r := range rs {
		fmt.Fprintf(&b, " %s / %s |", c.Labels[r.num], c.Labels[r.den])
	}
	b.WriteString("\n|" + strings.Repeat("---:|", 4+len(c.Labels)+len(rs)) + "\n")
	for _, row := range c.Rows {
		fmt.Fprintf(&b, "| %d | %d | %d |", row.Particles, row.Width, row.Params)
		for _, ms := range row.MsPerIter {
			fmt.Fprintf(&b, " %.2f |", ms)
		}
		fmt.Fprintf(&b, " %.2f |", row.ReferenceMsPerIter)
		for _, r := range rs {
			fmt.Fprintf(&b, " %.2fx |", row.MsPerIter[r.num]/row.MsPerIter[r.den])
		}
		b.WriteString("\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

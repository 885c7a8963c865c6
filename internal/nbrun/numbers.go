package nbrun

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
)

// Numbers that come from runs belong in code cells, which print them from
// the run that computes them; a number typed into markdown goes stale when
// the code changes. [Notebook.TypedNumbers] finds the numbers in markdown
// cells that look like results, so that a test can refuse them unless they
// are constants of the paper (or of the project's settings) on an
// allow-list ([Constant.Matches]).
//
// What counts as result-like, in prose and in LaTeX math alike:
//
//   - a decimal number: 0.234, -0.75, 1.0;
//   - a percentage: 8.7%, 10 %, 10\%;
//   - a power of ten, plain or with a mantissa: 1e-10, 10^{-3}, 10^-3,
//     10⁻³, 7\cdot10^{64}, 3 × 10^5;
//   - a multiplier: 1.52x, 6×, a factor of 70, a factor 1.4, 50-fold;
//   - an approximate number: about 22, roughly 30, ≈ 7, \approx 7, ~5.
//
// Plain integers are not: they are counts and sizes of the set-up (10
// particles, 2000 iterations, 1020 parameters) far more often than
// results. Not numbers at all: references to sections, theorems,
// equations, figures, algorithms and tables (Sec. 5.4, Secs. 5.1-5.3,
// section 4.2, Thm. 3.1, Fig. 2), version numbers (v0.11.3, 6.4.12), and
// link targets.

// TypedNumber is a result-like number in a markdown cell.
type TypedNumber struct {
	Cell    int     // 0-based index of the cell, counting all cell types
	Text    string  // the number as written, e.g. "8.7%"
	Kind    string  // "decimal", "percentage", "power of ten", "multiplier" or "approximate number"
	Value   float64 // its value in natural units: 8.7% is 0.087, 10^{-3} is 0.001
	Context string  // the text around it
}

// String formats the number for a test log.
func (n TypedNumber) String() string {
	return fmt.Sprintf("cell %d: %s %q in %q", n.Cell, n.Kind, n.Text, n.Context)
}

// Constant is a number a markdown cell may state: a constant of the paper
// (or of an equation of it) or a setting of the project, with where it is
// defined.
type Constant struct {
	Value   float64
	Source  string
	Percent bool // stated as a percentage (10% for 0.1), and only so
}

// Matches reports whether the typed number n states c: n is a percentage
// and c one stated so, or n is a decimal or a power of ten and c is not,
// and n's value is c's up to its sign (to a
// relative 1e-9: 10% states 0.1, 10^{-3} states 0.001, 0.36 states
// (1-0.4)^2, -0.4 states 0.4: a hyphen before a number is as often a
// range's dash as a minus). A
// multiplier or an approximate number states no constant: a ratio of two
// numbers, or a number given "about", is a result.
func (c Constant) Matches(n TypedNumber) bool {
	if n.Kind == "multiplier" || n.Kind == "approximate number" || (n.Kind == "percentage") != c.Percent {
		return false
	}
	a, b := math.Abs(c.Value), math.Abs(n.Value)
	return math.Abs(a-b) <= 1e-9*math.Max(a, b)
}

// TypedNumbers returns the result-like numbers of the notebook's markdown
// cells that no constant of allowed matches.
func (nb *Notebook) TypedNumbers(allowed []Constant) []TypedNumber {
	var out []TypedNumber
	for i, c := range nb.Cells {
		if c.CellType != "markdown" {
			continue
		}
		for _, n := range typedNumbers(string(c.Source)) {
			if !matchesAny(n, allowed) {
				n.Cell = i
				out = append(out, n)
			}
		}
	}
	return out
}

func matchesAny(n TypedNumber, allowed []Constant) bool {
	for _, c := range allowed {
		if c.Matches(n) {
			return true
		}
	}
	return false
}

var (
	// notNumbers are blanked before the search: link targets, section
	// references and version numbers.
	notNumbers = []*regexp.Regexp{
		regexp.MustCompile(`\]\([^)]*\)`),
		regexp.MustCompile(`(?i)\b(?:secs?|sections?|sect|thm|theorems?|lemma|props?|propositions?|defs?|definitions?|eqs?|equations?|figs?|figures?|algs?|algorithms?|tables?|chapters?|ch)\.?\s+\d+(?:\.\d+)*(?:\s*(?:-|–|,|and|to|&)\s*\d+(?:\.\d+)*)*`),
		regexp.MustCompile(`\bv?\d+\.\d+\.\d+(?:\.\d+)*\b|\bv\d+(?:\.\d+)+\b`),
	}
	num = `[-−]?\d+(?:\.\d+)?`
	// patterns in the order they are tried: a match blanks its text, so
	// that the same digits are not counted twice.
	patterns = []struct {
		kind string
		re   *regexp.Regexp
	}{
		{"power of ten", regexp.MustCompile(`(` + num + `)\s*(?:\\cdot|\\times|×|·|\*)\s*10\s*\^\s*\{?\s*([-−+]?\d+)\s*\}?|(` + num + `)[eE]([-−+]?\d+)\b|\b10\s*\^\s*\{\s*([-−+]?\d+)\s*\}|\b10\s*\^\s*([-−+]?\d+)|\b10([⁻⁺]?[⁰¹²³⁴⁵⁶⁷⁸⁹]+)`)},
		{"percentage", regexp.MustCompile(`(` + num + `)\s*\\?%`)},
		{"multiplier", regexp.MustCompile(`(?i)(` + num + `)\s*(?:x|×)(\s*\d)?\b|\bfactor\s+(?:of\s+)?(?:about\s+)?(` + num + `)|(` + num + `)-fold`)},
		{"approximate number", regexp.MustCompile(`(?i)(?:\babout|\bapproximately|\broughly|\baround|\bnearly|\balmost|≈|\\approx|~|\\sim)\s*(` + num + `)`)},
		{"decimal", regexp.MustCompile(`(` + `[-−]?\d+\.\d+` + `)`)},
	}
)

// typedNumbers finds the result-like numbers of a markdown text.
func typedNumbers(text string) []TypedNumber {
	work := text
	for _, re := range notNumbers {
		work = re.ReplaceAllStringFunc(work, blank)
	}
	var out []TypedNumber
	for _, p := range patterns {
		for _, m := range p.re.FindAllStringSubmatchIndex(work, -1) {
			n, ok := parseMatch(p.kind, work, m)
			if !ok {
				continue
			}
			n.Text = strings.TrimSpace(text[m[0]:m[1]])
			n.Context = around(text, m[0], m[1])
			out = append(out, n)
		}
		work = p.re.ReplaceAllStringFunc(work, blank)
	}
	return out
}

// parseMatch reads the value of a match m (submatch indices into s) of the
// pattern of kind; ok is false when the match is not a number after all
// (a size such as 30 × 30).
func parseMatch(kind, s string, m []int) (TypedNumber, bool) {
	groups := make([]string, 0, len(m)/2)
	for g := 2; g < len(m); g += 2 {
		if m[g] >= 0 {
			groups = append(groups, s[m[g]:m[g+1]])
		} else {
			groups = append(groups, "")
		}
	}
	n := TypedNumber{Kind: kind}
	switch kind {
	case "power of ten":
		mant, exp := "1", ""
		switch {
		case groups[0] != "":
			mant, exp = groups[0], groups[1]
		case groups[2] != "":
			mant, exp = groups[2], groups[3]
		case groups[4] != "":
			exp = groups[4]
		case groups[5] != "":
			exp = groups[5]
		default:
			exp = fromSuperscript(groups[6])
		}
		m, mok := parseNumber(mant)
		e, eok := parseNumber(exp)
		if !mok || !eok {
			return n, false
		}
		n.Value = m * math.Pow(10, e)
	case "percentage":
		v, ok := parseNumber(groups[0])
		if !ok {
			return n, false
		}
		n.Value = v / 100
	case "multiplier":
		if groups[1] != "" { // 30 × 30: a size, not a factor
			return n, false
		}
		fallthrough
	default:
		text := ""
		for k, g := range groups {
			if g != "" && !(kind == "multiplier" && k == 1) {
				text = g
				break
			}
		}
		v, ok := parseNumber(text)
		if !ok {
			return n, false
		}
		n.Value = v
	}
	return n, true
}

// parseNumber parses a number written with an ASCII or a Unicode minus.
func parseNumber(s string) (float64, bool) {
	s = strings.NewReplacer("−", "-", "+", "").Replace(strings.TrimSpace(s))
	v, err := strconv.ParseFloat(s, 64)
	return v, err == nil
}

// fromSuperscript turns Unicode superscript digits and signs into ASCII.
func fromSuperscript(s string) string {
	return strings.NewReplacer("⁻", "-", "⁺", "", "⁰", "0", "¹", "1", "²", "2", "³", "3", "⁴", "4",
		"⁵", "5", "⁶", "6", "⁷", "7", "⁸", "8", "⁹", "9").Replace(s)
}

// blank replaces every character of s by a space, keeping the text's byte
// offsets (the context of a match is cut from the original text).
func blank(s string) string { return strings.Repeat(" ", len(s)) }

// around is the text around s[i:j], on one line.
func around(s string, i, j int) string {
	const width = 40
	lo, hi := max(0, i-width), min(len(s), j+width)
	for lo > 0 && !utf8Start(s[lo]) {
		lo--
	}
	for hi < len(s) && !utf8Start(s[hi]) {
		hi++
	}
	return strings.Join(strings.Fields(s[lo:hi]), " ")
}

// utf8Start reports whether b starts a UTF-8 sequence.
func utf8Start(b byte) bool { return b&0xC0 != 0x80 }

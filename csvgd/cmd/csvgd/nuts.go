package main

import (
	"errors"
	"fmt"
	"io"
	"strings"
)

// nutsUsage is the help of csvgd nuts: its forms, one per posterior.
const nutsUsage = `Usage: csvgd nuts mvn [flags]                         the posterior of the Sec. 4 example
       csvgd nuts template -ensemble FILE [flags]    the posterior of a saved ensemble's template
       csvgd nuts agree [flags] DRAWS.json ...       whether saved runs of one template agree

Samples a posterior with the No-U-Turn sampler (or, for a template, many chains with ChEES).
csvgd nuts mvn compares the draws' moments with those of quadrature; csvgd nuts template samples
the posterior that the Stein flow of a saved ensemble targets on its template, reports Stan's
criteria and can save the draws as an ensemble file; csvgd nuts agree says whether runs with
other seeds and starting points agree on it, which decides whether their draws are a reference.
The earlier spellings csvgd nuts -mvn ... and csvgd nuts -ensemble FILE ... are the first two
forms. csvgd nuts FORM -h lists a form's flags.
`

// nutsForms are the forms of csvgd nuts, by the word that names them.
var nutsForms = map[string]func(args []string, stdout, stderr io.Writer) int{
	"mvn":      runNUTSMVN,
	"template": runNUTSTemplate,
	"agree":    runNUTSAgree,
}

func runNUTS(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && isHelp(args[0]) {
		fmt.Fprint(stdout, nutsUsage)
		return exitOK
	}
	form, rest, err := nutsForm(args)
	if err != nil {
		fmt.Fprintf(stderr, "csvgd nuts: %v (see 'csvgd nuts -h')\n", err)
		return exitUsage
	}
	return nutsForms[form](rest, stdout, stderr)
}

// isHelp reports whether arg asks for the help.
func isHelp(arg string) bool {
	return arg == "-h" || arg == "-help" || arg == "--help" || arg == "help"
}

// errNoNUTSForm is the error of a csvgd nuts command line that names no
// posterior.
var errNoNUTSForm = errors.New("name the posterior: csvgd nuts mvn [flags] (Sec. 4), csvgd nuts template -ensemble FILE [flags], or csvgd nuts agree DRAWS.json ...")

// nutsForm is the form that args name and the arguments it takes: the
// first word (mvn, template), or, for the earlier spellings that begin
// with a flag, the form that [legacyNUTSForm] reads from their flags.
func nutsForm(args []string) (string, []string, error) {
	switch {
	case len(args) == 0:
		return "", nil, errNoNUTSForm
	case strings.HasPrefix(args[0], "-"):
		return legacyNUTSForm(args)
	case nutsForms[args[0]] == nil:
		return "", nil, fmt.Errorf("unknown form %q: want mvn, template or agree", args[0])
	}
	return args[0], args[1:], nil
}

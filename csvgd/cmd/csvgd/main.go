package main

import (
	"fmt"
	"io"
	"os"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

// Exit codes; exitCode is the rule that picks 1 or 2 for an error.
const (
	exitOK      = 0
	exitFailure = 1
	exitUsage   = 2
)

// command is one subcommand.
type command struct {
	name, summary string
	run           func(args []string, stdout, stderr io.Writer) int
}

func commands() []command {
	return []command{
		{"data", "generate the hyperelastic training and test data of Sec. 5.2 as CSV", runData},
		{"train", "train a Stein ensemble of input-convex networks on the hyperelastic data (Sec. 5)", runTrain},
		{"fit", "fit a Stein ensemble of dense networks (SVGD or cSVGD) to regression data: a CSV file or a UCI benchmark folder", runFit},
		{"predict", "write a saved ensemble's predictions at the points of a data file (stresses, or a fit's targets)", runPredict},
		{"condense", "apply graph condensation (Alg. graph_condense) to a saved ensemble", runCondense},
		{"explore", "write the weight explorer's views (PNG and SVG) of a saved ensemble or a cached run", runExplore},
		{"mvn", "run the illustrative example of Sec. 4 (3-D Gaussian, alpha prior, beta kernel)", runMVN},
		{"nuts", "sample a posterior with NUTS (or ChEES): nuts mvn (Sec. 4, against quadrature), nuts template (a saved ensemble's template), nuts agree (do runs agree?)", runNUTS},
		{"collapse", "measure SVGD's variance collapse on a Gaussian, and what the Newton updates do (beyond the paper)", runCollapse},
		{"calibrate", "how often the truth and fresh observations fall inside a saved ensemble's bands", runCalibrate},
		{"compare", "how much of its template's posterior a Stein ensemble holds: band ratios and W1 against reference draws", runCompare},
		{"figures", "write the figures of reproduce (PNG and SVG) to a folder, without the tables", runFigures},
		{"reproduce", reproduceSummary(), runReproduce},
		{"runs", "list the studies' runs with their cache state, or train one into the cache (for a cluster)", runRuns},
		{"bench", "time one Stein step: GoMLX's graph against the hand-written reference", runBench},
		{"help", "print this help", runHelp},
	}
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		runHelp(nil, stderr, stderr)
		return exitUsage
	}
	name := args[0]
	if name == "-h" || name == "-help" || name == "--help" {
		name = "help"
	}
	for _, c := range commands() {
		if c.name == name {
			return c.run(args[1:], stdout, stderr)
		}
	}
	fmt.Fprintf(stderr, "csvgd: unknown command %q (run 'csvgd help')\n", args[0])
	return exitUsage
}

func runHelp(_ []string, stdout, _ io.Writer) int {
	fmt.Fprintln(stdout, "csvgd: condensed Stein variational gradient descent (reference implementation)")
	fmt.Fprintln(stdout, "\nUsage: csvgd COMMAND [flags]   (csvgd COMMAND -h lists a command's flags)")
	fmt.Fprintln(stdout, "\nCommands:")
	width := 0
	for _, c := range commands() {
		width = max(width, len(c.name))
	}
	for _, c := range commands() {
		fmt.Fprintf(stdout, "  %-*s %s\n", width, c.name, c.summary)
	}
	fmt.Fprintln(stdout, "\nThe GoMLX backend is the pure-Go one unless GOMLX_BACKEND says otherwise (e.g. xla:/abs/path/plugin.so;\n"+
		"for JAX's CUDA plugin, eval \"$(scripts/gpu-env.sh PYTHON)\" sets it and what it needs).")
	return exitOK
}

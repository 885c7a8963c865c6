package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/pprof"
	"strconv"
	"strings"
	"time"

	"github.com/csvgd/csvgd-go/csvgd/backend"
	"github.com/csvgd/csvgd-go/csvgd/speed"
	"github.com/csvgd/csvgd-go/csvgd/stein"
)

// speedTable is the block of docs/speed.md with the table of `csvgd bench`.
var speedTable = generatedBy("bench", "csvgd bench -doc docs/speed.md")

func runBench(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("bench", "csvgd bench [-json] [-particles 10,100] [-widths 30,8,4] [-time 1s] [-doc FILE] [-cpuprofile FILE]\n"+
		"       csvgd bench -build LABEL=FILE[,FILE...] -build LABEL=FILE[,FILE...] ... [-anchor LABEL] [-doc FILE]\n\n"+
		"Times one Stein step of the ICNN ensemble (forward, stress, score, kernel, update on the 80 training\n"+
		"points) with GoMLX's graph and with the hand-written Go reference, in this process, and checks the\n"+
		"project's speed targets. Prints a table, or with -json one JSON object; progress goes to stderr.\n"+
		"With -build it measures nothing: it compares the -json reports of several builds of csvgd (one file\n"+
		"per round, medians over rounds) and prints, or writes into -doc's versions block, one table.", stdout)
	asJSON := fs.Bool("json", false, "print the report as one JSON object")
	particles := fs.String("particles", "10,100", "ensemble sizes, comma-separated")
	widths := fs.String("widths", "30,8,4", "hidden-layer widths, comma-separated")
	minTime := fs.Duration("time", time.Second, "minimum timed duration per case and implementation")
	minIters := fs.Int("min-iters", 10, "minimum timed steps per case and implementation")
	workers := fs.Int("workers", 0, "goroutines of the reference (0: GOMAXPROCS)")
	seed := fs.Uint64("seed", 1, "seed of the data and the initial particles")
	doc := fs.String("doc", "", "document whose speed table (between the bench markers) to replace, for example docs/speed.md")
	profile := fs.String("cpuprofile", "", "write a pprof CPU profile of the run to this new file")
	steps := fs.Int("steps", speed.DefaultSteps, "steps per call when the graph's steps are also timed in calls of many (0: not timed)")
	var mode stein.StepsMode
	fs.TextVar(&mode, "steps-mode", mode, "how the graph's steps run on the device, one per call and in calls of many: loop (a While loop in the graph), chained (one execution per step, from what the last left on the device) or backend (its default: loop on XLA, chained on the pure-Go backend, whose host then takes the bandwidth's median)")
	var selection stein.MedianSelection
	fs.TextVar(&selection, "median", selection, "how the device selects the bandwidth's median: radix (without a sort: pairwise counts, a radix selection above 256 values) or sort (the backend's sort; on the pure-Go backend not inside the loop in the graph); sort also takes the median on the device where the backend's default mode takes it on the host")
	noRef := fs.Bool("no-reference", false, "do not time the hand-written reference (for sizes where it takes long)")
	checkOut := fs.String("check-out", "", "measure nothing: write to this new file the initial particles of the one case of -particles and -widths and those after -check-steps steps of the hand-written reference, which bench/torch_step.py and bench/jax_step.py check their step against (--check)")
	checkSteps := fs.Int("check-steps", 3, "with -check-out: the reference steps")
	var builds buildList
	fs.Var(&builds, "build", "compare builds instead of measuring: LABEL=FILE[,FILE...], the bench -json reports of one build (repeat for each build)")
	anchor := fs.String("anchor", "", "with -build: the label of a build every other is also compared with (for example bench/torch_step.py's JSON)")
	if code, stop := parseFlags(fs, args, stderr); stop {
		return code
	}
	if len(builds) > 0 {
		if err := compareBuilds(builds, *anchor, *doc, stdout); err != nil {
			return fail(fs, stderr, err)
		}
		return exitOK
	}
	cases, err := benchCases(*particles, *widths)
	if err == nil {
		err = checkBenchFlags(*minTime, *minIters, *workers, *doc, *profile, *checkOut)
	}
	if err == nil && *steps < 0 {
		err = fmt.Errorf("-steps %d: must be >= 0", *steps)
	}
	if err != nil {
		return usageError(fs, stderr, err)
	}
	if *checkOut != "" {
		if err := writeStepCheck(*checkOut, cases, *seed, *checkSteps); err != nil {
			return fail(fs, stderr, err)
		}
		return exitOK
	}
	if *steps == 0 {
		*steps = -1 // speed.Options: not timed
	}
	b, err := backend.Default()
	if err != nil {
		return fail(fs, stderr, err)
	}
	stopProfile, err := startProfile(*profile)
	if err != nil {
		return fail(fs, stderr, err)
	}
	ctx, stop := interruptible()
	defer stop()
	o := speed.Options{MinTime: *minTime, MinIters: *minIters, Workers: *workers, Seed: *seed, Context: ctx,
		Steps: *steps, NoReference: *noRef, Mode: mode, Selection: selection}
	rep, err := speed.Run(b, cases, o, stderr)
	if perr := stopProfile(); err == nil {
		err = perr
	}
	if err != nil {
		return fail(fs, stderr, err)
	}
	if err := writeBench(rep, *asJSON, *doc, stdout); err != nil {
		return fail(fs, stderr, err)
	}
	for _, t := range rep.Targets {
		fmt.Fprintf(stderr, "bench: target %s: %.2fx (goal %.1fx) met: %v\n", t.Name, t.Value, t.Bound, t.Met)
	}
	return exitOK
}

// writeBench prints the report and updates the document's table when
// asked.
func writeBench(rep *speed.Report, asJSON bool, doc string, stdout io.Writer) error {
	var table strings.Builder
	if err := rep.WriteMarkdown(&table); err != nil {
		return err
	}
	if asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(rep); err != nil {
			return err
		}
	} else if _, err := io.WriteString(stdout, table.String()); err != nil {
		return err
	}
	if doc == "" {
		return nil
	}
	return speedTable.replace(doc, table.String())
}

// writeStepCheck writes the reference's check of the one case in cases
// to the new file path. Flags of more than one case, and a path that
// exists or whose folder does not, are errors in the input ([badUsage],
// [badInput]).
func writeStepCheck(path string, cases []speed.Case, seed uint64, steps int) error {
	if len(cases) != 1 {
		return badUsage(fmt.Errorf("-check-out: %d cases; give one ensemble size and one width", len(cases)))
	}
	check, err := speed.ReferenceSteps(cases[0], seed, steps)
	if err != nil {
		return fmt.Errorf("-check-out: %w", err)
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil { // it exists, or its folder does not
		return badInput(fmt.Errorf("-check-out: %w", err))
	}
	if err := json.NewEncoder(f).Encode(check); err != nil {
		f.Close()
		return fmt.Errorf("-check-out: %w", err)
	}
	return f.Close()
}

// checkBenchFlags reports a bad setting before any work starts, and an
// output file (profile, checkOut) that cannot be created: in a folder
// that does not exist, a folder, or a file that exists.
func checkBenchFlags(minTime time.Duration, minIters, workers int, doc, profile, checkOut string) error {
	switch {
	case minTime <= 0:
		return fmt.Errorf("-time %v: must be > 0", minTime)
	case minIters < 1:
		return fmt.Errorf("-min-iters %d: need at least 1", minIters)
	case workers < 0:
		return fmt.Errorf("-workers %d: must be >= 0", workers)
	}
	if doc != "" {
		if err := speedTable.check(doc); err != nil {
			return fmt.Errorf("-doc: %w", err)
		}
	}
	for _, o := range []struct{ flag, path string }{{"-cpuprofile", profile}, {"-check-out", checkOut}} {
		if err := checkOutput(o.flag, o.path, true); err != nil {
			return err
		}
		if _, err := os.Lstat(o.path); o.path != "" && err == nil {
			return fmt.Errorf("%s %s: the file exists; not overwritten", o.flag, o.path)
		}
	}
	return nil
}

// benchCases is the product of the particle and width lists.
func benchCases(particles, widths string) ([]speed.Case, error) {
	ns, err := positiveInts("-particles", particles, 2)
	if err != nil {
		return nil, err
	}
	ws, err := positiveInts("-widths", widths, 1)
	if err != nil {
		return nil, err
	}
	var cs []speed.Case
	for _, n := range ns {
		for _, w := range ws {
			cs = append(cs, speed.Case{Particles: n, Width: w})
		}
	}
	return cs, nil
}

// positiveInts parses a comma-separated list of integers >= least.
func positiveInts(flag, list string, least int) ([]int, error) {
	var out []int
	for _, f := range strings.Split(list, ",") {
		v, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || v < least {
			return nil, fmt.Errorf("%s %q: %q is not an integer >= %d", flag, list, f, least)
		}
		out = append(out, v)
	}
	if len(out) == 0 {
		return nil, errors.New(flag + ": empty list")
	}
	return out, nil
}

// startProfile starts a CPU profile into a new file (none for ""); a
// file that cannot be created is an error in the input ([badInput]).
func startProfile(path string) (func() error, error) {
	if path == "" {
		return func() error { return nil }, nil
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil { // checked before, so made since or not writable
		return nil, badInput(fmt.Errorf("-cpuprofile: %w", err))
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, fmt.Errorf("-cpuprofile: %w", err)
	}
	return func() error {
		pprof.StopCPUProfile()
		return f.Close()
	}, nil
}

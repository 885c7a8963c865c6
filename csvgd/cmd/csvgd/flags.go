package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/stein"
)

// flagSet is a subcommand's flags and its help text.
type flagSet struct {
	*flag.FlagSet
	synopsis string
	stdout   io.Writer
}

// newFlagSet returns a flag set that does not print on its own: parseFlags
// prints the help on -h and a one-line error otherwise.
func newFlagSet(name, synopsis string, stdout io.Writer) *flagSet {
	fs := flag.NewFlagSet("csvgd "+name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {} // the flag package calls it on every error
	return &flagSet{FlagSet: fs, synopsis: synopsis, stdout: stdout}
}

// help prints the synopsis and the flags on stdout.
func (fs *flagSet) help() {
	fmt.Fprintf(fs.stdout, "Usage: %s\n\nFlags:\n", fs.synopsis)
	fs.SetOutput(fs.stdout)
	fs.PrintDefaults()
	fs.SetOutput(io.Discard)
}

// parseFlags parses args. It returns (exit code, true) when the command
// must stop: after -h (0) or on a bad flag (2, one line on stderr).
func parseFlags(fs *flagSet, args []string, stderr io.Writer) (int, bool) {
	return parseOperands(fs, args, stderr, 0)
}

// parseOperands is parseFlags for a command that takes up to n arguments
// after its flags (fs.Args).
func parseOperands(fs *flagSet, args []string, stderr io.Writer, n int) (int, bool) {
	err := fs.Parse(args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		fs.help()
		return exitOK, true
	case err != nil:
		return usageError(fs, stderr, err), true
	case fs.NArg() > n:
		return usageError(fs, stderr, fmt.Errorf("unexpected argument %q", fs.Arg(n))), true
	}
	for _, a := range fs.Args() {
		if name, ok := flagName(a); ok && fs.Lookup(name) != nil {
			return usageError(fs, stderr, fmt.Errorf("flag %s after the operands: flags go before them", a)), true
		}
	}
	return 0, false
}

// flagName is the flag's name in an argument -name, --name or -name=value.
func flagName(arg string) (string, bool) {
	name, ok := strings.CutPrefix(arg, "-")
	if !ok {
		return "", false
	}
	name = strings.TrimPrefix(name, "-")
	name, _, _ = strings.Cut(name, "=")
	return name, name != ""
}

// requireFlags returns an error naming the first of the given flags that
// was left empty.
func (fs *flagSet) requireFlags(names ...string) error {
	for _, n := range names {
		if fs.Lookup(n).Value.String() == "" {
			return fmt.Errorf("-%s is required", n)
		}
	}
	return nil
}

// usageError prints err, an error in the flags or their values, as one
// line that points at the command's -h, and returns exitUsage.
func usageError(fs *flagSet, stderr io.Writer, err error) int {
	return fail(fs, stderr, badUsage(err))
}

// registerSettings defines the flags of the Stein settings every flow
// shares (-alpha, -beta, -lambda, -prior, -gamma, -particles, -iters,
// -seed, -optimizer, -lr), with the current values of s as defaults.
func registerSettings(fs *flagSet, s *stein.Settings, seedDoc string) {
	fs.Float64Var(&s.Alpha, "alpha", s.Alpha, "prior order alpha in (0, 2]")
	fs.Float64Var(&s.Beta, "beta", s.Beta, "kernel order beta > 0")
	fs.Float64Var(&s.Lambda, "lambda", s.Lambda, "prior multiplier lambda >= 0 (0: no prior)")
	fs.TextVar(&s.Prior, "prior", s.Prior, "prior form: penalty (lambda |theta|^alpha, eq. log_post) or normalized (lambda^alpha c2(alpha) |theta|^alpha, eq. sparprior)")
	fs.Var(bandwidthFlag{&s.Bandwidth}, "gamma", "kernel bandwidth: a number > 0, median (Liu & Wang's rule, over the distinct pairs), median-matrix (the same over the N x N matrix with its zero diagonal, as their code takes it) or paper (Sec. 5.4's rule)")
	fs.IntVar(&s.Particles, "particles", s.Particles, "number of particles (>= 2)")
	fs.IntVar(&s.Iters, "iters", s.Iters, "number of iterations (>= 1)")
	fs.Uint64Var(&s.Seed, "seed", s.Seed, seedDoc)
	fs.TextVar(&s.Optimizer, "optimizer", s.Optimizer, "optimizer: adagrad (Liu & Wang's, decay 0.9), adagrad-reset (the same with its state reset every iteration, as their first code ran it), adam or sgd")
	fs.Float64Var(&s.StepSize, "lr", s.StepSize, "optimizer step size")
}

// isSet reports whether the flag name was given on the command line.
func (fs *flagSet) isSet(name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// inputsFlag is a flag.Value for -inputs: raw or shifted.
type inputsFlag struct{ in *icnn.Inputs }

func (f inputsFlag) String() string {
	if f.in == nil {
		return ""
	}
	return f.in.String()
}

func (f inputsFlag) Set(s string) error {
	in, err := icnn.ParseInputs(s)
	if err != nil {
		return err
	}
	*f.in = in
	return nil
}

// sigmaFlag is a flag.Value for -sigma: a number > 0, the same at every
// noise level, or "noise", a scale that follows the data's noise level
// (train.Config.Sigma = 0).
type sigmaFlag struct{ sigma *float64 }

func (f sigmaFlag) String() string {
	switch {
	case f.sigma == nil:
		return ""
	case *f.sigma == 0:
		return "noise"
	}
	return strconv.FormatFloat(*f.sigma, 'g', -1, 64)
}

func (f sigmaFlag) Set(s string) error {
	if strings.TrimSpace(s) == "noise" {
		*f.sigma = 0
		return nil
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || !(v > 0) || math.IsInf(v, 0) {
		return fmt.Errorf("sigma = %q: want a number > 0 or noise", s)
	}
	*f.sigma = v
	return nil
}

// onlyWith returns an error naming the first of the flags names that was
// given although cond, the setting they need (what), does not hold, so
// that a flag that would have no effect is refused rather than ignored.
func (fs *flagSet) onlyWith(cond bool, what string, names ...string) error {
	if cond {
		return nil
	}
	for _, n := range names {
		if !fs.isSet(n) {
			continue
		}
		given := "-" + n
		if v := fs.Lookup(n).Value.String(); v != "" { // a flag.Func's value prints empty
			given += " " + v
		}
		return fmt.Errorf("%s applies only with %s", given, what)
	}
	return nil
}

// firstError is the first of errs that is not nil.
func firstError(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/csvgd/csvgd-go/csvgd/compare"
	"github.com/csvgd/csvgd-go/csvgd/ensemble"
	"github.com/csvgd/csvgd-go/csvgd/explore"
	"github.com/csvgd/csvgd-go/csvgd/train"
)

// inputError marks an error as one in what the user gave ([badInput],
// [badUsage]); its message is err's.
type inputError struct {
	err   error
	usage bool // a flag or its value: the message points at the command's -h
}

func (e inputError) Error() string { return e.err.Error() }
func (e inputError) Unwrap() error { return e.err }

// badInput marks err as an error in an input (a file, a folder, a key of
// a cached run, an output path) that the user gave; nil stays nil, and an
// error already marked keeps its mark.
func badInput(err error) error {
	var in inputError
	if err == nil || errors.As(err, &in) {
		return err
	}
	return inputError{err: err}
}

// badUsage marks err as an error in the flags or their values; nil stays
// nil.
func badUsage(err error) error {
	if err == nil {
		return nil
	}
	return inputError{err: err, usage: true}
}

// exitCode is the exit code of a command stopped by err, by one rule for
// every command: exitUsage (2) for what the user gave that is wrong or
// cannot be used, exitFailure (1) for a failure while running on good
// input. Wrong or unusable input is a flag or its value; an input file,
// folder or cached run that is missing, unreadable, damaged, of the wrong
// kind, or that does not fit the flags or the other inputs (a reference
// of another template, a checkpoint of another run); and an output that
// exists without -force, or whose path cannot be written to (no such
// folder, a folder in its place, a file where its folder goes:
// [checkOutput], [checkOutputDir]). Such errors are marked ([badInput],
// [badUsage]), or are those by which the packages say the same: an
// existing file kept ([ensemble.ErrExists]), a checkpoint that cannot be
// resumed ([train.ErrBadCheckpoint]), ensembles that cannot be compared
// ([compare.ErrMismatch]), a layer or entry an ensemble does not have
// ([explore.ErrNotInEnsemble]). Every other error is a failure while
// running: numerical trouble (NaN or Inf), a sampler or training run that
// fails, an error writing an output, an interrupt (Ctrl-C or SIGTERM in
// the commands that stop cleanly on it, [interruptible]; in the others,
// and a second time in any, the signal ends the process with no exit
// code of its own).
func exitCode(err error) int {
	var in inputError
	switch {
	case errors.As(err, &in),
		errors.Is(err, ensemble.ErrExists),
		errors.Is(err, train.ErrBadCheckpoint),
		errors.Is(err, compare.ErrMismatch),
		errors.Is(err, explore.ErrNotInEnsemble):
		return exitUsage
	}
	return exitFailure
}

// fail prints err as one line on stderr, naming the command (and, for an
// error in the flags, pointing at its -h), and returns exitCode(err).
func fail(fs *flagSet, stderr io.Writer, err error) int {
	msg := strings.ReplaceAll(err.Error(), "\n", " ")
	if in := (inputError{}); errors.As(err, &in) && in.usage {
		fmt.Fprintf(stderr, "%s: %s (see '%s -h')\n", fs.Name(), msg, fs.Name())
	} else {
		fmt.Fprintf(stderr, "%s: %s\n", fs.Name(), msg)
	}
	return exitCode(err)
}

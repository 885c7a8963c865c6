// Command csvgd runs the condensed Stein variational gradient descent
// experiments of the paper, and those beyond it, from the command line and
// regenerates their figures and tables. Run "csvgd help" for the
// subcommands and "csvgd COMMAND -h" for a command's flags.
//
// Each subcommand parses its flags and calls the module's packages (train,
// condense, nuts, exact, calibration, compare, collapse, regress, ...), so that the
// command line and the notebooks share one implementation. reproduce,
// figures and runs read the registry of package study (study.Figures,
// study.Tables): which figures and tables there are, the runs each needs,
// and the names and counts their help texts give. Computed results are
// kept by package runcache (the repository's data/cache, or -cache DIR),
// so that a later call reads what an earlier one computed.
//
// Machine-readable output (-json) goes to standard output; progress, the
// backend in use and errors go to standard error. Exit codes: 0 success,
// 1 failure while running on good input (numerical trouble, a sampler or
// training run that fails, an error writing an output, Ctrl-C or SIGTERM
// in train, fit, nuts template, bench, reproduce, figures and runs train
// once their work has started, which stop cleanly on it), 2 anything
// given that is wrong or cannot be used (a flag or its value; an input
// file or a cached run named by its key that is missing, damaged, of the
// wrong kind or that does not fit the other inputs; an output path that
// cannot be written; an existing output without -force). Ctrl-C in the
// other commands (and in these before their work starts), and a second
// Ctrl-C in any, ends the process by the signal, with no exit code of its
// own (a shell reports 130).
package main

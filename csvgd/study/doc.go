// Package study runs the paper's numerical studies and makes their
// figures: one implementation shared by the command line (csvgd figures)
// and the notebooks.
//
// A study is a list of training runs ([Spec]: a noise level and a
// [train.Config]). A [Store] runs each one once and keeps its result
// (configuration, history, stages, final ensemble and push-forward W1) as
// a JSON file under data/cache/runs/, named by a hash of its
// configuration, so that a second pass — another figure that needs the
// same run, the next notebook cell, a second reproduction — reads the file
// instead of training again. Files are written atomically (write, then
// rename), so a run killed half-way leaves no damaged file, only the runs
// still to do.
//
// Every cached computation of the studies is a [Job] (a training run, a
// NUTS run, or a study of Sec. 4 cached whole); [Plan.Jobs] lists them by
// figure or table, and [Store.Prepare] computes the missing ones several
// at a time before the figures are drawn. Each is computed under a lock
// file beside its cache file (package internal/runlock), so that two
// processes or goroutines never compute the same one at once: the second
// waits and reads the first one's result.
//
// The registry (registry.go) lists every figure and table that csvgd
// reproduce makes, once: its name, the paper's section or beyond it, the
// cached jobs it reads and the function that makes it ([Figures],
// [Tables]). The command line's reproduce, figures -only, runs list
// -study and help all read it, and its tests hold package figures'
// documentation and the committed figures/ folder to it.
//
// Quick mode (csvgd.Quick, CSVGD_QUICK=1) shortens every run (fewer
// iterations, shorter stages) for CI and for a first look; quick runs have
// their own configurations, hence their own cache files.
package study

// Package study lists the paper's numerical studies and makes their
// figures and tables: one implementation shared by the command line
// (csvgd reproduce, figures, runs) and the notebooks.
//
// A study is a list of computations at the size of a [Plan] (the paper's,
// or quick): training runs ([runcache.Spec]: a noise level and a
// [train.Config]), sampler runs on a run's template ([runcache.NUTSSpec]:
// two per template, whose agreement decides whether their draws are a
// reference, [Plan.ReferenceRuns]), and the studies of Sec. 4 and of
// package collapse, cached whole. The plan's methods list them study by
// study (GraphRun, SpeedupRuns, ExactTemplates, ExactRuns, ...); runs that
// two studies share are one run, by key.
//
// Their results live in a cache of their own, package runcache: each is
// computed once, under a lock, and kept as a file named by a hash of its
// configuration, so that a second pass — another figure that needs the
// same run, the next notebook cell, a second reproduction, another
// process — reads the file instead of computing again. A [Store] is a
// plan on such a cache ([runcache.Cache]); the figure and table makers
// take one and read their runs through it, computing (and caching) those
// that are not cached yet. [Plan.Jobs] lists the cached computations
// ([runcache.Job]) by figure or table, and [runcache.Cache.Prepare]
// computes the missing ones several at a time before the figures are
// drawn.
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

// Package runcache keeps the computed results of the paper's studies on
// disk — training runs, sampler runs (NUTS or ChEES) on a run's template, and the studies of
// Sec. 4 and of package collapse cached whole — so that every result is
// computed once, by one process, and read by every figure, table,
// notebook cell and later reproduction that needs it. It is what csvgd
// runs lists and trains; package study lists the runs of the paper
// ([Spec], [NUTSSpec]) and makes its figures and tables from the results
// a [Cache] gives.
//
// A training run is a [Spec] (a noise level, which picks the committed
// data set, and a [train.Config]); a sampler's run a [NUTSSpec] (a
// training run and the sampler's [exact.Config]). Each is named by its key, a hash
// of its configuration and of the version of its file's meaning, so that
// a run two studies share is computed once. A [Cache] keeps the training
// runs in its folder Dir (data/cache/runs of the repository by default)
// and the rest beside it, in Dir's parent:
//
//	runs/KEY.json                  a training run (configuration, history, stages, final ensemble)
//	runs/KEY.checkpoint.json       the checkpoint of a run in progress, which the next request resumes
//	nuts/KEY.json                  a sampler's run (report, kept draws chain by chain, trace, divergences)
//	nuts/KEY.checkpoint.json       the chains' state of a NUTS run in progress, which the next request resumes
//	nuts/KEY.compare-HASH.json     the comparison of a run's last stage with the draws of runs on its template (KEY the first's)
//	nuts/KEY.agree-HASH.json       the agreement of runs on one template ([Cache.Agreement])
//	NAME.json, NAME-quick.json     a study cached whole ([Whole]): mvn_survey, mvn_marginal, variance_collapse
//
// Files are written atomically (write, then rename), so a process killed
// half-way leaves no damaged file, only the work still to do. A training
// run's or NUTS run's file that cannot be read, or holds another
// configuration, is reported with its path, never silently replaced.
//
// Training runs and NUTS runs resume where an interrupted request left
// them, with the result of an uninterrupted run, bit for bit (timings
// aside). A training run writes its checkpoint every 100 iterations and
// at the end of every stage ([train.RunWith]); each chain of a NUTS run
// saves its state every 50 iterations, at its end and when the cache's
// context stops it ([nuts.Checkpoint]). The checkpoint is removed once
// the result is cached. A training run's checkpoint of another
// configuration is an error; a NUTS run's checkpoint that is damaged or
// belongs to another run is ignored, with a line on the log, and the run
// samples from its beginning. ChEES runs are not resumed: an interrupted
// one samples again from its beginning.
//
// Every result is computed under a lock file beside its cache file
// (KEY.lock beside KEY.json, package internal/runlock): a second process
// or goroutine that asks for it meanwhile waits, then reads the first
// one's file, so that processes sharing a cache never compute one result
// twice or write over each other; a lock left by a process that died is
// taken over.
//
// A [Job] is one cached computation, by key; [Cache.Prepare] computes the
// missing ones of a list several at a time, in the order [Schedule]
// gives. Every job draws from its own seeds, so that jobs computed in any
// order, or at the same time, give the same files, bit for bit (timings
// aside).
package runcache

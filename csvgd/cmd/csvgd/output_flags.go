package main

import (
	"io"

	"github.com/csvgd/csvgd-go/csvgd/backend"
	"github.com/csvgd/csvgd-go/csvgd/study"
)

// outputFlags are the flags that csvgd figures and csvgd reproduce share:
// the output folder (-out), the studies' size and cache (-quick,
// -cache), how many runs train at once (-jobs) and the figures and tables
// to make (-only).
type outputFlags struct {
	out   *string
	store storeFlags
	jobs  *int
	only  *string
}

// registerOutputFlags registers the flags; onlyDoc is the help of -only.
func registerOutputFlags(fs *flagSet, onlyDoc string) outputFlags {
	return outputFlags{
		out:   fs.String("out", "figures", "folder to write the figures (and reproduce's tables) to"),
		store: registerStoreFlags(fs),
		jobs:  jobsFlag(fs),
		only:  fs.String("only", "", onlyDoc),
	}
}

// checkOut checks the output folder before any run ([checkOutputDir]):
// an error in the input ([badInput]).
func (f outputFlags) checkOut() error { return badInput(checkOutputDir("-out", *f.out)) }

// openStore starts the backend and the store the flags name, and computes
// the jobs of the studies named (every study when all) that are not
// cached yet, so that the figures and tables then read everything from the
// cache. stop releases the store's signals; it is nil on error.
func (f outputFlags) openStore(names []string, all bool, stderr io.Writer) (store *study.Store, stop func(), err error) {
	b, err := backend.Default()
	if err != nil {
		return nil, nil, err
	}
	store, stop = f.store.newStore(b, stderr)
	if all || len(names) > 0 {
		if err := prepare(store, *f.jobs, names, stderr); err != nil {
			stop()
			return nil, nil, err
		}
	}
	return store, stop, nil
}

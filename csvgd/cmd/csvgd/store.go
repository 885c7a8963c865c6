package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/gomlx/compute"

	"github.com/csvgd/csvgd-go/csvgd"
	"github.com/csvgd/csvgd-go/csvgd/study"
)

// storeFlags are the flags that choose the studies' size and their cache:
// -quick and -cache, shared by figures, reproduce and runs.
type storeFlags struct {
	quick *bool
	cache *string
}

func registerStoreFlags(fs *flagSet) storeFlags {
	cache := new(string)
	fs.Func("cache", "cache folder: runs/ and nuts/ in it, the studies of Sec. 4 beside them, created when missing (default: data/cache of the repository)", func(v string) error {
		if st, err := os.Stat(v); err == nil && !st.IsDir() {
			return fmt.Errorf("%s is a file, not a folder", v)
		}
		*cache = v
		return nil
	})
	return storeFlags{quick: fs.Bool("quick", csvgd.Quick(), "reduced studies (fewer particles, iterations, grid points); default from CSVGD_QUICK"), cache: cache}
}

// store is the cache of runs that the flags name, at the size they give,
// logging to log (nil: silent), training on b (nil: never trains).
func (f storeFlags) store(b compute.Backend, log io.Writer) *study.Store {
	store := study.NewStore(b, log)
	store.Quick = *f.quick
	if *f.cache != "" {
		store.Dir = filepath.Join(*f.cache, "runs")
	}
	return store
}

// newStore is store, logging to stderr, whose runs stop (after writing a
// checkpoint) on Ctrl-C or SIGTERM; stop releases the signals.
func (f storeFlags) newStore(b compute.Backend, stderr io.Writer) (store *study.Store, stop func()) {
	store = f.store(b, stderr)
	store.Context, stop = interruptible()
	return store, stop
}

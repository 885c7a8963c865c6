package study

import (
	"io"

	"github.com/csvgd/csvgd-go/csvgd"
	"github.com/csvgd/csvgd-go/csvgd/runcache"
	"github.com/gomlx/compute"
)

// Store is the paper's studies at the size of its [Plan] on a cache of
// their computed results ([runcache.Cache]): the figure and table makers
// read their runs through it, and a run that is not cached yet is
// computed, and cached, when first asked for.
type Store struct {
	Plan
	runcache.Cache
}

// NewStore caches under data/cache/runs of the repository (or of
// CSVGD_ROOT), or nowhere when the repository is not found
// ([runcache.New]); its plan is quick when CSVGD_QUICK asks for it
// ([csvgd.Quick]).
func NewStore(b compute.Backend, log io.Writer) *Store {
	return &Store{Plan: Plan{Quick: csvgd.Quick()}, Cache: *runcache.New(b, log)}
}

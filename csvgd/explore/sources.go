package explore

import (
	"github.com/csvgd/csvgd-go/csvgd/study"
	"github.com/csvgd/csvgd-go/csvgd/weights"
)

// Source is an ensemble the explorer can open: a cached run of the
// studies, or a saved ensemble file.
type Source struct {
	Label string // the run's label, or the file's path
	Run   *Run   // the cached run, or nil for a file
	Path  string // the file, when Run is nil
}

// Sources lists the ensembles the explorer can open: the files (saved
// ensembles, not checked here) first, then the cached runs of store
// ([Cached]).
func Sources(store *study.Store, files []string) ([]Source, error) {
	var out []Source
	for _, f := range files {
		out = append(out, Source{Label: f, Path: f})
	}
	runs, err := Cached(store)
	if err != nil {
		return nil, err
	}
	for _, r := range runs {
		out = append(out, Source{Label: r.Label, Run: &r})
	}
	return out, nil
}

// Open opens the source's ensemble, as it was stored: the run's final
// ensemble from store's cache ([Open]), or the file ([LoadFile]).
func (s Source) Open(store *study.Store) (weights.Networks, error) {
	if s.Run != nil {
		return Open(store, *s.Run)
	}
	return LoadFile(s.Path)
}

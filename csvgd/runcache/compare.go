package runcache

import (
	"encoding/json"
	"os"
	"slices"

	"github.com/csvgd/csvgd-go/csvgd/compare"
	"github.com/csvgd/csvgd-go/csvgd/internal/atomicfile"
)

// compareFileVersion changes whenever package compare's numbers change
// meaning, so that cached comparisons are computed again (the runs they
// compare are kept). Version 2: against the draws of one or more runs.
const compareFileVersion = 2

// compareFile is a cached comparison of a run's last-stage ensemble with
// reference draws, beside the first reference run's file
// ([Cache.setPath]).
type compareFile struct {
	Version int             `json:"version"`
	Runs    []string        `json:"runs"` // the reference runs' keys
	Options compare.Options `json:"options"`
	Result  *compare.Result `json:"result"`
}

// Comparison is the comparison, with the resampling options o, of the
// last stage of the training run of the runs ns (one template) with their
// draws, pooled: read from beside the first run's cache file when one of
// this version, these runs and these options is there, computed by
// compute (and written there) otherwise. The comparison is a
// deterministic function of the ensembles, so two processes that compute
// it at once write the same file; it takes no lock.
func (c *Cache) Comparison(ns []NUTSSpec, o compare.Options, compute func() (*compare.Result, error)) (*compare.Result, error) {
	keys, path, err := c.setPath(ns, "compare")
	if err != nil {
		return nil, err
	}
	if path != "" {
		if raw, err := os.ReadFile(path); err == nil {
			var f compareFile
			if json.Unmarshal(raw, &f) == nil && f.Version == compareFileVersion && slices.Equal(f.Runs, keys) && f.Options == o && f.Result != nil {
				return f.Result, nil
			}
		}
	}
	r, err := compute()
	if err == nil && path != "" {
		err = atomicfile.WriteJSON(path, compareFile{Version: compareFileVersion, Runs: keys, Options: o, Result: r})
	}
	return r, err
}

package runcache

import (
	"encoding/json"
	"os"
	"strings"

	"github.com/csvgd/csvgd-go/csvgd/compare"
	"github.com/csvgd/csvgd-go/csvgd/internal/atomicfile"
)

// compareFileVersion changes whenever package compare's numbers change
// meaning, so that cached comparisons are computed again (the NUTS runs
// they compare are kept).
const compareFileVersion = 1

// compareFile is a cached comparison of a run's last-stage ensemble with
// its NUTS draws, beside the NUTS run's file (KEY.compare.json).
type compareFile struct {
	Version int             `json:"version"`
	Options compare.Options `json:"options"`
	Result  *compare.Result `json:"result"`
}

// Comparison is the comparison, with the resampling options o, of the
// NUTS run n with the last stage of its training run: read from beside
// the NUTS run's cache file when one of this version and these options is
// there, computed by compute (and written there) otherwise. The
// comparison is a deterministic function of the two ensembles, so two
// processes that compute it at once write the same file; it takes no
// lock.
func (c *Cache) Comparison(n NUTSSpec, o compare.Options, compute func() (*compare.Result, error)) (*compare.Result, error) {
	key, err := n.Key()
	if err != nil {
		return nil, err
	}
	path := c.nutsPath(key)
	if path != "" {
		path = strings.TrimSuffix(path, ".json") + ".compare.json"
		if raw, err := os.ReadFile(path); err == nil {
			var f compareFile
			if json.Unmarshal(raw, &f) == nil && f.Version == compareFileVersion && f.Options == o && f.Result != nil {
				return f.Result, nil
			}
		}
	}
	r, err := compute()
	if err == nil && path != "" {
		err = atomicfile.WriteJSON(path, compareFile{Version: compareFileVersion, Options: o, Result: r})
	}
	return r, err
}

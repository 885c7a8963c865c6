package runcache

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/csvgd/csvgd-go/csvgd/exact"
	"github.com/csvgd/csvgd-go/csvgd/internal/atomicfile"
)

// agreementFileVersion changes whenever exact.Agree's numbers change
// meaning, so that cached agreements are computed again (the runs they
// read are kept). Version 2: robust standard errors; 3: the misses'
// shares to a tenth of a percent.
const agreementFileVersion = 3

// agreementFile is a cached agreement of runs on one template, beside the
// first run's cache file ([Cache.setPath]).
type agreementFile struct {
	Version  int                `json:"version"`
	Runs     []string           `json:"runs"` // the runs' keys, in order
	Criteria exact.Criteria     `json:"criteria"`
	Options  exact.AgreeOptions `json:"options"`
	Result   *exact.Agreement   `json:"result"`
}

// Agreement is the agreement of the runs ns of one template under the
// criteria c with the resampling options o: read from beside the first
// run's cache file when one of this version, these runs, criteria and
// options is there, computed by compute (and written there) otherwise.
// It is a deterministic function of the runs' draws, so two processes
// that compute it at once write the same file; it takes no lock.
func (c *Cache) Agreement(ns []NUTSSpec, cr exact.Criteria, o exact.AgreeOptions, compute func() (*exact.Agreement, error)) (*exact.Agreement, error) {
	keys, path, err := c.setPath(ns, "agree")
	if err != nil {
		return nil, err
	}
	if path != "" {
		if raw, err := os.ReadFile(path); err == nil {
			var f agreementFile
			if json.Unmarshal(raw, &f) == nil && f.Version == agreementFileVersion && slices.Equal(f.Runs, keys) && f.Criteria == cr && f.Options == o && f.Result != nil {
				return f.Result, nil
			}
		}
	}
	a, err := compute()
	if err == nil && path != "" {
		err = atomicfile.WriteJSON(path, agreementFile{Version: agreementFileVersion, Runs: keys, Criteria: cr, Options: o, Result: a})
	}
	return a, err
}

// setPath is the cache file of a result computed from the runs ns (what
// names it: agree, compare): beside the first run's file, named by a hash
// of every run's key, KEY.what-HASH.json ("" without a cache folder), and
// the runs' keys.
func (c *Cache) setPath(ns []NUTSSpec, what string) ([]string, string, error) {
	if len(ns) == 0 {
		return nil, "", errors.New("runcache: no run")
	}
	keys := make([]string, len(ns))
	for i, n := range ns {
		k, err := n.Key()
		if err != nil {
			return nil, "", err
		}
		keys[i] = k
	}
	first := c.nutsPath(keys[0])
	if first == "" {
		return keys, "", nil
	}
	sum := sha256.Sum256([]byte(strings.Join(keys, ",")))
	return keys, fmt.Sprintf("%s.%s-%s.json", strings.TrimSuffix(first, ".json"), what, hex.EncodeToString(sum[:4])), nil
}

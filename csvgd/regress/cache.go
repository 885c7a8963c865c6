package regress

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"

	"github.com/csvgd/csvgd-go/csvgd/internal/atomicfile"
	"github.com/csvgd/csvgd-go/csvgd/tabular"
	"github.com/gomlx/compute"
)

// fitFileVersion is the format of the files [CachedFit] writes.
const fitFileVersion = 1

type fitFile struct {
	Version int     `json:"version"`
	Config  Config  `json:"config"`
	Data    string  `json:"data_sha256"` // of the data's JSON
	Result  *Result `json:"result"`
}

// dataSum is the SHA-256 of the data's JSON: what a cached fit was made of.
func dataSum(d tabular.Data) string {
	raw, _ := json.Marshal(d)
	sum := sha256.Sum256(raw)
	return hex.EncodeToString(sum[:])
}

// ReadFit reads the fit of c on d from path: an error wrapping
// fs.ErrNotExist when the file is absent, damaged or holds another fit.
func ReadFit(path string, c Config, d tabular.Data) (*Result, error) {
	f, err := readCache(path, "fit", func(f fitFile) bool {
		return f.Version == fitFileVersion && sameJSON(c, f.Config) && f.Data == dataSum(d) && f.Result != nil && f.Result.Particles != nil
	})
	return f.Result, err
}

// readCache reads the JSON file at path into a value of type F: an error
// wrapping fs.ErrNotExist when it is absent or damaged, or when match
// says it holds another computation (what names it in the error), so that
// it is computed again.
func readCache[F any](path, what string, match func(F) bool) (F, error) {
	var f F
	raw, err := os.ReadFile(path)
	if err != nil {
		return f, err
	}
	if err := json.Unmarshal(raw, &f); err != nil {
		return f, fmt.Errorf("regress: %s is damaged (%v): %w", path, err, fs.ErrNotExist)
	}
	if !match(f) {
		return f, fmt.Errorf("regress: %s holds another %s: %w", path, what, fs.ErrNotExist)
	}
	return f, nil
}

// sameJSON reports whether a and b have the same JSON encoding.
func sameJSON(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return bytes.Equal(x, y)
}

// CachedFit is [Fit] of c on d, read from path when that file holds it,
// otherwise computed on b with the options o and written there
// atomically ("": no cache).
func CachedFit(b compute.Backend, c Config, d tabular.Data, path string, o Options) (*Result, error) {
	if path != "" {
		if r, err := ReadFit(path, c, d); err == nil {
			return r, nil
		}
	}
	r, err := Fit(b, c, d, o)
	if err != nil || path == "" {
		return r, err
	}
	if err := atomicfile.WriteJSON(path, fitFile{Version: fitFileVersion, Config: c, Data: dataSum(d), Result: r}); err != nil {
		return nil, fmt.Errorf("regress: %w", err)
	}
	return r, nil
}

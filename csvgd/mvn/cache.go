package mvn

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"

	"github.com/csvgd/csvgd-go/csvgd/internal/atomicfile"
	"github.com/csvgd/csvgd-go/csvgd/internal/jsonnum"
	"github.com/gomlx/compute"
)

// cacheFile is the on-disk form of a finished study: its configuration
// and its result. Version changes when the meaning of the file changes.
type cacheFile[C, R any] struct {
	Version int
	Config  C
	Result  R
}

// readCache returns the result cached at path when the file holds one of
// version and configuration c that valid accepts; false otherwise (no
// file, another version or configuration, or a damaged file).
func readCache[C, R any](path string, version int, c C, valid func(R) bool) (R, bool) {
	var f cacheFile[C, R]
	raw, err := os.ReadFile(path)
	if err != nil || json.Unmarshal(raw, &f) != nil {
		return f.Result, false
	}
	want, _ := json.Marshal(c)
	got, _ := json.Marshal(f.Config)
	return f.Result, f.Version == version && bytes.Equal(want, got) && valid(f.Result)
}

// cached returns the result of configuration c: read from path when
// [readCache] accepts the file there, computed otherwise and written to
// path (atomically: a temporary file renamed into place). An unreadable or
// stale file is replaced; an empty path disables the cache.
func cached[C, R any](path string, version int, c C, valid func(R) bool, compute func() (R, error)) (R, error) {
	if path != "" {
		if r, ok := readCache(path, version, c, valid); ok {
			return r, nil
		}
	}
	r, err := compute()
	if err != nil || path == "" {
		return r, err
	}
	return r, writeAtomic(path, cacheFile[C, R]{Version: version, Config: c, Result: r})
}

// readCached is [readCache] as an error: one wrapping fs.ErrNotExist
// when path holds no finished result of version and configuration c.
func readCached[C, R any](path string, version int, c C, valid func(R) bool) (R, error) {
	r, ok := readCache(path, version, c, valid)
	if !ok {
		return r, fmt.Errorf("mvn: %s: no finished result of this configuration: %w", path, fs.ErrNotExist)
	}
	return r, nil
}

// surveyFileVersion changes whenever the meaning of a cached survey
// changes (its runs, file layout, the GoMLX version that computes it), so
// that older files are run again. Version 4: GoMLX v0.28.2.
const surveyFileVersion = 4

// surveyComplete accepts a cached survey of s that has every point.
func surveyComplete(s SurveyConfig) func([]SurveyPoint) bool {
	return func(pts []SurveyPoint) bool { return len(pts) == len(s.Points()) }
}

// ReadSurvey returns the survey s cached at path by [CachedSurvey]; an
// error wrapping fs.ErrNotExist when path holds none of this
// configuration (it is then run by the next CachedSurvey).
func ReadSurvey(path string, s SurveyConfig) ([]SurveyPoint, error) {
	return readCached(path, surveyFileVersion, s, surveyComplete(s))
}

// CachedSurvey returns the survey s, reading it from path when that file
// holds a finished survey of exactly the same configuration, and otherwise
// running it with [Survey] and writing it to path ([cached]).
func CachedSurvey(b compute.Backend, t Target, s SurveyConfig, path string, progress func(done, total int)) ([]SurveyPoint, error) {
	return cached(path, surveyFileVersion, s, surveyComplete(s), func() ([]SurveyPoint, error) { return Survey(b, t, s, progress) })
}

// writeAtomic writes v as indented JSON to path through a temporary file in
// the same folder, so that a killed process never leaves half a file.
func writeAtomic(path string, v any) error {
	if err := atomicfile.WriteJSON(path, v); err != nil {
		return fmt.Errorf("mvn: %w", err)
	}
	return nil
}

// surveyPointJSON encodes the metrics of a failed run (NaN) as null.
type surveyPointJSON struct {
	Alpha, Beta, Lambda, Gamma float64
	Bhattacharyya, L1Theta3    jsonnum.Float
	BhattacharyyaPosterior     jsonnum.Float
	Error                      string `json:",omitempty"`
}

// MarshalJSON implements json.Marshaler (NaN metrics become null).
func (p SurveyPoint) MarshalJSON() ([]byte, error) {
	return json.Marshal(surveyPointJSON{p.Alpha, p.Beta, p.Lambda, p.Gamma, jsonnum.Float(p.Bhattacharyya), jsonnum.Float(p.L1Theta3),
		jsonnum.Float(p.BhattacharyyaPosterior), p.Error})
}

// UnmarshalJSON implements json.Unmarshaler (null metrics become NaN).
func (p *SurveyPoint) UnmarshalJSON(raw []byte) error {
	var j surveyPointJSON
	if err := json.Unmarshal(raw, &j); err != nil {
		return err
	}
	*p = SurveyPoint{j.Alpha, j.Beta, j.Lambda, j.Gamma, float64(j.Bhattacharyya), float64(j.L1Theta3),
		float64(j.BhattacharyyaPosterior), j.Error}
	return nil
}

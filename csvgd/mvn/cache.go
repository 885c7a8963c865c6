package mvn

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"

	"github.com/csvgd/csvgd-go/csvgd/internal/atomicfile"
	"github.com/gomlx/gomlx/backends"
)

// surveyFile is the on-disk form of a finished survey: its configuration
// and its points. Version changes when the meaning of the file changes.
type surveyFile struct {
	Version int
	Config  SurveyConfig
	Points  []SurveyPoint
}

const surveyFileVersion = 3

// CachedSurvey returns the survey s, reading it from path when that file
// holds a finished survey of exactly the same configuration, and otherwise
// running it with [Survey] and writing it to path (atomically: a temporary
// file renamed into place). An unreadable or stale file is replaced; an
// empty path disables the cache.
func CachedSurvey(b backends.Backend, t Target, s SurveyConfig, path string, progress func(done, total int)) ([]SurveyPoint, error) {
	if path != "" {
		if pts, err := loadSurvey(path, s); err == nil {
			return pts, nil
		}
	}
	pts, err := Survey(b, t, s, progress)
	if err != nil || path == "" {
		return pts, err
	}
	return pts, writeAtomic(path, surveyFile{Version: surveyFileVersion, Config: s, Points: pts})
}

func loadSurvey(path string, s SurveyConfig) ([]SurveyPoint, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var f surveyFile
	if err := json.Unmarshal(raw, &f); err != nil {
		return nil, fmt.Errorf("mvn: survey cache %s: %w", path, err)
	}
	want, _ := json.Marshal(s)
	got, _ := json.Marshal(f.Config)
	if f.Version != surveyFileVersion || !bytes.Equal(want, got) || len(f.Points) != len(s.Points()) {
		return nil, errors.New("mvn: survey cache holds another configuration")
	}
	return f.Points, nil
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
	Bhattacharyya, L1Theta3    *float64
	BhattacharyyaPosterior     *float64
	Error                      string `json:",omitempty"`
}

// MarshalJSON implements json.Marshaler (NaN metrics become null).
func (p SurveyPoint) MarshalJSON() ([]byte, error) {
	return json.Marshal(surveyPointJSON{p.Alpha, p.Beta, p.Lambda, p.Gamma, finiteOrNil(p.Bhattacharyya), finiteOrNil(p.L1Theta3),
		finiteOrNil(p.BhattacharyyaPosterior), p.Error})
}

// UnmarshalJSON implements json.Unmarshaler (null metrics become NaN).
func (p *SurveyPoint) UnmarshalJSON(raw []byte) error {
	var j surveyPointJSON
	if err := json.Unmarshal(raw, &j); err != nil {
		return err
	}
	*p = SurveyPoint{j.Alpha, j.Beta, j.Lambda, j.Gamma, valueOrNaN(j.Bhattacharyya), valueOrNaN(j.L1Theta3),
		valueOrNaN(j.BhattacharyyaPosterior), j.Error}
	return nil
}

func finiteOrNil(v float64) *float64 {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return nil
	}
	return &v
}

func valueOrNaN(v *float64) float64 {
	if v == nil {
		return math.NaN()
	}
	return *v
}

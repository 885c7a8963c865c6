package hyperelastic

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
)

// InfoFile is the name of the file, beside train.csv and test.csv, in which
// a data folder records how it was made ([DataConfig]): its noise level,
// seed, sizes, ranges and test path. Training reads the noise level from
// it rather than asking for it again.
const InfoFile = "data.json"

// infoFormat is the "format" field of an InfoFile.
const infoFormat = "csvgd-hyperelastic-data"

// info is the JSON object of an InfoFile.
type info struct {
	Format string `json:"format"`
	DataConfig
}

// MarshalInfo returns the content of the InfoFile of data made with c:
// indented JSON ending in a newline, the same bytes for the same c.
func MarshalInfo(c DataConfig) ([]byte, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	b, err := json.MarshalIndent(info{Format: infoFormat, DataConfig: c}, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("hyperelastic: %w", err)
	}
	return append(b, '\n'), nil
}

// ErrNoInfo is returned by [ReadInfoFile] for a folder without an
// InfoFile (made by hand, or by a csvgd before data folders recorded their
// settings).
var ErrNoInfo = errors.New("no " + InfoFile)

// ReadInfoFile reads the InfoFile at path and returns the configuration
// the data were made with. Errors name the file; a missing file is an
// error wrapping [ErrNoInfo].
func ReadInfoFile(path string) (DataConfig, error) {
	raw, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return DataConfig{}, fmt.Errorf("%s: %w", path, ErrNoInfo)
	}
	if err != nil {
		return DataConfig{}, err
	}
	var in info
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&in); err != nil {
		return DataConfig{}, fmt.Errorf("%s: not a data description: %w", path, err)
	}
	if in.Format != infoFormat {
		return DataConfig{}, fmt.Errorf("%s: format %q, want %q", path, in.Format, infoFormat)
	}
	if err := in.DataConfig.Validate(); err != nil {
		return DataConfig{}, fmt.Errorf("%s: %w", path, err)
	}
	return in.DataConfig, nil
}

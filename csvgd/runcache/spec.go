package runcache

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"

	"github.com/csvgd/csvgd-go/csvgd/train"
)

// Spec is one training run of a study: the data's noise level and the
// training configuration.
type Spec struct {
	Label  string       // what the run is in its study, e.g. "cSVGD alpha = 0.5"
	Noise  float64      // picks data/hyperelastic/noise-S ([train.LoadPaperData])
	Config train.Config // the run
}

// runFileVersion changes whenever the meaning of a cached run changes
// (training code, file layout, the GoMLX version that computes it), so
// that older files are run again. Version 8: GoMLX v0.28.2; version 9:
// every history and stage record holds the W1 inside the training range.
const runFileVersion = 9

// Key identifies the run's result: a hash of the noise level, the
// configuration and runFileVersion (not of the label, so that studies
// share runs).
func (s Spec) Key() (string, error) {
	raw, err := json.Marshal(struct {
		Version int
		Noise   float64
		Config  train.Config
	}{runFileVersion, s.Noise, s.Config})
	if err != nil {
		return "", fmt.Errorf("runcache: %s: %w", s.Label, err)
	}
	sum := sha256.Sum256(raw)
	return hex.EncodeToString(sum[:8]), nil
}

package study

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
	Noise  float64      // picks data/hyperelastic/noise-S
	Config train.Config // the run
}

// runFileVersion changes whenever the meaning of a cached run changes
// (training code, file layout), so that older files are run again.
const runFileVersion = 7

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
		return "", fmt.Errorf("study: %s: %w", s.Label, err)
	}
	sum := sha256.Sum256(raw)
	return hex.EncodeToString(sum[:8]), nil
}

// paperRun is the base of the Sec. 5.4-5.6 runs: cSVGD with the paper's
// prior (alpha, lambda = 0.05) and 10 particles on the 10% noise data, with
// the defaults of [train.DefaultConfig] (raw invariants, Liu & Wang's
// median bandwidth, the calibrated likelihood scale); in quick mode 200
// iterations in stages of 50 instead of 2000 in stages of 500.
func paperRun(label string, alpha float64, quick bool) Spec {
	c := train.DefaultConfig()
	c.Alpha, c.Lambda = alpha, 0.05
	if quick {
		c.Iters, c.Stage, c.Every, c.RefDraws = 200, 50, 25, 200
	}
	return Spec{Label: label, Noise: 0.1, Config: c}
}

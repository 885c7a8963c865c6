package train

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/backend"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
)

// defaultPathRun is a short cSVGD run with the default update: a small
// network, two stages ended by condensation, the alpha = 1/2 prior.
func defaultPathRun(t *testing.T) *Result {
	t.Helper()
	c := DefaultConfig()
	c.Arch = icnn.Arch{Widths: []int{3, 8, 8, 1}}
	c.Particles, c.Iters, c.Stage, c.Every, c.RefDraws = 4, 60, 30, 20, 200
	c.Lambda = 0.05
	res, err := Run(testBackend(t), c, testData(t, 0.1), nil)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// resultDigest is the SHA-256 of what a run produced: its final particles
// and template, its history and its stages without their timings.
func resultDigest(t *testing.T, res *Result) string {
	t.Helper()
	stages := append([]StageRecord(nil), res.Stages...)
	for i := range stages {
		stages[i].MsPerIter = 0
	}
	b, err := json.Marshal(struct {
		Particles any
		Widths    []int
		History   []Record
		Stages    []StageRecord
	}{res.Particles, res.Arch.Widths, res.History, stages})
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// TestDefaultUpdateUnchanged: the default path of a run, the
// first-order Stein update with the optimizer, gives bit for bit the
// particles, history and stages that it gave before the Newton updates
// existed. The digest was recorded with this test on the commit that
// preceded them, on the pure-Go backend, once per build (digestSIMD with
// GOEXPERIMENT=simd, whose matrix products sum in another order, and
// digestPlain without); other backends are skipped.
func TestDefaultUpdateUnchanged(t *testing.T) {
	if !strings.HasPrefix(backend.Config(), "go") {
		t.Skipf("the digests were recorded on the pure-Go backend, not %s", backend.Config())
	}
	if got := resultDigest(t, defaultPathRun(t)); got != recordedDigest {
		t.Errorf("default run digest %s, recorded %s: the default path changed", got, recordedDigest)
	}
}

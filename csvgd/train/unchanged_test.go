package train

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"os"
	"runtime"
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/backend"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/internal/numtest"
)

// defaultPathRun is a short cSVGD run with the default update: a small
// network, two stages ended by condensation, the alpha = 1/2 prior.
func defaultPathRun(t *testing.T) *Result {
	t.Helper()
	res, err := Run(testBackend(t), defaultPathConfig(), testData(t, 0.1), nil)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// defaultPathConfig is the configuration of [defaultPathRun].
func defaultPathConfig() Config {
	c := DefaultConfig()
	c.Arch = icnn.Arch{Widths: []int{3, 8, 8, 1}}
	c.Particles, c.Iters, c.Stage, c.Every, c.RefDraws = 4, 60, 30, 20, 200
	c.Lambda = 0.05
	return c
}

// resultJSON is what a run produced, as JSON: its final particles and
// template, its history and its stages without their timings.
func resultJSON(t *testing.T, res *Result) []byte {
	t.Helper()
	stages := append([]StageRecord(nil), res.Stages...)
	for i := range stages {
		stages[i].MsPerIter, stages[i].CompileMs, stages[i].StepsMode, stages[i].StepCalls, stages[i].HostReads = 0, 0, "", 0, 0
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
	return b
}

// resultDigest is the SHA-256 of [resultJSON].
func resultDigest(t *testing.T, res *Result) string {
	t.Helper()
	sum := sha256.Sum256(resultJSON(t, res))
	return hex.EncodeToString(sum[:])
}

// recordedDigests are [TestDefaultUpdateUnchanged]'s digests of the
// default run, one per architecture and kernel path of the pure-Go backend
// ([kernelPath]):
// the matrix products and reductions sum in another order on each, so each
// gives its own bits. They were recorded with this test (GODEBUG=
// cpu.avx512f=off makes an AVX-512 machine take the AVX2 path).
var recordedDigests = map[string]string{
	"amd64/plain":       "aaad3b37d6a44c8eb8d0daa52998626655254d706d84f11dad7852df7763ebc2",
	"amd64/simd-avx512": "a0116810bb049a39b714fb92ddb9cfb719213b4fe7453beaf6c7127f51f287e5",
	"amd64/simd-avx2":   "14ac76e1c6fc057d29ff84f48cfff2eaa8a0aa51c7a056e5606b273ed43336ea",
}

// TestDefaultUpdateUnchanged: the default path of a run, the first-order
// Stein update with the optimizer, gives bit for bit the particles,
// history and stages recorded for the kernel path that ran (on the
// pure-Go backend; other backends are skipped). A path without a recorded
// digest is skipped, saying which: [TestDefaultRunMatchesGolden] holds every
// path to the same numbers within rounding.
func TestDefaultUpdateUnchanged(t *testing.T) {
	if !strings.HasPrefix(backend.Config(), "go") {
		t.Skipf("the digests were recorded on the pure-Go backend, not %s", backend.Config())
	}
	path := runtime.GOARCH + "/" + kernelPath()
	want, ok := recordedDigests[path]
	if !ok {
		t.Skipf("no digest recorded for kernel path %s", path)
	}
	if got := resultDigest(t, defaultPathRun(t)); got != want {
		t.Errorf("default run digest %s on kernel path %s, recorded %s: the default path changed", got, path, want)
	}
}

var update = flag.Bool("update", false, "rewrite the golden files of the tests that have them")

// goldenDefaultRun is the default run's result as the plain build on amd64
// computed it, the numbers of [TestDefaultRunMatchesGolden].
const goldenDefaultRun = "testdata/default_run.golden.json"

// TestDefaultRunMatchesGolden: the default run gives the numbers of the
// golden file on every kernel path, processor and build: the final
// particles and template, every history record and stage (timings aside),
// to 1e-9 relative (1e-12 absolute near zero). The paths differ only in the
// order in which they sum, so their results agree to rounding, amplified by
// the 60 steps and two condensations of the run. go test -run
// TestDefaultRunMatchesGolden -update rewrites the file.
func TestDefaultRunMatchesGolden(t *testing.T) {
	res := defaultPathRun(t)
	if *update {
		if err := os.WriteFile(goldenDefaultRun, resultJSON(t, res), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	for _, d := range goldenDiffs(t, res) {
		t.Error(d)
	}
}

// goldenDiffs lists where the run res differs from the golden default run
// by more than 1e-9 relative (1e-12 absolute near zero).
func goldenDiffs(t *testing.T, res *Result) []string {
	t.Helper()
	want, err := os.ReadFile(goldenDefaultRun)
	if err != nil {
		t.Fatal(err)
	}
	var g, w any
	if err := json.Unmarshal(resultJSON(t, res), &g); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(want, &w); err != nil {
		t.Fatal(err)
	}
	return numtest.JSONDiff{Rel: 1e-9, Abs: 1e-12}.Compare(g, w)
}

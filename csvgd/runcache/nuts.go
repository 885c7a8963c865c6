package runcache

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/csvgd/csvgd-go/csvgd/exact"
	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/internal/atomicfile"
	"github.com/csvgd/csvgd-go/csvgd/nuts"
	"github.com/csvgd/csvgd-go/csvgd/train"
)

// NUTSSpec is a sampler's run on the posterior of the template that a
// training run's last stage ran on (package exact): the run, whose
// last-stage particles start the chains (or whose template the
// initialisations of exact.InitStarts are drawn on), and the sampler's
// configuration (NUTS by default, or ChEES).
type NUTSSpec struct {
	Run    Spec
	Config exact.Config
}

// Name is what the run is, for people: the sampler, its starts and seed,
// and the training run, e.g. "NUTS (stein starts, seed 1) on cSVGD, 10
// particles".
func (n NUTSSpec) Name() string {
	return fmt.Sprintf("%s (%s starts, seed %d) on %s", strings.ToUpper(n.Config.Sampler.String()), n.Config.Starts, n.Config.Seed, n.Run.Label)
}

// nutsFileVersion changes whenever the meaning of a cached NUTS run
// changes (posterior, sampler, file layout), so that older files are
// sampled again. Version 2: GoMLX v0.28.2 (it computes the Stein
// ensembles the posteriors are taken from). Version 3: the template of
// the last stage before its condensation, Stan's criteria, the trace and
// the divergences' positions. Version 4: the warm-up's divergences too.
// Version 5: the sampler (NUTS or ChEES), the starts and the leapfrog
// steps in the report.
const nutsFileVersion = 5

// WatchCount is the number of test points inside the training range at
// which the convergence of a NUTS run's push-forward is measured
// ([exact.WatchPoints]).
const WatchCount = 25

// Key identifies the NUTS run: a hash of the training run's key, the
// sampler's configuration (but for the number of workers, which does not
// change the draws) and nutsFileVersion.
func (n NUTSSpec) Key() (string, error) {
	run, err := n.Run.Key()
	if err != nil {
		return "", err
	}
	c := n.Config
	c.Workers = 0
	raw, err := json.Marshal(struct {
		Version int
		Run     string
		Config  exact.Config
		Watch   int
	}{nutsFileVersion, run, c, WatchCount})
	if err != nil {
		return "", fmt.Errorf("runcache: %s: %w", n.Name(), err)
	}
	sum := sha256.Sum256(raw)
	return hex.EncodeToString(sum[:8]), nil
}

// NUTSResult is a finished NUTS run: the template, the sampler's report,
// the draws kept after thinning, the trace of the rank plots and where
// kept transitions diverged (at most MaxDiverged of them).
type NUTSResult struct {
	Version  int          `json:"version"`
	Label    string       `json:"label"`
	Config   exact.Config `json:"config"`
	Arch     icnn.Arch    `json:"arch"`
	Report   exact.Report `json:"report"`
	Draws    [][]float64  `json:"draws"`
	Trace    exact.Trace  `json:"trace"`
	Diverged [][]float64  `json:"diverged,omitempty"`
	// WarmupDiverged are where warm-up transitions diverged (at most
	// MaxDiverged of them).
	WarmupDiverged [][]float64 `json:"warmup_diverged,omitempty"`
}

// MaxDiverged is the most divergence positions a cached NUTS run keeps,
// of the kept transitions and of the warm-up each.
const MaxDiverged = 500

// nutsPath is the cache file of the NUTS run with this key: beside the
// runs' folder, in data/cache/nuts/ ("" without a cache folder).
func (c *Cache) nutsPath(key string) string {
	if c.Dir == "" {
		return ""
	}
	return filepath.Join(filepath.Dir(c.Dir), "nuts", key+".json")
}

// NUTS returns the NUTS run n: read from the cache when a file of exactly
// this configuration is there, sampled (and then cached) otherwise, under
// the run's lock ([LockPath]). The training run is the cache's
// ([Cache.Result]). A NUTS run (not ChEES) resumes from its checkpoint
// (KEY.checkpoint.json beside the cache file) when an interrupted
// request left one, with the draws of an uninterrupted run; the
// checkpoint is removed once the run is cached.
func (c *Cache) NUTS(n NUTSSpec) (*NUTSResult, error) {
	key, err := n.Key()
	if err != nil {
		return nil, err
	}
	path := c.nutsPath(key)
	load := func() (*NUTSResult, error) {
		r, err := loadNUTS(path, n)
		if err != nil {
			return nil, err
		}
		return r, c.sameTemplate(path, n, r)
	}
	return once(c, path, n.Name(), load, func() (*NUTSResult, error) {
		res, err := c.Result(n.Run)
		if err != nil {
			return nil, err
		}
		c.logf("%s%s: %d chains x (%d + %d) iterations\n", c.counter(), n.Name(), n.Config.Chains, n.Config.Warmup, n.Config.Draws)
		r, err := c.sampleResumable(res, n, key, path)
		if err != nil {
			return nil, fmt.Errorf("runcache: %s: %w", n.Name(), err)
		}
		c.logf("%s%s: %.0f s, push-forward R-hat %.3f, bulk ESS %.0f, %d divergences, log density R-hat %.2f\n", c.counter(), n.Name(),
			r.Report.Seconds, r.Report.RHatMax, r.Report.ESSBulkMin, r.Report.Divergences, r.Report.LogDensityRHat)
		if path == "" {
			return r, nil
		}
		if err := atomicfile.WriteJSON(path, r); err != nil {
			return r, err
		}
		c.removeCheckpoint(path)
		return r, nil
	})
}

// sameTemplate reports a cached NUTS run r (at path) whose template is not
// the one the cache's training run of n last ran on. The key names the
// training run by its configuration, not its result: a training run that
// another version of the code computed anew may end on another template,
// and draws of one template's posterior are no reference for another's.
func (c *Cache) sameTemplate(path string, n NUTSSpec, r *NUTSResult) error {
	res, err := c.Result(n.Run)
	if err != nil {
		return err
	}
	arch, particles, err := res.LastStageEnsemble()
	if err != nil {
		return fmt.Errorf("runcache: %s: %w", n.Name(), err)
	}
	if !slices.Equal(arch.Widths, r.Arch.Widths) || arch.Inputs != r.Arch.Inputs || len(r.Draws[0]) != len(particles[0]) {
		return fmt.Errorf("runcache: NUTS cache file %s samples the template %v, but the training run %s last ran on %v (delete the file to sample again)",
			path, r.Arch.Widths, n.Run.Label, arch.Widths)
	}
	return nil
}

// sampleRun samples the posterior of the template res's last stage ran
// on, from its particles ([NewTemplate], [Template.Sample]); the chains
// stop when ctx is done, and resume from and save into ck when it is not
// nil (NUTS only, [exact.Config].Checkpoint).
func sampleRun(ctx context.Context, res *train.Result, n NUTSSpec, ck *nuts.Checkpoint) (*NUTSResult, error) {
	data, err := train.LoadPaperData(n.Run.Noise)
	if err != nil {
		return nil, err
	}
	arch, particles, err := res.LastStageEnsemble()
	if err != nil {
		return nil, err
	}
	t, err := NewTemplate(arch, particles, exact.SettingsOf(res, n.Run.Noise), data)
	if err != nil {
		return nil, err
	}
	c := n.Config
	c.Context, c.Checkpoint = ctx, ck
	run, err := t.Sample(c)
	if err != nil {
		return nil, err
	}
	return &NUTSResult{Version: nutsFileVersion, Label: n.Run.Label, Config: n.Config, Arch: arch, Report: run.Report, Draws: run.Kept,
		Trace: run.Trace, Diverged: run.Diverged[:min(len(run.Diverged), MaxDiverged)],
		WarmupDiverged: run.WarmupDiverged[:min(len(run.WarmupDiverged), MaxDiverged)]}, nil
}

// Template is what a sampler's run on the posterior of a trained template
// works on: the template, the particles its last stage ended at (where
// Stein starts begin the chains), the posterior under the training run's
// settings on the training points, and the push-forward watched
// ([Watch]). It is the one definition of such a run that the studies'
// cached runs ([Cache.NUTS], from a training run) and csvgd nuts template
// (from the ensemble file of that run's last stage) share, so that one
// sampler configuration draws the same chains by either: the draws depend
// on the template, the particles, the settings, the data and the
// configuration (its seed included) only.
type Template struct {
	Arch      icnn.Arch
	Particles [][]float64
	Posterior *exact.Posterior
	Watch     func([]float64) []float64
}

// NewTemplate is the template arch with its particles, the posterior of
// settings s on data's training points and the watched push-forward at
// data's test points.
func NewTemplate(arch icnn.Arch, particles [][]float64, s exact.Settings, data train.Data) (*Template, error) {
	post, err := s.Posterior(arch, data.Train)
	if err != nil {
		return nil, err
	}
	return &Template{Arch: arch, Particles: particles, Posterior: post, Watch: Watch(arch, data.Test)}, nil
}

// Sample runs the sampler of c on the template's posterior from the
// starts of c (exact.Sample).
func (t *Template) Sample(c exact.Config) (*exact.Run, error) {
	return exact.Sample(t.Posterior, t.Particles, c, t.Watch)
}

// Watch is the push-forward at which the convergence and the agreement
// of sampler runs on the template arch are measured: a draw's stresses
// at WatchCount of the test points inside the training range
// ([exact.WatchPoints], [exact.StressWatch]).
func Watch(arch icnn.Arch, test []hyperelastic.Sample) func([]float64) []float64 {
	return exact.StressWatch(arch, exact.WatchPoints(test, WatchCount))
}

// loadNUTS reads the cached NUTS run n at path: fs.ErrNotExist when there
// is none, another error when the file is damaged or holds another run.
func loadNUTS(path string, n NUTSSpec) (*NUTSResult, error) {
	if path == "" {
		return nil, fs.ErrNotExist
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var r NUTSResult
	if err := json.Unmarshal(raw, &r); err != nil || len(r.Draws) == 0 {
		return nil, fmt.Errorf("runcache: NUTS cache file %s is damaged (delete it to sample %s again): %v", path, n.Run.Label, err)
	}
	want, _ := json.Marshal(n.Config)
	got, _ := json.Marshal(r.Config)
	if r.Version != nutsFileVersion || string(want) != string(got) {
		return nil, fmt.Errorf("runcache: NUTS cache file %s holds another run than %s (delete it to sample again)", path, n.Run.Label)
	}
	return &r, nil
}

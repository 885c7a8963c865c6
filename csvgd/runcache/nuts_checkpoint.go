package runcache

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"github.com/csvgd/csvgd-go/csvgd"
	"github.com/csvgd/csvgd-go/csvgd/exact"
	"github.com/csvgd/csvgd-go/csvgd/internal/atomicfile"
	"github.com/csvgd/csvgd-go/csvgd/nuts"
	"github.com/csvgd/csvgd-go/csvgd/train"
)

// nutsCheckpointVersion is the format of a NUTS run's checkpoint file; a
// file of another version is ignored.
const nutsCheckpointVersion = 1

// nutsCheckpoint is the checkpoint of a NUTS run in progress,
// nuts/KEY.checkpoint.json beside its cache file: the run's key, label
// and configuration, which the file must match to be resumed, and the
// state its chains saved ([nuts.State]: each chain's generator, point,
// step size, metric, warm-up adaptation and record so far).
type nutsCheckpoint struct {
	Version int          `json:"version"`
	Key     string       `json:"key"`
	Label   string       `json:"label"`
	Config  exact.Config `json:"config"`
	State   *nuts.State  `json:"state"`
}

// checkpointPath is the checkpoint beside the cache file path:
// KEY.checkpoint.json beside KEY.json.
func checkpointPath(path string) string {
	return strings.TrimSuffix(path, ".json") + ".checkpoint.json"
}

// sampleResumable is [sampleRun] for the NUTS run n with the key key
// and cache file path: it resumes from the checkpoint beside path when
// one of this run is there, and its chains save their states into it
// (every [nuts.DefaultSaveEvery] iterations and when the cache's context
// stops them), so that an interrupted run goes on where it stopped and
// ends with the draws of an uninterrupted one. A checkpoint that is
// damaged or belongs to another run is ignored, with a line on the log,
// and the run starts from its beginning. Without a cache folder, and
// for ChEES runs, it samples without a checkpoint.
func (c *Cache) sampleResumable(res *train.Result, n NUTSSpec, key, path string) (*NUTSResult, error) {
	if path == "" || n.Config.Sampler != exact.NUTSSampler {
		return sampleRun(c.context(), res, n, nil)
	}
	ckPath := checkpointPath(path)
	saved := false
	checkpoint := func(resume *nuts.State) *nuts.Checkpoint {
		return &nuts.Checkpoint{Resume: resume, Save: func(s *nuts.State) error {
			saved = true
			return atomicfile.WriteJSON(ckPath, nutsCheckpoint{Version: nutsCheckpointVersion, Key: key, Label: n.Run.Label, Config: n.Config, State: s})
		}}
	}
	resume := c.loadNUTSCheckpoint(ckPath, key, n)
	r, err := sampleRun(c.context(), res, n, checkpoint(resume))
	if errors.Is(err, nuts.ErrResume) {
		c.logf("%s%s: ignoring the checkpoint %s (%v); sampling from the start\n", c.counter(), n.Name(), csvgd.RepoRelative(ckPath), err)
		r, err = sampleRun(c.context(), res, n, checkpoint(nil))
	}
	switch {
	case err != nil && saved:
		return nil, fmt.Errorf("%w; the chains' state is saved in %s, which the next request resumes", err, csvgd.RepoRelative(ckPath))
	case err != nil:
		return nil, err
	}
	return r, nil
}

// loadNUTSCheckpoint is the state saved in the checkpoint file ckPath of
// the NUTS run n (key), or nil when there is none, or when it is damaged
// or of another run (said on the log: it is not resumed, and the run's
// saves replace it).
func (c *Cache) loadNUTSCheckpoint(ckPath, key string, n NUTSSpec) *nuts.State {
	raw, err := os.ReadFile(ckPath)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	ignore := func(why string) *nuts.State {
		c.logf("%s%s: ignoring the checkpoint %s (%s); sampling from the start\n", c.counter(), n.Name(), csvgd.RepoRelative(ckPath), why)
		return nil
	}
	if err != nil {
		return ignore(err.Error())
	}
	var f nutsCheckpoint
	if err := json.Unmarshal(raw, &f); err != nil {
		return ignore(fmt.Sprintf("damaged: %v", err))
	}
	want, err1 := json.Marshal(n.Config)
	got, err2 := json.Marshal(f.Config)
	switch {
	case f.Version != nutsCheckpointVersion:
		return ignore(fmt.Sprintf("format version %d, want %d", f.Version, nutsCheckpointVersion))
	case f.Key != key || err1 != nil || err2 != nil || !bytes.Equal(want, got):
		return ignore("it belongs to another run")
	case f.State == nil || len(f.State.Chains) != n.Config.Chains:
		return ignore("damaged: no state of the run's chains")
	}
	c.logf("%s%s: resuming from %s (%s)\n", c.counter(), n.Name(), csvgd.RepoRelative(ckPath), progress(f.State, n.Config))
	return f.State
}

// progress says how far the chains of a saved state are, e.g. "chains at
// iterations 350, 400, 0 and 1500 of 1500".
func progress(s *nuts.State, c exact.Config) string {
	done := make([]string, len(s.Chains))
	for k, ch := range s.Chains {
		done[k] = "0"
		if ch != nil {
			done[k] = fmt.Sprint(ch.Done)
		}
	}
	list := done[0]
	if n := len(done); n > 1 {
		list = strings.Join(done[:n-1], ", ") + " and " + done[n-1]
	}
	return fmt.Sprintf("chains at iterations %s of %d", list, c.Warmup+c.Draws)
}

// removeCheckpoint deletes the checkpoint of the finished run whose
// cache file is path, saying on the log when that failed (the result is
// written by then: a checkpoint left behind only costs its space).
func (c *Cache) removeCheckpoint(path string) {
	if path == "" {
		return
	}
	if err := os.Remove(checkpointPath(path)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		c.logf("runcache: removing the checkpoint of a finished run: %v\n", err)
	}
}

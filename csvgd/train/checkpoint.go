package train

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"time"

	"github.com/csvgd/csvgd-go/csvgd/hyperelastic"
	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/internal/atomicfile"
	"github.com/csvgd/csvgd-go/csvgd/internal/errtag"
	"github.com/csvgd/csvgd-go/csvgd/stein"
)

// ErrOtherRun is wrapped by the error of [RunWith] when its checkpoint file
// holds a run of another configuration, noise level or data set.
var ErrOtherRun = errors.New("belongs to another configuration")

// ErrBadCheckpoint is wrapped by the error of [RunWith] when its checkpoint
// file cannot be resumed: unreadable, damaged, of a format version it does
// not read, or of another run (that error wraps [ErrOtherRun] too). A
// command line reads it as a bad input, not as a failure of the run.
var ErrBadCheckpoint = errors.New("the checkpoint cannot be resumed")

const (
	// checkpointVersion is the format of the checkpoint files. Version 2
	// added the prior's form to the configuration; a version 1 file is read
	// as a run with the normalized prior, which is what it was
	// ([checkpoint.upgrade]); a file of another version is refused.
	checkpointVersion = 2
	// defaultCheckpointEvery is the interval of the periodic checkpoints
	// when Options.CheckpointEvery is 0.
	defaultCheckpointEvery = 100
)

// checkpoint is the complete resumable state of a run, as JSON. A run is
// deterministic once initialised, so this state with the run's Config and
// data determines the rest of the run bit for bit: every float64 survives
// the JSON round trip exactly (Go writes the shortest decimal that reads
// back to the same value), and the JSON cannot hold NaN or Inf, which a
// run never carries on ([stein.ErrNonFinite] stops it).
//
// The position is a stage, the iterations done in it and its length. At a
// stage boundary (StageIter 0) the state is the one carried into the next
// stage, after condensation and the adaptive schedule's update; within a
// stage it is the stage's flow's. For method sequential, stage 0 is the
// MAP phase, whose checkpoint holds the one network being sparsified
// (its initial ensemble is not needed any more), and stage 1 the SVGD
// phase.
type checkpoint struct {
	Version int     `json:"version"`
	Config  Config  `json:"config"`
	Noise   float64 `json:"noise"`
	Data    string  `json:"data_sha256"` // sha256 of the JSON of the training and test samples

	Stage       int `json:"stage"`
	StageIter   int `json:"stage_iter"`
	StageLength int `json:"stage_length"`
	Done        int `json:"done"` // iterations of the run

	Lambda   float64  `json:"lambda"`
	BestRMSE *float64 `json:"best_rmse,omitempty"` // nil: no stage ended yet (+Inf)
	Final    bool     `json:"final"`

	Arch          icnn.Arch         `json:"arch"`
	Particles     *stein.Ensemble   `json:"particles"`
	State         []*stein.Ensemble `json:"optimizer_state"`
	OptimizerIter int               `json:"optimizer_iter"` // the iteration count the optimizer sees (Flow.Iter)

	History  []Record      `json:"history"`
	Stages   []StageRecord `json:"stages"`
	StepTime time.Duration `json:"step_time_ns"` // the stage's Stein steps so far
	Seconds  float64       `json:"seconds"`      // wall time of the iterations so far
}

// position is where a run stands when it writes a checkpoint: iter of the
// length iterations of stage done. Within a stage, flow is the stage's
// flow; at a stage boundary it is nil, and the optimizer state is the one
// carried to the next stage. one is the network of the sequential
// method's MAP phase.
type position struct {
	stage, iter, length int
	flow                stepper
	one                 *stein.Ensemble
}

// resumePoint is where a resumed run picks up within its first stage.
type resumePoint struct {
	stage, iter, length int
	optIter             int
	state               []*stein.Ensemble
	stepTime            time.Duration
	one                 *stein.Ensemble // sequential, stage 0: the network of the MAP phase
}

// afterStep ends every iteration: it writes the periodic checkpoint (but
// at the end of a stage, where the stage boundary's follows) and, when the
// context is cancelled, a checkpoint and the error that stops the run.
func (r *run) afterStep(p position) error {
	if r.opt.onStep != nil {
		r.opt.onStep(r.done)
	}
	stop := r.ctx.Err()
	if stop != nil || (r.done%r.checkpointEvery() == 0 && p.iter < p.length) {
		if err := r.save(p); err != nil {
			return err
		}
	}
	switch {
	case stop == nil:
		return nil
	case r.opt.Checkpoint == "":
		return fmt.Errorf("stopped after iteration %d, no checkpoint (no path set): %w", r.done, stop)
	}
	return fmt.Errorf("stopped after iteration %d; checkpoint written to %s: %w", r.done, r.opt.Checkpoint, stop)
}

// checkpointEvery is the checkpoint interval in iterations.
func (r *run) checkpointEvery() int {
	if r.opt.CheckpointEvery == 0 {
		return defaultCheckpointEvery
	}
	return r.opt.CheckpointEvery
}

// save writes the checkpoint of position p, when the run has a path.
func (r *run) save(p position) error {
	if r.opt.Checkpoint == "" {
		return nil
	}
	ck, err := r.snapshot(p)
	if err != nil {
		return fmt.Errorf("checkpoint at iteration %d: %w", r.done, err)
	}
	if err := atomicfile.WriteJSON(r.opt.Checkpoint, ck); err != nil {
		return fmt.Errorf("checkpoint at iteration %d: %w", r.done, err)
	}
	return nil
}

// snapshot is the run's state at position p.
func (r *run) snapshot(p position) (*checkpoint, error) {
	ck := &checkpoint{
		Version: checkpointVersion, Config: r.c, Noise: r.data.Noise, Data: r.dataSum,
		Stage: p.stage, StageIter: p.iter, StageLength: p.length, Done: r.done,
		Lambda: r.sched.Lambda, Final: r.sched.Final, Arch: r.res.Arch, Particles: r.x, State: r.state, OptimizerIter: r.done,
		History: r.res.History, Stages: r.res.Stages, Seconds: r.seconds(),
	}
	if !math.IsInf(r.sched.Best, 1) {
		best := r.sched.Best
		ck.BestRMSE = &best
	}
	if p.one != nil {
		ck.Particles = p.one
	}
	if p.flow != nil {
		var err error
		if ck.State, err = p.flow.State(); err != nil {
			return nil, err
		}
		ck.OptimizerIter, ck.StepTime = p.flow.iterations(), r.stepTime
	}
	return ck, nil
}

// resume loads the run's checkpoint file when there is one.
func (r *run) resume() error {
	path := r.opt.Checkpoint
	if path == "" {
		return nil
	}
	var err error
	if r.dataSum, err = fingerprint(r.data); err != nil {
		return err
	}
	raw, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return errtag.With(fmt.Errorf("reading the checkpoint: %w", err), ErrBadCheckpoint)
	}
	var ck checkpoint
	if err := json.Unmarshal(raw, &ck); err != nil {
		return errtag.With(fmt.Errorf("checkpoint %s is damaged: %w", path, err), ErrBadCheckpoint)
	}
	note, err := ck.upgrade()
	if err != nil {
		return errtag.With(fmt.Errorf("checkpoint %s %w", path, err), ErrBadCheckpoint)
	}
	if what := ck.otherRun(r.c, r.data.Noise, r.dataSum); what != "" {
		return errtag.With(fmt.Errorf("checkpoint %s %w (%s differs%s): remove it or choose another path", path, ErrOtherRun, what, note), ErrBadCheckpoint)
	}
	if err := ck.check(r.c); err != nil {
		return errtag.With(fmt.Errorf("checkpoint %s is damaged: %w", path, err), ErrBadCheckpoint)
	}
	r.restore(&ck)
	if log := r.opt.messages(); log != nil {
		fmt.Fprintf(log, "train: resuming from %s at iteration %d of %d%s\n", path, r.done, r.c.Iters, note)
	}
	return nil
}

// upgrade reads a checkpoint of an older format version as the current
// one and returns a note saying how, or an error for a version it cannot
// read. Version 1 has no prior form in its configuration; it was written
// when csvgd read the prior as eq. (sparprior), so it is a run with the
// normalized form.
func (ck *checkpoint) upgrade() (string, error) {
	switch ck.Version {
	case checkpointVersion:
		return "", nil
	case 1:
		ck.Config.Prior = stein.NormalizedForm
		return "; format version 1, read as a run with the normalized prior of eq. sparprior (-prior normalized)", nil
	}
	return "", fmt.Errorf("has format version %d, want %d or 1", ck.Version, checkpointVersion)
}

// otherRun names what differs between the checkpoint's run and this one:
// the configuration, the noise level or the data; "" when nothing does.
func (ck *checkpoint) otherRun(c Config, noise float64, dataSum string) string {
	mine, err1 := json.Marshal(c)
	theirs, err2 := json.Marshal(ck.Config)
	switch {
	case err1 != nil || err2 != nil || !bytes.Equal(mine, theirs):
		return "the configuration"
	case ck.Noise != noise:
		return "the noise level"
	case ck.Data != dataSum:
		return "the data"
	}
	return ""
}

// check reports the first inconsistency of the checkpoint of a run of c.
func (ck *checkpoint) check(c Config) error {
	n := c.Particles
	if c.Method == Sequential && ck.Stage == 0 {
		n = 1 // the MAP phase's one network
	}
	switch {
	case ck.Done < 0 || ck.Done > c.Iters:
		return fmt.Errorf("iteration %d outside the run's %d", ck.Done, c.Iters)
	case ck.Stage < 0 || (c.Method == Sequential && ck.Stage > 1) || (c.Method == SVGD && ck.Stage > 0):
		return fmt.Errorf("stage %d for method %s", ck.Stage, c.Method)
	case ck.StageLength < 1 || ck.StageIter < 0 || ck.StageIter > ck.StageLength || ck.StageIter > ck.Done:
		return fmt.Errorf("iteration %d of a stage of %d", ck.StageIter, ck.StageLength)
	case len(ck.History) == 0:
		return errors.New("no history")
	}
	if err := ck.Arch.Validate(); err != nil {
		return err
	}
	d := ck.Arch.NumParams()
	if err := checkEnsemble("particles", ck.Particles, n, d); err != nil {
		return err
	}
	for i, s := range ck.State {
		if err := checkEnsemble(fmt.Sprintf("optimizer state %d", i), s, n, d); err != nil {
			return err
		}
	}
	return nil
}

// checkEnsemble reports an ensemble that is missing or not n x d.
func checkEnsemble(what string, e *stein.Ensemble, n, d int) error {
	if e == nil || e.N != n || e.D != d || len(e.Data) != n*d {
		return fmt.Errorf("%s: not %d x %d values", what, n, d)
	}
	return nil
}

// restore sets the run to the checkpoint's state; its first stage then
// picks up at the checkpoint's position.
func (r *run) restore(ck *checkpoint) {
	r.done, r.sched.Lambda, r.sched.Final, r.elapsed = ck.Done, ck.Lambda, ck.Final, ck.Seconds
	if ck.BestRMSE != nil {
		r.sched.Best = *ck.BestRMSE
	}
	r.res.Arch, r.res.History, r.res.Stages = ck.Arch, ck.History, ck.Stages
	r.at = &resumePoint{stage: ck.Stage, iter: ck.StageIter, length: ck.StageLength,
		optIter: ck.OptimizerIter, state: ck.State, stepTime: ck.StepTime}
	if r.c.Method == Sequential && ck.Stage == 0 {
		r.at.one = ck.Particles
	} else {
		r.x = ck.Particles
	}
}

// removeCheckpoint deletes the checkpoint of a finished run.
func (r *run) removeCheckpoint() error {
	if r.opt.Checkpoint == "" {
		return nil
	}
	if err := os.Remove(r.opt.Checkpoint); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("train: removing the checkpoint of the finished run: %w", err)
	}
	return nil
}

// fingerprint is the sha256 of the JSON of the training and test samples.
func fingerprint(d Data) (string, error) {
	raw, err := json.Marshal(struct{ Train, Test []hyperelastic.Sample }{d.Train, d.Test})
	if err != nil {
		return "", fmt.Errorf("fingerprint of the data: %w", err)
	}
	sum := sha256.Sum256(raw)
	return hex.EncodeToString(sum[:]), nil
}

package train

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/csvgd/csvgd-go/csvgd/icnn"
	"github.com/csvgd/csvgd-go/csvgd/stein"
)

// checkpointConfig is a tiny run: 4 particles on a 3-6-5-1 network, a few
// iterations per stage, a strong prior so that condensation shrinks the
// template.
func checkpointConfig(method Method) Config {
	c := DefaultConfig()
	c.Method, c.Arch = method, icnn.Arch{Widths: []int{3, 6, 5, 1}}
	c.Particles, c.Iters, c.Stage, c.Every, c.RefDraws = 4, 30, 10, 5, 20
	c.Alpha, c.Lambda, c.StepSize = 0.5, 50, 0.03
	c.Sigma = 0 // the noise-following scale: a likelihood weak enough for the prior to prune within a stage
	return c
}

// checkpointData is the committed data set of noise level 0.1, its test
// set cut to 50 points.
func checkpointData(t *testing.T) Data {
	t.Helper()
	d, err := LoadPaperData(0.1)
	if err != nil {
		t.Fatal(err)
	}
	d.Test = d.Test[:min(50, len(d.Test))]
	return d
}

// TestResumeIsExact: a run stopped by its context and resumed from its
// checkpoint, or resumed from any earlier checkpoint it wrote (periodic,
// at a stage boundary, in the MAP phase of method sequential), ends bit
// for bit where an uninterrupted run ends; the checkpoint is removed then.
func TestResumeIsExact(t *testing.T) {
	adaptive := checkpointConfig("csvgd")
	adaptive.Adaptive, adaptive.Lambda, adaptive.Growth, adaptive.Tolerance, adaptive.Stage, adaptive.Iters = true, 20, 10, 0, 6, 40
	svgd := checkpointConfig("svgd")
	svgd.Lambda = 0.1
	sequential := checkpointConfig("sequential")
	sequential.Stage, sequential.Alpha, sequential.Lambda = 8, 2, 100
	assignment := checkpointConfig("csvgd")
	assignment.Align = "assignment"
	for _, tc := range []struct {
		name   string
		c      Config
		stopAt int   // the iteration after which the context is cancelled
		copyAt []int // iterations at which the checkpoint file is copied, to resume from later
		shapes Shapes
	}{
		{"csvgd", checkpointConfig("csvgd"), 20, []int{9, 12, 18}, BackendShapes}, // stopped at the end of a stage
		{"csvgd, fixed shapes", checkpointConfig("csvgd"), 20, []int{9, 12, 18}, FixedShapes},
		{"csvgd, aligned by assignment", assignment, 20, []int{9, 12}, BackendShapes},
		{"svgd", svgd, 17, []int{8, 11}, BackendShapes},
		{"adaptive", adaptive, 21, []int{8, 13, 20}, BackendShapes},    // the last copy: before the final stage
		{"sequential", sequential, 20, []int{8, 9, 15}, BackendShapes}, // 8: in the MAP phase; 9: after it
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := checkpointData(t)
			want, err := RunWith(testBackend(t), tc.c, d, Options{Shapes: tc.shapes})
			if err != nil {
				t.Fatal(err)
			}
			if tc.c.Method != "svgd" && slices.Equal(want.Arch.Widths, tc.c.Arch.Widths) {
				t.Fatalf("the template stayed %v: the test needs condensation", want.Arch.Widths)
			}
			dir := t.TempDir()
			path := filepath.Join(dir, "ck", "run.json")
			copies := interrupt(t, tc.c, d, path, tc.stopAt, tc.copyAt, tc.shapes)
			got := resume(t, tc.c, d, path, tc.stopAt, tc.shapes)
			sameResult(t, "resumed after the cancellation", got, want)
			if _, err := os.Stat(path); !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("checkpoint left after a successful run: %v", err)
			}
			for k, raw := range copies {
				if err := os.WriteFile(path, raw, 0o644); err != nil {
					t.Fatal(err)
				}
				got := resume(t, tc.c, d, path, -1, tc.shapes)
				sameResult(t, "resumed from the checkpoint seen at iteration "+strconv.Itoa(k), got, want)
			}
		})
	}
}

// interrupt runs c with a checkpoint at path (every 7 iterations), cancels
// it after iteration stopAt and checks the error; it returns the content
// of the checkpoint file as it was at the iterations copyAt. The run's
// graphs have the shapes of mode shapes.
func interrupt(t *testing.T, c Config, d Data, path string, stopAt int, copyAt []int, shapes Shapes) map[int][]byte {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	copies := map[int][]byte{}
	o := Options{Checkpoint: path, CheckpointEvery: 7, Context: ctx, Shapes: shapes, onStep: func(done int) {
		if slices.Contains(copyAt, done) {
			raw, err := os.ReadFile(path)
			if err != nil {
				t.Errorf("no checkpoint at iteration %d: %v", done, err)
			}
			copies[done] = raw
		}
		if done == stopAt {
			cancel()
		}
	}}
	res, err := RunWith(testBackend(t), c, d, o)
	if !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), path) {
		t.Fatalf("cancelled run: error %v, want context.Canceled naming %s", err, path)
	}
	if res.Iterations != stopAt {
		t.Fatalf("the cancelled run stopped after %d iterations, want %d", res.Iterations, stopAt)
	}
	return copies
}

// resume runs c from the checkpoint at path, checking that it resumed (at
// iteration at, unless at < 0), its graphs of mode shapes.
func resume(t *testing.T, c Config, d Data, path string, at int, shapes Shapes) *Result {
	t.Helper()
	var progress strings.Builder
	res, err := RunWith(testBackend(t), c, d, Options{Checkpoint: path, Progress: &progress, Shapes: shapes})
	if err != nil {
		t.Fatal(err)
	}
	want := "resuming from " + path + " at iteration "
	if at >= 0 {
		want += strconv.Itoa(at) + " "
	}
	if !strings.Contains(progress.String(), want) {
		t.Fatalf("progress %q does not say %q", progress.String(), want)
	}
	return res
}

// sameResult compares two runs bit for bit, timings aside.
func sameResult(t *testing.T, what string, got, want *Result) {
	t.Helper()
	if !slices.Equal(got.Particles.Data, want.Particles.Data) || !slices.Equal(got.Arch.Widths, want.Arch.Widths) {
		t.Fatalf("%s: the final particles differ from an uninterrupted run's", what)
	}
	if got.Iterations != want.Iterations || len(got.History) != len(want.History) || len(got.Stages) != len(want.Stages) {
		t.Fatalf("%s: %d iterations, %d records, %d stages; want %d, %d, %d", what,
			got.Iterations, len(got.History), len(got.Stages), want.Iterations, len(want.History), len(want.Stages))
	}
	if !reflect.DeepEqual(got.History, want.History) {
		t.Fatalf("%s: the history differs", what)
	}
	if !reflect.DeepEqual(untimed(got.Stages), untimed(want.Stages)) || !reflect.DeepEqual(got.W1, want.W1) {
		t.Fatalf("%s: stages %+v, want %+v", what, got.Stages, want.Stages)
	}
}

func untimed(stages []StageRecord) []StageRecord {
	out := slices.Clone(stages)
	for i := range out {
		out[i].MsPerIter, out[i].CompileMs, out[i].StepsMode, out[i].StepCalls, out[i].HostReads = 0, 0, "", 0, 0
	}
	return out
}

// TestCheckpointOfAnotherRun: a checkpoint of another configuration or
// other data is refused, naming the file, and left as it was; so is a
// damaged one. Both errors wrap ErrBadCheckpoint.
func TestCheckpointOfAnotherRun(t *testing.T) {
	c, d := checkpointConfig("csvgd"), checkpointData(t)
	path := filepath.Join(t.TempDir(), "run.json")
	interrupt(t, c, d, path, 5, nil, BackendShapes)
	saved, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	other := c
	other.Seed++
	noisier := d
	noisier.Noise = 0.2
	fewer := d
	fewer.Train = d.Train[1:]
	for name, run := range map[string]func() error{
		"seed":  func() error { _, err := RunWith(testBackend(t), other, d, Options{Checkpoint: path}); return err },
		"noise": func() error { _, err := RunWith(testBackend(t), c, noisier, Options{Checkpoint: path}); return err },
		"data":  func() error { _, err := RunWith(testBackend(t), c, fewer, Options{Checkpoint: path}); return err },
	} {
		if err := run(); !errors.Is(err, ErrOtherRun) || !errors.Is(err, ErrBadCheckpoint) || !strings.Contains(err.Error(), path) {
			t.Errorf("other %s: error %v, want ErrOtherRun and ErrBadCheckpoint naming %s", name, err, path)
		}
		if raw, _ := os.ReadFile(path); !slices.Equal(raw, saved) {
			t.Fatalf("other %s: the checkpoint was changed", name)
		}
	}
	for name, raw := range map[string][]byte{
		"truncated":    saved[:len(saved)/2],
		"empty":        nil,
		"stage length": []byte(strings.Replace(string(saved), `"stage_length": 10`, `"stage_length": 0`, 1)),
		"particles":    []byte(strings.Replace(string(saved), `"N": 4`, `"N": 5`, 1)),
	} {
		if err := os.WriteFile(path, raw, 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := RunWith(testBackend(t), c, d, Options{Checkpoint: path})
		if !errors.Is(err, ErrBadCheckpoint) || errors.Is(err, ErrOtherRun) || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "damaged") {
			t.Errorf("%s checkpoint: error %v, want ErrBadCheckpoint naming %s as damaged", name, err, path)
		}
	}
}

// TestCheckpointedRunMatchesPlainRun: writing checkpoints does not change
// a run, and a cancelled run without a checkpoint path says so.
func TestCheckpointedRunMatchesPlainRun(t *testing.T) {
	c, d := checkpointConfig("csvgd"), checkpointData(t)
	want, err := Run(testBackend(t), c, d, nil)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "run.json")
	got, err := RunWith(testBackend(t), c, d, Options{Checkpoint: path, CheckpointEvery: 3})
	if err != nil {
		t.Fatal(err)
	}
	sameResult(t, "checkpointed every 3 iterations", got, want)
	if _, err := os.Stat(path); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("checkpoint left after a successful run: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := RunWith(testBackend(t), c, d, Options{Context: ctx}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled run without a checkpoint: error %v, want context.Canceled", err)
	}
}

// TestCheckpointVersion1: a checkpoint of format version 1, written before
// the prior had a form, is read as a run with the normalized prior: it
// resumes a run with -prior normalized exactly, and a run with the penalty
// form is refused with a message that says so.
func TestCheckpointVersion1(t *testing.T) {
	c, d := checkpointConfig("csvgd"), checkpointData(t)
	c.Prior = stein.NormalizedForm
	want, err := Run(testBackend(t), c, d, nil)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "run.json")
	interrupt(t, c, d, path, 12, nil, BackendShapes)
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	v1 := regexp.MustCompile(`\s*"Prior": "normalized",`).ReplaceAll(raw, nil)
	v1 = []byte(strings.Replace(string(v1), `"version": 2,`, `"version": 1,`, 1))
	if bytes.Contains(v1, []byte(`"Prior"`)) || !bytes.Contains(v1, []byte(`"version": 1,`)) {
		t.Fatal("could not turn the checkpoint into a version 1 file")
	}
	if err := os.WriteFile(path, v1, 0o644); err != nil {
		t.Fatal(err)
	}
	penalty := c
	penalty.Prior = stein.PenaltyForm
	_, err = RunWith(testBackend(t), penalty, d, Options{Checkpoint: path})
	if !errors.Is(err, ErrOtherRun) || !strings.Contains(err.Error(), "-prior normalized") {
		t.Errorf("version 1 checkpoint, penalty run: error %v, want ErrOtherRun pointing at -prior normalized", err)
	}
	got := resume(t, c, d, path, 12, BackendShapes)
	sameResult(t, "resumed from a version 1 checkpoint", got, want)
}

package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/csvgd/csvgd-go/csvgd/ensemble"
)

// The end-to-end tests of checkpoint and resume run the built csvgd binary
// as a subprocess, so that it can be killed (SIGKILL) or interrupted
// (SIGINT) half-way, then resumed; the resumed run must save the same
// ensemble, bit for bit, as a run that was never interrupted.

// e2eArgs is the training run of the subprocess tests: small enough to take
// a few seconds, long enough to span several checkpoints and two stages
// (60 iterations, stages of 30, a checkpoint every 5), so that a resumed run
// crosses a condensation.
var e2eArgs = []string{"train", "-method", "csvgd", "-particles", "4", "-iters", "60", "-stage", "30",
	"-alpha", "0.5", "-lambda", "0.05", "-seed", "5", "-quiet"}

const e2eCheckpointEvery = "5"

// e2eTimeout bounds every subprocess, so that a hung run fails the test
// instead of stalling it.
const e2eTimeout = 3 * time.Minute

var (
	// e2eDir holds the binary and the reference ensemble that the
	// subprocess tests share; TestMain removes it.
	e2eDir string

	buildOnce sync.Once
	binPath   string
	buildErr  error

	refOnce sync.Once
	refFile *ensemble.File
	refErr  error
)

func TestMain(m *testing.M) {
	if os.Getenv(interruptChildEnv) != "" {
		interruptChild()
		return
	}
	code := m.Run()
	if e2eDir != "" {
		os.RemoveAll(e2eDir)
	}
	os.Exit(code)
}

// skipE2E skips a subprocess test in -short mode or without a go command.
func skipE2E(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and runs the csvgd binary (seconds); skipped in -short mode")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command on PATH to build the csvgd binary")
	}
}

// csvgdBinary builds the csvgd command once for all tests of the package.
func csvgdBinary(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		if e2eDir, buildErr = os.MkdirTemp("", "csvgd-e2e-"); buildErr != nil {
			return
		}
		bin := filepath.Join(e2eDir, "csvgd")
		if runtime.GOOS == "windows" {
			bin += ".exe"
		}
		start := time.Now()
		out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
		if err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
			return
		}
		binPath = bin
		fmt.Fprintf(os.Stderr, "resume_test: built csvgd in %.1f s\n", time.Since(start).Seconds())
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return binPath
}

// reference is the ensemble of the uninterrupted run of e2eArgs, computed
// once for all tests of the package.
func reference(t *testing.T) *ensemble.File {
	t.Helper()
	bin := csvgdBinary(t)
	refOnce.Do(func() {
		path := filepath.Join(e2eDir, "ref.json")
		start := time.Now()
		code, _, stderr := runBinary(bin, append(slices.Clone(e2eArgs), "-save", path)...)
		if code != exitOK {
			refErr = fmt.Errorf("reference run: exit %d, stderr:\n%s", code, stderr)
			return
		}
		fmt.Fprintf(os.Stderr, "resume_test: reference run took %.1f s\n", time.Since(start).Seconds())
		refFile, refErr = ensemble.Load(path)
	})
	if refErr != nil {
		t.Fatal(refErr)
	}
	return refFile
}

// runBinary runs bin to the end and returns its exit code and output.
func runBinary(bin string, args ...string) (code int, stdout, stderr string) {
	ctx, cancel := context.WithTimeout(context.Background(), e2eTimeout)
	defer cancel()
	var o, e bytes.Buffer
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Stdout, cmd.Stderr = &o, &e
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
		code = 0
	case errors.As(err, &exit):
		code = exit.ExitCode()
	default:
		code = -1
		fmt.Fprintf(&e, "\n[resume_test: %v]", err)
	}
	if ctx.Err() != nil {
		fmt.Fprintf(&e, "\n[resume_test: killed after %v]", e2eTimeout)
	}
	return code, o.String(), e.String()
}

// proc is a csvgd subprocess running in the background.
type proc struct {
	cmd            *exec.Cmd
	stdout, stderr bytes.Buffer // read them only after done is closed
	done           chan struct{}
}

// startBinary starts bin in the background; the test's cleanup kills it if
// it still runs.
func startBinary(t *testing.T, bin string, args ...string) *proc {
	t.Helper()
	p := &proc{done: make(chan struct{})}
	p.cmd = exec.Command(bin, args...)
	p.cmd.Stdout, p.cmd.Stderr = &p.stdout, &p.stderr
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		p.cmd.Wait() // the exit status is read from ProcessState
		close(p.done)
	}()
	t.Cleanup(func() {
		select {
		case <-p.done:
		default:
			p.cmd.Process.Kill()
			<-p.done
		}
	})
	return p
}

// wait waits for the process to end and returns its exit code (-1 when a
// signal ended it).
func (p *proc) wait(t *testing.T) int {
	t.Helper()
	select {
	case <-p.done:
	case <-time.After(e2eTimeout):
		p.cmd.Process.Kill()
		<-p.done
		t.Fatalf("csvgd did not end within %v; stderr:\n%s", e2eTimeout, p.stderr.String())
	}
	return p.cmd.ProcessState.ExitCode()
}

// waitCheckpoint polls until path exists and, when rewrites > 0, has been
// replaced that many times since it first appeared (a new file, mod time
// or size). It fails the test if the process ends first.
func waitCheckpoint(t *testing.T, p *proc, path string, rewrites int) {
	t.Helper()
	var last os.FileInfo
	seen := -1
	deadline := time.After(e2eTimeout)
	tick := time.NewTicker(5 * time.Millisecond)
	defer tick.Stop()
	for {
		if fi, err := os.Stat(path); err == nil {
			if last == nil || !os.SameFile(last, fi) || !fi.ModTime().Equal(last.ModTime()) || fi.Size() != last.Size() {
				last = fi
				if seen++; seen >= rewrites {
					return
				}
			}
		}
		select {
		case <-p.done:
			t.Fatalf("csvgd ended (exit %d) before %s was written %d time(s); stderr:\n%s",
				p.cmd.ProcessState.ExitCode(), path, rewrites+1, p.stderr.String())
		case <-deadline:
			t.Fatalf("%s not written %d time(s) within %v", path, rewrites+1, e2eTimeout)
		case <-tick.C:
		}
	}
}

// sameEnsemble fails the test unless got has the widths and, bit for bit,
// the particles of want.
func sameEnsemble(t *testing.T, what string, got, want *ensemble.File) {
	t.Helper()
	if !slices.Equal(got.Widths, want.Widths) {
		t.Fatalf("%s: widths %v, want %v", what, got.Widths, want.Widths)
	}
	if len(got.Particles) != len(want.Particles) {
		t.Fatalf("%s: %d particles, want %d", what, len(got.Particles), len(want.Particles))
	}
	for i := range got.Particles {
		if !slices.EqualFunc(got.Particles[i], want.Particles[i], bitsEqual) {
			t.Fatalf("%s: particle %d differs", what, i)
		}
	}
}

func bitsEqual(a, b float64) bool { return math.Float64bits(a) == math.Float64bits(b) }

// oneLine reports whether s is one line of text (after trimming).
func oneLine(s string) bool {
	s = strings.TrimSpace(s)
	return s != "" && !strings.Contains(s, "\n")
}

// errorLines are the lines of stderr that start with "csvgd train:", the
// prefix of the command's errors.
func errorLines(stderr string) []string {
	var out []string
	for _, l := range strings.Split(strings.TrimSpace(stderr), "\n") {
		if strings.HasPrefix(l, "csvgd train:") {
			out = append(out, l)
		}
	}
	return out
}

func exists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}

// TestSigkillResume kills a checkpointing run with SIGKILL after its
// checkpoint has been rewritten, resumes it and expects the ensemble of the
// uninterrupted run, bit for bit; a second resume has nothing to resume.
func TestSigkillResume(t *testing.T) {
	skipE2E(t)
	bin, ref, dir, ck, out, args := checkpointingRun(t)

	start := time.Now()
	p := startBinary(t, bin, args...)
	waitCheckpoint(t, p, ck, 1)
	if err := p.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	if code := p.wait(t); code != -1 {
		t.Fatalf("the run ended with exit %d before SIGKILL; stderr:\n%s", code, p.stderr.String())
	}
	t.Logf("killed after %.1f s", time.Since(start).Seconds())
	if exists(out) {
		t.Fatalf("a killed run left %s", out)
	}
	if !exists(ck) {
		t.Fatalf("a killed run left no checkpoint %s", ck)
	}

	resume := append(slices.Clone(args), "-resume")
	resumeAndCompare(t, bin, resume, ck, out, ref, "resumed after SIGKILL")
	if left, _ := filepath.Glob(filepath.Join(dir, ".*")); len(left) > 0 {
		t.Logf("left in the folder: %v", left)
	}

	// Nothing to resume now, with or without -force (the checkpoint is
	// checked before the -save file); the failed run writes nothing.
	before, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runBinary(bin, append(slices.Clone(resume), "-force")...)
	if code != exitUsage || stdout != "" || !oneLine(stderr) || !strings.Contains(stderr, "nothing to resume") || !strings.Contains(stderr, ck) {
		t.Errorf("resume without a checkpoint: exit %d (want %d), stdout %q, stderr %q (want one line naming %s, nothing to resume)",
			code, exitUsage, stdout, stderr, ck)
	}
	if code, stdout, stderr := runBinary(bin, resume...); code != exitUsage || stdout != "" || !oneLine(stderr) || !strings.Contains(stderr, "nothing to resume") {
		t.Errorf("the same resume again: exit %d (want %d), stdout %q, stderr %q (want one line: nothing to resume)", code, exitUsage, stdout, stderr)
	}
	if after, err := os.ReadFile(out); err != nil || !bytes.Equal(after, before) {
		t.Errorf("a failed resume changed %s (%v)", out, err)
	}
}

// TestInterruptWritesCheckpoint interrupts a checkpointing run (SIGINT, as
// Ctrl-C does) after its first checkpoint: it exits 1 with a one-line error
// naming the checkpoint, which it wrote, and resuming from that checkpoint
// ends with the ensemble of the uninterrupted run.
func TestInterruptWritesCheckpoint(t *testing.T) {
	skipE2E(t)
	if runtime.GOOS == "windows" {
		t.Skip("os.Interrupt cannot be sent to a process on Windows")
	}
	bin, ref, _, ck, out, args := checkpointingRun(t)

	start := time.Now()
	p := startBinary(t, bin, args...)
	waitCheckpoint(t, p, ck, 0)
	first, err := os.ReadFile(ck)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	code := p.wait(t)
	stderr := p.stderr.String()
	t.Logf("interrupted run ended after %.1f s: %s", time.Since(start).Seconds(), strings.TrimSpace(stderr))
	if code != exitFailure {
		t.Fatalf("interrupted run: exit %d, want %d; stderr:\n%s", code, exitFailure, stderr)
	}
	if errs := errorLines(stderr); len(errs) != 1 || !strings.Contains(errs[0], ck) || !strings.HasSuffix(strings.TrimSpace(stderr), errs[0]) {
		t.Errorf("interrupted run: stderr %q: want its last line, and only error line, to name %s", stderr, ck)
	}
	if p.stdout.Len() != 0 {
		t.Errorf("interrupted run wrote %q on stdout", p.stdout.String())
	}
	if exists(out) {
		t.Fatalf("an interrupted run wrote %s", out)
	}
	last, err := os.ReadFile(ck)
	if err != nil {
		t.Fatalf("no checkpoint after the interrupt: %v", err)
	}
	if bytes.Equal(last, first) {
		t.Logf("the interrupt's checkpoint is the periodic one (interrupted right after it)")
	}

	resumeAndCompare(t, bin, append(slices.Clone(args), "-resume"), ck, out, ref, "resumed after SIGINT")
}

// resumeAndCompare runs the resume command, which must succeed, remove its
// checkpoint ck and save to out exactly the ensemble ref.
func resumeAndCompare(t *testing.T, bin string, resume []string, ck, out string, ref *ensemble.File, what string) {
	t.Helper()
	start := time.Now()
	code, _, stderr := runBinary(bin, resume...)
	if code != exitOK {
		t.Fatalf("resume: exit %d, stderr:\n%s", code, stderr)
	}
	t.Logf("resumed run took %.1f s", time.Since(start).Seconds())
	if exists(ck) {
		t.Errorf("the finished resumed run left its checkpoint %s", ck)
	}
	got, err := ensemble.Load(out)
	if err != nil {
		t.Fatal(err)
	}
	sameEnsemble(t, what, got, ref)
}

// TestSameSeedSameEnsemble: training is deterministic given the flags and
// the seed (same seed, bitwise the same ensemble), and the seed matters.
func TestSameSeedSameEnsemble(t *testing.T) {
	dir := t.TempDir()
	train := func(name, seed string) *ensemble.File {
		t.Helper()
		path := filepath.Join(dir, name)
		code, _, stderr := runCLI("train", "-method", "csvgd", "-particles", "3", "-iters", "30", "-stage", "15",
			"-alpha", "0.5", "-lambda", "0.05", "-seed", seed, "-save", path, "-quiet")
		if code != exitOK {
			t.Fatalf("train -seed %s: exit %d, stderr:\n%s", seed, code, stderr)
		}
		f, err := ensemble.Load(path)
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	a, b, c := train("a.json", "7"), train("b.json", "7"), train("c.json", "8")
	sameEnsemble(t, "second run with -seed 7", b, a)
	if slices.Equal(c.Widths, a.Widths) && len(c.Particles) == len(a.Particles) &&
		slices.EqualFunc(c.Particles, a.Particles, func(x, y []float64) bool { return slices.EqualFunc(x, y, bitsEqual) }) {
		t.Fatal("-seed 8 trained the same ensemble as -seed 7")
	}
}

// checkpointingRun prepares an end-to-end run: the binary, the reference
// ensemble, a fresh folder, the checkpoint and output paths in it, and
// the arguments of a checkpointing run saving to out.
func checkpointingRun(t *testing.T) (bin string, ref *ensemble.File, dir, ck, out string, args []string) {
	t.Helper()
	bin, ref, dir = csvgdBinary(t), reference(t), t.TempDir()
	ck, out = filepath.Join(dir, "ck.json"), filepath.Join(dir, "out.json")
	args = append(slices.Clone(e2eArgs), "-checkpoint", ck, "-checkpoint-every", e2eCheckpointEvery, "-save", out)
	return bin, ref, dir, ck, out, args
}

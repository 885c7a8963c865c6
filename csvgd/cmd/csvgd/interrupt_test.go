package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/csvgd/csvgd-go/csvgd/study"
)

// interruptChildEnv makes the test binary run [interruptChild] instead of
// the tests (TestMain).
const interruptChildEnv = "CSVGD_TEST_INTERRUPT_CHILD"

// interruptChild takes the signals as a command does and then stands for
// long work that cannot stop at once (a sampler's trajectory, a compile):
// it says "ready" on standard output and waits.
func interruptChild() {
	_, stop := interruptible()
	defer stop()
	fmt.Println("ready")
	time.Sleep(time.Minute)
}

// TestSecondInterruptEndsAtOnce: the first Ctrl-C (SIGINT) asks a command
// to stop and says so on standard error; a second one ends the process at
// once, even while its work has not stopped yet.
func TestSecondInterruptEndsAtOnce(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("os.Interrupt cannot be sent to a process on Windows")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), interruptChildEnv+"=1")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	if line := readLine(t, stdout); line != "ready" {
		t.Fatalf("child: %q, want ready", line)
	}
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	said := readLine(t, stderr)
	if !strings.Contains(said, "interrupt signal received: stopping") || !strings.Contains(said, "Ctrl-C again") {
		t.Errorf("after the first Ctrl-C the child said %q, want that it stops and how to end it at once", said)
	}
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	ended := make(chan error, 1)
	go func() { ended <- cmd.Wait() }()
	select {
	case <-ended:
	case <-time.After(10 * time.Second):
		t.Fatal("the child still runs 10 s after the second Ctrl-C")
	}
	if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() || ws.Signal() != syscall.SIGINT {
		t.Errorf("the child ended with %v, want ended by the second SIGINT", cmd.ProcessState)
	}
}

// readLine is the next line of r, or a failure after 10 s.
func readLine(t *testing.T, r io.Reader) string {
	t.Helper()
	line := make(chan string, 1)
	go func() {
		s, _ := bufio.NewReader(r).ReadString('\n')
		line <- strings.TrimSpace(s)
	}()
	select {
	case s := <-line:
		return s
	case <-time.After(10 * time.Second):
		t.Fatal("no line from the child within 10 s")
		return ""
	}
}

// TestFiguresStopOnInterrupt: figures read from the cache do not look at
// the store's context, so makeFigures does: with it cancelled (Ctrl-C),
// it stops before the first figure with an error that exits 1, and
// writes nothing.
func TestFiguresStopOnInterrupt(t *testing.T) {
	store := study.NewStore(nil, nil)
	store.Dir = filepath.Join(t.TempDir(), "runs") // not the repository's cache
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	store.Context = ctx
	out := t.TempDir()
	figs := study.Figures()
	err := makeFigures(store, figs[:1], out, io.Discard)
	if !errors.Is(err, context.Canceled) || exitCode(err) != exitFailure || !strings.Contains(err.Error(), figs[0].Name) {
		t.Errorf("makeFigures with the context cancelled: %v (exit %d), want one naming %s that exits %d", err, exitCode(err), figs[0].Name, exitFailure)
	}
	if ents, _ := os.ReadDir(out); len(ents) != 0 {
		t.Errorf("%d files written after the interrupt", len(ents))
	}
}

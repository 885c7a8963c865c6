package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
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

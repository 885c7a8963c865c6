package nbrun

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// ServerOptions configure [StartServer].
type ServerOptions struct {
	// Root is the repository root: its .bin folder (GoNB, goimports) is put
	// first on the server's PATH, and it is exported as CSVGD_ROOT. Empty
	// means [FindRoot] from the current directory.
	Root string
	// Dir is the folder the server serves; empty means Root/notebooks.
	Dir string
	// Port is the loopback port to listen on; 0 picks a free one.
	Port int
	// Env holds extra "KEY=value" entries for the server's environment
	// (and so its kernels'), e.g. CSVGD_QUICK=1. CSVGD_HEADLESS is never
	// passed on: a browser is attached.
	Env []string
	// Log receives the server's output; nil keeps its last lines for the
	// error messages only.
	Log io.Writer
	// Ready bounds the wait for the server to answer; 0 means 2 minutes.
	Ready time.Duration
}

// Server is a Jupyter notebook server (Debian's jupyter-notebook) on the
// loopback interface, protected by a random token, that [StartServer]
// started and [Server.Stop] stops.
type Server struct {
	URL   string // http://127.0.0.1:PORT/
	Token string
	Dir   string // the folder it serves

	pid     int
	done    chan struct{} // closed when the process has exited
	waitErr error
	out     *tailWriter
	stop    sync.Once
	stopErr error
}

// StartServer starts "jupyter notebook" serving o.Dir on 127.0.0.1 with a
// fresh token, in a process group of its own, and returns once it answers
// its API. The server's kernels get the repository's GoNB and goimports
// and CSVGD_ROOT, as the headless runner's do. The server is sent SIGTERM,
// which shuts its kernels down, when the thread that started it exits
// (Linux's parent-death signal), so a test killed by its timeout does not
// leave it behind; call Stop in every other case.
func StartServer(ctx context.Context, o ServerOptions) (*Server, error) {
	root, err := rootOf(o.Root)
	if err != nil {
		return nil, err
	}
	dir := o.Dir
	if dir == "" {
		dir = filepath.Join(root, "notebooks")
	}
	port := o.Port
	if port == 0 {
		if port, err = freePort(); err != nil {
			return nil, fmt.Errorf("jupyter server: %w", err)
		}
	}
	token, err := newToken()
	if err != nil {
		return nil, fmt.Errorf("jupyter server: %w", err)
	}
	args := []string{"notebook", "--no-browser", "--ip=127.0.0.1", "--port=" + strconv.Itoa(port), "--port-retries=0",
		"--NotebookApp.token=" + token, "--notebook-dir=" + dir}
	if os.Geteuid() == 0 {
		args = append(args, "--allow-root")
	}
	cmd := exec.Command(Jupyter, args...)
	cmd.Dir = dir
	cmd.Env = append(serverEnv(root), o.Env...)
	s := &Server{URL: fmt.Sprintf("http://127.0.0.1:%d/", port), Token: token, Dir: dir, done: make(chan struct{}), out: &tailWriter{max: 16000}}
	var w io.Writer = s.out
	if o.Log != nil {
		w = io.MultiWriter(s.out, o.Log)
	}
	cmd.Stdout, cmd.Stderr = w, w
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGTERM}
	if err := s.start(cmd); err != nil {
		return nil, fmt.Errorf("jupyter server: %w", err)
	}
	ready := o.Ready
	if ready <= 0 {
		ready = 2 * time.Minute
	}
	if err := s.waitReady(ctx, ready); err != nil {
		s.Stop()
		return nil, fmt.Errorf("jupyter server on port %d: %w\n%s", port, err, s.out.String())
	}
	return s, nil
}

// start starts cmd from a goroutine locked to its OS thread, which waits
// for the process: the parent-death signal follows the thread that
// started the process, not the Go process.
func (s *Server) start(cmd *exec.Cmd) error {
	started := make(chan error, 1)
	go func() {
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		if err := cmd.Start(); err != nil {
			started <- err
			return
		}
		s.pid = cmd.Process.Pid
		started <- nil
		s.waitErr = cmd.Wait()
		close(s.done)
	}()
	return <-started
}

// serverEnv is the environment of the server: the caller's, without
// CSVGD_HEADLESS, with the repository's tools first on the PATH and
// CSVGD_ROOT.
func serverEnv(root string) []string {
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, HeadlessEnv+"=") {
			env = append(env, kv)
		}
	}
	return append(env, "PATH="+filepath.Join(root, ".bin")+string(os.PathListSeparator)+os.Getenv("PATH"), RootEnv+"="+root)
}

// waitReady polls the server's status API until it answers, the process
// exits, ctx is done or limit has passed.
func (s *Server) waitReady(ctx context.Context, limit time.Duration) error {
	deadline := time.NewTimer(limit)
	defer deadline.Stop()
	tick := time.NewTicker(200 * time.Millisecond)
	defer tick.Stop()
	for {
		if _, err := s.api(ctx, http.MethodGet, "api/status"); err == nil {
			return nil
		}
		select {
		case <-s.done:
			return fmt.Errorf("exited before answering: %v", s.waitErr)
		case <-ctx.Done():
			return ctx.Err()
		case <-deadline.C:
			return fmt.Errorf("no answer after %v", limit)
		case <-tick.C:
		}
	}
}

// NotebookURL is the address that opens the notebook name (a path in
// Dir) in a browser, token included.
func (s *Server) NotebookURL(name string) string {
	return s.URL + "notebooks/" + (&url.URL{Path: name}).EscapedPath() + "?token=" + s.Token
}

// TreeURL is the address of the server's file list, token included.
func (s *Server) TreeURL() string { return s.URL + "tree?token=" + s.Token }

// Stop shuts the server's kernels down through its API, then stops the
// server: SIGTERM to its process group and, after 10 seconds, SIGKILL. It
// is safe to call more than once and from several goroutines; it returns
// the first call's error, if the kernels could not be shut down.
func (s *Server) Stop() error {
	s.stop.Do(func() {
		select {
		case <-s.done:
			return
		default:
		}
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		s.stopErr = s.shutdownKernels(ctx)
		syscall.Kill(-s.pid, syscall.SIGTERM)
		select {
		case <-s.done:
		case <-time.After(10 * time.Second):
			syscall.Kill(-s.pid, syscall.SIGKILL)
			<-s.done
		}
	})
	return s.stopErr
}

// shutdownKernels deletes every kernel of the server through its API; the
// server then stops each kernel's process group.
func (s *Server) shutdownKernels(ctx context.Context) error {
	raw, err := s.api(ctx, http.MethodGet, "api/kernels")
	if err != nil {
		return err
	}
	var kernels []struct {
		ID string `json:"id"`
	}
	if err := json.Unmarshal(raw, &kernels); err != nil {
		return fmt.Errorf("listing kernels: %w", err)
	}
	var errs []error
	for _, k := range kernels {
		if _, err := s.api(ctx, http.MethodDelete, "api/kernels/"+k.ID); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// api calls the server's REST API at path with the token and returns the
// body of a 2xx answer.
func (s *Server) api(ctx context.Context, method, path string) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, method, s.URL+path, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "token "+s.Token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err == nil && resp.StatusCode/100 != 2 {
		err = fmt.Errorf("%s %s: %s", method, path, resp.Status)
	}
	return body, err
}

// Output is the last part of the server's output, for error messages.
func (s *Server) Output() string { return s.out.String() }

// freePort is a loopback TCP port that was free a moment ago.
func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// newToken is 24 random bytes in hex.
func newToken() (string, error) {
	b := make([]byte, 24)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return hex.EncodeToString(b), nil
}

// rootOf is root made absolute, or the repository root found from the
// current directory when root is empty.
func rootOf(root string) (string, error) {
	if root == "" {
		var err error
		if root, err = FindRoot("."); err != nil {
			return "", err
		}
	}
	return filepath.Abs(root)
}

// tailWriter keeps the last max bytes written to it.
type tailWriter struct {
	mu  sync.Mutex
	max int
	buf []byte
}

// Write implements io.Writer.
func (w *tailWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf = append(w.buf, p...)
	if len(w.buf) > w.max {
		w.buf = w.buf[len(w.buf)-w.max:]
	}
	return len(p), nil
}

// String is what the writer kept.
func (w *tailWriter) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return string(w.buf)
}

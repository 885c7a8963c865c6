package nbrun

import (
	"context"
	"flag"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

var updateScreenshot = flag.Bool("update-screenshot", false, "copy the live flow's screenshot to docs/live-notebook.png for notebooks/README.md")

// liveChecks are the notebooks the browser test opens and the control it
// moves in each.
var liveChecks = []LiveCheck{
	{Notebook: "02-illustrative-example.ipynb", View: "stein-flow", Control: "λ", Value: "5"},       // λ 0.1 -> 1
	{Notebook: "04-graph-condensation.ipynb", View: "explorer", Control: "particle", Value: "2"},    // particle 1 -> 3
	{Notebook: "07-exploring-weights.ipynb", View: "weights", Control: "weight matrix", Value: "0"}, // W1 -> W0
}

// TestLiveNotebooks runs notebooks 02, 04 and 07 (in quick mode under make
// test) in a real browser: a Jupyter notebook server on a free loopback
// port with a token, serving copies of the notebooks, and headless
// Chromium. In each it runs all cells, moves one control of the live view
// and waits until the view's image changes, then stops the view and
// checks every cell's outputs as the headless runner does (no error
// outputs, no "exit status N"). Screenshots of each view's cell before and
// after the change go to notebooks/executed/live/ (not committed). The
// whole test is bounded in time, and the server, its kernels and the
// browser are stopped on every path. Two test notebooks check the checker:
// a view that ignores its control must fail, and a view whose controls
// did not connect must have its cell run again once.
func TestLiveNotebooks(t *testing.T) {
	root := requireLive(t)
	limit := 15 * time.Minute
	if d, ok := t.Deadline(); ok {
		limit = min(limit, time.Until(d)-time.Minute)
	}
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	t.Cleanup(cancel)
	dir := t.TempDir()
	for _, c := range liveChecks {
		copyFile(t, filepath.Join(root, "notebooks", c.Notebook), filepath.Join(dir, c.Notebook))
	}
	for _, name := range []string{"live_static.ipynb", "live_reconnect.ipynb"} {
		copyFile(t, filepath.Join("testdata", name), filepath.Join(dir, name))
	}
	shots := filepath.Join(root, "notebooks", "executed", "live")
	if err := os.MkdirAll(shots, 0o755); err != nil {
		t.Fatal(err)
	}
	server, err := StartServer(ctx, ServerOptions{Root: root, Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := server.Stop(); err != nil {
			t.Errorf("stopping the server's kernels: %v", err)
		}
	})
	browser, err := NewBrowser(ctx, BrowserOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(browser.Close)
	for _, c := range liveChecks {
		c.Shots = shots
		t.Run(c.Notebook, func(t *testing.T) {
			res, err := browser.RunLive(ctx, server, c)
			if err != nil {
				t.Fatalf("%v\nserver output:\n%s", err, server.Output())
			}
			for _, p := range res.Problems {
				t.Errorf("%s", p)
			}
			t.Logf("%s of view %s set to %s: frame %d -> %d, image %s -> %s, in %v; cells run again %v; screenshots %v",
				c.Control, c.View, c.Value, res.Frames[0], res.Frames[1], res.Images[0], res.Images[1], res.Duration.Round(time.Second), res.Reruns, res.Screenshots)
		})
	}
	// The detector: a view that ignores its control must fail the check.
	t.Run("live_static.ipynb", func(t *testing.T) {
		_, err := browser.RunLive(ctx, server, LiveCheck{Notebook: "live_static.ipynb", View: "static", Control: "choice", Value: "2"})
		if err == nil || !strings.Contains(err.Error(), "the same image") {
			t.Errorf("a view whose image never changes: %v, want an error saying it redrew the same image\nserver output:\n%s", err, server.Output())
		}
	})
	// A view whose controls did not connect: its cell runs again, once.
	t.Run("live_reconnect.ipynb", func(t *testing.T) {
		res, err := browser.RunLive(ctx, server, LiveCheck{Notebook: "live_reconnect.ipynb", View: "reconnect", Control: "choice", Value: "2"})
		if err != nil {
			t.Fatalf("%v\nserver output:\n%s", err, server.Output())
		}
		if len(res.Reruns) != 1 || res.Reruns[0] != "reconnect" || res.Images[0] == res.Images[1] || len(res.Problems) > 0 {
			t.Errorf("cells run again %v, images %v, problems %v; want the view's cell run again once and a new image", res.Reruns, res.Images, res.Problems)
		}
	})
	if *updateScreenshot {
		copyFile(t, filepath.Join(shots, "02-illustrative-example-after.png"), filepath.Join(root, "docs", "live-notebook.png"))
	}
}

// requireLive is requireNotebooks, and also the notebook server and
// Chromium: missing, they skip the test, or fail it under
// CSVGD_REQUIRE_NOTEBOOKS=1.
func requireLive(t *testing.T) string {
	t.Helper()
	root := requireNotebooks(t)
	err := exec.Command(Jupyter, "notebook", "--version").Run()
	if err == nil {
		_, err = exec.LookPath(Chromium)
	}
	if err != nil {
		if os.Getenv(RequireEnv) == "1" {
			t.Fatalf("%s=1 but the notebook server or Chromium is missing (run `make setup`): %v", RequireEnv, err)
		}
		t.Skipf("skipping the browser test: the notebook server or Chromium is missing: %v", err)
	}
	return root
}

// copyFile copies the file src to dst.
func copyFile(t *testing.T, src, dst string) {
	t.Helper()
	raw, err := os.ReadFile(src)
	if err == nil {
		err = os.MkdirAll(filepath.Dir(dst), 0o755)
	}
	if err == nil {
		err = os.WriteFile(dst, raw, 0o644)
	}
	if err != nil {
		t.Fatal(err)
	}
}

// TestServerStartStop: the server answers its API with its token and
// refuses without it, listens on loopback only, stops (twice is fine),
// and a port already taken is an error that says the server exited.
func TestServerStartStop(t *testing.T) {
	root := requireLive(t)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	s, err := StartServer(ctx, ServerOptions{Root: root, Dir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Stop() })
	if !strings.HasPrefix(s.URL, "http://127.0.0.1:") || len(s.Token) != 48 {
		t.Errorf("URL %q, token %q", s.URL, s.Token)
	}
	if _, err := s.api(ctx, http.MethodGet, "api/kernels"); err != nil {
		t.Errorf("with the token: %v", err)
	}
	resp, err := http.Get(s.URL + "api/kernels")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusForbidden {
		t.Errorf("without the token: %s, want 403 Forbidden", resp.Status)
	}
	port, _ := strconv.Atoi(s.URL[len("http://127.0.0.1:") : len(s.URL)-1])
	if _, err := StartServer(ctx, ServerOptions{Root: root, Dir: t.TempDir(), Port: port, Ready: time.Minute}); err == nil || !strings.Contains(err.Error(), "exited before answering") {
		t.Errorf("second server on port %d: %v", port, err)
	}
	for range 2 {
		if err := s.Stop(); err != nil {
			t.Errorf("Stop: %v", err)
		}
	}
	if _, err := http.Get(s.URL + "api/status"); err == nil {
		t.Error("the server still answers after Stop")
	}
}

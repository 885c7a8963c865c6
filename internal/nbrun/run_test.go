package nbrun

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// RequireEnv names the environment variable that, set to "1", turns a missing
// Jupyter or GoNB installation into a test failure instead of a skip. The
// Makefile's test target sets it.
const RequireEnv = "CSVGD_REQUIRE_NOTEBOOKS"

// requireNotebooks returns the repository root, or skips the test when
// notebooks cannot be executed here (fails instead with CSVGD_REQUIRE_NOTEBOOKS=1).
func requireNotebooks(t *testing.T) string {
	t.Helper()
	root, err := FindRoot(".")
	if err != nil {
		t.Fatal(err)
	}
	required := os.Getenv(RequireEnv) == "1"
	if err := Available(root); err != nil {
		if required {
			t.Fatalf("%s=1 but notebooks cannot be executed: %v", RequireEnv, err)
		}
		t.Skipf("skipping notebook execution: %v (set %s=1 to fail instead)", err, RequireEnv)
	}
	if testing.Short() && !required {
		t.Skip("skipping notebook execution in -short mode")
	}
	return root
}

// stdout returns the concatenated stdout of a notebook.
func stdout(nb *Notebook) string {
	var b strings.Builder
	for _, c := range nb.Cells {
		for _, o := range c.Outputs {
			if o.OutputType == "stream" && o.Name == "stdout" {
				b.WriteString(string(o.Text))
			}
		}
	}
	return b.String()
}

// TestExecuteDetectsFailures executes the test notebooks through the real
// GoNB kernel: the failures of failing.ipynb, which nbconvert itself does not
// report, must be detected, and passing.ipynb must run clean with its plot.
func TestExecuteDetectsFailures(t *testing.T) {
	root := requireNotebooks(t)
	ctx := context.Background()

	t.Run("failing", func(t *testing.T) {
		res, err := Run(ctx, filepath.Join("testdata", "failing.ipynb"), Options{Root: root, OutputDir: t.TempDir()})
		if err != nil {
			t.Fatal(err)
		}
		// Cell 1 panics: its stderr ends with "exit status 2" (and GoNB
		// v0.11.5 adds an error output for it); cell 2 does not compile.
		kinds := map[[2]any]int{}
		for _, p := range res.Problems {
			t.Logf("detected: %s", p)
			kinds[[2]any{p.Cell, p.Kind}]++
		}
		panicked, compile := kinds[[2]any{1, "exit status"}], kinds[[2]any{2, "error"}]
		if panicked != 1 || compile != 1 || len(res.Problems) > 3 || (len(res.Problems) == 3 && kinds[[2]any{1, "error"}] != 1) {
			t.Errorf("want the panic of cell 1 (exit status, maybe an error output too) and the compile error of cell 2, got %v", res.Problems)
		}
	})

	checkPassing := func(t *testing.T, res *Result, wantQuick string) {
		t.Helper()
		for _, p := range res.Problems {
			t.Errorf("unexpected problem: %s", p)
		}
		if res.Images < 1 {
			t.Errorf("got %d images, want at least 1", res.Images)
		}
		if out := stdout(res.Notebook); !strings.Contains(out, "quick="+wantQuick) {
			t.Errorf("stdout %q does not show quick=%s", out, wantQuick)
		}
		t.Logf("%s: %d image(s) in %v", res.Executed, res.Images, res.Duration.Round(1e8))
	}

	// In place, with a relative path from the repository root as working
	// directory, and quick mode set.
	t.Run("passing", func(t *testing.T) {
		out := t.TempDir()
		t.Chdir(root)
		res, err := Run(ctx, filepath.Join("internal", "nbrun", "testdata", "passing.ipynb"),
			Options{OutputDir: out, Env: []string{QuickEnv + "=1"}})
		if err != nil {
			t.Fatal(err)
		}
		checkPassing(t, res, "true")

		html, err := RenderHTML(ctx, res.Executed, Options{Root: root, OutputDir: out})
		if err != nil {
			t.Fatal(err)
		}
		data, err := os.ReadFile(html)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(data), "data:image/png;base64,") {
			t.Errorf("%s shows no PNG image", html)
		}
	})

	// A copy in a temporary folder: the notebook's folder (GoNB's $GONB_DIR)
	// is then outside the repository, and the first cell relies on CSVGD_ROOT.
	t.Run("copy", func(t *testing.T) {
		data, err := os.ReadFile(filepath.Join("testdata", "passing.ipynb"))
		if err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		path := filepath.Join(dir, "copy.ipynb")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		res, err := Run(ctx, path, Options{Root: root, OutputDir: filepath.Join(dir, "out"),
			Env: []string{QuickEnv + "=0"}})
		if err != nil {
			t.Fatal(err)
		}
		checkPassing(t, res, "false")
	})
}

func TestExecuteRejectsOwnFolder(t *testing.T) {
	_, err := Execute(context.Background(), filepath.Join("testdata", "passing.ipynb"), Options{OutputDir: "testdata"})
	if err == nil || !strings.Contains(err.Error(), "own folder") {
		t.Errorf("Execute with the notebook's folder as output: err = %v", err)
	}
}

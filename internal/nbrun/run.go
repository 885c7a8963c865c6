package nbrun

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/csvgd/csvgd-go/csvgd"
)

const (
	// Jupyter is the Jupyter command the runner uses: Debian's, whose python
	// has nbconvert (another python on the PATH may lack it).
	Jupyter = "/usr/bin/jupyter"

	// KernelName is the name of the GoNB kernel spec installed by
	// scripts/setup.sh.
	KernelName = "gonb"

	// DefaultCellTimeout is the per-cell timeout used when Options.CellTimeout
	// is zero.
	DefaultCellTimeout = 600 * time.Second

	// ModulePath is the module path of this repository.
	ModulePath = csvgd.ModulePath

	// RootEnv names the environment variable holding the repository root,
	// which the notebooks' first cell reads.
	RootEnv = csvgd.RootEnv

	// HeadlessEnv names the environment variable, set to "1" for the
	// kernel, that tells notebook code no browser is attached: interactive
	// widgets would wait for one forever (see nbutil.Interactive).
	HeadlessEnv = "CSVGD_HEADLESS"

	// QuickEnv names the environment variable that, set to "1", asks the
	// notebooks for a quick reduced run. The runner passes it through.
	QuickEnv = csvgd.QuickEnv
)

// Options configure [Execute] and [RenderHTML].
type Options struct {
	// Root is the repository root: its .bin folder is put first on the PATH
	// (GoNB needs goimports there) and it is exported as CSVGD_ROOT. Empty
	// means [FindRoot] from the current directory.
	Root string
	// OutputDir receives the output files. It must differ from the
	// notebook's own folder, since nbconvert would otherwise rename the output.
	OutputDir string
	// CellTimeout is the time limit for each cell; zero means
	// DefaultCellTimeout.
	CellTimeout time.Duration
	// Env holds extra "KEY=value" entries for the kernel's environment, added
	// after the caller's environment.
	Env []string
}

// Result is the outcome of [Run].
type Result struct {
	// Executed is the path of the executed copy of the notebook.
	Executed string
	// Notebook is the parsed executed copy, as nbconvert wrote it (with
	// the times of its cells, which [Finish] then drops from the file).
	Notebook *Notebook
	// Problems are the failures found in the executed copy
	// ([Notebook.Problems]) and the outputs a reader should not see
	// ([Notebook.Noise]).
	Problems []Problem
	// Images is the number of image outputs of the executed copy.
	Images int
	// Duration is the wall time of the execution.
	Duration time.Duration
}

// Run executes the notebook at path (see [Execute]), makes the executed
// copy ready to keep ([Finish], stamped with the mode of opts.Env), and
// reports its problems and images. A non-nil error means the notebook
// could not be executed or read; failures inside cells are reported in
// Result.Problems.
func Run(ctx context.Context, path string, opts Options) (*Result, error) {
	start := time.Now()
	executed, err := Execute(ctx, path, opts)
	if err != nil {
		return nil, err
	}
	data, err := os.ReadFile(executed)
	if err != nil {
		return nil, fmt.Errorf("reading the executed notebook: %w", err)
	}
	nb, err := ParseNotebook(data)
	if err != nil {
		return nil, fmt.Errorf("notebook %s: %w", executed, err)
	}
	kept, err := Finish(data, ModeOf(opts.Env))
	if err != nil {
		return nil, fmt.Errorf("notebook %s: %w", executed, err)
	}
	if err := writeAtomic(executed, kept); err != nil {
		return nil, fmt.Errorf("writing the executed notebook: %w", err)
	}
	return &Result{
		Executed: executed,
		Notebook: nb,
		Problems: append(nb.Problems(), nb.Noise()...),
		Images:   nb.Images(),
		Duration: time.Since(start),
	}, nil
}

// Execute runs every cell of the notebook at path with the GoNB kernel,
// headless, and writes the executed copy to opts.OutputDir under the same file
// name, returning its path. It runs
//
//	/usr/bin/jupyter nbconvert --to notebook --execute --allow-errors \
//	  --ExecutePreprocessor.timeout=N --ExecutePreprocessor.kernel_name=gonb \
//	  --output-dir DIR NOTEBOOK
//
// The notebook is executed in place, so the kernel's working directory (GoNB's
// ${GONB_DIR}) is the notebook's folder. --allow-errors makes nbconvert run all
// cells and always write the copy; use [Check] (or [Run]) to find failures.
func Execute(ctx context.Context, path string, opts Options) (string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", fmt.Errorf("executing notebook %s: %w", path, err)
	}
	if opts.OutputDir == "" {
		return "", fmt.Errorf("executing notebook %s: no output directory given", path)
	}
	outDir, err := filepath.Abs(opts.OutputDir)
	if err != nil {
		return "", fmt.Errorf("executing notebook %s: %w", path, err)
	}
	if outDir == filepath.Dir(abs) {
		return "", fmt.Errorf("executing notebook %s: output directory is the notebook's own folder", path)
	}
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		return "", fmt.Errorf("executing notebook %s: %w", path, err)
	}
	timeout := opts.CellTimeout
	if timeout <= 0 {
		timeout = DefaultCellTimeout
	}
	args := []string{"nbconvert", "--to", "notebook", "--execute", "--allow-errors",
		"--ExecutePreprocessor.timeout=" + strconv.Itoa(int(timeout.Seconds())),
		"--ExecutePreprocessor.kernel_name=" + KernelName,
		"--output-dir", outDir, abs}
	if err := jupyter(ctx, opts, filepath.Dir(abs), args); err != nil {
		return "", fmt.Errorf("executing notebook %s: %w", path, err)
	}
	executed := filepath.Join(outDir, filepath.Base(abs))
	if _, err := os.Stat(executed); err != nil {
		return "", fmt.Errorf("executing notebook %s: nbconvert wrote no output: %w", path, err)
	}
	return executed, nil
}

// RenderHTML renders the (executed) notebook at path to HTML in
// opts.OutputDir, returning the HTML file's path. It first sets the notebook's
// metadata.language_info.pygments_lexer to "go" in the file itself (GoNB
// leaves it empty), so that the code is highlighted as Go.
func RenderHTML(ctx context.Context, path string, opts Options) (string, error) {
	if err := SetGoLexer(path); err != nil {
		return "", err
	}
	outDir := opts.OutputDir
	if outDir == "" {
		outDir = filepath.Dir(path)
	}
	outDir, err := filepath.Abs(outDir)
	if err != nil {
		return "", fmt.Errorf("rendering %s to HTML: %w", path, err)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", fmt.Errorf("rendering %s to HTML: %w", path, err)
	}
	args := []string{"nbconvert", "--to", "html", "--output-dir", outDir, abs}
	if err := jupyter(ctx, opts, filepath.Dir(abs), args); err != nil {
		return "", fmt.Errorf("rendering %s to HTML: %w", path, err)
	}
	html := filepath.Join(outDir, strings.TrimSuffix(filepath.Base(abs), filepath.Ext(abs))+".html")
	if _, err := os.Stat(html); err != nil {
		return "", fmt.Errorf("rendering %s to HTML: nbconvert wrote no output: %w", path, err)
	}
	return html, nil
}

// SetGoLexer sets metadata.language_info.pygments_lexer = "go" in the notebook
// file at path, keeping everything else. Key order is not preserved.
func SetGoLexer(path string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("setting the Go lexer: %w", err)
	}
	var nb map[string]any
	if err := json.Unmarshal(data, &nb); err != nil {
		return fmt.Errorf("setting the Go lexer in %s: %w", path, err)
	}
	meta, _ := nb["metadata"].(map[string]any)
	if meta == nil {
		meta = map[string]any{}
		nb["metadata"] = meta
	}
	info, _ := meta["language_info"].(map[string]any)
	if info == nil {
		info = map[string]any{"name": "go"}
		meta["language_info"] = info
	}
	info["pygments_lexer"] = "go"
	out, err := json.MarshalIndent(nb, "", " ")
	if err != nil {
		return fmt.Errorf("setting the Go lexer in %s: %w", path, err)
	}
	if err := os.WriteFile(path, append(out, '\n'), 0o644); err != nil {
		return fmt.Errorf("setting the Go lexer: %w", err)
	}
	return nil
}

// jupyter runs /usr/bin/jupyter with args in dir, with the kernel environment
// of opts, and returns an error with the tail of its output when it fails.
func jupyter(ctx context.Context, opts Options, dir string, args []string) error {
	root, err := rootOf(opts.Root)
	if err != nil {
		return fmt.Errorf("repository root: %w", err)
	}
	cmd := exec.CommandContext(ctx, Jupyter, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(),
		"PATH="+filepath.Join(root, ".bin")+string(os.PathListSeparator)+os.Getenv("PATH"),
		RootEnv+"="+root, HeadlessEnv+"=1")
	cmd.Env = append(cmd.Env, opts.Env...)
	var output bytes.Buffer
	cmd.Stdout = &output
	cmd.Stderr = &output
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%s: %w\n%s", strings.Join(cmd.Args, " "), err, tail(output.String(), 8000))
	}
	return nil
}

// FindRoot returns the repository root: the closest folder at or above dir
// whose go.mod declares [ModulePath].
func FindRoot(dir string) (string, error) { return csvgd.FindRoot(dir) }

// Available returns nil when notebooks can be executed with the tools of the
// repository at root: /usr/bin/jupyter is installed, the "gonb" kernel spec is
// registered with Jupyter, its binary exists, and goimports is in root/.bin or
// on the PATH. Otherwise the error says what is missing.
func Available(root string) error {
	const hint = " (run `make setup`)"
	if _, err := os.Stat(Jupyter); err != nil {
		return fmt.Errorf("%s is not installed%s: %w", Jupyter, hint, err)
	}
	spec, err := kernelSpecFile()
	if err != nil {
		return fmt.Errorf("the %q Jupyter kernel is not installed%s: %w", KernelName, hint, err)
	}
	data, err := os.ReadFile(spec)
	if err != nil {
		return fmt.Errorf("the %q Jupyter kernel is not installed%s: %w", KernelName, hint, err)
	}
	var ks struct {
		Argv []string `json:"argv"`
	}
	if err := json.Unmarshal(data, &ks); err != nil || len(ks.Argv) == 0 {
		return fmt.Errorf("kernel spec %s is unreadable%s: %v", spec, hint, err)
	}
	if _, err := os.Stat(ks.Argv[0]); err != nil {
		return fmt.Errorf("the %q kernel binary is missing%s: %w", KernelName, hint, err)
	}
	if _, err := os.Stat(filepath.Join(root, ".bin", "goimports")); err != nil {
		if _, err := exec.LookPath("goimports"); err != nil {
			return fmt.Errorf("goimports, which GoNB runs on every cell, is missing%s: %w", hint, err)
		}
	}
	return nil
}

// kernelSpecFile finds the gonb kernel.json in Jupyter's data directories:
// $JUPYTER_DATA_DIR, ~/.local/share/jupyter, /usr/local/share/jupyter and
// /usr/share/jupyter.
func kernelSpecFile() (string, error) {
	var dirs []string
	if d := os.Getenv("JUPYTER_DATA_DIR"); d != "" {
		dirs = append(dirs, d)
	}
	if home, err := os.UserHomeDir(); err == nil {
		dirs = append(dirs, filepath.Join(home, ".local", "share", "jupyter"))
	}
	dirs = append(dirs, "/usr/local/share/jupyter", "/usr/share/jupyter")
	for _, d := range dirs {
		f := filepath.Join(d, "kernels", KernelName, "kernel.json")
		if _, err := os.Stat(f); err == nil {
			return f, nil
		}
	}
	return "", errors.New("no kernels/" + KernelName + "/kernel.json in " + strings.Join(dirs, ", "))
}

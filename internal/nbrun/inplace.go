package nbrun

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
)

// Keep executes the notebook at path headless in full mode and, when it
// ran clean, writes it back in place with its outputs: the repository
// keeps its notebooks executed, so that a reader sees every output and
// plot without running anything. It runs [Run] into a temporary folder;
// then, only when the executed copy has no problem and at least the
// metadata.csvgd.min_images images the notebook declares, and the
// notebook file still holds what it held when execution started (nobody
// edited it meanwhile), it replaces the file with the executed copy made
// ready by [Finish] (each code cell stamped with its source's hash and
// the mode), atomically. Otherwise the file is left as it is, the
// executed copy is kept in opts.OutputDir for a look, and the problems are
// in the result (an edit meanwhile is an error).
//
// Quick mode is refused: the notebooks in the repository show the paper's
// settings, and quick copies go elsewhere ([Run]).
func Keep(ctx context.Context, path string, opts Options) (*Result, error) {
	if m := ModeOf(opts.Env); m != Full {
		return nil, fmt.Errorf("executing %s in place: %s=1 (quick mode); the notebooks are kept executed in full mode only (quick copies go to an output folder)", path, QuickEnv)
	}
	if opts.OutputDir == "" {
		return nil, fmt.Errorf("executing %s in place: no output folder for the executed copy", path)
	}
	before, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("executing %s in place: %w", path, err)
	}
	src, err := ParseNotebook(before)
	if err != nil {
		return nil, fmt.Errorf("executing %s in place: %w", path, err)
	}
	run := opts
	if run.OutputDir, err = os.MkdirTemp("", "nbrun-keep"); err != nil {
		return nil, fmt.Errorf("executing %s in place: %w", path, err)
	}
	defer os.RemoveAll(run.OutputDir)
	res, err := Run(ctx, path, run)
	if err != nil {
		return nil, err
	}
	if p := src.ImagesProblem(res.Images); p != nil {
		res.Problems = append(res.Problems, *p)
	}
	kept, err := os.ReadFile(res.Executed)
	if err != nil {
		return nil, fmt.Errorf("executing %s in place: %w", path, err)
	}
	aside := filepath.Join(opts.OutputDir, filepath.Base(path))
	if len(res.Problems) > 0 {
		res.Executed = aside
		return res, writeAtomic(aside, kept)
	}
	if now, err := os.ReadFile(path); err != nil || !bytes.Equal(now, before) {
		if werr := writeAtomic(aside, kept); werr != nil {
			return nil, werr
		}
		return nil, fmt.Errorf("executing %s in place: the file changed while it ran (%v); left as it is, the executed copy is %s", path, err, aside)
	}
	if err := writeAtomic(path, kept); err != nil {
		return nil, fmt.Errorf("executing %s in place: %w", path, err)
	}
	res.Executed = path
	return res, nil
}

// writeAtomic replaces the file at path with data: written to a
// temporary file in the same folder, then renamed over it, so that a
// reader (or an interrupted write) never sees half a notebook.
func writeAtomic(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name())
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if err := os.Chmod(f.Name(), 0o644); err != nil {
		return err
	}
	return os.Rename(f.Name(), path)
}

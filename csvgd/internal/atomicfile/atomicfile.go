// Package atomicfile writes files so that a reader, or a process killed
// half-way, never sees part of one: the content goes to a temporary file
// in the same folder, which is synced and then renamed over the target.
package atomicfile

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// ErrExists is returned by [Write] when the target exists and it was told
// to keep it ([KeepExisting]).
var ErrExists = errors.New("already exists")

// Write creates path with the content that write produces, mode 0644;
// existing says what becomes of a file already there ([KeepExisting]: the
// error wraps [ErrExists] and names the path; [Replace]). The folder must
// exist.
func Write(path string, existing Existing, write func(io.Writer) error) (err error) {
	if err := Check(path, existing); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return fmt.Errorf("%s: cannot create a temporary file beside it: %w", path, err)
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if err = write(tmp); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err = tmp.Chmod(0o644); err != nil { // CreateTemp makes it private
		return fmt.Errorf("%s: %w", path, err)
	}
	if err = tmp.Sync(); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if err = tmp.Close(); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return publish(tmp.Name(), path, existing)
}

// Check reports whether [Write] could create path, so that a command can
// check its outputs before the work that makes their content: the folder
// of path must exist and be a folder, path must not be a folder, and with
// [KeepExisting] nothing may be at path (the error wraps [ErrExists]).
// Every error names the path, and the folder when it is at fault.
func Check(path string, existing Existing) error {
	dir := filepath.Dir(path)
	info, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("%s: the folder %s does not exist", path, dir)
	case err != nil:
		return fmt.Errorf("%s: %w", path, err)
	case !info.IsDir():
		return fmt.Errorf("%s: %s is not a folder", path, dir)
	}
	info, err = os.Lstat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return fmt.Errorf("%s: %w", path, err)
	case info.IsDir():
		return fmt.Errorf("%s is a folder, not a file", path)
	case existing == KeepExisting:
		return fmt.Errorf("%s: %w", path, ErrExists)
	}
	return nil
}

// publish moves tmp to path. To keep an existing file, a hard link
// publishes the file only if path is still free (no race with another
// writer); where hard links are not available it checks, then renames.
func publish(tmp, path string, existing Existing) error {
	if existing == Replace {
		if err := os.Rename(tmp, path); err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		return nil
	}
	lerr := os.Link(tmp, path)
	if lerr == nil {
		os.Remove(tmp)
		return nil
	}
	if errors.Is(lerr, fs.ErrExist) {
		return fmt.Errorf("%s: %w", path, ErrExists)
	}
	if _, err := os.Lstat(path); err == nil {
		return fmt.Errorf("%s: %w", path, ErrExists)
	}
	if err := os.Rename(tmp, path); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

// WriteJSON writes v as indented JSON to path, creating its folder and
// replacing an existing file.
func WriteJSON(path string, v any) error {
	raw, err := json.MarshalIndent(v, "", " ")
	if err != nil {
		return fmt.Errorf("encoding %s: %w", path, err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return Write(path, Replace, func(w io.Writer) error {
		_, err := w.Write(raw)
		return err
	})
}

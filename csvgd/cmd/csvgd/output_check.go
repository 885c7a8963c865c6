package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"

	"github.com/csvgd/csvgd-go/csvgd/internal/atomicfile"
)

// checkOutput checks, before any work, that the file path given to the
// flag flag can be written (empty: nothing to write): its folder exists,
// it is not a folder, and it does not exist unless force. A mistyped
// path is then reported at once, not after a run whose result it would
// lose.
func checkOutput(flag, path string, force bool) error {
	if path == "" {
		return nil
	}
	existing := atomicfile.KeepExisting
	if force {
		existing = atomicfile.Replace
	}
	err := atomicfile.Check(path, existing)
	switch {
	case errors.Is(err, atomicfile.ErrExists):
		return fmt.Errorf("%s %s: the file exists; pass -force to replace it", flag, path)
	case err != nil:
		return fmt.Errorf("%s %w", flag, err)
	}
	return nil
}

// checkOutputDir checks, before any work, that the folder dir given to
// the flag flag can hold the command's outputs: the command creates it
// and its missing parents, so what exists of it, dir itself or else the
// nearest of its parents that exists, must be a folder. A file in its
// place or on its way is then reported at once, not after the work whose
// outputs it would lose. Files already in dir are the command's to
// check.
func checkOutputDir(flag, dir string) error {
	for p := filepath.Clean(dir); ; p = filepath.Dir(p) {
		info, err := os.Stat(p)
		switch {
		case err == nil && info.IsDir():
			return nil
		case err == nil && p == filepath.Clean(dir):
			return fmt.Errorf("%s %s is a file, not a folder", flag, dir)
		case err == nil:
			return fmt.Errorf("%s %s: %s is a file, not a folder", flag, dir, p)
		case !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, syscall.ENOTDIR):
			return fmt.Errorf("%s %s: %w", flag, dir, err)
		case filepath.Dir(p) == p:
			return nil
		}
	}
}

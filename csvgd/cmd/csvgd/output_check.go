package main

import (
	"errors"
	"fmt"

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

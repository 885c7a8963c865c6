package ensemble

import "github.com/csvgd/csvgd-go/csvgd/internal/atomicfile"

// ErrExists is wrapped by the error of [Save] when it refuses to replace
// an existing file ([KeepExisting]).
var ErrExists = atomicfile.ErrExists

// Existing is what [Save] does when a file exists at its path.
type Existing int

const (
	// KeepExisting leaves the file as it is and returns an error naming it.
	KeepExisting Existing = iota
	// Overwrite replaces the file.
	Overwrite
)

// OverwriteIf is Overwrite when replace is true (a command line's -force),
// KeepExisting otherwise.
func OverwriteIf(replace bool) Existing {
	if replace {
		return Overwrite
	}
	return KeepExisting
}

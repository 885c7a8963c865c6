package atomicfile

// Existing is what [Write] does when a file exists at its path.
type Existing int

const (
	// KeepExisting leaves the file as it is and returns an error that
	// wraps [ErrExists] and names the path.
	KeepExisting Existing = iota
	// Replace replaces the file.
	Replace
)

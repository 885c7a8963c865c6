package errtag

import (
	"errors"
	"fmt"
	"io/fs"
	"testing"
)

// TestWith: the tagged error keeps its message, is its tag and what it
// wrapped, and is not another sentinel; nil stays nil.
func TestWith(t *testing.T) {
	tag, other := errors.New("the tag"), errors.New("another")
	inner := fmt.Errorf("reading x: %w", fs.ErrNotExist)
	err := With(inner, tag)
	var pe *fs.PathError
	for _, c := range []struct {
		name string
		got  bool
		want bool
	}{
		{"message", err.Error() == "reading x: file does not exist", true},
		{"is the tag", errors.Is(err, tag), true},
		{"is what it wrapped", errors.Is(err, fs.ErrNotExist), true},
		{"is another sentinel", errors.Is(err, other), false},
		{"as a path error", errors.As(err, &pe), false},
		{"wrapped again", errors.Is(fmt.Errorf("outer: %w", err), tag), true},
		{"nil", With(nil, tag) == nil, true},
	} {
		if c.got != c.want {
			t.Errorf("%s: %v, want %v", c.name, c.got, c.want)
		}
	}
}

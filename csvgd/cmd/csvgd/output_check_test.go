package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckOutputDir: an output folder that exists, or that the command
// can create (it and its missing parents), passes; a file in its place or
// on its way is refused, naming that file; nothing is created.
func TestCheckOutputDir(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		dir  string
		want string // "" for no error
	}{
		{dir, ""},
		{filepath.Join(dir, "new"), ""},
		{filepath.Join(dir, "new", "deeper") + "/", ""},
		{file, "-out " + file + " is a file, not a folder"},
		{file + "/", file + "/ is a file, not a folder"},
		{filepath.Join(file, "sub", "deeper"), ": " + file + " is a file, not a folder"},
	} {
		err := checkOutputDir("-out", c.dir)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: %v, want no error", c.dir, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s: %v, want an error with %q", c.dir, err, c.want)
		}
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("%d entries after the checks, want 1 (nothing created)", len(ents))
	}
}

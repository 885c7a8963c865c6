package atomicfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestWrite(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f.txt")
	put := func(s string) func(io.Writer) error {
		return func(w io.Writer) error { _, err := io.WriteString(w, s); return err }
	}
	if err := Write(path, KeepExisting, put("one")); err != nil {
		t.Fatal(err)
	}
	if err := Write(path, KeepExisting, put("two")); !errors.Is(err, ErrExists) {
		t.Errorf("second write without replace: %v, want ErrExists", err)
	}
	if raw, _ := os.ReadFile(path); string(raw) != "one" {
		t.Errorf("content %q after a refused write, want one", raw)
	}
	if err := Write(path, Replace, put("three")); err != nil {
		t.Fatal(err)
	}
	failing := func(w io.Writer) error { io.WriteString(w, "half"); return errors.New("boom") }
	if err := Write(path, Replace, failing); err == nil {
		t.Error("a failing writer: no error")
	}
	if raw, _ := os.ReadFile(path); string(raw) != "three" {
		t.Errorf("content %q after a failed write, want three", raw)
	}
	if st, _ := os.Stat(path); st.Mode().Perm() != 0o644 {
		t.Errorf("mode %v, want 0644", st.Mode().Perm())
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("%d files in the folder, want 1 (temporary files left behind)", len(ents))
	}
}

func TestWriteJSON(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sub", "v.json")
	if err := WriteJSON(path, map[string]int{"a": 1}); err != nil {
		t.Fatal(err)
	}
	if raw, _ := os.ReadFile(path); string(raw) != "{\n \"a\": 1\n}" {
		t.Errorf("content %q", raw)
	}
}

// TestCheck: a path Write cannot create is reported before any work, with
// the folder or the path at fault named; a path it can create is not.
func TestCheck(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file.txt")
	if err := os.WriteFile(file, []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		path     string
		existing Existing
		want     string // "" for no error
	}{
		{filepath.Join(dir, "new.txt"), KeepExisting, ""},
		{file, Replace, ""},
		{file, KeepExisting, "file.txt: already exists"},
		{filepath.Join(dir, "nowhere", "new.txt"), Replace, "the folder " + filepath.Join(dir, "nowhere") + " does not exist"},
		{filepath.Join(file, "new.txt"), Replace, "file.txt is not a folder"},
		{dir, Replace, dir + " is a folder, not a file"},
		{dir, KeepExisting, dir + " is a folder, not a file"},
	} {
		err := Check(c.path, c.existing)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("Check(%s, %v): %v, want no error", c.path, c.existing, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("Check(%s, %v): %v, want an error naming %q", c.path, c.existing, err, c.want)
		}
	}
	if err := Write(dir, Replace, func(w io.Writer) error { return nil }); err == nil || !strings.Contains(err.Error(), "is a folder") {
		t.Errorf("Write onto a folder: %v, want the error of Check", err)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("%d entries in the folder after refused writes, want 1", len(ents))
	}
}

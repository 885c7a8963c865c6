package csvgd

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckMemory: a need above the memory is refused with both sizes
// named, one within it or with the memory unknown passes; MemTotal is
// read from a meminfo file in kB.
func TestCheckMemory(t *testing.T) {
	const gib = 1 << 30
	for _, c := range []struct {
		bytes float64
		have  uint64
		want  string // "" for no error
	}{
		{1, 24 * gib, ""},
		{24 * gib, 24 * gib, ""},
		{3.2e12, 24 * gib, "would need about 2.98e+03 GiB of memory, more than this machine's 24 GiB"},
		{3.2e12, 0, ""},
		{2e9, 512 << 20, "would need about 1.86 GiB of memory, more than this machine's 512 MiB"},
	} {
		err := checkMemory("the run", c.bytes, c.have)
		if (err == nil) != (c.want == "") || (err != nil && !strings.Contains(err.Error(), "the run "+c.want)) {
			t.Errorf("%g bytes on %d: %v, want %q", c.bytes, c.have, err, c.want)
		}
	}
	path := filepath.Join(t.TempDir(), "meminfo")
	if err := os.WriteFile(path, []byte("MemFree:  100 kB\nMemTotal:   24576000 kB\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := readMemTotal(path); got != 24576000<<10 {
		t.Errorf("MemTotal %d bytes, want %d", got, 24576000<<10)
	}
	if got := readMemTotal(filepath.Join(t.TempDir(), "none")); got != 0 {
		t.Errorf("no file: %d, want 0", got)
	}
}

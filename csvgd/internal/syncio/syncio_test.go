package syncio

import (
	"strings"
	"sync"
	"testing"
)

// TestWholeWrites: lines written by goroutines at once through a Writer
// into a Buffer arrive whole.
func TestWholeWrites(t *testing.T) {
	var buf Buffer
	w := &Writer{W: &buf}
	line := strings.Repeat("x", 100) + "\n"
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 50 {
				w.Write([]byte(line))
			}
		}()
	}
	wg.Wait()
	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	if len(lines) != 400 {
		t.Fatalf("%d lines, want 400", len(lines))
	}
	for _, l := range lines {
		if l+"\n" != line {
			t.Fatalf("a broken line: %q", l)
		}
	}
}

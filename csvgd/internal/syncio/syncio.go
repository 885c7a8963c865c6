// Package syncio has writers that goroutines may share: each Write is
// done whole before the next starts, so lines from several goroutines
// never interleave within a line.
package syncio

import (
	"bytes"
	"io"
	"sync"
)

// Writer is an io.Writer that passes one Write at a time to W.
type Writer struct {
	mu sync.Mutex
	W  io.Writer
}

// Write writes p to W while holding the lock.
func (l *Writer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.W.Write(p)
}

// Buffer is a bytes.Buffer that goroutines may write and read at once.
type Buffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

// Write appends p.
func (b *Buffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

// String is what was written so far.
func (b *Buffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

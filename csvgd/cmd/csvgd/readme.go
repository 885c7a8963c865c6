package main

import (
	"errors"
	"fmt"
	"os"
	"strings"
)

// readmeBlock is a generated part of README: the text between two marker
// lines, which a command replaces and nothing else touches.
type readmeBlock struct{ name, begin, end string }

// replace replaces what lies between the markers of the file at path with
// text; a file without both markers is left alone and reported.
func (b readmeBlock) replace(path, text string) error {
	old, i, err := b.find(path)
	if err != nil {
		return err
	}
	j := strings.Index(old, b.end)
	return writeFile(path, old[:i+len(b.begin)]+"\n"+text+old[j:])
}

// find reads the file at path and finds the block: the text and the index
// of the begin marker, or an error naming the file.
func (b readmeBlock) find(path string) (string, int, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return "", 0, fmt.Errorf("-readme: %w", err)
	}
	text := string(raw)
	i, j := strings.Index(text, b.begin), strings.Index(text, b.end)
	if i < 0 || j < i {
		return "", 0, errors.New(path + ": no " + b.name + " block (the lines " + b.begin + " and " + b.end + "); not changed")
	}
	return text, i, nil
}
